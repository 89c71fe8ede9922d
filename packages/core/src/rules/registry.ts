// By the package's name, not by path: a browser build resolves this module to its browser variant
// (package.json's exports), in which the site provides the date rules once it has loaded them.
import { dateSupport } from '@claims/core/rules/date-support';
import { isDateRuleType } from './date-rule-types';
import type { MessageText } from './messages';
import type { RuleDefinition, RuleOf } from './rule-definition';
import type { ValidationRule, ValidationRuleType } from './rule-config';
import { characterSetRestriction } from './types/character-set-restriction';
import { maxLength } from './types/max-length';
import { nestedRequiredIf } from './types/nested-required-if';
import { payoutField } from './types/payout-field';
import { regularExpression } from './types/regular-expression';
import { requireOnePropertyToHaveAValue } from './types/require-one-property-to-have-a-value';
import { requireOnePropertyValTrue } from './types/require-one-property-val-true';
import { required } from './types/required';
import { requiredIf } from './types/required-if';
import { requiredIfOtherPropertyMatchesRegex } from './types/required-if-other-property-matches-regex';
import { requiredOnClientOnly } from './types/required-on-client-only';

export { dateSupport };

type RuleTable = { readonly [T in ValidationRuleType]: RuleDefinition<RuleOf<T>> };

/** The rule types that read no dates; the others come from date-rules.ts (date-support.ts). */
const PLAIN_RULES = {
  required,
  requiredOnClientOnly,
  characterSetRestriction,
  maxLength,
  nestedRequiredIf,
  requiredIf,
  requiredIfOtherPropertyMatchesRegex,
  regularExpression,
  payoutField,
  requireOnePropertyValTrue,
  RequireOnePropertyToHaveAValue: requireOnePropertyToHaveAValue,
} as const;

/**
 * The one table of server-declared rule types (docs/behaviour.md#rules). In a browser, only once
 * the site has provided the date rules (date-support.browser.ts).
 */
export function allRules(): RuleTable {
  return Object.fromEntries(RULE_TYPES.map((type) => [type, getRule(type)])) as RuleTable;
}

export const RULE_TYPES: readonly ValidationRuleType[] = [
  'required',
  'requiredOnClientOnly',
  'range',
  'characterSetRestriction',
  'endDate',
  'maxLength',
  'nestedRequiredIf',
  'requiredIf',
  'requiredIfOtherPropertyMatchesRegex',
  'preventFutureDate',
  'preventFutureShortDate',
  'regularExpression',
  'payoutField',
  'validDate',
  'requireOnePropertyValTrue',
  'RequireOnePropertyToHaveAValue',
];

function isPlainRuleType(type: string): type is keyof typeof PLAIN_RULES {
  return Object.hasOwn(PLAIN_RULES, type);
}

/**
 * The definition of a rule type. Throws for a type no definition exists for
 * (docs/behaviour.md#configuration-errors: no validation adapter for an API validation type).
 */
export function getRule(type: string): RuleDefinition {
  if (isDateRuleType(type)) return dateSupport().rules[type] as RuleDefinition;
  if (!isPlainRuleType(type)) {
    throw new Error(
      `no validation rule for type "${type}"; expected one of ${RULE_TYPES.join(', ')}`,
    );
  }
  return PLAIN_RULES[type] as RuleDefinition;
}

/**
 * Throws when a declared rule cannot run: an unknown type, a pattern that does not compile, a
 * range bound that is not a number or an M/d/yyyy date. For checking a case definition at
 * start-up rather than on a claimant's first keystroke.
 */
export function verifyRule(rule: ValidationRule): void {
  getRule(rule.type).verify?.(rule);
}

/** Every message the rules can give, once per key, for content authors and content checks. */
export function ruleMessageCatalogue(): MessageText[] {
  const byKey = new Map<string, MessageText>();
  for (const definition of Object.values(allRules()) as RuleDefinition[]) {
    for (const message of definition.messages) byKey.set(message.key, message);
  }
  return [...byKey.values()];
}
