import { describe, expect, it } from 'vitest';
import { combineRounds, percentile, toRound, type LoadRound } from './load';

function round(
  requests: number,
  durationSeconds: number,
  latenciesMs: number[],
  non2xx = 0,
): LoadRound {
  return {
    requests,
    durationSeconds,
    errors: 0,
    non2xx,
    mismatches: 0,
    statusCodes: { 200: requests - non2xx },
    latenciesMs,
  };
}

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, index) => index + 1);
    expect([percentile(sorted, 0.5), percentile(sorted, 0.99)]).toEqual([50, 99]);
  });

  it('is not a number for no values', () => {
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe('combineRounds', () => {
  it('computes requests per second over the rounds’ total time', () => {
    expect(combineRounds([round(100, 1, [1]), round(300, 3, [1])]).requestsPerSecond).toBe(100);
  });

  it('takes percentiles over every round’s latencies together', () => {
    const figures = combineRounds([round(2, 1, [10, 30]), round(2, 1, [20, 40])]);
    expect([figures.p50Ms, figures.p99Ms, figures.maxMs]).toEqual([20, 40, 40]);
  });

  it('adds up the status codes and the failures', () => {
    const figures = combineRounds([round(10, 1, [1], 2), round(10, 1, [1], 1)]);
    expect(figures.statusCodes).toEqual({ 200: 17 });
    expect(figures.non2xx).toBe(3);
  });
});

describe('toRound', () => {
  it('keeps autocannon’s counts, the latencies and the time to the last answer it was given', () => {
    const result = toRound(
      {
        requests: {
          average: 0,
          mean: 0,
          min: 0,
          max: 0,
          total: 500,
          p50: 0,
          p90: 0,
          p99: 0,
          sent: 510,
        },
        latency: { average: 12, mean: 12, min: 1, max: 90, total: 500, p50: 10, p90: 30, p99: 80 },
        duration: 2.5,
        errors: 1,
        timeouts: 1,
        mismatches: 2,
        non2xx: 3,
        statusCodeStats: { 200: { count: 497 }, 400: { count: 3 } },
      },
      [5, 6],
      1.37,
    );
    expect(result).toEqual({
      requests: 500,
      durationSeconds: 1.37,
      errors: 1,
      non2xx: 3,
      mismatches: 2,
      statusCodes: { 200: 497, 400: 3 },
      latenciesMs: [5, 6],
    });
  });
});
