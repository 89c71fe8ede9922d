import type { Kysely } from 'kysely';

/**
 * The migration of fraud reviews (db/migrations.ts, 2026-12-12-fraud-reviews): the append-only
 * claim_fraud_reviews, one row per supervisor's decision on a claim's fraud hold (a release),
 * with who made it, when and why. Rows are never changed or removed; the claim's assessment is
 * left as it was.
 */
export async function migrateFraudReviews(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('claim_fraud_reviews')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('claim_id', 'text', (column) =>
      column.notNull().references('claims.id').onDelete('cascade'),
    )
    .addColumn('decision', 'text', (column) => column.notNull())
    .addColumn('account_id', 'text', (column) => column.notNull())
    .addColumn('actor_email', 'text', (column) => column.notNull())
    .addColumn('note', 'text', (column) => column.notNull())
    .addColumn('reviewed_at', 'text', (column) => column.notNull())
    .execute();
  // One decision of a kind per claim: of two supervisors releasing at once, one is told the
  // other already did.
  await db.schema
    .createIndex('claim_fraud_reviews_claim_decision')
    .on('claim_fraud_reviews')
    .columns(['claim_id', 'decision'])
    .unique()
    .execute();
}
