import { useCallback } from 'react';
import { useText } from '../../stores/localization-store';

/**
 * Text a page config shows: a localisation key with its English text, or a plain string that
 * is a key when the culture content has it and literal text otherwise (as field labels in
 * the case definition are).
 */
export type LocalizedText = string | { key: string; text: string };

export type Localizer = (text: LocalizedText) => string;

const KEY_PREFIX = /^LocKey_(?:[A-Za-z]+_)?/;

/**
 * Readable words for a key the content lacks ('LocKey_Field_FirstName' → 'First Name'), so a
 * gap in a culture's content never puts a raw key in front of a claimant.
 */
export function keyToWords(key: string): string {
  if (!KEY_PREFIX.test(key)) return key;
  return key
    .replace(KEY_PREFIX, '')
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim();
}

/** Resolves LocalizedText in the active culture. */
export function useLocalized(): Localizer {
  const t = useText();
  return useCallback(
    (text: LocalizedText) =>
      typeof text === 'string' ? t(text, keyToWords(text)) : t(text.key, text.text),
    [t],
  );
}
