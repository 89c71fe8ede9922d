import { SHARED_MESSAGES } from '../messages';
import { requiredFamilyRule, type RuleOf } from '../rule-definition';

export const required = requiredFamilyRule<RuleOf<'required'>>(
  'required',
  SHARED_MESSAGES.required,
  () => true,
);
