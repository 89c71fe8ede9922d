/**
 * Filters of the admin API name days ("2026-03-01") in the case's time zone, both ends
 * included; the database holds UTC instants. These turn a day range into instants.
 */

/** Milliseconds the zone's clock is ahead of UTC at `instant`. */
function zoneOffsetMs(zone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - (instant - (instant % 1000));
}

/** The first instant of `day` (yyyy-mm-dd) in `zone`, as an ISO string in UTC. */
export function dayStartsAt(day: string, zone: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(year, month - 1, date);
  let instant = wallMidnight - zoneOffsetMs(zone, wallMidnight);
  // Across a change of offset the first guess is off by the change: correct it once.
  const corrected = wallMidnight - zoneOffsetMs(zone, instant);
  if (corrected !== instant) instant = corrected;
  return new Date(instant).toISOString();
}

/** The day after `day` (yyyy-mm-dd), on the calendar. */
function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** Instants bounding the days `from` through `to` (either may be open): at >= from, at < before. */
export interface InstantRange {
  from: string | undefined;
  before: string | undefined;
}

export function dayRangeInZone(
  from: string | undefined,
  to: string | undefined,
  zone: string,
): InstantRange {
  return {
    from: from === undefined ? undefined : dayStartsAt(from, zone),
    before: to === undefined ? undefined : dayStartsAt(nextDay(to), zone),
  };
}
