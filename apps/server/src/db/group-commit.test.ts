import { describe, expect, it } from 'vitest';
import { DurabilityLostError, SharedSync } from './group-commit';

/** A sync that finishes only when the test says, counting its runs. */
function heldSync() {
  const releases: ((error?: Error) => void)[] = [];
  let runs = 0;
  const sync = () =>
    new Promise<void>((resolve, reject) => {
      runs += 1;
      releases.push((error) => (error === undefined ? resolve() : reject(error)));
    });
  return {
    shared: new SharedSync(sync),
    runs: () => runs,
    release: (error?: Error) => releases.shift()!(error),
  };
}

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('SharedSync', () => {
  it('starts a sync at once for a wait when none is running', async () => {
    const { shared, runs, release } = heldSync();
    const waiting = shared.wait();
    expect(runs()).toBe(1);
    release();
    await expect(waiting).resolves.toBeUndefined();
  });

  it('makes a wait that arrives during a sync wait for the next one', async () => {
    const { shared, runs, release } = heldSync();
    const first = shared.wait();
    const second = shared.wait();
    release();
    await first;
    expect(await settled(second)).toBe(false);
    expect(runs()).toBe(2);
    release();
    await expect(second).resolves.toBeUndefined();
  });

  it('serves every wait that arrives during one sync with a single next sync', async () => {
    const { shared, runs, release } = heldSync();
    const first = shared.wait();
    const during = Array.from({ length: 20 }, () => shared.wait());
    release();
    await first;
    expect(await settled(Promise.all(during))).toBe(false);
    release();
    await Promise.all(during);
    expect(runs()).toBe(2);
  });

  it('rejects the waits of a failed sync and every wait after it', async () => {
    const { shared, runs, release } = heldSync();
    const first = shared.wait();
    const next = shared.wait();
    release(new Error('EIO: i/o error, fsync'));
    await expect(first).rejects.toBeInstanceOf(DurabilityLostError);
    await expect(next).rejects.toBeInstanceOf(DurabilityLostError);
    await expect(shared.wait()).rejects.toThrow('must be restarted');
    expect(runs()).toBe(1);
    expect(shared.failed?.cause).toEqual(new Error('EIO: i/o error, fsync'));
  });
});
