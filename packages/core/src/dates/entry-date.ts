import { DateTime, Settings } from 'luxon';
import { boundedCache } from './bounded-cache';
import { ENTRY_ZONE } from './entry-zone';

export { ENTRY_ZONE };

/**
 * Two-digit-year cutoff of the date library (docs/behaviour.md#dates), with Luxon's meaning of
 * `Settings.twoDigitCutoffYear`: years up to and including the cutoff are 20xx, years after it
 * 19xx. '60' → 2060, '61' → 1961.
 */
export const TWO_DIGIT_YEAR_CUTOFF = 60;

/** The text form date fields store and display (docs/behaviour.md#dates: MM/dd/yyyy). */
export const ENTRY_DATE_FORMAT = 'MM/dd/yyyy';

const ENTRY_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;

export function expandTwoDigitYear(year: number): number {
  return year > TWO_DIGIT_YEAR_CUTOFF ? 1900 + year : 2000 + year;
}

function startOfEntryDay(year: number, month: number, day: number): DateTime | null {
  const date = DateTime.fromObject({ year, month, day }, { zone: ENTRY_ZONE });
  return date.isValid ? date : null;
}

/**
 * Parses M/d/yyyy with one- or two-digit month and day (so MM/dd/yyyy too) and a four- or
 * two-digit year, to the start of that day in the entry zone. Null for anything else,
 * including days that do not exist (2/31/2024).
 */
export function parseEntryDate(text: string): DateTime | null {
  return entryDates(text, () => parseEntryDateOnce(text));
}

// Working out a day's offset in the entry zone is the costly part of a parse (Luxon asks Intl
// for it); a claim's rules parse the same fields several times, and claims share dates.
const CACHED_DATES = 2000;
const entryDates = boundedCache<DateTime | null>(CACHED_DATES);
const formattedDates = boundedCache<DateTime | null>(CACHED_DATES);
const entryDays = boundedCache<DateTime>(64);

function parseEntryDateOnce(text: string): DateTime | null {
  const match = ENTRY_DATE.exec(text.trim());
  if (!match) return null;
  const [, month = '', day = '', year = ''] = match;
  const fullYear = year.length === 2 ? expandTwoDigitYear(Number(year)) : Number(year);
  return startOfEntryDay(fullYear, Number(month), Number(day));
}

/**
 * Parses the text with the first of the Luxon formats (e.g. 'MM/dd/yyyy', 'M/d/yy') that
 * accepts it, in the entry zone. Two-digit years follow TWO_DIGIT_YEAR_CUTOFF. Null when none
 * accepts it.
 */
export function parseDateInFormats(text: string, formats: readonly string[]): DateTime | null {
  return formattedDates(`${formats.join('\u0000')}\u0001${text}`, () =>
    parseDateInFormatsOnce(text, formats),
  );
}

function parseDateInFormatsOnce(text: string, formats: readonly string[]): DateTime | null {
  // Luxon reads its two-digit-year cutoff from a global setting; swap it for the duration of
  // this synchronous call so that other users of Luxon keep theirs.
  const previous = Settings.twoDigitCutoffYear;
  Settings.twoDigitCutoffYear = TWO_DIGIT_YEAR_CUTOFF;
  try {
    for (const format of formats) {
      const date = DateTime.fromFormat(text.trim(), format, { zone: ENTRY_ZONE, locale: 'en-US' });
      if (date.isValid) return date;
    }
    return null;
  } finally {
    Settings.twoDigitCutoffYear = previous;
  }
}

/** The start of the current day in the entry zone. */
export function todayInEntryZone(now: Date): DateTime {
  return entryDays(String(now.getTime()), () =>
    DateTime.fromJSDate(now, { zone: ENTRY_ZONE }).startOf('day'),
  );
}

/**
 * Formats the calendar day of a DateTime, in its own zone, as MM/dd/yyyy (the form date
 * fields hold). Not converted to the entry zone: a day picked at local midnight elsewhere must
 * stay the day that was picked.
 */
export function formatEntryDate(date: DateTime): string {
  return date.toFormat(ENTRY_DATE_FORMAT);
}

/**
 * The entry-zone day a date value stands for: text entered as M/d/yyyy (docs/behaviour.md#rules),
 * or a Date or Luxon DateTime. Null when the value is none of these or not a real day.
 */
export function toEntryDay(value: unknown): DateTime | null {
  if (typeof value === 'string') return parseEntryDate(value);
  if (value instanceof Date) {
    return Number.isNaN(value.getTime())
      ? null
      : DateTime.fromJSDate(value, { zone: ENTRY_ZONE }).startOf('day');
  }
  if (DateTime.isDateTime(value)) {
    return value.isValid ? value.setZone(ENTRY_ZONE).startOf('day') : null;
  }
  return null;
}
