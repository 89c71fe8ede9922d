import {
  CLUSTER_KEYS,
  MAX_CLUSTER_CLAIMS,
  type ClusterClaim,
  type ClusterKey,
} from '@claims/core/admin/fraud-api';
import type { FraudDecision } from '@claims/core/fraud/score';
import type { ClaimStatus } from '@claims/core/lifecycle/transitions';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { claimsSharing, readClaimFacts } from '../../fraud/fraud-store';

/**
 * A claim's cluster: the other claims sharing one of its keys (CLUSTER_KEYS), found as scoring
 * finds them (fraud/fraud-store.ts), most recently filed first, each with the keys it shares.
 */

/** Fingerprint rows read at most: enough for every listed claim to share every key. */
const MAX_ROWS = MAX_CLUSTER_CLAIMS * CLUSTER_KEYS.length;

export interface Cluster {
  claims: ClusterClaim[];
  truncated: boolean;
}

const isClusterKey = (kind: string): kind is ClusterKey =>
  (CLUSTER_KEYS as readonly string[]).includes(kind);

export async function readCluster(db: Kysely<Database>, claimId: string): Promise<Cluster> {
  const facts = await readClaimFacts(db, claimId);
  const mine = (facts?.fingerprints ?? []).filter((fingerprint) => isClusterKey(fingerprint.kind));
  const rows = await claimsSharing(db, claimId, mine, MAX_ROWS);
  const shared = new Map<string, Set<ClusterKey>>();
  for (const row of rows) {
    const keys = shared.get(row.claimId) ?? new Set<ClusterKey>();
    keys.add(row.kind as ClusterKey);
    shared.set(row.claimId, keys);
  }
  const ids = [...shared.keys()].slice(0, MAX_CLUSTER_CLAIMS);
  const truncated = shared.size > MAX_CLUSTER_CLAIMS || rows.length === MAX_ROWS;
  if (ids.length === 0) return { claims: [], truncated };
  const claims = await db
    .selectFrom('claims')
    .leftJoin('claim_fraud_assessments as fraud', 'fraud.claim_id', 'claims.id')
    .select([
      'claims.id',
      'claims.reference_code',
      'claims.status',
      'claims.created_at',
      'claims.claimant_name',
      'fraud.score',
      'fraud.decision',
    ])
    .where('claims.id', 'in', ids)
    .orderBy('claims.created_at', 'desc')
    .orderBy('claims.id', 'asc')
    .execute();
  return {
    claims: claims.map((claim) => ({
      id: claim.id,
      referenceCode: claim.reference_code,
      status: claim.status as ClaimStatus,
      filedAt: claim.created_at,
      claimantName: claim.claimant_name,
      fraudScore: claim.score === null ? null : Number(claim.score),
      fraudDecision: claim.decision as FraudDecision | null,
      shared: CLUSTER_KEYS.filter((key) => shared.get(claim.id)?.has(key)),
    })),
    truncated,
  };
}
