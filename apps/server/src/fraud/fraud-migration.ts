import type { Kysely } from 'kysely';

/**
 * The migration that gives claims their fraud assessment (db/migrations.ts,
 * 2026-12-08-fraud-signals):
 * - claim_fraud_assessments: each claim's score, decision, deductions and the thresholds it was
 *   judged against, written when it is filed and again when a later claim joins its cluster;
 * - claim_fingerprints: the keys a claim is compared by (its member, VIN, name and address
 *   keys, the keyed hashes of its e-mail, phone and payout account, its address, network block
 *   and device), indexed so that finding the other claims sharing one is an index lookup;
 * - claim_fraud_signals: what was seen of the claim at submit alone (its fill time, the hidden
 *   field, its e-mail domain, its ZIP Code and state), kept so that it can be scored again.
 * Claims filed before it have no assessment.
 */
export async function migrateFraudSignals(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('claim_fraud_assessments')
    .addColumn('claim_id', 'text', (column) =>
      column.primaryKey().references('claims.id').onDelete('cascade'),
    )
    .addColumn('score', 'integer', (column) => column.notNull())
    .addColumn('decision', 'text', (column) => column.notNull())
    .addColumn('deductions', 'text', (column) => column.notNull())
    .addColumn('review_threshold', 'integer', (column) => column.notNull())
    .addColumn('hold_threshold', 'integer', (column) => column.notNull())
    .addColumn('assessed_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('claim_fraud_assessments_score')
    .on('claim_fraud_assessments')
    .columns(['score', 'claim_id'])
    .execute();

  await db.schema
    .createTable('claim_fingerprints')
    .addColumn('claim_id', 'text', (column) =>
      column.notNull().references('claims.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('filed_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('claim_fingerprints_pk', ['claim_id', 'kind', 'key'])
    .execute();
  await db.schema
    .createIndex('claim_fingerprints_kind_key')
    .on('claim_fingerprints')
    .columns(['kind', 'key', 'filed_at'])
    .execute();

  await db.schema
    .createTable('claim_fraud_signals')
    .addColumn('claim_id', 'text', (column) =>
      column.primaryKey().references('claims.id').onDelete('cascade'),
    )
    .addColumn('signals', 'text', (column) => column.notNull())
    .execute();
}
