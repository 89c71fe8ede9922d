import { DEFAULT_FRAUD_SETTINGS } from '@claims/core/fraud/config';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { openEmptyTestDatabase } from '../test/test-app';
import { assessFacts } from './assess-claim';
import { moveLegacyFraudRows } from './fingerprint-keys-migration';
import { readClaimFacts } from './fraud-store';
import { insertBareClaim } from './fraud-test-claims';

let database: Awaited<ReturnType<typeof openEmptyTestDatabase>>;
let db: Kysely<Database>;

const FILED_AT = '2027-03-05T20:00:00.000Z';
/** Whole HMAC-SHA-256 fingerprints, as the earlier layout kept them. */
const EMAIL = 'e1'.repeat(32);
const DEVICE = 'd1'.repeat(32);
const PAYOUT = 'a1'.repeat(32);

async function legacyClaim(id: string, noticeId: string, filedAt = FILED_AT): Promise<void> {
  await insertBareClaim(db, { id, referenceCode: `REF-${id}`, noticeId, filedAt });
}

/** A claim scored by the earlier release: its signals and its fingerprint rows. */
async function legacyScoredClaim(
  id: string,
  noticeId: string,
  ip: string,
  filedAt = FILED_AT,
): Promise<void> {
  await legacyClaim(id, noticeId, filedAt);
  await db
    .insertInto('claim_fraud_signals')
    .values({ claim_id: id, signals: JSON.stringify({ honeypotFilled: false }) })
    .execute();
  const block = `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  const rows = [
    ['ip', ip],
    ['network', block],
    ['device', DEVICE],
    ['member', noticeId],
    ['email', EMAIL],
  ];
  await db
    .insertInto('claim_fingerprints')
    .values(
      rows.map(([kind, key]) => ({ claim_id: id, kind: kind!, key: key!, filed_at: filedAt })),
    )
    .execute();
}

beforeAll(async () => {
  database = await openEmptyTestDatabase();
  db = database.db as Kysely<Database>;
  const before = await database.migrator.migrateTo('2026-12-14-claim-reading-indexes');
  expect(before.error).toBeUndefined();
  await legacyScoredClaim('a', 'NW00000001', '203.0.113.7');
  await legacyScoredClaim('b', 'NW00000001', '203.0.113.8');
  // A claim never scored whose payout account changed: a key without signals.
  await legacyClaim('c', 'NW00000003');
  await db
    .insertInto('claim_fingerprints')
    .values({ claim_id: 'c', kind: 'payout', key: PAYOUT, filed_at: FILED_AT })
    .execute();
  const after = await database.migrator.migrateToLatest();
  expect(after.error).toBeUndefined();
});
afterAll(async () => database.close());

const keysOf = (claimId: string) =>
  db
    .selectFrom('claim_fingerprint_keys')
    .select(['kind', 'key', 'filed_at'])
    .where('claim_id', '=', claimId)
    .orderBy('kind')
    .execute();

describe('the migration to fingerprint keys', () => {
  it('gives each scored claim its facts: its signals and its fingerprints, HMACs cut to 16 bytes', async () => {
    expect(await readClaimFacts(db, 'a')).toEqual({
      filedAt: new Date(FILED_AT),
      own: { honeypotFilled: false },
      fingerprints: [
        { kind: 'ip', key: '203.0.113.7' },
        { kind: 'network', key: '203.0.113.0/24' },
        { kind: 'device', key: 'd1'.repeat(16) },
        { kind: 'member', key: 'NW00000001' },
        { kind: 'email', key: 'e1'.repeat(16) },
      ],
    });
  });

  it('keeps a key per fingerprint but the member and the network block, the address under its block', async () => {
    expect(await keysOf('a')).toEqual([
      { kind: 'device', key: 'd1'.repeat(16), filed_at: FILED_AT },
      { kind: 'email', key: 'e1'.repeat(16), filed_at: FILED_AT },
      { kind: 'ip', key: '203.0.113.0/24|203.0.113.7', filed_at: FILED_AT },
    ]);
  });

  it('keeps the key of a claim never scored', async () => {
    expect(await keysOf('c')).toEqual([
      { kind: 'payout', key: 'a1'.repeat(16), filed_at: FILED_AT },
    ]);
    expect(await readClaimFacts(db, 'c')).toBeUndefined();
  });

  it('empties the tables of the earlier layout', async () => {
    expect(await db.selectFrom('claim_fingerprints').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('claim_fraud_signals').selectAll().execute()).toEqual([]);
  });

  it('finds the claims a moved claim shares a value with, as before', async () => {
    const facts = await readClaimFacts(db, 'a');
    const assessment = await assessFacts(db, facts!, DEFAULT_FRAUD_SETTINGS, 'a');
    const evidence = Object.fromEntries(
      assessment.score.deductions.map((deduction) => [deduction.code, deduction.evidence]),
    );
    expect(evidence).toEqual({
      MEMBER_ALREADY_CLAIMED: 'member NW00000001 is on 1 other claim: REF-b',
      SHARED_EMAIL: 'the e-mail address is on 1 other claim: REF-b',
    });
    // Claim b shares the network block, the device, the member and the e-mail address.
    expect(assessment.shared).toBe(4);
  });

  it('moves what an earlier release files after it, naming the claims it gives facts', async () => {
    await legacyScoredClaim('d', 'NW00000004', '198.51.100.9');
    const named: string[] = [];
    const moved = await moveLegacyFraudRows(db, async (_trx, claimIds) => {
      named.push(...claimIds);
    });
    expect({ moved, named }).toEqual({ moved: 1, named: ['d'] });
    expect((await keysOf('d')).map((row) => row.kind)).toEqual(['device', 'email', 'ip']);
  });
});
