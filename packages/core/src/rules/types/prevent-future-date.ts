import { DateTime } from 'luxon';
import { ENTRY_ZONE, todayInEntryZone, toEntryDay } from '../../dates/entry-date';
import { INVALID_DATE_FAILURE } from '../date-values';
import { SHARED_MESSAGES, type MessageText } from '../messages';
import type { RuleDefinition, RuleFailure, RuleOf } from '../rule-definition';

export const FUTURE_DATE: MessageText = {
  key: 'LocKey_Validation_Date_NotInFuture',
  text: 'The date cannot be in the future',
};

/** Days after today in the entry zone fail; the rest pass (docs/behaviour.md#rules). */
export function notAfterToday(day: DateTime | null, now: Date): RuleFailure | null {
  if (!day) return INVALID_DATE_FAILURE;
  return day > todayInEntryZone(now) ? { message: FUTURE_DATE } : null;
}

function isoDay(value: unknown): DateTime | null {
  if (typeof value !== 'string') return null;
  const date = DateTime.fromISO(value.trim(), { zone: ENTRY_ZONE });
  return date.isValid ? date.startOf('day') : null;
}

/** Accepts what a date value can be: M/d/yyyy text, an ISO 8601 date or date-time, a Date. */
export const preventFutureDate: RuleDefinition<RuleOf<'preventFutureDate'>> = {
  type: 'preventFutureDate',
  messages: [FUTURE_DATE, SHARED_MESSAGES.invalidDate],
  runsOnEmpty: false,
  check: ({ value, ctx }) => notAfterToday(toEntryDay(value) ?? isoDay(value), ctx.now),
};
