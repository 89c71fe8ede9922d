import { describe, expect, it } from 'vitest';
import { dayRangeInZone, dayStartsAt } from './day-range';

describe('days in a time zone as instants', () => {
  it('starts a day at local midnight', () => {
    expect(dayStartsAt('2027-01-15', 'America/Los_Angeles')).toBe('2027-01-15T08:00:00.000Z');
    expect(dayStartsAt('2027-07-15', 'America/Los_Angeles')).toBe('2027-07-15T07:00:00.000Z');
    expect(dayStartsAt('2027-07-15', 'Asia/Kolkata')).toBe('2027-07-14T18:30:00.000Z');
    expect(dayStartsAt('2027-07-15', 'UTC')).toBe('2027-07-15T00:00:00.000Z');
  });

  it('starts the days of a daylight-saving change at their own midnight', () => {
    expect(dayStartsAt('2027-03-14', 'America/New_York')).toBe('2027-03-14T05:00:00.000Z');
    expect(dayStartsAt('2027-03-15', 'America/New_York')).toBe('2027-03-15T04:00:00.000Z');
    expect(dayStartsAt('2027-11-07', 'America/New_York')).toBe('2027-11-07T04:00:00.000Z');
  });

  it('ends a range before the day after its last day, across a month end', () => {
    expect(dayRangeInZone('2027-01-31', '2027-01-31', 'UTC')).toEqual({
      from: '2027-01-31T00:00:00.000Z',
      before: '2027-02-01T00:00:00.000Z',
    });
    expect(dayRangeInZone(undefined, undefined, 'UTC')).toEqual({
      from: undefined,
      before: undefined,
    });
  });
});
