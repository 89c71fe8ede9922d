import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import type { Fingerprint } from './claim-fingerprints';
import {
  claimsSharing,
  countFiledSince,
  countHolders,
  countShared,
  fingerprintId,
  keyRows,
  readClaimFacts,
  replaceFingerprint,
  writeClaimFacts,
} from './fraud-store';

let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

const OWN = { honeypotFilled: false };
let claimNumber = 0;

/** A claim stored with the member and VIN columns the claims' search fills at filing. */
async function storeClaim(options: {
  filedAt: string;
  noticeId?: string;
  vin?: string;
}): Promise<string> {
  claimNumber += 1;
  const id = randomUUID();
  await database.db
    .insertInto('claims')
    .values({
      id,
      reference_code: `REF-${String(claimNumber).padStart(4, '0')}`,
      form_type: 'Standard',
      culture: 'en',
      identity: '{}',
      models: '{}',
      prepopulated_data: '{}',
      submission_key: id,
      parent_claim_id: null,
      created_at: options.filedAt,
      cure_by: null,
      appeal_by: null,
      claimant_name: null,
      search_name: null,
      search_email: null,
      search_notice_id: options.noticeId ?? null,
      search_vin: options.vin ?? null,
    })
    .execute();
  return id;
}

/** A claim stored and scored: its facts and keys written as at filing. */
async function storeScoredClaim(
  filedAt: string,
  fingerprints: Fingerprint[],
  columns: { noticeId?: string; vin?: string } = {},
): Promise<string> {
  const id = await storeClaim({ filedAt, ...columns });
  await writeClaimFacts(database.db, id, new Date(filedAt), fingerprints, OWN);
  return id;
}

const NOON = '2027-05-01T12:00:00.000Z';

describe('keyRows', () => {
  it('stores one key per fingerprint but the member, VIN and network block, the address under its block', () => {
    const rows = keyRows([
      { kind: 'ip', key: '203.0.113.9' },
      { kind: 'network', key: '203.0.113.0/24' },
      { kind: 'member', key: 'NW00000001' },
      { kind: 'vin', key: '1NWVRS2F5JR162080' },
      { kind: 'email', key: 'ab'.repeat(16) },
    ]);
    expect(rows).toEqual([
      { kind: 'ip', key: '203.0.113.0/24|203.0.113.9' },
      { kind: 'email', key: 'ab'.repeat(16) },
    ]);
  });
});

describe('the fraud store', () => {
  it('counts the claims of an IPv6 /48 block through the addresses filed from it', async () => {
    for (const ip of ['2001:db8:1234::1', '2001:db8:1234:ffff::2', '2001:db8:1235::1']) {
      await storeScoredClaim(NOON, [{ kind: 'ip', key: ip }]);
    }
    const block = { kind: 'network', key: '2001:db8:1234::/48' } as const;
    const counts = await countShared(database.db, [block], {
      filedAt: new Date(NOON),
      windowMinutes: { network: 10 },
    });
    expect(counts.get(fingerprintId(block))).toEqual({ total: 2, before: 2, after: 2 });
  });

  it('counts the claims filed from an address within a window', async () => {
    await storeScoredClaim('2027-05-02T11:00:00.000Z', [{ kind: 'ip', key: '198.51.100.77' }]);
    await storeScoredClaim('2027-05-02T11:50:00.000Z', [{ kind: 'ip', key: '198.51.100.77' }]);
    await storeScoredClaim('2027-05-02T11:55:00.000Z', [{ kind: 'ip', key: '198.51.100.78' }]);
    const since = new Date('2027-05-02T11:30:00.000Z');
    const address = { kind: 'ip', key: '198.51.100.77' } as const;
    const block = { kind: 'network', key: '198.51.100.0/24' } as const;
    expect(await countFiledSince(database.db, address, since)).toBe(1);
    expect(await countFiledSince(database.db, block, since)).toBe(2);
  });

  it('counts a member or a VIN on the scored claims only', async () => {
    await storeScoredClaim(NOON, [], { noticeId: 'NW55500001', vin: 'VINSCORED0000001' });
    await storeClaim({ filedAt: NOON, noticeId: 'NW55500001', vin: 'VINSCORED0000001' });
    const member = { kind: 'member', key: 'NW55500001' } as const;
    const vin = { kind: 'vin', key: 'VINSCORED0000001' } as const;
    const counts = await countShared(database.db, [member, vin], {
      filedAt: new Date(NOON),
      windowMinutes: {},
    });
    expect(counts.get(fingerprintId(member))?.total).toBe(1);
    expect(counts.get(fingerprintId(vin))?.total).toBe(1);
  });

  it('counts the claim itself among the holders of its fingerprints, once for each', async () => {
    const fingerprints: Fingerprint[] = [
      { kind: 'ip', key: '192.0.2.201' },
      { kind: 'network', key: '192.0.2.0/24' },
      { kind: 'member', key: 'NW55500002' },
      { kind: 'phone', key: 'cd'.repeat(16) },
    ];
    await storeScoredClaim(NOON, [{ kind: 'phone', key: 'cd'.repeat(16) }]);
    await storeScoredClaim(NOON, fingerprints, { noticeId: 'NW55500002' });
    expect(await countHolders(database.db, fingerprints, database.kind)).toBe(4 + 1);
  });

  it('lists the claims sharing a fingerprint, the most recent first, with the kind shared', async () => {
    const email = { kind: 'email', key: 'ef'.repeat(16) } as const;
    const earlier = await storeScoredClaim('2027-05-03T09:00:00.000Z', [email]);
    const later = await storeScoredClaim('2027-05-03T10:00:00.000Z', [email], {
      vin: 'VINSHARED0000001',
    });
    const vin = { kind: 'vin', key: 'VINSHARED0000001' } as const;
    const claim = await storeScoredClaim(NOON, [email, vin], { vin: 'VINSHARED0000001' });
    const sharing = await claimsSharing(database.db, claim, [email, vin], 10);
    expect(sharing.map((row) => row.claimId)).toEqual([later, later, earlier]);
    expect(
      sharing
        .map((row) => row.kind)
        .slice(0, 2)
        .sort(),
    ).toEqual(['email', 'vin']);
    expect(sharing[2]?.kind).toBe('email');
  });

  it('replaces the payout key and the facts of a claim whose payout account changed', async () => {
    const before = { kind: 'payout', key: '01'.repeat(16) } as const;
    const after = { kind: 'payout', key: '02'.repeat(16) } as const;
    const phone = { kind: 'phone', key: '03'.repeat(16) } as const;
    const claim = await storeScoredClaim(NOON, [phone, before]);
    await replaceFingerprint(database.db, claim, 'payout', after, NOON);
    expect((await readClaimFacts(database.db, claim))?.fingerprints).toEqual([phone, after]);
    const keys = await database.db
      .selectFrom('claim_fingerprint_keys')
      .select(['kind', 'key'])
      .where('claim_id', '=', claim)
      .orderBy('kind')
      .execute();
    expect(keys).toEqual([after, phone]);
  });

  it('keeps the one payout key of a claim never scored whose payout account changed', async () => {
    const claim = await storeClaim({ filedAt: NOON });
    for (const key of ['04'.repeat(16), '05'.repeat(16)]) {
      await replaceFingerprint(database.db, claim, 'payout', { kind: 'payout', key }, NOON);
    }
    const keys = await database.db
      .selectFrom('claim_fingerprint_keys')
      .select('key')
      .where('claim_id', '=', claim)
      .execute();
    expect(keys).toEqual([{ key: '05'.repeat(16) }]);
    expect(await readClaimFacts(database.db, claim)).toBeUndefined();
  });
});
