import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import { SessionStore } from './session-store';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let store: SessionStore;
const START = new Date('2027-02-10T09:00:00.000Z');
let clock = START;

beforeAll(async () => {
  database = await openTestDatabase();
  store = new SessionStore(database.db, database.writeEphemeral, {
    idleMinutes: 30,
    now: () => clock,
    secret: 'b'.repeat(32),
  });
});
afterAll(async () => database.close());
beforeEach(() => {
  clock = START;
});

function minutesLater(minutes: number): Date {
  return new Date(START.getTime() + minutes * 60_000);
}

describe('SessionStore.load', () => {
  it('loads each stored session by its own cookie, with what it holds', async () => {
    const english = await store.create();
    english.setCulture('en');
    await store.save(english);
    const spanish = await store.create();
    spanish.setCulture('es');
    await store.save(spanish);
    expect((await store.load(english.id))?.data.culture).toBe('en');
    expect((await store.load(spanish.id))?.data.culture).toBe('es');
    expect(await store.load('c'.repeat(40))).toBeNull();
  });

  it('pushes a stored session’s expiry to the idle time from each load, and no further', async () => {
    const kept = await store.create();
    const left = await store.create();
    clock = minutesLater(20);
    expect(await store.load(kept.id)).not.toBeNull();
    expect(await store.load(left.id)).not.toBeNull();
    clock = minutesLater(49);
    expect(await store.load(kept.id)).not.toBeNull();
    clock = minutesLater(50);
    expect(await store.load(left.id)).toBeNull();
  });

  it('does not load a stored session idle past its expiry', async () => {
    const session = await store.create();
    clock = minutesLater(30);
    expect(await store.load(session.id)).toBeNull();
  });
});
