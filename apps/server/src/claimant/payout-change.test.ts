import { CLAIMANT_PATHS, type ClaimStatusResponse } from '@claims/core/contract/claimant-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTestClaim, placeClaimAt } from '../admin/claims/testing/claim-fixtures';
import { startTestApp, TestClient, type TestApp } from '../test/test-app';
import { readPayoutChanges } from './payout-change';
import { signedInClaimant } from './testing';

let clock = new Date('2027-03-05T20:00:00.000Z');
let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({ now: () => clock });
});

afterAll(async () => testApp.close());

const DIRECT_DEPOSIT = {
  paymentMethod: 'DirectDeposit',
  routingNumber: '121000248',
  accountNumber: '000123456789',
  accountNumberConfirmation: '000123456789',
  accountType: 'checking',
};

function signedIn(referenceCode: string, lastName: string) {
  return signedInClaimant(testApp.app, referenceCode, lastName);
}

async function storedModels(claimId: string) {
  const row = await testApp.app.db
    .selectFrom('claims')
    .select('models')
    .where('id', '=', claimId)
    .executeTakeFirstOrThrow();
  return row.models;
}

async function payoutFingerprints(claimId: string) {
  return testApp.app.db
    .selectFrom('claim_fingerprint_keys')
    .select('key')
    .where('claim_id', '=', claimId)
    .where('kind', '=', 'payout')
    .execute();
}

describe('changing how a claim is paid', () => {
  it('makes direct deposit the claim’s method, shown masked and recorded as a change', async () => {
    const claim = await fileTestClaim(testApp.app, { lastName: 'Moreau' });
    const client = await signedIn(claim.referenceCode, 'Moreau');
    const response = await client.postJson(CLAIMANT_PATHS.payout, { election: DIRECT_DEPOSIT });
    expect(response.statusCode, response.body).toBe(200);
    const payout = response.json<ClaimStatusResponse>().payout;
    expect(payout).toMatchObject({
      method: 'DirectDeposit',
      changeOpen: true,
      changeBy: '2036-07-01T06:59:59.999Z',
    });
    expect(payout?.details).toContainEqual(
      expect.objectContaining({ field: 'accountNumber', value: '•••• 6789' }),
    );
    expect(JSON.stringify(payout)).not.toContain('000123456789');
    expect(await readPayoutChanges(testApp.app.db, claim.id)).toEqual([
      {
        at: clock.toISOString(),
        method: 'DirectDeposit',
        details: expect.objectContaining({ accountNumber: '•••• 6789' }),
      },
    ]);
  });

  it('stores the direct-deposit numbers sealed, not as typed', async () => {
    const claim = await fileTestClaim(testApp.app, { lastName: 'Lindqvist' });
    const client = await signedIn(claim.referenceCode, 'Lindqvist');
    const response = await client.postJson(CLAIMANT_PATHS.payout, { election: DIRECT_DEPOSIT });
    expect(response.statusCode, response.body).toBe(200);
    const stored = await storedModels(claim.id);
    expect(stored).toContain('sealed:v1');
    expect(stored).not.toContain('000123456789');
    expect(stored).not.toContain('121000248');
  });

  it('leaves another claim of the same claimant as it was', async () => {
    const claim = await fileTestClaim(testApp.app, { lastName: 'Okoro' });
    const other = await fileTestClaim(testApp.app, { lastName: 'Okoro' });
    const before = await storedModels(other.id);
    const client = await signedIn(claim.referenceCode, 'Okoro');
    const response = await client.postJson(CLAIMANT_PATHS.payout, { election: DIRECT_DEPOSIT });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedModels(other.id)).toBe(before);
    expect(await readPayoutChanges(testApp.app.db, other.id)).toEqual([]);
  });

  it('refuses an election that breaks the payment rules, naming the field and recording nothing', async () => {
    const claim = await fileTestClaim(testApp.app, { lastName: 'Farouk' });
    const before = await storedModels(claim.id);
    const client = await signedIn(claim.referenceCode, 'Farouk');
    const response = await client.postJson(CLAIMANT_PATHS.payout, {
      election: { ...DIRECT_DEPOSIT, routingNumber: '121000249' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('routingNumber');
    expect(await storedModels(claim.id)).toBe(before);
    expect(await readPayoutChanges(testApp.app.db, claim.id)).toEqual([]);
  });

  it('refuses a method the claim form does not offer', async () => {
    const claim = await fileTestClaim(testApp.app, { lastName: 'Kowalski' });
    const client = await signedIn(claim.referenceCode, 'Kowalski');
    const response = await client.postJson(CLAIMANT_PATHS.payout, {
      election: { paymentMethod: 'Zelle' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('paymentMethod');
  });

  it('refuses a change after the case’s cut-off date, in the claimant’s culture', async () => {
    const claim = await fileTestClaim(testApp.app, { lastName: 'Nakamura' });
    const early = await signedIn(claim.referenceCode, 'Nakamura');
    await early.postJson(CLAIMANT_PATHS.payout, { election: { paymentMethod: 'Check' } });
    const filedAt = clock;
    clock = new Date('2036-07-01T08:00:00.000Z');
    try {
      const client = await signedIn(claim.referenceCode, 'Nakamura');
      const status = (await client.get(CLAIMANT_PATHS.status)).json<ClaimStatusResponse>();
      expect(status.payout).toMatchObject({ method: 'Check', changeOpen: false });
      const response = await client.postJson(CLAIMANT_PATHS.payout, { election: DIRECT_DEPOSIT });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toContain('last day to change how you are paid');
      const changes = await readPayoutChanges(testApp.app.db, claim.id);
      expect(changes.map((change) => change.method)).toEqual(['Check']);
    } finally {
      clock = filedAt;
    }
  });

  it('refuses a change once the claim is paid', async () => {
    const claim = await fileTestClaim(testApp.app, { lastName: 'Brennan' });
    await placeClaimAt(testApp.app, claim.id, 'paid');
    const client = await signedIn(claim.referenceCode, 'Brennan');
    const response = await client.postJson(CLAIMANT_PATHS.payout, { election: DIRECT_DEPOSIT });
    expect(response.statusCode).toBe(409);
    expect(await readPayoutChanges(testApp.app.db, claim.id)).toEqual([]);
  });

  it('keeps the payout fingerprint in step with the e-mail address paid to', async () => {
    const claim = await fileTestClaim(testApp.app, { lastName: 'Achebe' });
    const client = await signedIn(claim.referenceCode, 'Achebe');
    const card = await client.postJson(CLAIMANT_PATHS.payout, {
      election: { paymentMethod: 'VirtualPrepaidCard', paymentEmail: 'card@example.com' },
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(await payoutFingerprints(claim.id)).toHaveLength(1);
    const check = await client.postJson(CLAIMANT_PATHS.payout, {
      election: { paymentMethod: 'Check' },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(await payoutFingerprints(claim.id)).toEqual([]);
  });

  it('refuses a change without an authorized claim', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    const response = await client.postJson(CLAIMANT_PATHS.payout, { election: DIRECT_DEPOSIT });
    expect(response.statusCode).toBe(401);
  });
});
