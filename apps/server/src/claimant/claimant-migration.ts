import type { Kysely } from 'kysely';

/**
 * The migration of the claimant's acts after filing (db/migrations.ts,
 * 2026-12-11-claimant-after-filing): address_changes, each new mailing address a claimant gave
 * for a claim, append-only (claimant/address-change.ts says why it is a table of its own).
 */
export async function migrateClaimantAfterFiling(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('address_changes')
    .addColumn('claim_id', 'text', (column) => column.notNull().references('claims.id'))
    .addColumn('sequence', 'integer', (column) => column.notNull())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('authorized_by', 'text', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('address_changes_pk', ['claim_id', 'sequence'])
    .execute();
}

/**
 * The migration of the payout changes (db/migrations.ts, 2026-12-13-claimant-payout-changes):
 * payout_changes, each new payout election a claimant made for a claim on Check Claim Status,
 * append-only, its details as the claimant was shown them (masked; claimant/payout-change.ts).
 */
export async function migrateClaimantPayoutChanges(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payout_changes')
    .addColumn('claim_id', 'text', (column) => column.notNull().references('claims.id'))
    .addColumn('sequence', 'integer', (column) => column.notNull())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('method', 'text', (column) => column.notNull())
    .addColumn('details', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('payout_changes_pk', ['claim_id', 'sequence'])
    .execute();
}
