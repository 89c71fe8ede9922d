import { ENTRY_ZONE } from '../dates/entry-zone';
import { DEADLINE_NAMES, type DeadlineName, type DeadlineSettings } from './deadline-names';

/**
 * The three ways a deadline is written in localised copy (docs/behaviour.md#deadlines):
 * - Short: 03/15/2027 in every culture
 * - Long: 'March 15, 2027' / '15 de marzo de 2027'
 * - WeekdayLong: 'Monday, March 15, 2027 11:59 PM PDT' / 'lunes, 15 de marzo de 2027 23:59 GMT-7'
 */
export const DEADLINE_DISPLAY_FORMATS = ['Short', 'Long', 'WeekdayLong'] as const;
export type DeadlineDisplayFormat = (typeof DEADLINE_DISPLAY_FORMATS)[number];

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** A number in the culture's digits, at least `digits` long: 03, 2027. */
function padded(value: number, digits: number, culture: string): string {
  return new Intl.NumberFormat(culture, {
    minimumIntegerDigits: digits,
    useGrouping: false,
  }).format(value);
}

/** The calendar day of the instant in the zone, as numbers. */
function dayIn(date: Date, zone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    calendar: 'gregory',
    numberingSystem: 'latn',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** The zone's short name at the instant for the culture: PDT, GMT-7. */
function zoneName(date: Date, zone: string, culture: string): string {
  const parts = new Intl.DateTimeFormat(culture, {
    timeZone: zone,
    timeZoneName: 'short',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(date);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

function format(date: Date, style: DeadlineDisplayFormat, culture: string, zone: string): string {
  if (style === 'Short') {
    const { year, month, day } = dayIn(date, zone);
    return `${padded(month, 2, culture)}/${padded(day, 2, culture)}/${padded(year, 4, culture)}`;
  }
  const longDate = { timeZone: zone, year: 'numeric', month: 'long', day: 'numeric' } as const;
  if (style === 'Long') return new Intl.DateTimeFormat(culture, longDate).format(date);
  const weekday = new Intl.DateTimeFormat(culture, { ...longDate, weekday: 'long' }).format(date);
  const time = new Intl.DateTimeFormat(culture, {
    timeZone: zone,
    hour: 'numeric',
    minute: 'numeric',
  }).format(date);
  return `${weekday} ${time} ${zoneName(date, zone, culture)}`;
}

/**
 * Writes the instant in `zone` for `culture` with the browser's or Node's Intl, so no date
 * library is needed. ICU versions differ in the spaces they put around times ('11:59\u202fPM');
 * plain spaces make the text the same in every browser and on the server.
 */
export function formatDeadline(
  deadlineIso: string,
  displayFormat: DeadlineDisplayFormat,
  culture: string,
  zone: string = ENTRY_ZONE,
): string {
  const at = ISO_INSTANT.test(deadlineIso) ? Date.parse(deadlineIso) : Number.NaN;
  try {
    if (Number.isNaN(at)) throw new Error('not an ISO-8601 instant');
    return format(new Date(at), displayFormat, culture, zone).replace(/[\u00a0\u202f]/g, ' ');
  } catch (error) {
    throw new Error(
      `cannot format deadline "${deadlineIso}" in zone "${zone}": ${(error as Error).message}`,
      { cause: error },
    );
  }
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
