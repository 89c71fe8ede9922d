import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { isWindowOpen, windowClosesAt } from './windows';

const LOS_ANGELES = 'America/Los_Angeles';
/** Chile moves its clocks at midnight, so some of its days have no 00:00. */
const SANTIAGO = 'America/Santiago';

function closesInZone(openedAt: string, days: number, zone: string): string {
  return DateTime.fromISO(windowClosesAt(new Date(openedAt), days, zone), {
    zone,
  }).toISO() as string;
}

function nextInstantInZone(closesAt: string, zone: string): string {
  return DateTime.fromMillis(Date.parse(closesAt) + 1, { zone }).toISO() as string;
}

describe('windowClosesAt', () => {
  it('closes at the end of the Nth day after the opening day, as an instant in UTC', () => {
    expect(windowClosesAt(new Date('2027-01-04T18:00:00Z'), 10, LOS_ANGELES)).toBe(
      '2027-01-15T07:59:59.999Z',
    );
  });

  it('counts days in the case’s zone, not in UTC', () => {
    // 23:30 on January 14 in Los Angeles is already January 15 in UTC.
    expect(closesInZone('2027-01-15T07:30:00Z', 1, LOS_ANGELES)).toBe(
      '2027-01-15T23:59:59.999-08:00',
    );
  });

  it('keeps the end of the day across the spring change to daylight time', () => {
    // Clocks go forward on March 14, 2027.
    expect(closesInZone('2027-03-01T18:00:00Z', 30, LOS_ANGELES)).toBe(
      '2027-03-31T23:59:59.999-07:00',
    );
  });

  it('keeps the end of the day across the autumn change back to standard time', () => {
    // Clocks go back on November 7, 2027.
    expect(closesInZone('2027-10-20T17:00:00Z', 30, LOS_ANGELES)).toBe(
      '2027-11-19T23:59:59.999-08:00',
    );
  });

  it('closes at the end of a 23-hour day on which clocks go forward', () => {
    const closesAt = windowClosesAt(new Date('2027-03-13T20:00:00Z'), 1, LOS_ANGELES);
    expect(DateTime.fromISO(closesAt, { zone: LOS_ANGELES }).toISO()).toBe(
      '2027-03-14T23:59:59.999-07:00',
    );
    expect(nextInstantInZone(closesAt, LOS_ANGELES)).toBe('2027-03-15T00:00:00.000-07:00');
  });

  it('closes at the end of a 25-hour day on which clocks go back', () => {
    const closesAt = windowClosesAt(new Date('2027-11-06T20:00:00Z'), 1, LOS_ANGELES);
    expect(closesAt).toBe('2027-11-08T07:59:59.999Z');
    expect(nextInstantInZone(closesAt, LOS_ANGELES)).toBe('2027-11-08T00:00:00.000-08:00');
  });

  it('closes before the next day starts where the clocks skip its midnight', () => {
    // On September 8, 2024, Santiago went from 23:59:59 on the 7th to 01:00 on the 8th.
    const closesAt = windowClosesAt(new Date('2024-09-06T16:00:00Z'), 1, SANTIAGO);
    expect(DateTime.fromISO(closesAt, { zone: SANTIAGO }).toISO()).toBe(
      '2024-09-07T23:59:59.999-04:00',
    );
    expect(nextInstantInZone(closesAt, SANTIAGO)).toBe('2024-09-08T01:00:00.000-03:00');
  });

  it('closes after the repeated hour where the clocks go back at midnight', () => {
    // On April 7, 2024, Santiago went from 23:59:59 on the 6th back to 23:00 on the 6th.
    const closesAt = windowClosesAt(new Date('2024-04-05T16:00:00Z'), 1, SANTIAGO);
    expect(closesAt).toBe('2024-04-07T03:59:59.999Z');
    expect(nextInstantInZone(closesAt, SANTIAGO)).toBe('2024-04-07T00:00:00.000-04:00');
  });

  it('counts a window opened on a day with no midnight from that day', () => {
    expect(closesInZone('2024-09-08T12:00:00Z', 1, SANTIAGO)).toBe('2024-09-09T23:59:59.999-03:00');
  });

  it.each([0, -3, 1.5, Number.NaN])('refuses a window of %s days', (days) => {
    expect(() => windowClosesAt(new Date('2027-01-04T18:00:00Z'), days, LOS_ANGELES)).toThrow(
      `a window lasts a whole number of days, at least 1; got ${days}`,
    );
  });

  it('refuses a zone that is not an IANA zone', () => {
    expect(() =>
      windowClosesAt(new Date('2027-01-04T18:00:00Z'), 1, 'Pacific Standard Time'),
    ).toThrow('Unknown time zone "Pacific Standard Time"; expected an IANA zone name');
  });

  it('refuses an opening time that is not a time', () => {
    expect(() => windowClosesAt(new Date('nope'), 1, LOS_ANGELES)).toThrow(
      'a window needs a valid opening time',
    );
  });
});

describe('isWindowOpen', () => {
  const closesAt = '2027-03-31T06:59:59.999Z';

  it('is open at the closing instant itself', () => {
    expect(isWindowOpen(closesAt, new Date(closesAt))).toBe(true);
  });

  it('is closed one millisecond later', () => {
    expect(isWindowOpen(closesAt, new Date(Date.parse(closesAt) + 1))).toBe(false);
  });
});
