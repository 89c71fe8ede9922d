import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { CONTENT_ROUTES, FIXED_ROUTES } from '@claims/core/routes';
import type { Page } from 'playwright-core';
import { plainText, type CultureTexts } from './content';
import { expectShellReady, mainHeading, waitForSpinners } from './shell';

export interface ShellPage {
  /** Where the claimant goes (before any redirect of the guards). */
  path: string;
  /** The content key of the page's h1. */
  titleKey: string;
}

type ContentPageName = keyof typeof CONTENT_ROUTES;

const { fixedPage, landing } = UI_CONTENT_KEYS;

/** The site's privacy page (apps/web features/content-pages/privacy-page.tsx). */
export const PRIVACY_PAGE: ShellPage = { path: '/privacy', titleKey: 'LocKey_Page_Privacy_Title' };

/**
 * Every page of the shell (docs/behaviour.md#routes): the fixed routes, an unknown path, the site
 * root, the header-link pages and the privacy page, with the title each shows. Content page titles come from
 * the case (GET /api/site). Neighbours have different titles, so a walk through the list can
 * tell when the next page has rendered.
 */
export async function shellPages(baseUrl: string): Promise<ShellPage[]> {
  const response = await fetch(`${baseUrl}/api/site`);
  if (!response.ok) throw new Error(`GET /api/site answered ${response.status}`);
  const site = (await response.json()) as {
    pages: Partial<Record<ContentPageName, { titleKey: string }>>;
    privacyPolicyUrl: string;
  };
  const contentPages = (Object.keys(CONTENT_ROUTES) as ContentPageName[]).flatMap((name) => {
    const titleKey = site.pages[name]?.titleKey;
    return titleKey === undefined ? [] : [{ path: CONTENT_ROUTES[name].path, titleKey }];
  });
  return [
    { path: '/no-such-page', titleKey: fixedPage.notFoundTitle },
    { path: '/', titleKey: landing.automotiveTitle },
    ...contentPages,
    // The site's own privacy page, when the case's privacy link leads to it.
    ...(site.privacyPolicyUrl === PRIVACY_PAGE.path ? [PRIVACY_PAGE] : []),
    { path: FIXED_ROUTES.notFound.path, titleKey: fixedPage.notFoundTitle },
    { path: FIXED_ROUTES.error.path, titleKey: fixedPage.errorTitle },
    { path: FIXED_ROUTES.defaultDeadline.path, titleKey: fixedPage.deadlineTitle },
    {
      path: `${FIXED_ROUTES.sessionExpired.path}?form=standard`,
      titleKey: fixedPage.sessionExpiredTitle,
    },
  ];
}

export function withCulture(path: string, culture: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}culture=${culture}`;
}

/**
 * Goes to a path inside the running site the way its router does on Back and Forward (a
 * history entry and a popstate), without reloading it, and waits for the page's heading.
 */
export async function navigateInApp(page: Page, path: string, heading: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForFunction((expected) => {
    const h1 = document.querySelector('main h1');
    return h1 instanceof HTMLElement && h1.innerText.replace(/\s+/g, ' ').trim() === expected;
  }, heading);
  await waitForSpinners(page);
}

/** Opens each page in turn (the first with a full load) and calls `visit` on it. */
export async function walkShellPages(
  page: Page,
  pages: readonly ShellPage[],
  texts: CultureTexts,
  visit: (shellPage: ShellPage) => Promise<void>,
): Promise<void> {
  for (const [index, shellPage] of pages.entries()) {
    const path = withCulture(shellPage.path, texts.culture);
    const heading = plainText(texts.text(shellPage.titleKey));
    if (index === 0) {
      await page.goto(path);
      await expectShellReady(page);
      const shown = await mainHeading(page).innerText();
      if (shown !== heading) throw new Error(`${path} shows "${shown}", expected "${heading}"`);
    } else {
      await navigateInApp(page, path, heading);
    }
    await visit(shellPage);
  }
}
