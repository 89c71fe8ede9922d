import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { cultureTexts, plainText, type CultureTexts } from '../support/content';
import { expectShellReady, mainHeading } from '../support/shell';
import { navigateInApp, shellPages, walkShellPages } from '../support/shell-pages';

const session = useBrowser();
const { header } = UI_CONTENT_KEYS;

/** The rendered text of every visible element of the page, whitespace collapsed: what a claimant reads. */
async function shownTexts(page: Page): Promise<Set<string>> {
  const texts = await page.evaluate(() =>
    Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((element) => element.checkVisibility())
      .map((element) => element.innerText?.replace(/\s+/g, ' ').trim()),
  );
  return new Set(texts.filter((text): text is string => Boolean(text)));
}

async function elementTexts(path: string): Promise<Set<string>> {
  const { page } = session;
  await page.goto(path);
  await expectShellReady(page);
  return shownTexts(page);
}

/** Texts of the case whose English differs from their Spanish: none may show on a Spanish page. */
function englishOnlyTexts(keys: readonly string[], en: CultureTexts, es: CultureTexts) {
  return keys
    .filter((key) => es.has(key))
    .map((key) => ({ key, english: plainText(en.text(key)) }))
    .filter(({ key, english }) => english !== '' && english !== plainText(es.text(key)));
}

/**
 * The English texts a page shows: an element showing exactly that text, or, for a sentence
 * (short words such as "Total" may well be Spanish too), the sentence anywhere in the page.
 */
function englishShown(
  shown: ReadonlySet<string>,
  englishOnly: readonly { key: string; english: string }[],
): string[] {
  const page = [...shown].join('\n');
  return englishOnly
    .filter(
      ({ english }) =>
        shown.has(english) || (english.split(' ').length >= 4 && page.includes(english)),
    )
    .map(({ key, english }) => `${key} ("${english}")`);
}

describe('the culture and the query', () => {
  it('strips unsanitary query values and replaces the route', async () => {
    const { page } = session;
    await page.goto('/faq?culture=e%22s%3E&ref=%3Cscript%3Ea%20b;c');
    await expectShellReady(page);
    await page.waitForURL((url) => url.searchParams.get('ref') === 'scriptabc');
    expect(new URL(page.url()).searchParams.get('culture')).toBe('es');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
    // Replaced, not pushed: going back leaves the site rather than returning to the dirty address.
    await page.goBack();
    expect(page.url()).toBe('about:blank');
  });

  it('gives every English text of the case a Spanish text', async () => {
    const baseUrl = inject('baseUrl');
    const [keys, es] = await Promise.all([contentKeys(baseUrl), cultureTexts(baseUrl, 'es')]);
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.filter((key) => !es.has(key))).toEqual([]);
  });

  it('leaves no English-only text on any shell page in Spanish', async () => {
    const { page } = session;
    const baseUrl = inject('baseUrl');
    const [en, es, keys] = await Promise.all([
      cultureTexts(baseUrl, 'en'),
      cultureTexts(baseUrl, 'es'),
      contentKeys(baseUrl),
    ]);
    const englishOnly = englishOnlyTexts(keys, en, es);
    const leftInEnglish: string[] = [];
    await walkShellPages(page, await shellPages(baseUrl), es, async (shellPage) => {
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
      const shown = englishShown(await shownTexts(page), englishOnly);
      if (shown.length > 0) leftInEnglish.push(`${shellPage.path}: ${shown.join('; ')}`);
    });
    expect(leftInEnglish).toEqual([]);
    // The same check finds the English texts of a page in English.
    await navigateInApp(page, '/faq?culture=en', plainText(en.text('LocKey_Page_Faq_Title')));
    expect(englishShown(await shownTexts(page), englishOnly).length).toBeGreaterThan(10);
  });

  it('follows a link inside the Spanish copy without reloading the site or leaving Spanish', async () => {
    const { page } = session;
    const es = await cultureTexts(inject('baseUrl'), 'es');
    await page.goto('/faq?culture=es');
    await expectShellReady(page);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const answer = page.getByRole('main').getByRole('link', { name: 'búsqueda por VIN' });
    await answer.first().click();
    await page.waitForURL((url) => url.pathname === '/lookup');
    await expect
      .poll(() => mainHeading(page).innerText())
      .toBe(plainText(es.text(UI_CONTENT_KEYS.lookup.title)));
    expect(new URL(page.url()).searchParams.get('culture')).toBe('es');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
    await expect(
      page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).resolves.toBe(true);
  });

  it('sets the lang attribute to the culture', async () => {
    const { page } = session;
    await page.goto('/dates?culture=es');
    await expectShellReady(page);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
  });

  it('falls back to English for a culture that is not enabled', async () => {
    const { page } = session;
    await page.goto('/faq?culture=fr');
    await expectShellReady(page);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    const englishFaq = await elementTexts('/faq');
    const fallbackFaq = await elementTexts('/faq?culture=fr');
    expect([...fallbackFaq]).toEqual([...englishFaq]);
  });

  it('keeps the language while the claimant moves through the language selector with the keyboard', async () => {
    const { page } = session;
    const en = await cultureTexts(inject('baseUrl'), 'en');
    await page.goto('/faq');
    await expectShellReady(page);
    await page.getByRole('button', { name: `${en.text(header.language)}: English` }).focus();
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'Space', 'ArrowDown', 'Tab']) {
      await page.keyboard.press(key);
    }
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    expect(new URL(page.url()).search).toBe('');
  });

  it('switches to Spanish with the language selector and back with the English switch', async () => {
    const { page } = session;
    const baseUrl = inject('baseUrl');
    const [en, es] = await Promise.all([cultureTexts(baseUrl, 'en'), cultureTexts(baseUrl, 'es')]);
    await page.goto('/faq');
    await expectShellReady(page);
    const languages = page.getByRole('button', { name: `${en.text(header.language)}: English` });
    await languages.click();
    await page.getByRole('link', { name: 'Español' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    expect(new URL(page.url()).searchParams.get('culture')).toBe('es');
    await page.getByRole('link', { name: es.text(header.englishSwitch) }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await expect(
      page.getByRole('link', { name: es.text(header.englishSwitch) }).count(),
    ).resolves.toBe(0);
  });
});

/** Every content key of the case, from the English content the server serves. */
async function contentKeys(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/culture/content?culture=en`);
  const items = (await response.json()) as { key: string }[];
  return items.map((item) => item.key);
}
