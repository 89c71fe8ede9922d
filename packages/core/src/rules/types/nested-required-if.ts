import { evaluateConditions } from '../conditions';
import { SHARED_MESSAGES } from '../messages';
import { requiredFamilyRule, type RuleOf } from '../rule-definition';

export const nestedRequiredIf = requiredFamilyRule<RuleOf<'nestedRequiredIf'>>(
  'nestedRequiredIf',
  SHARED_MESSAGES.conditionallyRequired,
  ({ rule, model }) => evaluateConditions(rule.conditions, rule.operator, model),
);
