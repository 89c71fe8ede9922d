import { SHARED_MESSAGES } from '../messages';
import type { RuleDefinition, RuleOf } from '../rule-definition';
import { textOf } from '../values';

/** Length in UTF-16 code units, as the input's maxlength attribute counts it. */
export const maxLength: RuleDefinition<RuleOf<'maxLength'>> = {
  type: 'maxLength',
  messages: [SHARED_MESSAGES.maxLength],
  runsOnEmpty: false,
  check({ rule, value }) {
    const text = textOf(value);
    return text !== undefined && text.length <= rule.max
      ? null
      : { message: SHARED_MESSAGES.maxLength, params: { max: String(rule.max) } };
  },
};
