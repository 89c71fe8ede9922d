import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { THEMES, type Theme } from '@claims/core/case/themes';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeViolations, expectNoAxeViolations, runAxe } from '../support/axe';
import { useBrowser } from '../support/browser';
import { copyDemoCase, type CaseFolder } from '../support/case-folder';
import { cultureTexts } from '../support/content';
import { ARTIFACTS_DIR } from '../support/paths';
import { shellPages, walkShellPages } from '../support/shell-pages';
import { expectShellReady } from '../support/shell';
import { useServer } from '../support/use-server';

const CULTURES = ['en', 'es'] as const;

/** WCAG 1.4.10: content reflows at 320 CSS px wide (a 1280 px window at 400% zoom). */
const NARROW_VIEWPORT = { width: 320, height: 640 };
const { header } = UI_CONTENT_KEYS;

/**
 * null when the page fits the width of the window; else how much wider it is and the widest
 * elements, to find what does not wrap.
 */
function sidewaysOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.documentElement;
    if (scrollWidth <= clientWidth) return null;
    const culprits = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((element) => element.getBoundingClientRect().right > clientWidth + 0.5)
      .slice(-3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return `${scrollWidth}px wide in a ${clientWidth}px window; past the edge: ${culprits.join(', ')}`;
  });
}

/** The file name of a stylesheet the page fetched, e.g. jnd-7-0-default-C4x9.css. */
function stylesheetName(url: string): string {
  return path.posix.basename(new URL(url).pathname);
}

describe.each(THEMES)('the %s theme', (theme: Theme) => {
  let caseFolder: CaseFolder | undefined;
  const server = useServer(
    () => {
      caseFolder = copyDemoCase(theme, (caseYaml) => {
        caseYaml.set('theme', theme);
      });
      return { name: `theme-${theme}`, caseDir: caseFolder.dir };
    },
    () => caseFolder?.remove(),
  );
  const session = useBrowser({ baseUrl: () => server.url });

  it('loads its own stylesheet and no other theme stylesheet', async () => {
    const { page } = session;
    const stylesheets: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'stylesheet' || response.url().endsWith('.css')) {
        stylesheets.push(stylesheetName(response.url()));
      }
    });
    await page.goto('/');
    await expectShellReady(page);
    await expect(page.locator(`.site-shell--${theme}`).count()).resolves.toBe(1);

    const own = stylesheets.filter((name) => name.startsWith(`${theme}-`));
    const others = stylesheets.filter((name) =>
      THEMES.some((other) => other !== theme && name.startsWith(`${other}-`)),
    );
    expect(own, `stylesheets fetched: ${stylesheets.join(', ')}`).toHaveLength(1);
    expect(others).toEqual([]);

    const folder = path.join(ARTIFACTS_DIR, 'themes');
    mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: path.join(folder, `${theme}.png`), fullPage: true });
  });

  it('reflows every shell page at 320 CSS px without scrolling sideways', async () => {
    const { page } = session;
    await page.setViewportSize(NARROW_VIEWPORT);
    // Spanish runs about a third longer than English.
    const texts = await cultureTexts(server.url, 'es');
    const failures: string[] = [];
    await walkShellPages(page, await shellPages(server.url), texts, async (shellPage) => {
      const overflow = await sidewaysOverflow(page);
      if (overflow !== null) failures.push(`${shellPage.path} (${theme}): ${overflow}`);
    });
    expect(failures).toEqual([]);
  });

  it('has no axe violations at 320 CSS px with the menu, its dropdown and the languages open', async () => {
    const { page } = session;
    const es = await cultureTexts(server.url, 'es');
    await page.setViewportSize(NARROW_VIEWPORT);
    await page.goto('/faq?culture=es');
    await expectShellReady(page);
    const navigation = page.getByRole('navigation', { name: es.text(header.menu) });
    await navigation.getByRole('button', { name: es.text(header.menu) }).click();
    // Until the menu has finished opening, its links are clipped by the growing panel.
    await expect
      .poll(() => page.locator('#site-nav-links').getAttribute('class'))
      .not.toContain('collapsing');
    await navigation.getByRole('button', { name: es.text(header.moreOptions) }).click();
    await page
      .getByRole('link', { name: es.text(header.changeAddress), exact: true })
      .waitFor({ state: 'visible' });
    await expectNoAxeViolations(page, `the open menu and dropdown at 320 px (${theme})`);
    await expect(sidewaysOverflow(page)).resolves.toBeNull();
    const languages = page.getByRole('button', {
      name: new RegExp(`^${es.text(header.language)}:`),
    });
    await languages.click();
    const list = page.locator(`[id="${(await languages.getAttribute('aria-controls')) ?? ''}"]`);
    await list.getByRole('link', { name: 'English', exact: true }).waitFor({ state: 'visible' });
    await expectNoAxeViolations(page, `the open language list at 320 px (${theme})`);
    await expect(sidewaysOverflow(page)).resolves.toBeNull();
  });

  it.each(CULTURES)('has no axe violations on any shell page in %s', async (culture) => {
    const { page } = session;
    const texts = await cultureTexts(server.url, culture);
    const failures: string[] = [];
    await walkShellPages(page, await shellPages(server.url), texts, async (shellPage) => {
      const { violations } = await runAxe(page);
      if (violations.length > 0) {
        failures.push(
          `${shellPage.path} (${theme}, ${culture}):\n${describeViolations(violations)}`,
        );
      }
    });
    expect(failures.join('\n'), 'axe violations').toBe('');
  });
});
