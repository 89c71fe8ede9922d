import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import type { Database } from './schema';

describe.runIf(process.env.TEST_DB !== 'postgres')('batched ephemeral writes on SQLite', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  /** A second connection to the same file: it sees only what has been committed. */
  let reader: SQLite.Database;

  beforeAll(async () => {
    database = await openTestDatabase();
    // A reference checked at commit (deferred), so a write can make its batch's commit fail.
    await sql`create table test_deferred (
        claim_id text references claims (id) deferrable initially deferred
      )`.execute(database.db);
    reader = new SQLite(path.join(database.dataDir, 'claims.sqlite'), { readonly: true });
  });
  afterAll(async () => {
    reader.close();
    await database.close();
  });

  const record = (hash: string) => (trx: Transaction<Database>) =>
    trx
      .insertInto('used_captcha_tokens')
      .values({ token_hash: hash, expires_at: '2999-01-01T00:00:00.000Z' })
      .execute();

  /** How many of this token another connection sees: what has been committed. */
  const committed = (hash: string) =>
    (
      reader
        .prepare('select count(*) as n from used_captcha_tokens where token_hash = ?')
        .get(hash) as { n: number }
    ).n;

  it('runs the writes that arrive together in one transaction', async () => {
    let seenByOthers: unknown;
    await Promise.all([
      database.writeEphemeral(record('together-1')),
      database.writeEphemeral(async (trx) => {
        seenByOthers = committed('together-1');
        await record('together-2')(trx);
      }),
    ]);
    expect(seenByOthers).toBe(0);
    expect(committed('together-1')).toBe(1);
    expect(committed('together-2')).toBe(1);
  });

  it('answers a write only once its batch has committed', async () => {
    const seenWhenAnswered = await Promise.all([
      database.writeEphemeral(record('answered-1')).then(() => committed('answered-2')),
      database.writeEphemeral(record('answered-2')).then(() => committed('answered-1')),
    ]);
    expect(seenWhenAnswered).toEqual([1, 1]);
  });

  it('undoes only the writes of the one that fails, and commits the others of its batch', async () => {
    const outcomes = await Promise.allSettled([
      database.writeEphemeral(record('beside-failure-1')),
      database.writeEphemeral(async (trx) => {
        await record('failed-write')(trx);
        throw new Error('the write failed');
      }),
      database.writeEphemeral(record('beside-failure-2')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(outcomes[1]).toMatchObject({ reason: new Error('the write failed') });
    expect(committed('failed-write')).toBe(0);
    expect(committed('beside-failure-1')).toBe(1);
    expect(committed('beside-failure-2')).toBe(1);
  });

  it('answers every write of a batch whose commit fails with its error, and stores none', async () => {
    const outcomes = await Promise.allSettled([
      database.writeEphemeral(record('failed-batch-1')),
      database.writeEphemeral((trx) =>
        sql`insert into test_deferred (claim_id) values ('no such claim')`.execute(trx),
      ),
      database.writeEphemeral(record('failed-batch-2')),
    ]);
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({
        status: 'rejected',
        reason: { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' },
      });
    }
    expect(committed('failed-batch-1')).toBe(0);
    expect(committed('failed-batch-2')).toBe(0);
  });

  it('puts a write that arrives while a batch runs in the next batch', async () => {
    let later: Promise<unknown> | undefined;
    let seenByLater: unknown;
    await database.writeEphemeral(async (trx) => {
      later = database.writeEphemeral(async () => {
        seenByLater = committed('first-batch');
      });
      await record('first-batch')(trx);
    });
    await later;
    expect(seenByLater).toBe(1);
  });
});
