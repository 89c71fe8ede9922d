import { describe, expect, it } from 'vitest';
import { progressLine } from './progress-bar';

describe('the progress line', () => {
  it('shows the bar, the rows, their rate and the time left', () => {
    expect(progressLine(45_000, 100_000, 5_000)).toBe(
      '[#########...........]  45,000/100,000 rows  9,000 rows/s  ETA 0:07',
    );
  });

  it('shows the rows and their rate alone while the total is unknown', () => {
    expect(progressLine(1_500, null, 1_000)).toBe('1,500 rows  1,500 rows/s');
  });

  it('writes hours once the time left passes one', () => {
    expect(progressLine(1, 7_201, 1_000)).toMatch(/ETA 2:00:00$/);
  });
});
