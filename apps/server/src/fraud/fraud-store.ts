import type { FraudDeduction } from '@claims/core/admin/admin-api';
import type { FraudSettings } from '@claims/core/fraud/config';
import type { FraudScore } from '@claims/core/fraud/score';
import { reasonCodeDefinition } from '@claims/core/fraud/signals';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Fingerprint, FingerprintKind, OwnSignals } from './claim-fingerprints';

/**
 * The fraud tables (fraud/fraud-migration.ts): a claim's fingerprints and own signals, written
 * once when it is filed, and its assessment, written then and whenever it is scored again.
 */

/** A claim as scoring reads it back. */
export interface StoredClaimFacts {
  filedAt: Date;
  fingerprints: Fingerprint[];
  own: OwnSignals;
}

/** Another claim sharing a fingerprint. */
export interface OtherClaim {
  claimId: string;
  referenceCode: string;
  filedAt: string;
}

export async function writeClaimFacts(
  db: Kysely<Database>,
  claimId: string,
  filedAt: Date,
  fingerprints: readonly Fingerprint[],
  own: OwnSignals,
): Promise<void> {
  if (fingerprints.length > 0) {
    await db
      .insertInto('claim_fingerprints')
      .values(
        fingerprints.map(({ kind, key }) => ({
          claim_id: claimId,
          kind,
          key,
          filed_at: filedAt.toISOString(),
        })),
      )
      .execute();
  }
  await db
    .insertInto('claim_fraud_signals')
    .values({ claim_id: claimId, signals: JSON.stringify(own) })
    .execute();
}

/**
 * Replaces a claim's fingerprint of one kind (a payout account the claimant changed): the old
 * one goes, the new one, if any, is kept with the claim's filing time.
 */
export async function replaceFingerprint(
  db: Kysely<Database>,
  claimId: string,
  kind: FingerprintKind,
  fingerprint: Fingerprint | undefined,
  filedAt: string,
): Promise<void> {
  await db
    .deleteFrom('claim_fingerprints')
    .where('claim_id', '=', claimId)
    .where('kind', '=', kind)
    .execute();
  if (fingerprint === undefined) return;
  await db
    .insertInto('claim_fingerprints')
    .values({ claim_id: claimId, kind, key: fingerprint.key, filed_at: filedAt })
    .execute();
}

/** The claim's stored fingerprints and own signals; undefined for a claim never assessed. */
export async function readClaimFacts(
  db: Kysely<Database>,
  claimId: string,
): Promise<StoredClaimFacts | undefined> {
  const signals = await db
    .selectFrom('claim_fraud_signals')
    .innerJoin('claims', 'claims.id', 'claim_fraud_signals.claim_id')
    .select(['claim_fraud_signals.signals', 'claims.created_at'])
    .where('claim_fraud_signals.claim_id', '=', claimId)
    .executeTakeFirst();
  if (signals === undefined) return undefined;
  const rows = await db
    .selectFrom('claim_fingerprints')
    .select(['kind', 'key'])
    .where('claim_id', '=', claimId)
    .execute();
  return {
    filedAt: new Date(signals.created_at),
    fingerprints: rows.map((row) => ({ kind: row.kind as FingerprintKind, key: row.key })),
    own: JSON.parse(signals.signals) as OwnSignals,
  };
}

/** Filing times from `from` to `to`, both included. */
export interface TimeRange {
  from: Date;
  to: Date;
}

function othersQuery(
  db: Kysely<Database>,
  claimId: string,
  fingerprint: Fingerprint,
  range: TimeRange | undefined,
) {
  let query = db
    .selectFrom('claim_fingerprints')
    .where('claim_fingerprints.kind', '=', fingerprint.kind)
    .where('claim_fingerprints.key', '=', fingerprint.key)
    .where('claim_fingerprints.claim_id', '!=', claimId);
  if (range !== undefined) {
    query = query
      .where('claim_fingerprints.filed_at', '>=', range.from.toISOString())
      .where('claim_fingerprints.filed_at', '<=', range.to.toISOString());
  }
  return query;
}

/** How many other claims have this fingerprint, within `range` when given. */
export async function countOthersWith(
  db: Kysely<Database>,
  claimId: string,
  fingerprint: Fingerprint,
  range?: TimeRange,
): Promise<number> {
  const row = await othersQuery(db, claimId, fingerprint, range)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Up to `limit` other claims with this fingerprint, within `range` when given: the first filed
 * (the evidence) or the last (the claims to score again).
 */
export async function othersWith(
  db: Kysely<Database>,
  claimId: string,
  fingerprint: Fingerprint,
  options: { range?: TimeRange; first: 'oldest' | 'newest'; limit: number },
): Promise<OtherClaim[]> {
  const direction = options.first === 'oldest' ? 'asc' : 'desc';
  const rows = await othersQuery(db, claimId, fingerprint, options.range)
    .innerJoin('claims', 'claims.id', 'claim_fingerprints.claim_id')
    .select(['claims.id', 'claims.reference_code', 'claim_fingerprints.filed_at'])
    .orderBy('claim_fingerprints.filed_at', direction)
    .orderBy('claims.reference_code', direction)
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    claimId: row.id,
    referenceCode: row.reference_code,
    filedAt: row.filed_at,
  }));
}

/** The deductions as the console reads them: each with its reason in words. */
export function storedDeductions(score: FraudScore): FraudDeduction[] {
  return score.deductions.map((deduction) => ({
    code: deduction.code,
    reason: reasonCodeDefinition(deduction.code).description.en,
    points: deduction.points,
    evidence: deduction.evidence,
  }));
}

/** Writes the claim's assessment, replacing the one before. */
export async function writeAssessment(
  db: Kysely<Database>,
  claimId: string,
  score: FraudScore,
  settings: FraudSettings,
  assessedAt: Date,
): Promise<void> {
  const values = {
    score: score.score,
    decision: score.decision,
    deductions: JSON.stringify(storedDeductions(score)),
    review_threshold: settings.reviewThreshold,
    hold_threshold: settings.holdThreshold,
    assessed_at: assessedAt.toISOString(),
  };
  await db
    .insertInto('claim_fraud_assessments')
    .values({ claim_id: claimId, ...values })
    .onConflict((conflict) => conflict.column('claim_id').doUpdateSet(values))
    .execute();
}
