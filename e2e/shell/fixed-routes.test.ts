import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import type { CONTENT_ROUTES } from '@claims/core/routes';
import { FIXED_ROUTES } from '@claims/core/routes';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { cultureTexts, plainText } from '../support/content';
import { expectShellReady, mainHeading } from '../support/shell';
import { PRIVACY_PAGE } from '../support/shell-pages';

const session = useBrowser();
const { fixedPage, header } = UI_CONTENT_KEYS;

interface SiteContentPage {
  titleKey: string;
  sections: { headingKey?: string; paragraphKeys: string[] }[];
}

async function siteSettings(): Promise<{ pages: Record<string, SiteContentPage> }> {
  const response = await fetch(`${inject('baseUrl')}/api/site`);
  return (await response.json()) as { pages: Record<string, SiteContentPage> };
}

/** The header-link pages: every content route but the privacy page, which the footer links. */
type HeaderPageName = Exclude<keyof typeof CONTENT_ROUTES, 'privacy'>;

/** The title key of each header-link page of the case (GET /api/site). */
async function pageTitles(): Promise<Record<HeaderPageName, string>> {
  const site = await siteSettings();
  const titleOf = (name: HeaderPageName) => {
    const titleKey = site.pages[name]?.titleKey;
    if (titleKey === undefined) throw new Error(`the case has no ${name} page`);
    return titleKey;
  };
  return {
    keyDates: titleOf('keyDates'),
    importantDocuments: titleOf('importantDocuments'),
    faq: titleOf('faq'),
    fileClaim: titleOf('fileClaim'),
    claimStatus: titleOf('claimStatus'),
    changeOfAddress: titleOf('changeOfAddress'),
  };
}

async function expectHeading(page: Page, heading: string): Promise<void> {
  await expect.poll(() => mainHeading(page).innerText()).toBe(heading);
}

async function english(key: string): Promise<string> {
  return plainText((await cultureTexts(inject('baseUrl'), 'en')).text(key));
}

describe('the fixed routes', () => {
  it.each([
    [FIXED_ROUTES.notFound.path, fixedPage.notFoundTitle],
    [FIXED_ROUTES.error.path, fixedPage.errorTitle],
    [FIXED_ROUTES.defaultDeadline.path, fixedPage.deadlineTitle],
    [`${FIXED_ROUTES.sessionExpired.path}?form=standard&culture=en`, fixedPage.sessionExpiredTitle],
  ])('renders %s with its heading', async (path, titleKey) => {
    const { page } = session;
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expectShellReady(page);
    await expect(mainHeading(page).innerText()).resolves.toBe(await english(titleKey));
    expect(session.pageErrors).toEqual([]);
  });

  it('leads from every header link and dropdown item to a page of its own', async () => {
    const { page } = session;
    const en = await cultureTexts(inject('baseUrl'), 'en');
    const titles = await pageTitles();
    const links: [string, string][] = [
      [header.keyDates, titles.keyDates],
      [header.importantDocuments, titles.importantDocuments],
      [header.faq, titles.faq],
      [header.fileClaim, titles.fileClaim],
      [header.vinLookup, UI_CONTENT_KEYS.lookup.title],
      [header.home, UI_CONTENT_KEYS.landing.automotiveTitle],
    ];
    await page.goto('/faq');
    await expectShellReady(page);
    const navigation = page.getByRole('navigation', { name: en.text(header.menu) });
    for (const [linkKey, titleKey] of links) {
      await navigation.getByRole('link', { name: en.text(linkKey), exact: true }).click();
      await expectHeading(page, plainText(en.text(titleKey)));
    }
    const dropdown: [string, string][] = [
      [header.checkClaimStatus, titles.claimStatus],
      [header.uploadDocuments, titles.importantDocuments],
      [header.changeAddress, titles.changeOfAddress],
    ];
    for (const [itemKey, titleKey] of dropdown) {
      await navigation.getByRole('button', { name: en.text(header.moreOptions) }).click();
      await page.getByRole('link', { name: en.text(itemKey), exact: true }).click();
      await expectHeading(page, plainText(en.text(titleKey)));
    }
    // Check Claim Status first asks for the claim the session is signed in for; a visitor not
    // signed in gets 401 and the sign-in, and Chromium logs that answer as a console error.
    const signedOut = /status of 401 .*\/api\/claimant\/claim\)$/;
    expect(session.pageErrors.filter((error) => !signedOut.test(error))).toEqual([]);
  });

  it.each(['en', 'es'])(
    "shows the case's home copy beside the Automotive form at the site root in %s",
    async (culture) => {
      const { page } = session;
      const texts = await cultureTexts(inject('baseUrl'), culture);
      const home = (await siteSettings()).pages.home;
      if (home === undefined) throw new Error('the case has no home page copy');
      await page.goto(`/?culture=${culture}`);
      await expectShellReady(page);
      await expect(mainHeading(page).innerText()).resolves.toBe(
        plainText(texts.text(UI_CONTENT_KEYS.landing.automotiveTitle)),
      );
      const about = page.getByRole('region', { name: plainText(texts.text(home.titleKey)) });
      await about.waitFor({ state: 'visible' });
      for (const section of home.sections) {
        if (section.headingKey === undefined) continue;
        await expect(
          about
            .getByRole('heading', { level: 3, name: plainText(texts.text(section.headingKey)) })
            .isVisible(),
        ).resolves.toBe(true);
      }
    },
  );

  it.each(['en', 'es'])(
    "leads from the footer's privacy link to the site's privacy page in %s",
    async (culture) => {
      const { page } = session;
      const texts = await cultureTexts(inject('baseUrl'), culture);
      await page.goto(`/faq?culture=${culture}`);
      await expectShellReady(page);
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: texts.text(UI_CONTENT_KEYS.footer.privacyPolicy) })
        .click();
      await page.waitForURL((url) => url.pathname === PRIVACY_PAGE.path);
      await expectHeading(page, plainText(texts.text(PRIVACY_PAGE.titleKey)));
      await expect(
        page.getByRole('main').getByRole('heading', { level: 2 }).count(),
      ).resolves.toBeGreaterThan(2);
      expect(new URL(page.url()).searchParams.get('culture')).toBe(
        culture === 'en' ? null : culture,
      );
      expect(session.pageErrors).toEqual([]);
    },
  );

  it('shows the not-found page with the culture in the query for an unknown path', async () => {
    const { page } = session;
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expectShellReady(page);
    await page.waitForURL((url) => url.searchParams.get('culture') === 'en');
    await expect(mainHeading(page).innerText()).resolves.toBe(
      await english(fixedPage.notFoundTitle),
    );
  });

  it('keeps the Spanish culture in the query of the not-found page', async () => {
    const { page } = session;
    const es = await cultureTexts(inject('baseUrl'), 'es');
    await page.goto('/no-such-page?culture=es');
    await expectShellReady(page);
    await page.waitForURL((url) => url.searchParams.get('culture') === 'es');
    await expect(mainHeading(page).innerText()).resolves.toBe(
      plainText(es.text(fixedPage.notFoundTitle)),
    );
  });

  it('sends an unauthorized visitor of a Standard page to /session-expired with the form and culture', async () => {
    const { page } = session;
    await page.goto('/standard/claim-details?culture=es');
    await page.waitForURL(
      (url) =>
        url.pathname === FIXED_ROUTES.sessionExpired.path &&
        url.searchParams.get('form') === 'standard' &&
        url.searchParams.get('culture') === 'es',
    );
    await expectShellReady(page);
  });

  it('sends an unauthorized visitor of an Automotive page to /session-expired in English by default', async () => {
    const { page } = session;
    await page.goto('/automotive/claimant-info');
    await page.waitForURL(
      (url) =>
        url.pathname === FIXED_ROUTES.sessionExpired.path &&
        url.searchParams.get('form') === 'automotive' &&
        url.searchParams.get('culture') === 'en',
    );
    await expect(mainHeading(page).innerText()).resolves.toBe(
      await english(fixedPage.sessionExpiredTitle),
    );
  });
});
