import type { FieldConfig, FieldOption } from '@claims/core/case/field-config';
import { maskDigits } from '@claims/core/payout/ach';
import { MASKED_PAYOUT_FIELDS } from '@claims/core/payout/methods';
import type { Localizer } from '../localized-text';
import { isFileFieldValue, type FieldValue } from './form-model';
import { FORMS_TEXT } from '../forms-text';

/** Replacement texts per field and value, e.g. { paymentMethod: { Check: 'Paper check' } }. */
export type DisplayReplacements = Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * How a saved value reads in summaries and record rows: option labels instead of option
 * values, Yes/No for checkboxes, the file name for files, configured replacements first.
 */
export function displayValue(
  field: FieldConfig | undefined,
  key: string,
  value: FieldValue,
  localize: Localizer,
  replacements: DisplayReplacements = {},
  /** Options of fields whose block, not their config, lists them (the states, the countries). */
  blockOptions: Readonly<Record<string, readonly FieldOption[]>> = {},
): string {
  if (value === null) return '';
  if (isFileFieldValue(value)) return value.name;
  const text = String(value);
  // docs/behaviour.md#payment-election: an account is shown by its last four digits only.
  if (MASKED_PAYOUT_FIELDS.includes(key)) return maskDigits(text);
  const replacement = replacements[key]?.[text];
  if (replacement !== undefined) return localize(replacement);
  if (typeof value === 'boolean') {
    return value ? localize(FORMS_TEXT.yes) : localize(FORMS_TEXT.no);
  }
  const option = (field?.options ?? blockOptions[key])?.find((entry) => entry.value === text);
  return option ? localize(option.label) : text;
}
