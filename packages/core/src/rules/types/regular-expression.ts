import type { MessageText } from '../messages';
import { wholeValuePattern } from '../patterns';
import type { RuleDefinition, RuleOf } from '../rule-definition';
import { textOf } from '../values';

const INVALID_VALUE: MessageText = {
  key: 'LocKey_Validation_Regex_InvalidValue',
  text: 'The value is not valid',
};

/** The whole value must match the pattern. */
export const regularExpression: RuleDefinition<RuleOf<'regularExpression'>> = {
  type: 'regularExpression',
  messages: [INVALID_VALUE],
  runsOnEmpty: false,
  check({ rule, value }) {
    const text = textOf(value);
    return text !== undefined && wholeValuePattern(rule.pattern).test(text)
      ? null
      : { message: INVALID_VALUE };
  },
  verify: (rule) => void wholeValuePattern(rule.pattern),
};
