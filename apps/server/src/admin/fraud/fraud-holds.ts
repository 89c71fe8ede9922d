import { CLAIM_FORM_TYPES, type FraudDeduction } from '@claims/core/admin/admin-api';
import {
  UNDECIDED_STATUSES,
  type FraudHold,
  type FraudHoldsQuery,
  type FraudHoldsResponse,
} from '@claims/core/admin/fraud-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ClaimRow } from '../claims/claim-detail';
import { listedClaim, readPage } from '../claims/claim-list-page';

/**
 * The fraud queue (docs/behaviour.md#fraud-holds): claims whose assessment holds them, not yet
 * decided, whose hold no supervisor has released; lowest score first, the oldest of equal
 * scores first.
 */

/** The decision a release records in claim_fraud_reviews. */
export const RELEASED = 'released';

/** The held claims, joined to their assessment as `fraud`. */
export function heldClaims(db: Kysely<Database>) {
  return db
    .selectFrom('claims')
    .innerJoin('claim_fraud_assessments as fraud', 'fraud.claim_id', 'claims.id')
    .where('fraud.decision', '=', 'hold')
    .where('claims.form_type', 'in', CLAIM_FORM_TYPES)
    .where('claims.status', 'in', UNDECIDED_STATUSES)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('claim_fraud_reviews as review')
            .select('review.id')
            .whereRef('review.claim_id', '=', 'claims.id')
            .where('review.decision', '=', RELEASED),
        ),
      ),
    );
}

type HoldRow = ClaimRow & { fraud_score: number | string; fraud_deductions: string };

function toHold(row: HoldRow): FraudHold {
  const deductions = JSON.parse(row.fraud_deductions) as FraudDeduction[];
  return {
    ...listedClaim(row),
    score: Number(row.fraud_score),
    reasonCodes: deductions.map((deduction) => deduction.code),
  };
}

export async function listFraudHolds(
  db: Kysely<Database>,
  query: FraudHoldsQuery,
): Promise<FraudHoldsResponse> {
  const counted = await heldClaims(db)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const ordered = heldClaims(db)
    .selectAll('claims')
    .select(['fraud.score as fraud_score', 'fraud.deductions as fraud_deductions'])
    .orderBy('fraud.score', 'asc')
    .orderBy('claims.created_at', 'asc')
    .orderBy('claims.id', 'asc');
  return readPage(ordered, query, counted.total, (row) => toHold(row as HoldRow));
}
