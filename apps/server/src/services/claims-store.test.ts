import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { openTestDatabase } from '../test/test-app';
import { ClaimsStore, type NewClaim } from './claims-store';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let store: ClaimsStore;

beforeAll(async () => {
  database = await openTestDatabase();
  store = new ClaimsStore(database.db, () => new Date('2027-03-05T20:00:00Z'));
});
afterAll(async () => database.close());

function newClaim(): NewClaim {
  return {
    formType: 'Standard',
    culture: 'en',
    identity: { kind: 'classMember', noticeId: 'NW00000001' },
    models: {},
    prepopulatedData: {},
    submissionKey: randomUUID(),
    parentClaimId: null,
    documents: [],
  };
}

const claimCount = async (submissionKey: string) =>
  (
    await database.db
      .selectFrom('claims')
      .select('id')
      .where('submission_key', '=', submissionKey)
      .execute()
  ).length;

const tokenCount = async (hash: string) =>
  (
    await database.db
      .selectFrom('used_captcha_tokens')
      .select('token_hash')
      .where('token_hash', '=', hash)
      .execute()
  ).length;

const recordToken = (hash: string) => async (trx: Transaction<Database>) => {
  await trx
    .insertInto('used_captcha_tokens')
    .values({ token_hash: hash, expires_at: '2999-01-01T00:00:00.000Z' })
    .execute();
};

describe('ClaimsStore.save', () => {
  it('writes what the caller adds in the claim\u2019s own transaction', async () => {
    const claim = newClaim();
    const saved = await store.save(claim, recordToken('with-claim'));
    expect(saved.created).toBe(true);
    expect(await claimCount(claim.submissionKey)).toBe(1);
    expect(await tokenCount('with-claim')).toBe(1);
  });

  it('stores no claim when what the caller adds fails', async () => {
    const claim = newClaim();
    const failing = store.save(claim, async (trx) => {
      await recordToken('with-failed-claim')(trx);
      throw new Error('the pass was spent');
    });
    await expect(failing).rejects.toThrow('the pass was spent');
    expect(await claimCount(claim.submissionKey)).toBe(0);
    expect(await tokenCount('with-failed-claim')).toBe(0);
  });

  it('writes nothing the caller adds for a claim filed before', async () => {
    const claim = newClaim();
    const first = await store.save(claim);
    const again = await store.save(claim, recordToken('with-retry'));
    expect(again).toEqual({ created: false, referenceCode: first.referenceCode });
    expect(await tokenCount('with-retry')).toBe(0);
  });
});
