import { existsSync } from 'node:fs';
import { copyFile, rm } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import type { Database } from './schema';

let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

/** How the connection running `executor` waits for commits: SQLite's synchronous level or PostgreSQL's synchronous_commit. */
async function commitDurability(executor: Kysely<Database>): Promise<string> {
  if (database.kind === 'sqlite') {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(executor);
    return ['off', 'normal', 'full', 'extra'][rows[0]?.synchronous ?? -1] ?? 'unknown';
  }
  const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(
    executor,
  );
  return rows[0]?.synchronous_commit ?? 'unknown';
}

const token = (hash: string) =>
  database.db
    .selectFrom('used_captcha_tokens')
    .select('token_hash')
    .where('token_hash', '=', hash)
    .executeTakeFirst();

describe('ephemeral writes', () => {
  it('commit without waiting for the disk', async () => {
    const inside = await database.writeEphemeral((trx) => commitDurability(trx));
    expect(inside).toBe(database.kind === 'sqlite' ? 'normal' : 'off');
  });

  it('leave every other write waiting for the disk', async () => {
    await database.writeEphemeral((trx) => commitDurability(trx));
    const expected = database.kind === 'sqlite' ? 'full' : 'on';
    expect(await commitDurability(database.db)).toBe(expected);
    expect(await database.db.transaction().execute((trx) => commitDurability(trx))).toBe(expected);
  });

  it('commit what the work wrote', async () => {
    await database.writeEphemeral((trx) =>
      trx
        .insertInto('used_captcha_tokens')
        .values({ token_hash: 'kept', expires_at: '2999-01-01T00:00:00.000Z' })
        .execute(),
    );
    expect(await token('kept')).toEqual({ token_hash: 'kept' });
  });

  it('roll back everything the work wrote when it fails', async () => {
    const failing = database.writeEphemeral(async (trx) => {
      await trx
        .insertInto('used_captcha_tokens')
        .values({ token_hash: 'rolled-back', expires_at: '2999-01-01T00:00:00.000Z' })
        .execute();
      throw new Error('the work failed');
    });
    await expect(failing).rejects.toThrow('the work failed');
    expect(await token('rolled-back')).toBeUndefined();
    expect(await commitDurability(database.db)).toBe(database.kind === 'sqlite' ? 'full' : 'on');
  });
});

describe('a lost PostgreSQL connection', () => {
  it.runIf(process.env.TEST_DB === 'postgres')(
    'is reported and replaced, not fatal, when the database ends an idle connection',
    async () => {
      const errors: Error[] = [];
      const own = await openTestDatabase({ onConnectionError: (error) => errors.push(error) });
      try {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(own.db);
        const pid = rows[0]?.pid;
        await sql`select pg_terminate_backend(${pid})`.execute(database.db);
        await expect.poll(() => errors.length).toBeGreaterThan(0);
        const after = await sql<{ one: number }>`select 1 as one`.execute(own.db);
        expect(after.rows[0]?.one).toBe(1);
      } finally {
        await own.close();
      }
    },
  );
});

describe('the shared sync of committed writes', () => {
  it('resolves for every caller once the writes committed before it are synced', async () => {
    await Promise.all(
      ['synced-1', 'synced-2', 'synced-3'].map((hash) =>
        database.writeEphemeral((trx) =>
          trx
            .insertInto('used_captcha_tokens')
            .values({ token_hash: hash, expires_at: '2999-01-01T00:00:00.000Z' })
            .execute(),
        ),
      ),
    );
    await expect(
      Promise.all([database.syncCommitted(), database.syncCommitted()]),
    ).resolves.toEqual([undefined, undefined]);
    expect(await token('synced-3')).toEqual({ token_hash: 'synced-3' });
  });
});

describe.runIf(process.env.TEST_DB !== 'postgres')('SQLite checkpoints', () => {
  it('end with the database: once destroyed, its last connection has closed and removed the WAL', async () => {
    const own = await openTestDatabase();
    try {
      await own.writeEphemeral((trx) =>
        trx
          .insertInto('used_captcha_tokens')
          .values({ token_hash: 'closing', expires_at: '2999-01-01T00:00:00.000Z' })
          .execute(),
      );
      // A claim's sync starts the checkpoint thread, with a connection of its own.
      await own.syncCommitted();
      await own.db.destroy();
      expect(existsSync(path.join(own.dataDir, 'claims.sqlite-wal'))).toBe(false);
    } finally {
      await rm(own.dataDir, { recursive: true, force: true });
    }
  });

  it('copy committed writes into the database file from a thread of their own', async () => {
    await database.writeEphemeral((trx) =>
      trx
        .insertInto('used_captcha_tokens')
        .values({ token_hash: 'checkpointed', expires_at: '2999-01-01T00:00:00.000Z' })
        .execute(),
    );
    await database.syncCommitted();
    // The database file alone, without its WAL, holds the row once a checkpoint has run: a
    // handful of pages never reaches SQLite's own automatic checkpoint.
    const copy = path.join(database.dataDir, 'copy.sqlite');
    const inFile = async () => {
      await copyFile(path.join(database.dataDir, 'claims.sqlite'), copy);
      const file = new SQLite(copy, { readonly: true });
      try {
        return file
          .prepare('select token_hash from used_captcha_tokens where token_hash = ?')
          .get('checkpointed');
      } finally {
        file.close();
      }
    };
    await vi.waitFor(async () => expect(await inFile()).toEqual({ token_hash: 'checkpointed' }), {
      timeout: 5000,
      interval: 100,
    });
  });
});
