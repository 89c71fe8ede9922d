/** The texts of one culture as the server gives them to the site (GET /api/culture/content). */
export interface CultureTexts {
  readonly culture: string;
  /** The text of a content key; throws for a key the culture lacks, so a typo fails loudly. */
  text(key: string): string;
  has(key: string): boolean;
}

const cache = new Map<string, Promise<CultureTexts>>();

async function fetchTexts(baseUrl: string, culture: string): Promise<CultureTexts> {
  const response = await fetch(
    `${baseUrl}/api/culture/content?culture=${encodeURIComponent(culture)}`,
  );
  if (!response.ok) {
    throw new Error(`GET /api/culture/content?culture=${culture} answered ${response.status}`);
  }
  const items = (await response.json()) as { key: string; value: string }[];
  const texts = new Map(items.map((item) => [item.key, item.value]));
  return {
    culture,
    has: (key) => texts.has(key),
    text(key) {
      const value = texts.get(key);
      if (value === undefined) throw new Error(`the ${culture} content has no key "${key}"`);
      return value;
    },
  };
}

export function cultureTexts(baseUrl: string, culture: string): Promise<CultureTexts> {
  const cacheKey = `${baseUrl} ${culture}`;
  let pending = cache.get(cacheKey);
  if (!pending) {
    pending = fetchTexts(baseUrl, culture);
    cache.set(cacheKey, pending);
    pending.catch(() => cache.delete(cacheKey));
  }
  return pending;
}

/** Text as a screen reader announces it: HTML tags dropped, whitespace collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
