import { CLAIMANT_PATHS, type ClaimStatusResponse } from '@claims/core/contract/claimant-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import { fileTestClaim } from '../admin/claims/testing/claim-fixtures';
import { claimTextParts } from '../test/claims';
import { demoRows, startTestApp, TestClient, type TestApp } from '../test/test-app';
import { readAddressChanges } from './address-change';
import { reviewerMoves, signedInClaimant } from './testing';

let clock = new Date('2027-03-05T20:00:00.000Z');
let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({ now: () => clock });
});
afterAll(async () => testApp.close());

async function claimant() {
  const client = new TestClient(testApp.app);
  await client.csrf();
  return client;
}

function signedIn(referenceCode: string, lastName: string) {
  return signedInClaimant(testApp.app, referenceCode, lastName);
}

async function deficientClaim(lastName: string) {
  const claim = await fileTestClaim(testApp.app, { lastName });
  await reviewerMoves(testApp.app, claim.id, 'start_review');
  await reviewerMoves(testApp.app, claim.id, 'mark_deficient', ['missing_proof_of_purchase']);
  return claim;
}

async function deniedClaim(lastName: string) {
  const claim = await fileTestClaim(testApp.app, { lastName });
  await reviewerMoves(testApp.app, claim.id, 'start_review');
  await reviewerMoves(testApp.app, claim.id, 'deny', ['duplicate_claim']);
  return claim;
}

async function uploadDocument(client: TestClient) {
  const configs = await client.modelConfigs();
  const { textParts, contextClientIds } = claimTextParts(configs, 'DocumentsUpload', {
    reCaptchaResponse: await client.captchaToken(),
    documents: [{ name: 'receipt.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' }],
  });
  const response = await client.submit('DocumentsUpload', textParts, [
    { clientId: contextClientIds[0]!, bytes: SAMPLE_PDF, type: 'application/pdf' },
  ]);
  expect(response.statusCode, response.body).toBe(200);
}

async function statusOf(claimId: string) {
  const row = await testApp.app.db
    .selectFrom('claims')
    .select('status')
    .where('id', '=', claimId)
    .executeTakeFirstOrThrow();
  return row.status;
}

describe('Check Claim Status', () => {
  it('refuses the status without an authorized reference code', async () => {
    const client = await claimant();
    const response = await client.get(CLAIMANT_PATHS.status);
    expect(response.statusCode).toBe(401);
  });

  it('refuses a wrong last name and counts it towards the lockout of the reference code', async () => {
    const claim = await fileTestClaim(testApp.app, { lastName: 'Okafor' });
    const guesser = await claimant();
    for (let guess = 0; guess < 5; guess += 1) {
      const wrong = await guesser.authorize('DocumentsUpload', {
        referenceCode: claim.referenceCode,
        lastName: `Guess${guess}`,
        mailingPostalCode: null,
      });
      expect(wrong.statusCode).toBe(401);
    }
    expect((await guesser.get(CLAIMANT_PATHS.status)).statusCode).toBe(401);
    const locked = await guesser.authorize('DocumentsUpload', {
      referenceCode: claim.referenceCode,
      lastName: 'Okafor',
      mailingPostalCode: null,
    });
    expect(locked.statusCode).toBe(401);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('shows a deficient claim with its reason, what to send and the cure-by date', async () => {
    const claim = await deficientClaim('Mensah');
    const client = await signedIn(claim.referenceCode, 'Mensah');
    const response = await client.get(CLAIMANT_PATHS.status);
    expect(response.statusCode).toBe(200);
    const status = response.json<ClaimStatusResponse>();
    expect(status).toMatchObject({
      referenceCode: claim.referenceCode,
      status: 'deficient',
      cureOpen: true,
      appealOpen: false,
      deficiencies: [{ code: 'missing_proof_of_purchase' }],
    });
    expect(status.deficiencies[0]?.whatToSend).not.toBe('');
    expect(status.cureBy).not.toBeNull();
    expect(status.history.map((event) => event.status)).toEqual(['in_review', 'deficient']);
  });

  it('refuses a cure before any document was uploaded for the claim', async () => {
    const claim = await deficientClaim('Ibarra');
    const client = await signedIn(claim.referenceCode, 'Ibarra');
    const response = await client.postJson(CLAIMANT_PATHS.cure, {});
    expect(response.statusCode).toBe(409);
    expect(await statusOf(claim.id)).toBe('deficient');
  });

  it('cures the claim with the uploaded document as the claimant, leaving other claims deficient', async () => {
    const claim = await deficientClaim('Novak');
    const other = await deficientClaim('Novak');
    const client = await signedIn(claim.referenceCode, 'Novak');
    await uploadDocument(client);
    const response = await client.postJson(CLAIMANT_PATHS.cure, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ClaimStatusResponse>().status).toBe('cured');
    expect(await statusOf(other.id)).toBe('deficient');
    const attached = await testApp.app.db
      .selectFrom('claims')
      .select('parent_claim_id')
      .where('form_type', '=', 'DocumentsUpload')
      .where('parent_claim_id', 'in', [claim.id, other.id])
      .execute();
    expect(attached).toEqual([{ parent_claim_id: claim.id }]);
    const last = await testApp.app.db
      .selectFrom('claim_history')
      .select(['actor', 'transition', 'to_status'])
      .where('claim_id', '=', claim.id)
      .orderBy('sequence', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ actor: 'claimant', transition: 'cure', to_status: 'cured' });
  });

  it('appeals a denied claim within its window with the statement as grounds', async () => {
    const claim = await deniedClaim('Sato');
    const client = await signedIn(claim.referenceCode, 'Sato');
    const before = (await client.get(CLAIMANT_PATHS.status)).json<ClaimStatusResponse>();
    expect(before).toMatchObject({
      appealOpen: true,
      denialReasons: [{ code: 'duplicate_claim' }],
    });
    const response = await client.postJson(CLAIMANT_PATHS.appeal, {
      statement: 'I filed once only.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ClaimStatusResponse>().status).toBe('appealed');
    const last = await testApp.app.db
      .selectFrom('claim_history')
      .select(['actor', 'note'])
      .where('claim_id', '=', claim.id)
      .orderBy('sequence', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ actor: 'claimant', note: 'I filed once only.' });
  });

  it('refuses an appeal after the appeal window has closed', async () => {
    const claim = await deniedClaim('Haddad');
    const filedAt = clock;
    clock = new Date(filedAt.getTime() + 40 * 24 * 60 * 60 * 1000);
    try {
      const client = await signedIn(claim.referenceCode, 'Haddad');
      const status = (await client.get(CLAIMANT_PATHS.status)).json<ClaimStatusResponse>();
      expect(status.appealOpen).toBe(false);
      const response = await client.postJson(CLAIMANT_PATHS.appeal, { statement: 'Too late?' });
      expect(response.statusCode).toBe(409);
      expect(await statusOf(claim.id)).toBe('denied');
    } finally {
      clock = filedAt;
    }
  });

  it('refuses an appeal without a statement', async () => {
    const claim = await deniedClaim('Lund');
    const client = await signedIn(claim.referenceCode, 'Lund');
    const response = await client.postJson(CLAIMANT_PATHS.appeal, { statement: '  ' });
    expect(response.statusCode).toBe(400);
    expect(await statusOf(claim.id)).toBe('denied');
  });
});

describe('Change My Address', () => {
  const usAddress = {
    mailingCountry: 'US',
    mailingStreetLine1: '12 Elm Street',
    mailingStreetLine2: null,
    mailingCity: 'Portland',
    mailingSubDivision: 'OR',
    mailingPostalCode: '97208',
    mailingSubDivisionNonUS: null,
    mailingPostalCodeNonUS: null,
  };

  it('records a new address for the claim the reference code proved', async () => {
    const claim = await fileTestClaim(testApp.app, { lastName: 'Quispe' });
    const client = await signedIn(claim.referenceCode, 'Quispe');
    const response = await client.postJson(CLAIMANT_PATHS.address, { address: usAddress });
    expect(response.statusCode, response.body).toBe(200);
    const changes = await readAddressChanges(testApp.app.db, claim.id);
    expect(changes).toEqual([
      {
        at: clock.toISOString(),
        authorizedBy: 'referenceCode',
        address: expect.objectContaining({
          mailingStreetLine1: '12 Elm Street',
          mailingCity: 'Portland',
        }),
      },
    ]);
  });

  it('records a new address for the claim of a Notice ID and PIN', async () => {
    const member = (await demoRows('class-list.csv'))[5]!;
    const claim = await fileTestClaim(testApp.app, { noticeId: member.NoticeId! });
    const client = await claimant();
    await client.authorizeOk('Standard', { noticeId: member.NoticeId!, pin: member.Pin! });
    const response = await client.postJson(CLAIMANT_PATHS.address, { address: usAddress });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ referenceCode: claim.referenceCode });
    const changes = await readAddressChanges(testApp.app.db, claim.id);
    expect(changes.map((change) => change.authorizedBy)).toEqual(['noticeId']);
  });

  it('refuses an address that breaks the claim form rules, recording nothing', async () => {
    const claim = await fileTestClaim(testApp.app, { lastName: 'Berg' });
    const client = await signedIn(claim.referenceCode, 'Berg');
    const response = await client.postJson(CLAIMANT_PATHS.address, {
      address: { ...usAddress, mailingPostalCode: '9720' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('mailingPostalCode');
    expect(await readAddressChanges(testApp.app.db, claim.id)).toEqual([]);
  });

  it('refuses a change of address without an authorized claim', async () => {
    const client = await claimant();
    const response = await client.postJson(CLAIMANT_PATHS.address, { address: usAddress });
    expect(response.statusCode).toBe(401);
  });
});
