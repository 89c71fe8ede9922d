import { describe, expect, it } from 'vitest';
import type { LoadFigures } from './load';
import { scaleChecks, type ScaleFigures } from './scale-targets';

function figures(requestsPerSecond: number, non2xx = 0): LoadFigures {
  return {
    requests: 640,
    durationSeconds: 640 / requestsPerSecond,
    requestsPerSecond,
    p50Ms: 100,
    p99Ms: 200,
    maxMs: 200,
    errors: 0,
    non2xx,
    mismatches: 0,
    statusCodes: { 200: 640 - non2xx },
  };
}

const idle = { wallSeconds: 1, machineBusySeconds: 0, processes: {} };

function scale(one: number, two: number, folder: number, bucket: number): ScaleFigures {
  return {
    oneInstance: figures(one),
    twoInstances: figures(two),
    folder: figures(folder),
    bucket: figures(bucket),
    transactionsPerClaim: 10,
    cpu: { oneInstance: idle, twoInstances: idle, folder: idle, bucket: idle },
  };
}

const passes = (figuresOfRun: ScaleFigures) => scaleChecks(figuresOfRun).map((check) => check.pass);

describe('scaleChecks', () => {
  it('passes two instances at 1.3x of one and a bucket at 80 % of the folder', () => {
    expect(passes(scale(50, 65, 100, 80))).toEqual([true, true, true, true]);
  });

  it('fails two instances below 1.3x of one', () => {
    expect(passes(scale(50, 64, 100, 80))[0]).toBe(false);
  });

  it('fails a bucket below 80 % of the folder', () => {
    expect(passes(scale(50, 65, 100, 79))[2]).toBe(false);
  });

  it('fails a run in which any claim was refused', () => {
    const run = scale(50, 65, 100, 80);
    run.twoInstances = figures(65, 1);
    expect(passes(run)[1]).toBe(false);
  });
});
