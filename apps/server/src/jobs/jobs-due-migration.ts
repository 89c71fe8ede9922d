import { sql, type Kysely, type SqlBool } from 'kysely';

/**
 * The index the SQLite job store finds due jobs by (db/migrations.ts, 2026-12-16-jobs-due):
 * jobs waiting or to retry, in the order they run (run_after, then created_at). The index by
 * (state, run_after) it replaces for that read holds two ranges, one per state, which SQLite
 * merges with a sort of every due job on each poll: some 20 ms at 200,000 due jobs, as a
 * surge of receipts can leave waiting for the mail server. Through this one a poll reads its
 * first few jobs and stops. Partial, so jobs done or dead, the most of the table, are not in
 * it. On PostgreSQL, where pg-boss keeps the jobs, the table and this index stay empty.
 */
export async function migrateJobsDueIndex(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('jobs_due')
    .on('jobs')
    .columns(['run_after', 'created_at'])
    .where(sql<SqlBool>`state in ('waiting', 'retry')`)
    .execute();
}
