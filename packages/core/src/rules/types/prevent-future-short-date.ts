import { parseEntryDate } from '../../dates/entry-date';
import { SHARED_MESSAGES } from '../messages';
import type { RuleDefinition, RuleOf } from '../rule-definition';
import { FUTURE_DATE, notAfterToday } from './prevent-future-date';

/** The short form: the value must be text in M/d/yyyy. */
export const preventFutureShortDate: RuleDefinition<RuleOf<'preventFutureShortDate'>> = {
  type: 'preventFutureShortDate',
  messages: [FUTURE_DATE, SHARED_MESSAGES.invalidDate],
  runsOnEmpty: false,
  check: ({ value, ctx }) =>
    notAfterToday(typeof value === 'string' ? parseEntryDate(value) : null, ctx.now),
};
