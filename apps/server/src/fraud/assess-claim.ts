import type { FraudSettings } from '@claims/core/fraud/config';
import { scoreClaim, type FraudScore } from '@claims/core/fraud/score';
import {
  EVIDENCE_REFERENCES,
  type ClaimSignals,
  type VelocityWindow,
} from '@claims/core/fraud/signals';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Fingerprint, MatchKind, VelocityKind } from './claim-fingerprints';
import {
  countOthersWith,
  othersWith,
  readClaimFacts,
  writeAssessment,
  type StoredClaimFacts,
  type TimeRange,
} from './fraud-store';

/**
 * Scores a stored claim from its own signals and from the other claims it shares a fingerprint
 * with, as they stand now, and writes its assessment. Run in the transaction that files the
 * claim, and again by the re-scoring job when a later claim joins its cluster.
 */

type VelocitySignal = 'ipAddressVelocity' | 'ipNetworkVelocity' | 'deviceVelocity';
type KeyedMatchSignal = 'memberMatches' | 'vinMatches' | 'nameMatches' | 'addressMatches';
type HashedMatchSignal = 'emailMatches' | 'phoneMatches' | 'payoutAccountMatches';

const VELOCITY: Record<
  VelocityKind,
  { signal: VelocitySignal; window: keyof FraudSettings['velocity'] }
> = {
  ip: { signal: 'ipAddressVelocity', window: 'ipAddress' },
  network: { signal: 'ipNetworkVelocity', window: 'ipNetwork' },
  device: { signal: 'deviceVelocity', window: 'device' },
};

/** The match signals whose evidence shows the key, and those kept as keyed hashes. */
const KEYED_MATCHES: Partial<Record<MatchKind, KeyedMatchSignal>> = {
  member: 'memberMatches',
  vin: 'vinMatches',
  name: 'nameMatches',
  address: 'addressMatches',
};
const HASHED_MATCHES: Partial<Record<MatchKind, HashedMatchSignal>> = {
  email: 'emailMatches',
  phone: 'phoneMatches',
  payout: 'payoutAccountMatches',
};

export interface Assessment {
  score: FraudScore;
  /** The earlier claims this one shares a fingerprint with, or was counted with for velocity. */
  cluster: Set<string>;
}

function isVelocityKind(kind: string): kind is VelocityKind {
  return Object.hasOwn(VELOCITY, kind);
}

/** A short label of a device fingerprint, for the evidence. */
function sourceLabel(fingerprint: Fingerprint): string {
  return fingerprint.kind === 'device' ? fingerprint.key.slice(0, 8) : fingerprint.key;
}

/**
 * Earlier claims scored again when a later one joins them, per fingerprint: the most recent.
 * An older claim sharing a value with this many others already takes the code's full points.
 */
export const RESCORE_LIMIT = 100;

/**
 * Claims from one source within a window holding this claim: the larger count of the window
 * that ends with it and the one that starts with it, this claim included. At filing, only the
 * first has claims; scored again later, a burst that followed the claim counts too.
 */
async function velocity(
  db: Kysely<Database>,
  claimId: string,
  filedAt: Date,
  fingerprint: Fingerprint,
  window: VelocityWindow,
): Promise<{ claims: number; earlier: TimeRange }> {
  const span = window.windowMinutes * 60_000;
  const earlier = { from: new Date(filedAt.getTime() - span), to: filedAt };
  const later = { from: filedAt, to: new Date(filedAt.getTime() + span) };
  const before = await countOthersWith(db, claimId, fingerprint, earlier);
  const after = await countOthersWith(db, claimId, fingerprint, later);
  return { claims: 1 + Math.max(before, after), earlier };
}

async function addToCluster(
  cluster: Set<string>,
  db: Kysely<Database>,
  claimId: string,
  fingerprint: Fingerprint,
  range?: TimeRange,
): Promise<void> {
  const others = await othersWith(db, claimId, fingerprint, {
    ...(range === undefined ? {} : { range }),
    first: 'newest',
    limit: RESCORE_LIMIT,
  });
  for (const other of others) cluster.add(other.claimId);
}

async function gatherSignals(
  db: Kysely<Database>,
  claimId: string,
  facts: StoredClaimFacts,
  settings: FraudSettings,
): Promise<{ signals: ClaimSignals; cluster: Set<string> }> {
  const signals: ClaimSignals = { ...facts.own };
  const cluster = new Set<string>();
  for (const fingerprint of facts.fingerprints) {
    if (isVelocityKind(fingerprint.kind)) {
      const { signal, window } = VELOCITY[fingerprint.kind];
      const windowSettings = settings.velocity[window];
      const found = await velocity(db, claimId, facts.filedAt, fingerprint, windowSettings);
      signals[signal] = { claims: found.claims, source: sourceLabel(fingerprint) };
      if (found.claims > windowSettings.allowedClaims) {
        await addToCluster(cluster, db, claimId, fingerprint, found.earlier);
      }
      continue;
    }
    const count = await countOthersWith(db, claimId, fingerprint);
    if (count === 0) continue;
    const first = await othersWith(db, claimId, fingerprint, {
      first: 'oldest',
      limit: EVIDENCE_REFERENCES,
    });
    const references = first.map((other) => other.referenceCode);
    // Two reads: on PostgreSQL a claim committed between them may be listed without being
    // counted, so the count is never less than the claims listed.
    const matches = { count: Math.max(count, references.length), references };
    const keyed = KEYED_MATCHES[fingerprint.kind];
    const hashed = HASHED_MATCHES[fingerprint.kind];
    if (keyed !== undefined) signals[keyed] = { key: fingerprint.key, ...matches };
    if (hashed !== undefined) signals[hashed] = matches;
    await addToCluster(cluster, db, claimId, fingerprint);
  }
  return { signals, cluster };
}

/**
 * Scores the stored claim with `settings` and writes its assessment; undefined (and nothing
 * written) for a claim whose signals were never recorded.
 */
export async function assessStoredClaim(
  db: Kysely<Database>,
  claimId: string,
  settings: FraudSettings,
  now: Date,
): Promise<Assessment | undefined> {
  const facts = await readClaimFacts(db, claimId);
  if (facts === undefined) return undefined;
  const { signals, cluster } = await gatherSignals(db, claimId, facts, settings);
  const score = scoreClaim(signals, settings);
  await writeAssessment(db, claimId, score, settings, now);
  return { score, cluster };
}
