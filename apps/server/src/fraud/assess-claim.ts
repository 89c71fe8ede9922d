import type { FraudSettings } from '@claims/core/fraud/config';
import { scoreCheckedSignals, scoreClaim, type FraudScore } from '@claims/core/fraud/score';
import { EVIDENCE_REFERENCES, type CheckedClaimSignals } from '@claims/core/fraud/signals';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Fingerprint, FingerprintKind, MatchKind, VelocityKind } from './claim-fingerprints';
import {
  countShared,
  fingerprintId,
  othersWith,
  readClaimFacts,
  writeAssessment,
  type SharedCount,
  type StoredClaimFacts,
} from './fraud-store';

/**
 * Scores a claim from its own signals and from the other claims it shares a fingerprint with,
 * as they stand now. At submission the signals are read before the transaction that files the
 * claim opens, and that transaction only writes (fraud-plugin.ts); the re-scoring job scores a
 * stored claim again when a later claim joins its cluster.
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
  /**
   * The fingerprint rows of other claims found sharing one of this claim's: a claim filed
   * after they were read, with one in common, changes the number.
   */
  shared: number;
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

/** The window of each velocity kind, in minutes, from the case's settings. */
function velocityWindows(settings: FraudSettings): Partial<Record<FingerprintKind, number>> {
  return Object.fromEntries(
    Object.entries(VELOCITY).map(([kind, { window }]) => [
      kind,
      settings.velocity[window].windowMinutes,
    ]),
  );
}

const MINUTE = 60_000;
const NOTHING_SHARED: SharedCount = { total: 0, before: 0, after: 0 };

/**
 * The signals of a claim with `facts` (`claimId` once it is stored, so as not to count it) and
 * the claims it joins: one read of the counts of every fingerprint, then, for each fingerprint
 * other claims share, the claims themselves.
 *
 * Velocity: the claims from one source within a window holding this claim, this claim
 * included, are the larger count of the window that ends with it and the one that starts with
 * it. At filing, only the first has claims; scored again later, a burst that followed the
 * claim counts too. The signals are checked before they are scored (scoreClaim): stored facts
 * may have been written by an earlier release.
 */
export async function assessFacts(
  db: Kysely<Database>,
  facts: StoredClaimFacts,
  settings: FraudSettings,
  claimId?: string,
): Promise<Assessment> {
  return assess(db, facts, settings, claimId, scoreClaim);
}

/**
 * assessFacts for a claim being filed, its facts computed now by this server
 * (claim-fingerprints.ts filingFacts): the signals it builds from them are scored without being
 * checked again. Stored facts, which an earlier release may have written, go through
 * assessFacts.
 */
export async function assessFiling(
  db: Kysely<Database>,
  facts: StoredClaimFacts,
  settings: FraudSettings,
): Promise<Assessment> {
  return assess(db, facts, settings, undefined, scoreCheckedSignals);
}

async function assess(
  db: Kysely<Database>,
  facts: StoredClaimFacts,
  settings: FraudSettings,
  claimId: string | undefined,
  score: (signals: CheckedClaimSignals, settings: FraudSettings) => FraudScore,
): Promise<Assessment> {
  const { filedAt } = facts;
  const counts = await countShared(db, facts.fingerprints, {
    filedAt,
    windowMinutes: velocityWindows(settings),
    claimId,
  });
  const signals: CheckedClaimSignals = { ...facts.own };
  const cluster = new Set<string>();
  let shared = 0;
  for (const fingerprint of facts.fingerprints) {
    const count = counts.get(fingerprintId(fingerprint)) ?? NOTHING_SHARED;
    shared += count.total;
    if (isVelocityKind(fingerprint.kind)) {
      const { signal, window } = VELOCITY[fingerprint.kind];
      const windowSettings = settings.velocity[window];
      const claims = 1 + Math.max(count.before, count.after);
      signals[signal] = { claims, source: sourceLabel(fingerprint) };
      if (claims > windowSettings.allowedClaims) {
        const range = {
          from: new Date(filedAt.getTime() - windowSettings.windowMinutes * MINUTE),
          to: filedAt,
        };
        const earlier = await othersWith(db, claimId, fingerprint, {
          range,
          first: 'newest',
          limit: RESCORE_LIMIT,
        });
        for (const other of earlier) cluster.add(other.claimId);
      }
      continue;
    }
    if (count.total === 0) continue;
    // Up to RESCORE_LIMIT others, one read lists them all, the first filed first.
    const all = count.total <= RESCORE_LIMIT;
    const first = await othersWith(db, claimId, fingerprint, {
      first: 'oldest',
      limit: all ? RESCORE_LIMIT : EVIDENCE_REFERENCES,
    });
    const last = all
      ? first
      : await othersWith(db, claimId, fingerprint, { first: 'newest', limit: RESCORE_LIMIT });
    const references = first.slice(0, EVIDENCE_REFERENCES).map((other) => other.referenceCode);
    // Two reads: on PostgreSQL a claim committed between them may be listed without being
    // counted, so the count is never less than the claims listed.
    const matches = { count: Math.max(count.total, first.length), references };
    const keyed = KEYED_MATCHES[fingerprint.kind];
    const hashed = HASHED_MATCHES[fingerprint.kind];
    if (keyed !== undefined) signals[keyed] = { key: fingerprint.key, ...matches };
    if (hashed !== undefined) signals[hashed] = matches;
    for (const other of last) cluster.add(other.claimId);
  }
  return { score: score(signals, settings), cluster, shared };
}

/**
 * Every claim this stored one shares a fingerprint with (the most recent RESCORE_LIMIT per
 * fingerprint), those of its velocity sources within a window before or after it included: the
 * claims whose signals it may be missing from, when it was filed at the same moment as one of
 * them or its own signals could not be read.
 */
export async function relatedClaims(
  db: Kysely<Database>,
  claimId: string,
  settings: FraudSettings,
): Promise<Set<string>> {
  const facts = await readClaimFacts(db, claimId);
  const related = new Set<string>();
  if (facts === undefined) return related;
  const at = facts.filedAt.getTime();
  for (const fingerprint of facts.fingerprints) {
    const minutes = isVelocityKind(fingerprint.kind)
      ? settings.velocity[VELOCITY[fingerprint.kind].window].windowMinutes
      : undefined;
    const range =
      minutes === undefined
        ? undefined
        : { from: new Date(at - minutes * MINUTE), to: new Date(at + minutes * MINUTE) };
    const others = await othersWith(db, claimId, fingerprint, {
      ...(range === undefined ? {} : { range }),
      first: 'newest',
      limit: RESCORE_LIMIT,
    });
    for (const other of others) related.add(other.claimId);
  }
  return related;
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
  const assessment = await assessFacts(db, facts, settings, claimId);
  await writeAssessment(db, claimId, assessment.score, settings, now);
  return assessment;
}
