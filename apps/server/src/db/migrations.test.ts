import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStore } from '../services/session-store';
import { openEmptyTestDatabase } from '../test/test-app';
import type { Database } from './schema';

let database: Awaited<ReturnType<typeof openEmptyTestDatabase>>;

beforeAll(async () => {
  database = await openEmptyTestDatabase();
});
afterAll(async () => database.close());

describe('the migration to one row per session key', () => {
  it('keeps the sessions in progress, with everything they held', async () => {
    const before = await database.migrator.migrateTo('2026-01-01-initial');
    expect(before.error).toBeUndefined();
    const authorization = {
      identity: { kind: 'classMember', noticeId: 'NW00000001' },
      prepopulatedData: { firstName: 'Ana' },
      authorizedAt: '2027-03-05T20:00:00.000Z',
      captchaPassHash: 'ab'.repeat(32),
    };
    const loginState = { value: 'state', expiresAt: '2027-03-05T20:10:00.000Z' };
    const legacy = database.db as Kysely<{ sessions: Record<string, string> }>;
    await legacy
      .insertInto('sessions')
      .values({
        // Sessions are stored under the SHA-256 of their cookie value.
        id: createHash('sha256').update('cookie').digest('hex'),
        data: JSON.stringify({
          authorizations: { Standard: authorization },
          culture: 'es',
          payPal: { loginState, verification: null },
        }),
        created_at: '2027-03-05T20:00:00.000Z',
        updated_at: '2027-03-05T20:00:00.000Z',
        expires_at: '2027-03-05T20:30:00.000Z',
      })
      .execute();
    const after = await database.migrator.migrateToLatest();
    expect(after.error).toBeUndefined();

    const db = database.db as Kysely<Database>;
    const store = new SessionStore(db, (work) => db.transaction().execute(work), {
      idleMinutes: 30,
      now: () => new Date('2027-03-05T20:05:00.000Z'),
    });
    const session = await store.load('cookie');
    expect(session?.data).toEqual({
      authorizations: { Standard: authorization },
      culture: 'es',
      payPal: { loginState, verification: null },
      filed: {},
    });
  });
});
