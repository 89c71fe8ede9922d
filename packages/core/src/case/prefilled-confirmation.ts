import type { FieldConfig } from './field-config';

/** A value as the comparison sees it: text trimmed, nothing as the empty text. */
function comparable(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).trim();
}

/**
 * Whether a field's value needs no confirmation field (docs/behaviour.md#name-and-contact,
 * WCAG 2.2 3.3.7 Redundant Entry): the case marks the field prefilledConfirmed, the prepopulated
 * data gave it a value, and the claimant has left that value as it came. Once the value is
 * changed, the confirmation is asked again.
 */
export function isConfirmedInAdvance(
  field: Pick<FieldConfig, 'prefilledConfirmed'>,
  prefilled: unknown,
  current: unknown,
): boolean {
  if (!field.prefilledConfirmed) return false;
  const given = comparable(prefilled);
  return given !== '' && comparable(current) === given;
}
