import { describe, expect, it } from 'vitest';
import type { LoadFigures } from './load';
import { ratio, ratioCheck, submissionChecks, type LoadComparison } from './targets';

function figures(requestsPerSecond: number, p99Ms: number, non2xx = 0): LoadFigures {
  return {
    requests: 1000,
    durationSeconds: 1000 / requestsPerSecond,
    requestsPerSecond,
    p50Ms: p99Ms / 2,
    p99Ms,
    maxMs: p99Ms,
    errors: 0,
    non2xx,
    mismatches: 0,
    statusCodes: { 200: 1000 - non2xx },
  };
}

function comparison(server: LoadFigures, baseline: LoadFigures): LoadComparison {
  return { server, baseline, serverRssBytes: 0, baselineRssBytes: 0 };
}

describe('submissionChecks', () => {
  it('passes a server as fast as the baseline with a p99 of 250 ms and no errors', () => {
    const checks = submissionChecks('submit', comparison(figures(100, 250), figures(100, 100)));
    expect(checks.map((check) => check.pass)).toEqual([true, true, true]);
  });

  it('fails a server slower than the baseline', () => {
    const [throughput] = submissionChecks(
      'submit',
      comparison(figures(99, 100), figures(100, 100)),
    );
    expect(throughput?.pass).toBe(false);
  });

  it('fails any refused submission', () => {
    const errors = submissionChecks(
      'submit',
      comparison(figures(90, 100, 1), figures(100, 100)),
    )[2];
    expect(errors).toMatchObject({ measured: '1', pass: false });
  });
});

describe('ratioCheck', () => {
  it('fails a fast server that answered with errors', () => {
    expect(
      ratioCheck('authorize', comparison(figures(100, 10, 3), figures(100, 10)), 0.6).pass,
    ).toBe(false);
  });

  it('compares requests per second', () => {
    expect(ratio(comparison(figures(80, 10), figures(100, 10)))).toBeCloseTo(0.8);
  });
});
