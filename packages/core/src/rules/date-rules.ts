import { DATE_LIST_SEPARATOR, DATE_RANGE_SEPARATOR } from '../dates/date-text';
import { parseEntryDate } from '../dates/entry-date';
import type { DateSupport } from './date-rule-types';
import { endDate } from './types/end-date';
import { preventFutureDate } from './types/prevent-future-date';
import { preventFutureShortDate } from './types/prevent-future-short-date';
import { range } from './types/range';
import { validDate } from './types/valid-date';

function isDateText(text: string): boolean {
  if (text.includes(DATE_LIST_SEPARATOR)) {
    return text.split(DATE_LIST_SEPARATOR).every((day) => parseEntryDate(day) !== null);
  }
  const [from, to, ...more] = text.split(DATE_RANGE_SEPARATOR).map((day) => parseEntryDate(day));
  if (from === null || from === undefined || to === null || more.length > 0) return false;
  return to === undefined || from <= to;
}

/** The date rules and the date check of field kinds, with Luxon (date-rule-types.ts). */
export const DATE_SUPPORT: DateSupport = {
  rules: { range, endDate, preventFutureDate, preventFutureShortDate, validDate },
  isDateText,
};
