import { PAYOUT_FIELD_KINDS } from '../../payout/methods';
import { PAYOUT_MESSAGES } from '../../payout/problems';
import type { RuleDefinition, RuleOf } from '../rule-definition';
import { textOf } from '../values';

/** The problems a field's own value can have; those of a whole election are not this rule's. */
const ELECTION_PROBLEMS: readonly string[] = [
  'required',
  'text_expected',
  'method_not_offered',
  'unknown_field',
];
const FIELD_MESSAGES = Object.entries(PAYOUT_MESSAGES)
  .filter(([code]) => !ELECTION_PROBLEMS.includes(code))
  .map(([, message]) => message);

/**
 * A payout detail, checked by the same function on both sides (payout/methods.ts): the problem
 * it finds is the rule's message. With `confirms`, a value that checks out must also equal the
 * other field's, once both are normalised (an account number typed twice).
 */
export const payoutField: RuleDefinition<RuleOf<'payoutField'>> = {
  type: 'payoutField',
  messages: FIELD_MESSAGES,
  runsOnEmpty: false,
  check({ rule, value, model }) {
    const kind = PAYOUT_FIELD_KINDS[rule.kind];
    const checked = kind.check(textOf(value) ?? '');
    if (!checked.ok) return { message: PAYOUT_MESSAGES[checked.code], params: checked.params };
    if (rule.confirms === undefined) return null;
    const other = kind.check(textOf(model[rule.confirms]) ?? '');
    return other.ok && other.value !== checked.value
      ? { message: PAYOUT_MESSAGES.account_number_mismatch }
      : null;
  },
};
