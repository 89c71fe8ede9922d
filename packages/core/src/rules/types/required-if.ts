import { evaluateCondition } from '../conditions';
import { SHARED_MESSAGES } from '../messages';
import { requiredFamilyRule, type RuleOf } from '../rule-definition';

export const requiredIf = requiredFamilyRule<RuleOf<'requiredIf'>>(
  'requiredIf',
  SHARED_MESSAGES.conditionallyRequired,
  ({ rule, model }) => evaluateCondition(rule.condition, model),
);
