/**
 * Localisation copy may carry inline HTML (links, emphasis), but never paragraph or list
 * tags: the pages wrap each copy block in their own paragraph, and nested block elements
 * would break that markup (docs/behaviour.md#localisation).
 */
const FORBIDDEN_TAG = /<\/?(p|ul|ol|li)(?=[\s/>])/gi;

/** The forbidden tags found in the copy, lower-cased and de-duplicated, in order of appearance. */
export function forbiddenLocalizationTags(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(FORBIDDEN_TAG)) {
    found.add(`<${(match[1] as string).toLowerCase()}>`);
  }
  return [...found];
}

export function isValidLocalization(text: string): boolean {
  return forbiddenLocalizationTags(text).length === 0;
}

/** The 'Invalid localization...' message for a key whose copy is refused, or null when it is fine. */
export function localizationProblem(key: string, text: string): string | null {
  const tags = forbiddenLocalizationTags(text);
  if (tags.length === 0) return null;
  return `Invalid localization for "${key}": copy must not contain <p>, <ul>, <ol> or <li> tags; found ${tags.join(', ')}`;
}
