import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  FINGERPRINT_BYTES,
  FINGERPRINT_KINDS,
  type Fingerprint,
  type FingerprintKind,
} from './claim-fingerprints';
import { encodeFingerprints, keyRows } from './fraud-store';

/**
 * The migration that makes filing a claim write less for its fraud step (db/migrations.ts,
 * 2026-12-15-fraud-fingerprint-keys; bench/ANALYSIS.md has the fraud benchmark). On SQLite a
 * claim's transaction writes each page it changes to the WAL again at commit, so the layout of
 * fraud/fraud-migration.ts cost some 25 pages per claim: a rowid table, its primary key by
 * claim and its index by key for some nine fingerprints, each entry landing on a page of its
 * own. Now:
 * - claim_fingerprint_keys(kind, key, filed_at, claim_id): the keys, in one B-tree ordered by
 *   all four (WITHOUT ROWID on SQLite; on PostgreSQL a heap and its primary key, the key
 *   compared byte by byte, collation "C"), with no index by claim: one entry per key.
 * - claim_fraud_facts(claim_id, signals, fingerprints): the claim's own signals with its
 *   fingerprints as JSON, read when it is scored again or its cluster is listed, and kept in
 *   step when its payout account changes. A rowid table: its rows of some 450 bytes are
 *   appended, and only the small entry of its primary key lands among the others (WITHOUT
 *   ROWID, the rows themselves would, splitting a page every few claims).
 * Fewer keys: the member and the VIN are found through the claims' own indexes
 * (claims_search_notice_id, claims_search_vin, among the claims with facts), and the network
 * block through the `ip` keys, stored as `block|address`. The e-mail, phone, payout account and
 * device fingerprints keep the first 16 bytes of their HMAC (claim-fingerprints.ts
 * FINGERPRINT_BYTES), so every claim matches the same claims as before. A claim's fraud step
 * now changes some 16 pages (six keys, its facts and its assessment) where it changed 25.
 *
 * Deleting a claim, which the site never does, would scan the keys for its cascade. Moving the
 * rows takes a few minutes per million claims.
 *
 * A rolling upgrade (PostgreSQL): an instance of the earlier release, still running after the
 * migration, files claims as before into claim_fingerprints and claim_fraud_signals, which are
 * kept, emptied, for it. It scores them from those tables alone, so against the claims it filed
 * meanwhile only; its friction and the console's clusters it serves see only those; and it
 * takes no fraud-rescore job of this release's claims to heart (it finds no signals for them and
 * writes nothing); a payout account it changes on a claim of this release is added to the
 * claim's keys, the earlier one kept. Each instance of this release, when it starts, moves the
 * rows found there (moveLegacyFraudRows) and enqueues the re-scoring of each claim moved and of
 * the claims it shares a fingerprint with. A later release may drop the two tables.
 */
export async function migrateFingerprintKeys(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const rowid = postgres ? sql`` : sql` without rowid`;
  const bytewise = postgres ? sql` collate "C"` : sql``;
  await sql`create table if not exists claim_fingerprint_keys (
      kind text not null,
      key text${bytewise} not null,
      filed_at text not null,
      claim_id text not null references claims (id) on delete cascade,
      constraint claim_fingerprint_keys_pk primary key (kind, key, filed_at, claim_id)
    )${rowid}`.execute(db);
  await db.schema
    .createTable('claim_fraud_facts')
    .ifNotExists()
    .addColumn('claim_id', 'text', (column) =>
      column.primaryKey().references('claims.id').onDelete('cascade'),
    )
    .addColumn('signals', 'text', (column) => column.notNull())
    .addColumn('fingerprints', 'text', (column) => column.notNull())
    .execute();
  // On SQLite a migration has no transaction: each batch is one, and a migration stopped
  // midway runs again to the same end, skipping what it had moved.
  await moveLegacyFraudRows(db as Kysely<Database>);
}

/** Claims moved per transaction. */
const BATCH = 2000;

/** Kinds whose keys are HMACs, of which FINGERPRINT_BYTES are kept. */
const HASHED_KINDS: ReadonlySet<string> = new Set(['device', 'email', 'phone', 'payout']);

interface LegacyRow {
  claim_id: string;
  kind: string;
  key: string;
  filed_at: string;
}

/** A claim's fingerprints from its rows in the earlier layout. */
function legacyFingerprints(rows: readonly LegacyRow[]): Fingerprint[] {
  const byKind = new Map(rows.map((row) => [row.kind, row.key]));
  return FINGERPRINT_KINDS.flatMap((kind: FingerprintKind) => {
    const key = byKind.get(kind);
    if (key === undefined) return [];
    return [{ kind, key: HASHED_KINDS.has(kind) ? key.slice(0, 2 * FINGERPRINT_BYTES) : key }];
  });
}

function byClaim(rows: readonly LegacyRow[]): Map<string, LegacyRow[]> {
  const grouped = new Map<string, LegacyRow[]>();
  for (const row of rows) {
    const claimRows = grouped.get(row.claim_id);
    if (claimRows === undefined) grouped.set(row.claim_id, [row]);
    else claimRows.push(row);
  }
  return grouped;
}

function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

async function insertKeys(
  trx: Kysely<Database>,
  rows: readonly { kind: string; key: string; filed_at: string; claim_id: string }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await trx
      .insertInto('claim_fingerprint_keys')
      .values(rows.slice(start, start + BATCH))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

async function legacyRows(trx: Kysely<Database>, claimIds: readonly string[]) {
  return trx
    .selectFrom('claim_fingerprints')
    .select(['claim_id', 'kind', 'key', 'filed_at'])
    .where('claim_id', 'in', claimIds)
    .execute();
}

/** A claim's keys from its rows in the earlier layout, filed when they were. */
function legacyKeys(claimId: string, rows: readonly LegacyRow[]) {
  const filedAt = rows[0]?.filed_at;
  if (filedAt === undefined) return [];
  return keyRows(legacyFingerprints(rows)).map((row) => ({
    ...row,
    filed_at: filedAt,
    claim_id: claimId,
  }));
}

/**
 * Moves the fraud rows of the earlier layout (claim_fraud_signals, claim_fingerprints) to
 * claim_fraud_facts and claim_fingerprint_keys, a batch of claims per transaction (`moved` runs
 * in each with the claims given facts), then deletes them. Rows filed meanwhile by an instance
 * of the earlier release stay for the next move. Answers the number of claims given facts.
 */
export async function moveLegacyFraudRows(
  db: Kysely<Database>,
  moved?: (trx: Kysely<Database>, claimIds: string[]) => Promise<void>,
): Promise<number> {
  let claims = 0;
  let after = '';
  for (;;) {
    const ids = await inTransaction(db, async (trx) => {
      const signals = await trx
        .selectFrom('claim_fraud_signals')
        .select(['claim_id', 'signals'])
        .where('claim_id', '>', after)
        .orderBy('claim_id')
        .limit(BATCH)
        .execute();
      if (signals.length === 0) return [];
      const batch = signals.map((row) => row.claim_id);
      const rows = byClaim(await legacyRows(trx, batch));
      const facts = signals.map(({ claim_id, signals: own }) => {
        const fingerprints = legacyFingerprints(rows.get(claim_id) ?? []);
        return { claim_id, signals: own, fingerprints: encodeFingerprints(fingerprints) };
      });
      await trx
        .insertInto('claim_fraud_facts')
        .values(facts)
        .onConflict((conflict) => conflict.column('claim_id').doNothing())
        .execute();
      await insertKeys(
        trx,
        [...rows].flatMap(([claimId, claimRows]) => legacyKeys(claimId, claimRows)),
      );
      await moved?.(trx, batch);
      return batch;
    });
    if (ids.length === 0) break;
    claims += ids.length;
    after = ids[ids.length - 1]!;
  }
  await inTransaction(db, async (trx) => {
    for (const table of ['claim_fingerprints', 'claim_fraud_signals'] as const) {
      await trx
        .deleteFrom(table)
        .where(({ exists, selectFrom, ref }) =>
          exists(
            selectFrom('claim_fraud_facts as facts')
              .select('facts.claim_id')
              .whereRef('facts.claim_id', '=', ref(`${table}.claim_id`)),
          ),
        )
        .execute();
    }
  });
  // Keys of claims without signals: a payout account changed on a claim never scored.
  for (;;) {
    const done = await inTransaction(db, async (trx) => {
      const orphans = await trx
        .selectFrom('claim_fingerprints as f')
        .select('f.claim_id')
        .distinct()
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('claim_fraud_signals as s')
                .select('s.claim_id')
                .whereRef('s.claim_id', '=', 'f.claim_id'),
            ),
          ),
        )
        .orderBy('f.claim_id')
        .limit(BATCH)
        .execute();
      if (orphans.length === 0) return true;
      const batch = orphans.map((row) => row.claim_id);
      const rows = byClaim(await legacyRows(trx, batch));
      await insertKeys(
        trx,
        [...rows].flatMap(([claimId, claimRows]) => legacyKeys(claimId, claimRows)),
      );
      await trx.deleteFrom('claim_fingerprints').where('claim_id', 'in', batch).execute();
      return false;
    });
    if (done) break;
  }
  return claims;
}
