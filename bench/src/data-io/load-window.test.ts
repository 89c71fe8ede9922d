import { describe, expect, it } from 'vitest';
import { loadDuring } from './load-window';

/** A clock that moves only when a round or a preparation says so. */
function fakeLoad(roundMs: number, betweenMs = 0) {
  let clock = 0;
  let progress = 0;
  let started = 0;
  return {
    now: () => clock,
    round: async () => {
      started += 1;
      clock += roundMs;
      progress += 10;
      return started;
    },
    between: async () => {
      clock += betweenMs;
    },
    atClose: () => progress,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

/** Work that ends when `finish` is called. */
function controlledWork<T>(value: T) {
  let finish: () => void = () => undefined;
  const done = new Promise<T>((resolve) => {
    finish = () => resolve(value);
  });
  return { work: () => done, finish: () => finish() };
}

describe('loadDuring', () => {
  it('stops starting rounds once the window has passed, and waits for the work to end', async () => {
    const load = fakeLoad(1000);
    const work = controlledWork('imported');
    let roundsSeen = 0;
    const outcome = loadDuring({
      work: work.work,
      windowSeconds: 2.5,
      round: async () => {
        roundsSeen = await load.round();
        return roundsSeen;
      },
      between: load.between,
      atClose: load.atClose,
      now: load.now,
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(roundsSeen).toBe(3);
    work.finish();
    await expect(outcome).resolves.toEqual({
      result: 'imported',
      rounds: [1, 2, 3],
      closedAfterSeconds: 3,
      workEnded: false,
      atClose: 30,
    });
  });

  it('counts the round that was running when the work ended, and closes there', async () => {
    const load = fakeLoad(1000);
    const work = controlledWork(7);
    const outcome = await loadDuring({
      work: work.work,
      windowSeconds: 60,
      round: async () => {
        const round = await load.round();
        if (round === 2) work.finish();
        return round;
      },
      between: load.between,
      atClose: load.atClose,
      now: load.now,
    });
    expect(outcome).toMatchObject({
      result: 7,
      rounds: [1, 2],
      closedAfterSeconds: 2,
      workEnded: true,
    });
  });

  it('does not start a round when the preparation outlasted the window', async () => {
    const load = fakeLoad(1000, 5000);
    const work = controlledWork(null);
    const outcome = loadDuring({
      work: work.work,
      windowSeconds: 3,
      round: load.round,
      between: load.between,
      atClose: load.atClose,
      now: load.now,
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    work.finish();
    expect(await outcome).toMatchObject({ rounds: [1], closedAfterSeconds: 6, workEnded: false });
  });

  it('passes on the failure of the work once the load has stopped', async () => {
    const load = fakeLoad(1000);
    const outcome = loadDuring({
      work: async () => {
        throw new Error('the list could not be read');
      },
      windowSeconds: 60,
      round: load.round,
      between: load.between,
      atClose: load.atClose,
      now: load.now,
    });
    await expect(outcome).rejects.toThrow('the list could not be read');
  });

  it('refuses a window of no time', async () => {
    const load = fakeLoad(1000);
    await expect(
      loadDuring({
        work: async () => 1,
        windowSeconds: 0,
        round: load.round,
        between: load.between,
        atClose: load.atClose,
      }),
    ).rejects.toThrow('the load window is 0 s; expected more than 0');
  });
});
