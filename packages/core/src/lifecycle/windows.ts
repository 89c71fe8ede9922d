import { DateTime, IANAZone } from 'luxon';

/**
 * When a window of `days` days opened at `openedAt` closes: the end of the `days`th calendar
 * day after the opening day, in the case's IANA time zone (23:59:59.999 there, or the last
 * instant before the next day starts where a daylight-saving change skips midnight). Counting
 * calendar days rather than 24-hour periods keeps the close at the end of a day across a
 * daylight-saving change. Returned as an ISO instant in UTC.
 */
export function windowClosesAt(openedAt: Date, days: number, zone: string): string {
  if (!Number.isInteger(days) || days < 1) {
    throw new RangeError(`a window lasts a whole number of days, at least 1; got ${days}`);
  }
  if (!IANAZone.isValidZone(zone)) {
    throw new RangeError(`Unknown time zone "${zone}"; expected an IANA zone name`);
  }
  const opened = DateTime.fromJSDate(openedAt, { zone });
  if (!opened.isValid) throw new RangeError('a window needs a valid opening time');
  return opened.startOf('day').plus({ days }).endOf('day').toUTC().toISO() as string;
}

/** A window is open through its closing instant itself. */
export function isWindowOpen(closesAt: string, now: Date): boolean {
  return now.getTime() <= Date.parse(closesAt);
}
