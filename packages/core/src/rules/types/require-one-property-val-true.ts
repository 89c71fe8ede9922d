import type { MessageText } from '../messages';
import type { RuleDefinition, RuleOf } from '../rule-definition';
import { readProperty } from '../values';

const NONE_TRUE: MessageText = {
  key: 'LocKey_Validation_RequireOnePropertyValTrue',
  text: 'At least one option is required.',
};

/** At least one of the named properties is true (a ticked checkbox); the field's own value is not read. */
export const requireOnePropertyValTrue: RuleDefinition<RuleOf<'requireOnePropertyValTrue'>> = {
  type: 'requireOnePropertyValTrue',
  messages: [NONE_TRUE],
  runsOnEmpty: true,
  check: ({ rule, model }) =>
    rule.properties.some((property) => readProperty(model, property) === true)
      ? null
      : { message: NONE_TRUE },
};
