import type { RuleDefinition, RuleOf } from './rule-definition';

/**
 * The rule types that read dates (docs/behaviour.md#rules). Their definitions bring the date
 * library (Luxon) with them, so a browser loads them only with the pages that may need them
 * (date-support.browser.ts); this list and the types below do not.
 */
export const DATE_RULE_TYPES = [
  'range',
  'endDate',
  'preventFutureDate',
  'preventFutureShortDate',
  'validDate',
] as const;

export type DateRuleType = (typeof DATE_RULE_TYPES)[number];

export function isDateRuleType(type: string): type is DateRuleType {
  return (DATE_RULE_TYPES as readonly string[]).includes(type);
}

/** What checking dates takes: the date rules, and the check of a date field's own value. */
export interface DateSupport {
  readonly rules: { readonly [T in DateRuleType]: RuleDefinition<RuleOf<T>> };
  /** Whether the text is a day, a range of two days in order, or a list of days. */
  isDateText(text: string): boolean;
}
