import { DateTime } from 'luxon';
import { ENTRY_ZONE } from '../dates/entry-date';
import { DEADLINE_NAMES, type DeadlineName, type DeadlineSettings } from './deadlines';

/**
 * The three ways a deadline is written in localised copy (docs/behaviour.md#deadlines):
 * - Short: 03/15/2027 in every culture
 * - Long: 'March 15, 2027' / '15 de marzo de 2027'
 * - WeekdayLong: 'Monday, March 15, 2027 11:59 PM PDT' / 'lunes, 15 de marzo de 2027 23:59 GMT-7'
 */
export const DEADLINE_DISPLAY_FORMATS = ['Short', 'Long', 'WeekdayLong'] as const;
export type DeadlineDisplayFormat = (typeof DEADLINE_DISPLAY_FORMATS)[number];

const LUXON_FORMATS: Readonly<Record<DeadlineDisplayFormat, string>> = {
  Short: 'MM/dd/yyyy',
  Long: 'DDD',
  WeekdayLong: 'DDDD t ZZZZ',
};

/**
 * Writes the instant in `zone` for `culture` (any locale Luxon knows). ICU versions differ in
 * the spaces they put around times ('11:59\u202fPM'); plain spaces make the text the same in
 * every browser and on the server.
 */
export function formatDeadline(
  deadlineIso: string,
  format: DeadlineDisplayFormat,
  culture: string,
  zone: string = ENTRY_ZONE,
): string {
  const dateTime = DateTime.fromISO(deadlineIso, { zone, locale: culture });
  if (!dateTime.isValid) {
    throw new Error(
      `cannot format deadline "${deadlineIso}" in zone "${zone}": ${dateTime.invalidExplanation ?? dateTime.invalidReason}`,
    );
  }
  return dateTime.toFormat(LUXON_FORMATS[format]).replace(/[\u00a0\u202f]/g, ' ');
}

/** The localisation key of a deadline in a format: 'Deadline_claimFilingDeadline_Long'. */
export function deadlineLocalizationKey(name: DeadlineName, format: DeadlineDisplayFormat): string {
  return `Deadline_${name}_${format}`;
}

/**
 * The dynamic localisation entries of every configured deadline, for the culture: keys
 * Deadline_<name>_Short, Deadline_<name>_Long and Deadline_<name>_WeekdayLong. Each deadline
 * is written in its own time zone, or the date-entry zone when the settings name none.
 */
export function deadlineLocalizationKeys(
  settings: DeadlineSettings,
  culture: string,
): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const name of DEADLINE_NAMES) {
    const setting = settings[name];
    if (setting === undefined) continue;
    for (const format of DEADLINE_DISPLAY_FORMATS) {
      entries[deadlineLocalizationKey(name, format)] = formatDeadline(
        setting.deadline,
        format,
        culture,
        setting.timeZone,
      );
    }
  }
  return entries;
}
