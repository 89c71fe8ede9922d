import { DateTime } from 'luxon';
import {
  DEADLINE_FORMATS,
  DEADLINE_NAMES,
  DEADLINE_PAGE,
  DEFAULT_REDIRECT_KEY,
  type DeadlineSettings,
} from './deadline-names';
import { windowsToIana } from './time-zones';

/**
 * Deadlines written as text in a Windows time zone (shape A of docs/behaviour.md#deadlines). Only
 * these need a date library to read; the browser loads this module when a response has that shape.
 */

/**
 * The instant a deadline text stands for, in the deadline's Windows time zone. A date-only
 * deadline lasts to the end of that day (23:59:59.999 in the zone): claims sites treat a claim
 * as timely through 11:59:59 PM of the deadline date in the project's time zone.
 * Throws 'Unknown time zone' or 'Invalid deadline format' (docs/behaviour.md#configuration-errors).
 */
export function parseDeadline(text: string, windowsZone: string): DateTime {
  const zone = windowsToIana(windowsZone);
  // A fixed locale, so AM/PM parse the same whatever Settings.defaultLocale the app set.
  const options = { zone, locale: 'en-US' };
  const withTime = DateTime.fromFormat(text, DEADLINE_FORMATS[1], options);
  if (withTime.isValid) return withTime;
  const dateOnly = DateTime.fromFormat(text, DEADLINE_FORMATS[0], options);
  if (dateOnly.isValid) return dateOnly.endOf('day');
  throw new Error(
    `Invalid deadline format "${text}"; valid formats: ${DEADLINE_FORMATS.join(', ')}`,
  );
}

/** Shape A of docs/behaviour.md#deadlines: one entry per deadline, in a Windows time zone. */
export type DeadlineTexts = Partial<
  Record<(typeof DEADLINE_NAMES)[number], { deadline: string; timeZone: string }>
>;

/** The stored deadlineSettings for shape A: it names no redirect URL, so every culture goes to /deadline. */
export function deadlineSettingsFromTexts(response: DeadlineTexts): DeadlineSettings {
  const settings: DeadlineSettings = {};
  for (const name of DEADLINE_NAMES) {
    const entry = response[name];
    if (entry === undefined) continue;
    settings[name] = {
      deadline: parseDeadline(entry.deadline, entry.timeZone).toUTC().toISO() as string,
      redirectTargets: { [DEFAULT_REDIRECT_KEY]: DEADLINE_PAGE },
      timeZone: windowsToIana(entry.timeZone),
    };
  }
  return settings;
}
