import type { FraudDeduction } from '@claims/core/admin/admin-api';
import type { FraudSettings } from '@claims/core/fraud/config';
import { networkBlock } from '@claims/core/fraud/network';
import type { FraudScore } from '@claims/core/fraud/score';
import { reasonCodeDefinition } from '@claims/core/fraud/signals';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseKind } from '../db/database';
import { PreparedStatements } from '../db/prepared-statements';
import type { Database } from '../db/schema';
import {
  FINGERPRINT_KINDS,
  type Fingerprint,
  type FingerprintKind,
  type OwnSignals,
} from './claim-fingerprints';

/**
 * The fraud tables (fraud/fingerprint-keys-migration.ts): a claim's facts (its own signals and
 * fingerprints) and its fingerprint keys, written once when it is filed, and its assessment,
 * written then and whenever it is scored again. The statements run for every claim filed are
 * written in SQL (Kysely's sql template) and compiled once per shape (db/prepared-statements.ts),
 * then run with each claim's values.
 *
 * What a claim's transaction writes is kept small, since on SQLite each page it changes is
 * written again at commit: the keys live in one B-tree ordered by (kind, key, filed_at,
 * claim_id) (WITHOUT ROWID on SQLite), so a claim adds one entry per key and every count is a
 * range of it; a claim's own fingerprints are read from its facts, so no index by claim is kept;
 * the member and the VIN are found through the claims' own indexes (claims_search_notice_id,
 * claims_search_vin), and the network block through the `ip` keys, which start with it.
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

/** Kinds found through a column of the claims, indexed at filing: no key of their own. */
const CLAIM_COLUMNS: Partial<Record<FingerprintKind, 'search_notice_id' | 'search_vin'>> = {
  member: 'search_notice_id',
  vin: 'search_vin',
};

/**
 * An `ip` key is its network block, this separator and the address, so the addresses of one
 * block are the keys from `block|` to before `block}` (the next code point): keys compare as
 * bytes (SQLite's BINARY collation; "C" on PostgreSQL).
 */
const BLOCK_SEPARATOR = '|';
const AFTER_BLOCK_SEPARATOR = '}';

/**
 * The stored keys of the addresses seen last: a claim's is needed by each statement of its
 * fraud step (its counts, its keys, its holders), and its network block is parsed out of it
 * once.
 */
const recentIpKeys = new Map<string, string>();
const RECENT_IP_KEYS = 256;

/** The stored key of a canonical address (claim-fingerprints.ts). */
function ipKey(ip: string): string {
  let key = recentIpKeys.get(ip);
  if (key === undefined) {
    key = `${networkBlock(ip)}${BLOCK_SEPARATOR}${ip}`;
    if (recentIpKeys.size >= RECENT_IP_KEYS) recentIpKeys.clear();
    recentIpKeys.set(ip, key);
  }
  return key;
}

/** A stored fingerprint key. */
export interface KeyRow {
  kind: string;
  key: string;
}

/**
 * The keys stored for a claim's fingerprints: every kind but those found elsewhere (the member,
 * the VIN and the network block).
 */
export function keyRows(fingerprints: readonly Fingerprint[]): KeyRow[] {
  return fingerprints
    .filter(({ kind }) => kind !== 'network' && CLAIM_COLUMNS[kind] === undefined)
    .map(({ kind, key }) => ({ kind, key: kind === 'ip' ? ipKey(key) : key }));
}

/** A claim's fingerprints as its facts keep them: an object of key by kind. */
export function encodeFingerprints(fingerprints: readonly Fingerprint[]): string {
  return JSON.stringify(Object.fromEntries(fingerprints.map(({ kind, key }) => [kind, key])));
}

function decodeFingerprints(json: string): Fingerprint[] {
  const byKind = JSON.parse(json) as Partial<Record<FingerprintKind, string>>;
  return FINGERPRINT_KINDS.flatMap((kind) => {
    const key = byKind[kind];
    return key === undefined ? [] : [{ kind, key }];
  });
}

/**
 * Where the claims holding a fingerprint are found, as the parts of a statement: `from`, the
 * condition, and the holder's filing time and claim id.
 */
interface Holders {
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  filedAt: RawBuilder<unknown>;
  claimId: RawBuilder<unknown>;
}

/**
 * What the condition of `holders` compares with for the fingerprint: its stored key, or for a
 * network block the range of the `ip` keys it starts.
 */
function heldValues({ kind, key }: Fingerprint): string[] {
  if (kind === 'network') return [key + BLOCK_SEPARATOR, key + AFTER_BLOCK_SEPARATOR];
  return [kind === 'ip' ? ipKey(key) : key];
}

/** The holders of a fingerprint of `kind` whose heldValues are `values`. */
function holders(kind: FingerprintKind, values: readonly unknown[]): Holders {
  const column = CLAIM_COLUMNS[kind];
  if (column !== undefined) {
    // The claims scored (with facts) holding the value, as the keys held them before.
    return {
      from: sql`claims h inner join claim_fraud_facts hf on hf.claim_id = h.id`,
      where: sql`${sql.ref(`h.${column}`)} = ${values[0]}`,
      filedAt: sql`h.created_at`,
      claimId: sql`h.id`,
    };
  }
  const where =
    kind === 'network'
      ? sql`h.kind = 'ip' and h.key >= ${values[0]} and h.key < ${values[1]}`
      : sql`h.kind = ${kind} and h.key = ${values[0]}`;
  return {
    from: sql`claim_fingerprint_keys h`,
    where,
    filedAt: sql`h.filed_at`,
    claimId: sql`h.claim_id`,
  };
}

/** The holders of the fingerprint, its values in the statement. */
function holdersOf(fingerprint: Fingerprint): Holders {
  return holders(fingerprint.kind, heldValues(fingerprint));
}

/**
 * The arguments of a prepared statement (db/prepared-statements.ts) as they are gathered, and
 * the shape they make: each part of the statement takes its values, named by what the part is
 * (the statement built for that name and that many values being the same each time), and is
 * answered their indexes.
 */
class StatementArguments {
  readonly values: unknown[] = [];
  private readonly parts: string[] = [];

  take(part: string, ...values: unknown[]): number[] {
    const from = this.values.length;
    this.values.push(...values);
    this.parts.push(`${part}:${values.length}`);
    return values.map((_, index) => from + index);
  }

  get shape(): string {
    return this.parts.join(' ');
  }
}

const keyInserts = new PreparedStatements();
const factsInserts = new PreparedStatements();

export async function writeClaimFacts(
  db: Kysely<Database>,
  claimId: string,
  filedAt: Date,
  fingerprints: readonly Fingerprint[],
  own: OwnSignals,
): Promise<void> {
  const at = filedAt.toISOString();
  const rows = keyRows(fingerprints);
  if (rows.length > 0) {
    const args = rows.flatMap(({ kind, key }) => [kind, key, at, claimId]);
    await keyInserts.execute(db, String(rows.length), args, (arg) => {
      const values = rows.map(
        (_, row) =>
          sql`(${arg(4 * row)}, ${arg(4 * row + 1)}, ${arg(4 * row + 2)}, ${arg(4 * row + 3)})`,
      );
      return sql`insert into claim_fingerprint_keys (kind, key, filed_at, claim_id)
        values ${sql.join(values)}`.compile(db);
    });
  }
  await factsInserts.execute(
    db,
    'facts',
    [claimId, JSON.stringify(own), encodeFingerprints(fingerprints)],
    (arg) =>
      sql`insert into claim_fraud_facts (claim_id, signals, fingerprints)
        values (${arg(0)}, ${arg(1)}, ${arg(2)})`.compile(db),
  );
}

/**
 * Replaces a claim's fingerprint of one kind (a payout account the claimant changed): the old
 * one goes, the new one, if any, is kept with the claim's filing time. A claim never scored
 * (no facts) keeps the key alone, as it did before facts were kept.
 */
export async function replaceFingerprint(
  db: Kysely<Database>,
  claimId: string,
  kind: FingerprintKind,
  fingerprint: Fingerprint | undefined,
  filedAt: string,
): Promise<void> {
  const facts = await db
    .selectFrom('claim_fraud_facts')
    .select('fingerprints')
    .where('claim_id', '=', claimId)
    .executeTakeFirst();
  const fingerprints = facts === undefined ? undefined : decodeFingerprints(facts.fingerprints);
  const before = fingerprints?.find((old) => old.kind === kind);
  const gone = db
    .deleteFrom('claim_fingerprint_keys')
    .where('kind', '=', kind)
    .where('claim_id', '=', claimId);
  if (fingerprints === undefined) {
    // Without facts the old key is not known: found among the keys of its kind.
    await gone.execute();
  } else if (before !== undefined) {
    const [row] = keyRows([before]);
    if (row !== undefined) await gone.where('key', '=', row.key).execute();
  }
  const [added] = fingerprint === undefined ? [] : keyRows([fingerprint]);
  if (added !== undefined) {
    await db
      .insertInto('claim_fingerprint_keys')
      .values({ kind: added.kind, key: added.key, filed_at: filedAt, claim_id: claimId })
      .execute();
  }
  if (fingerprints !== undefined) {
    const kept = fingerprints.filter((old) => old.kind !== kind);
    await db
      .updateTable('claim_fraud_facts')
      .set({
        fingerprints: encodeFingerprints(fingerprint === undefined ? kept : [...kept, fingerprint]),
      })
      .where('claim_id', '=', claimId)
      .execute();
  }
}

/** The claim's stored fingerprints and own signals; undefined for a claim never assessed. */
export async function readClaimFacts(
  db: Kysely<Database>,
  claimId: string,
): Promise<StoredClaimFacts | undefined> {
  const row = await db
    .selectFrom('claim_fraud_facts')
    .innerJoin('claims', 'claims.id', 'claim_fraud_facts.claim_id')
    .select(['claim_fraud_facts.signals', 'claim_fraud_facts.fingerprints', 'claims.created_at'])
    .where('claim_fraud_facts.claim_id', '=', claimId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    filedAt: new Date(row.created_at),
    fingerprints: decodeFingerprints(row.fingerprints),
    own: JSON.parse(row.signals) as OwnSignals,
  };
}

/** Filing times from `from` to `to`, both included. */
export interface TimeRange {
  from: Date;
  to: Date;
}

/** The fingerprint's key in the maps of counts. */
export function fingerprintId(fingerprint: Fingerprint): string {
  return `${fingerprint.kind}\u0000${fingerprint.key}`;
}

/** Claims sharing a fingerprint: in all, and within the windows of its kind (velocity). */
export interface SharedCount {
  total: number;
  /** Filed within the window that ends with the claim's filing. */
  before: number;
  /** Filed within the window that starts with it. */
  after: number;
}

export interface SharedCountOptions {
  filedAt: Date;
  /** The window of each velocity kind, in minutes. */
  windowMinutes: Partial<Record<FingerprintKind, number>>;
  /** The claim itself, once stored: not counted. */
  claimId?: string | undefined;
}

const MINUTE = 60_000;

/**
 * How many other claims share each of the fingerprints, in one statement: per fingerprint, a
 * count over its range of the keys (kind, key, filed_at) or of a claims index.
 */
export async function countShared(
  db: Kysely<Database>,
  fingerprints: readonly Fingerprint[],
  options: SharedCountOptions,
): Promise<Map<string, SharedCount>> {
  const counts = new Map<string, SharedCount>();
  if (fingerprints.length === 0) return counts;
  const at = options.filedAt.getTime();
  const args = new StatementArguments();
  const [filedAt = 0] = args.take('filed', options.filedAt.toISOString());
  const parts = fingerprints.map(({ kind, key }) => {
    const held = args.take(kind, ...heldValues({ kind, key }));
    const claimId = options.claimId === undefined ? [] : args.take('other than', options.claimId);
    const minutes = options.windowMinutes[kind];
    const window =
      minutes === undefined
        ? []
        : args.take(
            'within',
            new Date(at - minutes * MINUTE).toISOString(),
            new Date(at + minutes * MINUTE).toISOString(),
          );
    return { kind, held, claimId, window };
  });
  const { rows } = await sharedCounts.execute(db, args.shape, args.values, (arg) => {
    const selects = parts.map(({ kind, held, claimId, window }, index) => {
      const holding = holders(kind, held.map(arg));
      const notTheClaim = claimId.map(
        (position) => sql` and ${holding.claimId} <> ${arg(position)}`,
      );
      const [from, to] = window.map(arg);
      const filed = arg(filedAt);
      const windows =
        window.length === 0
          ? sql`0 as "before", 0 as "after"`
          : sql`count(*) filter (where ${holding.filedAt} >= ${from} and ${holding.filedAt} <= ${filed}) as "before",
          count(*) filter (where ${holding.filedAt} >= ${filed} and ${holding.filedAt} <= ${to}) as "after"`;
      return sql`select ${sql.lit(index)} as i, count(*) as total, ${windows}
      from ${holding.from} where ${holding.where}${sql.join(notTheClaim, sql``)}`;
    });
    return sql<SharedCountRow>`${sql.join(selects, sql` union all `)}`.compile(db);
  });
  for (const row of rows) {
    const fingerprint = fingerprints[Number(row.i)];
    if (fingerprint === undefined || Number(row.total) === 0) continue;
    counts.set(fingerprintId(fingerprint), {
      total: Number(row.total),
      before: Number(row.before),
      after: Number(row.after),
    });
  }
  return counts;
}

interface SharedCountRow {
  i: number;
  total: number | string;
  before: number | string;
  after: number | string;
}

const sharedCounts = new PreparedStatements<SharedCountRow>();

/** The first key of the advisory locks of fingerprints (the issue the fraud tables came with). */
const FINGERPRINT_LOCKS = 19;

/**
 * The claims holding each of the fingerprints, added up, the claim's own included: what the
 * transaction filing a claim compares with what was read before it opened, to find a claim
 * that shares one and was filed meanwhile. On PostgreSQL each fingerprint is locked first, to
 * the end of the transaction, so that of two claims filed at once with one in common the second
 * waits for the first to commit and finds it.
 */
export async function countHolders(
  db: Kysely<Database>,
  fingerprints: readonly Fingerprint[],
  kind: DatabaseKind,
): Promise<number> {
  if (fingerprints.length === 0) return 0;
  if (kind === 'postgres') {
    const ids = [...new Set(fingerprints.map(({ kind, key }) => `${kind}:${key}`))];
    // In one order for every transaction, so two never wait for each other.
    await fingerprintLocks.execute(db, 'locks', [ids], (arg) =>
      sql`select pg_advisory_xact_lock(${sql.lit(FINGERPRINT_LOCKS)}, hashtext(id))
          from (select id from unnest(${arg(0)}::text[]) as id order by id) as ordered`.compile(db),
    );
  }
  const args = new StatementArguments();
  const parts = fingerprints.map((fingerprint) => ({
    kind: fingerprint.kind,
    held: args.take(fingerprint.kind, ...heldValues(fingerprint)),
  }));
  const { rows } = await holderCounts.execute(db, args.shape, args.values, (arg) => {
    const counts = parts.map(({ kind, held }) => {
      const holding = holders(kind, held.map(arg));
      return sql`select count(*) as n from ${holding.from} where ${holding.where}`;
    });
    return sql<{ n: number | string }>`select sum(n) as n
      from (${sql.join(counts, sql` union all `)}) as held`.compile(db);
  });
  return Number(rows[0]?.n ?? 0);
}

const fingerprintLocks = new PreparedStatements();
const holderCounts = new PreparedStatements<{ n: number | string }>();

/**
 * Up to `limit` other claims with this fingerprint (other than `claimId`, once it is stored),
 * within `range` when given: the first filed (the evidence) or the last (the claims to score
 * again).
 */
export async function othersWith(
  db: Kysely<Database>,
  claimId: string | undefined,
  fingerprint: Fingerprint,
  options: { range?: TimeRange; first: 'oldest' | 'newest'; limit: number },
): Promise<OtherClaim[]> {
  const { range } = options;
  const held = holdersOf(fingerprint);
  const direction = sql.raw(options.first === 'oldest' ? 'asc' : 'desc');
  const notTheClaim = claimId === undefined ? sql`` : sql` and ${held.claimId} <> ${claimId}`;
  const within =
    range === undefined
      ? sql``
      : sql` and ${held.filedAt} >= ${range.from.toISOString()} and ${held.filedAt} <= ${range.to.toISOString()}`;
  const { rows } = await sql<{ id: string; reference_code: string; filed_at: string }>`
    select c.id, c.reference_code, ${held.filedAt} as filed_at
    from ${held.from} inner join claims c on c.id = ${held.claimId}
    where ${held.where}${notTheClaim}${within}
    order by ${held.filedAt} ${direction}, c.reference_code ${direction}
    limit ${sql.lit(options.limit)}`.execute(db);
  return rows.map((row) => ({
    claimId: row.id,
    referenceCode: row.reference_code,
    filedAt: row.filed_at,
  }));
}

/** A claim sharing one of a claim's fingerprints, and the kind it shares. */
export interface SharingClaim {
  claimId: string;
  kind: FingerprintKind;
}

/**
 * The claims other than `claimId` sharing any of its `fingerprints`, one row per fingerprint
 * shared, the most recently filed first (ties by claim id), at most `limit` rows.
 */
export async function claimsSharing(
  db: Kysely<Database>,
  claimId: string,
  fingerprints: readonly Fingerprint[],
  limit: number,
): Promise<SharingClaim[]> {
  if (fingerprints.length === 0) return [];
  const selects = fingerprints.map((fingerprint) => {
    const held = holdersOf(fingerprint);
    return sql`select ${held.claimId} as claim_id, ${fingerprint.kind} as kind,
      ${held.filedAt} as filed_at
      from ${held.from} where ${held.where} and ${held.claimId} <> ${claimId}`;
  });
  const { rows } = await sql<{ claim_id: string; kind: FingerprintKind }>`
    select claim_id, kind from (${sql.join(selects, sql` union all `)}) as shared
    order by filed_at desc, claim_id asc
    limit ${sql.lit(limit)}`.execute(db);
  return rows.map((row) => ({ claimId: row.claim_id, kind: row.kind }));
}

/** The claims holding the fingerprint filed at `since` or later (the claim-time friction). */
export async function countFiledSince(
  db: Kysely<Database>,
  fingerprint: Fingerprint,
  since: Date,
): Promise<number> {
  const args = new StatementArguments();
  const held = args.take(fingerprint.kind, ...heldValues(fingerprint));
  const [filedSince = 0] = args.take('since', since.toISOString());
  const { rows } = await filedSinceCounts.execute(db, args.shape, args.values, (arg) => {
    const holding = holders(fingerprint.kind, held.map(arg));
    const earliest = arg(filedSince);
    return sql<{ n: number | string }>`select count(*) as n
    from ${holding.from} where ${holding.where} and ${holding.filedAt} >= ${earliest}`.compile(db);
  });
  return Number(rows[0]?.n ?? 0);
}

const filedSinceCounts = new PreparedStatements<{ n: number | string }>();

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
  const args = [
    claimId,
    score.score,
    score.decision,
    JSON.stringify(storedDeductions(score)),
    settings.reviewThreshold,
    settings.holdThreshold,
    assessedAt.toISOString(),
  ];
  await assessmentWrites.execute(db, 'assessment', args, (arg) =>
    sql`insert into claim_fraud_assessments
          (claim_id, score, decision, deductions, review_threshold, hold_threshold, assessed_at)
        values (${sql.join(args.map((_, index) => arg(index)))})
        on conflict (claim_id) do update set score = excluded.score,
          decision = excluded.decision, deductions = excluded.deductions,
          review_threshold = excluded.review_threshold, hold_threshold = excluded.hold_threshold,
          assessed_at = excluded.assessed_at`.compile(db),
  );
}

const assessmentWrites = new PreparedStatements();
