import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import { AttemptLimiter, type LockoutPolicy, type Subject } from './attempt-limiter';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let limiter: AttemptLimiter;
const START = new Date('2027-01-15T18:00:00.000Z');
let clock = START;
let subjectCounter = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  limiter = new AttemptLimiter(database.db, database.writeEphemeral, () => clock);
});
afterAll(async () => database.close());
beforeEach(() => {
  clock = START;
});

const FIVE: LockoutPolicy = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 };

/** A subject of its own, so the counts of one test do not reach another. */
function subject(policy: LockoutPolicy = FIVE): Subject {
  subjectCounter += 1;
  return { key: `pair:Standard:NW${subjectCounter}:10.0.0.1`, policy };
}

function minutesLater(minutes: number): Date {
  return new Date(START.getTime() + minutes * 60_000);
}

/**
 * Reserves an attempt of every subject `times` times: the first subject's count after each
 * reservation, or 'refused'.
 */
async function reserveTimes(subjects: Subject[], times: number): Promise<(number | string)[]> {
  const answers: (number | string)[] = [];
  for (let attempt = 0; attempt < times; attempt += 1) {
    const reservation = await limiter.reserve(subjects);
    answers.push(reservation.taken ? (reservation.counts.get(subjects[0]!.key) ?? 0) : 'refused');
  }
  return answers;
}

describe('AttemptLimiter.reserve', () => {
  it('locks a subject at its fifth attempt and refuses the sixth until the lock ends', async () => {
    const pair = subject();
    expect(await reserveTimes([pair], 5)).toEqual([1, 2, 3, 4, 5]);
    expect(await limiter.reserve([pair])).toEqual({
      taken: false,
      lockedUntil: minutesLater(15),
      refusedBy: pair,
    });
  });

  it('starts the count again once the window has run out', async () => {
    const pair = subject();
    expect(await reserveTimes([pair], 4)).toEqual([1, 2, 3, 4]);
    clock = minutesLater(15);
    expect(await reserveTimes([pair], 2)).toEqual([1, 2]);
  });

  it('starts the count again once the lock has run out', async () => {
    const pair = subject({ maxFailures: 5, windowMinutes: 60, lockMinutes: 15 });
    await reserveTimes([pair], 5);
    clock = minutesLater(15);
    expect(await reserveTimes([pair], 1)).toEqual([1]);
  });

  it('locks a subject whose limit is one at its first attempt', async () => {
    const single = subject({ maxFailures: 1, windowMinutes: 15, lockMinutes: 10 });
    expect(await reserveTimes([single], 2)).toEqual([1, 'refused']);
    expect(await limiter.lockedUntil([single])).toEqual(minutesLater(10));
  });

  it('takes no attempt from any subject when one of them is locked', async () => {
    const open = subject();
    const locked = subject({ maxFailures: 1, windowMinutes: 15, lockMinutes: 15 });
    await reserveTimes([locked], 1);
    expect((await limiter.reserve([open, locked])).taken).toBe(false);
    expect(await reserveTimes([open], 1)).toEqual([1]);
  });

  it('takes no attempt when the write made alongside refuses', async () => {
    const pair = subject();
    expect(await limiter.reserve([pair], async () => false)).toBeNull();
    expect(await reserveTimes([pair], 1)).toEqual([1]);
  });
});

describe('AttemptLimiter.giveBack', () => {
  it('gives back an attempt, lifting the lock it set', async () => {
    const pair = subject();
    await reserveTimes([pair], 5);
    await limiter.giveBack([pair]);
    expect(await limiter.lockedUntil([pair])).toBeNull();
    expect(await reserveTimes([pair], 2)).toEqual([5, 'refused']);
  });
});

describe('AttemptLimiter.clear', () => {
  it('forgets the count of the subject, within the transaction it is given', async () => {
    const pair = subject();
    await reserveTimes([pair], 5);
    await database.writeEphemeral((trx) => limiter.clear(pair, trx));
    expect(await reserveTimes([pair], 1)).toEqual([1]);
  });
});

describe('AttemptLimiter.lockedUntil', () => {
  it('answers the latest lock among the subjects asked about, however many they are', async () => {
    const early = subject({ maxFailures: 1, windowMinutes: 15, lockMinutes: 5 });
    const late = subject({ maxFailures: 1, windowMinutes: 15, lockMinutes: 20 });
    const open = subject();
    await reserveTimes([early], 1);
    await reserveTimes([late], 1);
    await reserveTimes([open], 1);
    expect(await limiter.lockedUntil([early])).toEqual(minutesLater(5));
    expect(await limiter.lockedUntil([early, late])).toEqual(minutesLater(20));
    expect(await limiter.lockedUntil([open, early, late])).toEqual(minutesLater(20));
    expect(await limiter.lockedUntil([open])).toBeNull();
  });

  it('does not answer a lock that has run out', async () => {
    const pair = subject({ maxFailures: 1, windowMinutes: 15, lockMinutes: 5 });
    await reserveTimes([pair], 1);
    clock = minutesLater(5);
    expect(await limiter.lockedUntil([pair])).toBeNull();
  });
});
