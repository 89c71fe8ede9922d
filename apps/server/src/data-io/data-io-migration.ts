import type { Kysely } from 'kysely';

/**
 * The migration of imports and exports run as jobs (db/migrations.ts, 2026-12-09-data-io):
 * - data_jobs: each import or export, its progress, its report or file, who started it;
 * - list_staging: the rows of a class or vehicle list being imported, keyed by job and row key,
 *   so that duplicates are found by the key and the list is merged into the live table in one
 *   statement, never half visible.
 */
export async function migrateDataIo(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_jobs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('mode', 'text')
    .addColumn('input', 'text', (column) => column.notNull())
    .addColumn('rows_done', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('rows_total', 'integer')
    .addColumn('rows_refused', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('applied', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('output_file', 'text')
    .addColumn('error', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('data_jobs_created_at')
    .on('data_jobs')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('list_staging')
    .addColumn('job_id', 'text', (column) => column.notNull())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('line', 'integer', (column) => column.notNull())
    .addColumn('pin_hash', 'text')
    .addColumn('data', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('list_staging_pk', ['job_id', 'key'])
    .execute();
}
