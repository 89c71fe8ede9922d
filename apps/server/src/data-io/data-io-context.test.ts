import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { Pacer } from './data-io-context';

/** Keeps the event loop busy for `ms`, as a job's rows do. */
function work(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // a slice of a long job
  }
}

async function timed(step: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await step();
  return performance.now() - started;
}

describe('a long job’s pacer', () => {
  it('lets the job work on until its slice is over', () => {
    const pacer = new Pacer(() => true);

    expect(pacer.due).toBe(false);
    work(6);
    expect(pacer.due).toBe(true);
  });

  it('gives way four times its slice while the server is in use', async () => {
    const pacer = new Pacer(() => true);
    work(10);

    expect(await timed(() => pacer.pause())).toBeGreaterThanOrEqual(40);
  });
});
