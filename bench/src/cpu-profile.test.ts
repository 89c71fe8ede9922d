import { describe, expect, it } from 'vitest';
import { originOf, summariseProfile, type CpuProfile } from './cpu-profile';

const ROOT = '/repo';

/** (root) → handler (server) → query (kysely); (root) → (idle). */
function profile(): CpuProfile {
  const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 9 });
  return {
    nodes: [
      { id: 1, callFrame: frame('(root)', ''), children: [2, 4] },
      {
        id: 2,
        callFrame: frame('handler', 'file:///repo/apps/server/src/routes/submit.ts'),
        children: [3],
      },
      {
        id: 3,
        callFrame: frame('executeQuery', 'file:///repo/node_modules/kysely/dist/driver.js'),
      },
      { id: 4, callFrame: frame('(idle)', '') },
    ],
    startTime: 0,
    endTime: 10_000,
    samples: [3, 3, 2, 4, 3],
    timeDeltas: [1000, 1000, 1000, 1000, 1000],
  };
}

describe('summariseProfile', () => {
  it('counts each sample for the time since the previous one, idle apart', () => {
    const summary = summariseProfile(profile(), ROOT);
    expect(summary.busyMs).toBe(4);
    expect(summary.idleMs).toBe(1);
  });

  it('ranks functions by their own time', () => {
    const summary = summariseProfile(profile(), ROOT);
    expect(summary.selfTop[0]).toEqual({
      frame: 'executeQuery (kysely/dist/driver.js:10)',
      ms: 3,
      share: 0.75,
    });
  });

  it('gives a caller the time of everything it called', () => {
    const summary = summariseProfile(profile(), ROOT);
    expect(summary.inclusiveTop[0]).toMatchObject({
      frame: 'handler (apps/server/src/routes/submit.ts:10)',
      ms: 4,
      share: 1,
    });
  });

  it('sums self time by where the code lives', () => {
    const summary = summariseProfile(profile(), ROOT);
    expect(summary.byOrigin.map((origin) => [origin.frame, origin.ms])).toEqual([
      ['kysely', 3],
      ['apps/server', 1],
    ]);
  });

  it('counts only the samples inside the window', () => {
    const summary = summariseProfile(profile(), ROOT, { fromUs: 2500, toUs: 10_000 });
    expect(summary.busyMs).toBe(2);
    expect(summary.windowMs).toBe(7.5);
  });
});

describe('originOf', () => {
  it('names a scoped package by its scope and name', () => {
    expect(originOf('file:///repo/node_modules/@fastify/multipart/index.js', ROOT)).toBe(
      '@fastify/multipart',
    );
  });

  it('names Node’s own modules', () => {
    expect(originOf('node:internal/streams/readable', ROOT)).toBe('node (core modules)');
  });

  it('names the repository folder of the project’s code', () => {
    expect(originOf('file:///repo/packages/core/src/rules/engine.ts', ROOT)).toBe('packages/core');
  });
});
