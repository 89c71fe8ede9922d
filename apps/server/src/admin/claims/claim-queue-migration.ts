import type { Kysely } from 'kysely';

/**
 * The indexes that read claims a page at a time at a million claims (db/migrations.ts,
 * 2026-12-14-claim-reading-indexes):
 * - claims_filed (created_at, id): every claim in filing order, ties by id, as the queue's
 *   default order and an export's keyset pages (data-io/claims-export.ts) read them. It
 *   replaces claims_created_at (created_at), which it serves too.
 * - claims_queue_filter (status, form_type, created_at, id): the queue filtered by one status
 *   and one form type, counted from the index alone and read in filing order without a sort.
 */
export async function migrateClaimReadingIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('claims_filed').on('claims').columns(['created_at', 'id']).execute();
  await db.schema.dropIndex('claims_created_at').execute();
  await db.schema
    .createIndex('claims_queue_filter')
    .on('claims')
    .columns(['status', 'form_type', 'created_at', 'id'])
    .execute();
}
