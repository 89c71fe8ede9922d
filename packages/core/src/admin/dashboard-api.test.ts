import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES } from '../lifecycle/transitions';
import { emptyStatusCounts, timeLeft } from './dashboard-api';

describe('timeLeft', () => {
  it('counts whole days and the hours beyond them', () => {
    expect(timeLeft('2027-02-10T20:00:00.000Z', '2027-02-13T22:30:00.000Z')).toEqual({
      days: 3,
      hours: 2,
    });
  });

  it('is zero once the end has passed', () => {
    expect(timeLeft('2027-02-10T20:00:00.000Z', '2027-02-01T00:00:00.000Z')).toEqual({
      days: 0,
      hours: 0,
    });
  });
});

describe('emptyStatusCounts', () => {
  it('starts every status at zero', () => {
    const counts = emptyStatusCounts();
    expect(Object.keys(counts)).toEqual([...CLAIM_STATUSES]);
    expect(Object.values(counts).every((count) => count === 0)).toBe(true);
  });
});
