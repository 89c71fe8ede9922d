import type { MessageText } from './messages';
import type { RuleDefinition, RuleOf } from './rule-definition';
import type { ValidationRule, ValidationRuleType } from './rule-config';
import { characterSetRestriction } from './types/character-set-restriction';
import { endDate } from './types/end-date';
import { maxLength } from './types/max-length';
import { nestedRequiredIf } from './types/nested-required-if';
import { preventFutureDate } from './types/prevent-future-date';
import { preventFutureShortDate } from './types/prevent-future-short-date';
import { payoutField } from './types/payout-field';
import { range } from './types/range';
import { regularExpression } from './types/regular-expression';
import { requireOnePropertyToHaveAValue } from './types/require-one-property-to-have-a-value';
import { requireOnePropertyValTrue } from './types/require-one-property-val-true';
import { required } from './types/required';
import { requiredIf } from './types/required-if';
import { requiredIfOtherPropertyMatchesRegex } from './types/required-if-other-property-matches-regex';
import { requiredOnClientOnly } from './types/required-on-client-only';
import { validDate } from './types/valid-date';

/** The one table of server-declared rule types (docs/behaviour.md#rules). */
export const RULES: { readonly [T in ValidationRuleType]: RuleDefinition<RuleOf<T>> } = {
  required,
  requiredOnClientOnly,
  range,
  characterSetRestriction,
  endDate,
  maxLength,
  nestedRequiredIf,
  requiredIf,
  requiredIfOtherPropertyMatchesRegex,
  preventFutureDate,
  preventFutureShortDate,
  regularExpression,
  payoutField,
  validDate,
  requireOnePropertyValTrue,
  RequireOnePropertyToHaveAValue: requireOnePropertyToHaveAValue,
};

export const RULE_TYPES = Object.keys(RULES) as ValidationRuleType[];

function isRuleType(type: string): type is ValidationRuleType {
  return Object.hasOwn(RULES, type);
}

/**
 * The definition of a rule type. Throws for a type no definition exists for
 * (docs/behaviour.md#configuration-errors: no validation adapter for an API validation type).
 */
export function getRule(type: string): RuleDefinition {
  if (!isRuleType(type)) {
    throw new Error(
      `no validation rule for type "${type}"; expected one of ${RULE_TYPES.join(', ')}`,
    );
  }
  return RULES[type];
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
  for (const definition of Object.values(RULES) as RuleDefinition[]) {
    for (const message of definition.messages) byKey.set(message.key, message);
  }
  return [...byKey.values()];
}
