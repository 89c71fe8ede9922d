import type { MessageText } from '../messages';
import type { RuleDefinition, RuleOf } from '../rule-definition';
import { isEmpty, readProperty } from '../values';

const NONE_FILLED: MessageText = {
  key: 'LocKey_Validation_RequireOnePropertyToHaveAValue',
  text: 'At least one field must have a value.',
};

/** At least one of the named properties is not empty (false counts as a value); the field's own value is not read. */
export const requireOnePropertyToHaveAValue: RuleDefinition<
  RuleOf<'RequireOnePropertyToHaveAValue'>
> = {
  type: 'RequireOnePropertyToHaveAValue',
  messages: [NONE_FILLED],
  runsOnEmpty: true,
  check: ({ rule, model }) =>
    rule.properties.some((property) => !isEmpty(readProperty(model, property)))
      ? null
      : { message: NONE_FILLED },
};
