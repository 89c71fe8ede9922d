import type { BrowserContextOptions, Page } from 'playwright-core';

/** A phone held upright: 390 by 844 CSS px, touch, three device pixels per CSS pixel. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

/** WCAG 2.5.5: a target at least 44 by 44 CSS px. */
export const MIN_TARGET = 44;

export interface PhoneLayoutProblems {
  /** How far the page is wider than the screen, in CSS px; 0 when it fits. */
  overflow: number;
  /** The innermost elements that reach past the screen's right edge (a few). */
  pastTheEdge: string[];
  /** The controls of the main landmark smaller than 44 by 44, with their size. */
  smallTargets: string[];
}

/**
 * What keeps the page from fitting a phone: scrolling sideways, and the controls in the main
 * landmark smaller than 44 by 44 CSS px. A checkbox or radio button is pressed through its
 * label, so the label's box counts for it, when it covers the box; a control inside an
 * aria-hidden part is one no person meets, and does not count.
 */
export function phoneLayoutProblems(
  page: Page,
  minimum = MIN_TARGET,
): Promise<PhoneLayoutProblems> {
  return page.evaluate((min) => {
    const root = document.documentElement;
    const overflow = Math.max(0, root.scrollWidth - root.clientWidth);
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')}`;
    const past = [...document.body.querySelectorAll('*')].filter(
      (element) => element.getBoundingClientRect().right > root.clientWidth + 0.5,
    );
    const pastTheEdge = past
      .filter((element) => !past.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map(
        (element) =>
          `${describe(element)} right ${Math.round(element.getBoundingClientRect().right)}`,
      );
    const main = document.querySelector('main');
    const controls = main
      ? [...main.querySelectorAll<HTMLElement>('input, select, textarea, button, a.btn')]
      : [];
    const smallTargets: string[] = [];
    const contains = (outer: DOMRect, inner: DOMRect) =>
      outer.left <= inner.left &&
      outer.top <= inner.top &&
      outer.right >= inner.right &&
      outer.bottom >= inner.bottom;
    for (const control of controls) {
      if (control instanceof HTMLInputElement && control.type === 'hidden') continue;
      // A control no person meets (off-screen and hidden from assistive technology).
      if (control.closest('[aria-hidden="true"]')) continue;
      const own = control.getBoundingClientRect();
      if (own.width === 0 && own.height === 0) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      let box = own;
      if (
        control instanceof HTMLInputElement &&
        (control.type === 'checkbox' || control.type === 'radio')
      ) {
        const label = control.labels?.[0]?.getBoundingClientRect();
        if (label && contains(label, own)) box = label;
      }
      if (box.width < min || box.height < min) {
        const name =
          control.getAttribute('aria-label') ??
          control.id ??
          control.textContent?.trim() ??
          control.tagName;
        smallTargets.push(
          `${control.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
      }
    }
    return { overflow, pastTheEdge, smallTargets };
  }, minimum);
}

/** The text the page's heading is described by: the step indicator, or '' on a page of none. */
export function headingStep(page: Page): Promise<string> {
  return page.evaluate(() => {
    const h1 = document.querySelector('main h1');
    const ids = (h1?.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return ids
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' ')
      .trim();
  });
}
