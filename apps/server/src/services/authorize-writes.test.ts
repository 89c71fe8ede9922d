import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import { SessionStore, SessionTokenChangedError } from './session-store';
import { UsedCaptchaTokens } from './used-captcha-tokens';

// What an authorize writes besides its counts: the captcha token it spends, and its session.
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let tokens: UsedCaptchaTokens;
let sessions: SessionStore;
const START = new Date('2027-01-15T18:00:00.000Z');
let clock = START;

beforeAll(async () => {
  database = await openTestDatabase();
  const now = () => clock;
  tokens = new UsedCaptchaTokens(database.db, database.writeEphemeral, now);
  sessions = new SessionStore(database.db, database.writeEphemeral, { idleMinutes: 30, now });
});
afterAll(async () => database.close());
beforeEach(() => {
  clock = START;
});

function minutesLater(minutes: number): Date {
  return new Date(START.getTime() + minutes * 60_000);
}

describe('UsedCaptchaTokens.markUsed', () => {
  it('spends a token once and refuses it a second time while it lives', async () => {
    expect(await tokens.markUsed('a'.repeat(64), minutesLater(10))).toBe(true);
    clock = minutesLater(9);
    expect(await tokens.markUsed('a'.repeat(64), minutesLater(19))).toBe(false);
    expect(await tokens.isUsed('a'.repeat(64))).toBe(true);
  });

  it('takes over a spent token whose record has expired, and refuses it again after', async () => {
    await tokens.markUsed('b'.repeat(64), minutesLater(10));
    clock = minutesLater(10);
    expect(await tokens.markUsed('b'.repeat(64), minutesLater(20))).toBe(true);
    clock = minutesLater(15);
    expect(await tokens.markUsed('b'.repeat(64), minutesLater(25))).toBe(false);
  });

  it('spends a token within the transaction it is given, undone with it', async () => {
    const rolledBack = database.writeEphemeral(async (trx) => {
      expect(await tokens.markUsed('c'.repeat(64), minutesLater(10), trx)).toBe(true);
      throw new Error('the caller refused');
    });
    await expect(rolledBack).rejects.toThrow('the caller refused');
    expect(await tokens.isUsed('c'.repeat(64))).toBe(false);
  });
});

describe('a renewed session', () => {
  it('stays alive for the idle time from its renewal', async () => {
    const session = await sessions.create();
    clock = minutesLater(20);
    await sessions.rotate(session);
    clock = minutesLater(45);
    expect(await sessions.load(session.id)).not.toBeNull();
  });

  it('is not renewed once it has ended', async () => {
    const session = await sessions.create();
    await sessions.destroy(session);
    await expect(sessions.rotate(session)).rejects.toBeInstanceOf(SessionTokenChangedError);
  });
});
