import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { cultureTexts, plainText, type CultureTexts } from '../support/content';
import { expectShellReady } from '../support/shell';

const session = useBrowser();
const { header } = UI_CONTENT_KEYS;

/** The rendered text of every element of the page, whitespace collapsed: what a claimant reads. */
async function elementTexts(path: string): Promise<Set<string>> {
  const { page } = session;
  await page.goto(path);
  await expectShellReady(page);
  const texts = await page.evaluate(() =>
    Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((element) => element.checkVisibility())
      .map((element) => element.innerText?.replace(/\s+/g, ' ').trim()),
  );
  return new Set(texts.filter((text): text is string => Boolean(text)));
}

/** The keys whose English text an element of the page shows and whose Spanish text differs. */
function translatedKeysShown(
  englishPage: ReadonlySet<string>,
  en: CultureTexts,
  es: CultureTexts,
  keys: readonly string[],
): string[] {
  return keys.filter((key) => {
    if (!es.has(key)) return false;
    const english = plainText(en.text(key));
    return english !== plainText(es.text(key)) && englishPage.has(english);
  });
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

  it('switches the texts to Spanish with ?culture=es', async () => {
    const baseUrl = inject('baseUrl');
    const [en, es] = await Promise.all([cultureTexts(baseUrl, 'en'), cultureTexts(baseUrl, 'es')]);
    const keys = await contentKeys(baseUrl);
    for (const path of ['/', '/faq', '/dates']) {
      const englishPage = await elementTexts(path);
      const spanishPage = await elementTexts(`${path}?culture=es`);
      const shown = translatedKeysShown(englishPage, en, es, keys);
      expect(shown.length, `content keys shown on ${path}`).toBeGreaterThan(3);
      const untranslated = shown.filter((key) => !spanishPage.has(plainText(es.text(key))));
      expect(untranslated, `keys of ${path} not shown in Spanish`).toEqual([]);
      const leftInEnglish = shown.filter((key) => spanishPage.has(plainText(en.text(key))));
      expect(leftInEnglish, `keys of ${path} still in English`).toEqual([]);
    }
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

  it('switches to Spanish with the language selector and back with the English switch', async () => {
    const { page } = session;
    const baseUrl = inject('baseUrl');
    const [en, es] = await Promise.all([cultureTexts(baseUrl, 'en'), cultureTexts(baseUrl, 'es')]);
    await page.goto('/faq');
    await expectShellReady(page);
    await page.getByLabel(en.text(header.language)).selectOption('es');
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
