import { COUNTRY_CODES, DEFAULT_COUNTRY } from '@claims/core/case/address-options';
import type { FieldOption } from '@claims/core/case/field-config';

/**
 * The countries as select options labelled in the culture's language (the browser's
 * Intl.DisplayNames knows every region name), the default country first and the rest in
 * the culture's alphabetical order.
 */
export function countryOptions(culture: string): FieldOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([culture, 'en'], { type: 'region', fallback: 'code' });
  } catch {
    names = null;
  }
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code }));
  const first = options.filter((option) => option.value === DEFAULT_COUNTRY);
  const rest = options
    .filter((option) => option.value !== DEFAULT_COUNTRY)
    .sort((a, b) => a.label.localeCompare(b.label, culture));
  return [...first, ...rest];
}
