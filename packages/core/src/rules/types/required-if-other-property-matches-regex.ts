import { SHARED_MESSAGES } from '../messages';
import { wholeValuePattern } from '../patterns';
import { requiredFamilyRule, type RuleOf } from '../rule-definition';
import { readProperty, textOf } from '../values';

/** Required when the other property's text (empty when it has none) matches the whole pattern. */
export const requiredIfOtherPropertyMatchesRegex = requiredFamilyRule<
  RuleOf<'requiredIfOtherPropertyMatchesRegex'>
>(
  'requiredIfOtherPropertyMatchesRegex',
  SHARED_MESSAGES.conditionallyRequired,
  ({ rule, model }) =>
    wholeValuePattern(rule.pattern).test(textOf(readProperty(model, rule.property)) ?? ''),
  (rule) => void wholeValuePattern(rule.pattern),
);
