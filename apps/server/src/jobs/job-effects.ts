import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Records `key` and runs `work` in one transaction, unless `key` was recorded already. On
 * PostgreSQL a second run racing the first waits on the key's unique index and then finds it
 * recorded; on SQLite transactions take turns on the one connection.
 */
export async function runOnce(
  db: Kysely<Database>,
  key: string,
  work: (trx: Transaction<Database>) => Promise<void>,
  now: Date = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('job_effects')
      .values({ key, done_at: now.toISOString() })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    if (recorded.numInsertedOrUpdatedRows === 0n) return false;
    await work(trx);
    return true;
  });
}

/**
 * Runs `work` unless `key` is recorded, then records it. `work` runs outside any transaction:
 * on SQLite a transaction holds the server's only connection, so a slow SMTP server would stall
 * every request.
 */
export async function runOnceExternal(
  db: Kysely<Database>,
  key: string,
  work: () => Promise<void>,
  now: () => Date = () => new Date(),
): Promise<boolean> {
  const recorded = await db
    .selectFrom('job_effects')
    .select('key')
    .where('key', '=', key)
    .executeTakeFirst();
  if (recorded !== undefined) return false;
  await work();
  await db
    .insertInto('job_effects')
    .values({ key, done_at: now().toISOString() })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  return true;
}

/** Forgets effects recorded before `before`: their jobs are long finished. */
export async function purgeEffects(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('job_effects').where('done_at', '<', before.toISOString()).execute();
}
