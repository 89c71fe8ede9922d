import { CLAIM_FORM_TYPES } from '@claims/core/admin/admin-api';
import type { Kysely } from 'kysely';
import type { ClaimHistoryTable } from '../../db/schema';
import { filingEvent } from './claim-history';
import { claimSearchColumns, type ClaimSearchColumns } from './claim-search';

/**
 * The migration that gives claims a lifecycle (db/migrations.ts, 2026-12-07-claim-lifecycle):
 * the status columns and the search columns on claims, the claim_history table, the queue's
 * indexes, and for every claim filed before it, its search columns and its filing event (it is
 * `received`). DocumentsUpload submissions get the search columns but no history: they are no
 * claims of their own.
 */

/** Claims read and written per batch, so a long claims table is not held in memory. */
const BATCH = 500;

interface LegacyClaim {
  id: string;
  form_type: string;
  identity: string;
  models: string;
  prepopulated_data: string;
  created_at: string;
}

type Legacy = Kysely<{
  claims: LegacyClaim & ClaimSearchColumns;
  claim_history: ClaimHistoryTable;
}>;

export async function migrateClaimLifecycle(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per statement.
  await db.schema
    .alterTable('claims')
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('received'))
    .execute();
  const columns = ['cure_by', 'appeal_by', 'claimant_name', 'search_name', 'search_email'];
  for (const name of [...columns, 'search_notice_id', 'search_vin']) {
    await db.schema.alterTable('claims').addColumn(name, 'text').execute();
  }
  await db.schema
    .createTable('claim_history')
    .addColumn('claim_id', 'text', (column) => column.notNull().references('claims.id'))
    .addColumn('sequence', 'integer', (column) => column.notNull())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('actor', 'text', (column) => column.notNull())
    .addColumn('actor_account_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('transition', 'text', (column) => column.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (column) => column.notNull())
    .addColumn('reason_codes', 'text', (column) => column.notNull())
    .addColumn('note', 'text')
    .addColumn('cure_by', 'text')
    .addColumn('appeal_by', 'text')
    .addPrimaryKeyConstraint('claim_history_pkey', ['claim_id', 'sequence'])
    .execute();

  // The queue: filtered by status or form type, sorted by filing date (the default order),
  // and searched by Notice ID or VIN (the reference code is unique already).
  const indexes: [string, string[]][] = [
    ['claims_queue_status', ['status', 'created_at']],
    ['claims_queue_form_type', ['form_type', 'created_at']],
    ['claims_created_at', ['created_at']],
    ['claims_search_notice_id', ['search_notice_id']],
    ['claims_search_vin', ['search_vin']],
  ];
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on('claims').columns(columns).execute();
  }

  await backfill(db as Legacy);
}

async function backfill(db: Legacy): Promise<void> {
  const claimForms: readonly string[] = CLAIM_FORM_TYPES;
  let after = '';
  for (;;) {
    const claims = await db
      .selectFrom('claims')
      .select(['id', 'form_type', 'identity', 'models', 'prepopulated_data', 'created_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (claims.length === 0) return;
    for (const claim of claims) {
      const columns = claimSearchColumns({
        identity: JSON.parse(claim.identity) as unknown,
        models: JSON.parse(claim.models) as unknown,
        prepopulatedData: JSON.parse(claim.prepopulated_data) as unknown,
      });
      await db.updateTable('claims').set(columns).where('id', '=', claim.id).execute();
    }
    const events = claims
      .filter((claim) => claimForms.includes(claim.form_type))
      .map((claim) => filingEvent(claim.id, claim.created_at));
    if (events.length > 0) await db.insertInto('claim_history').values(events).execute();
    after = claims[claims.length - 1]!.id;
  }
}
