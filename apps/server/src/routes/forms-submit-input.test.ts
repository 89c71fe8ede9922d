import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import {
  claimTextParts,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
  type ClaimParts,
} from '../test/claims';
import { demoRows, startTestApp, TestClient, type TestApp } from '../test/test-app';

/**
 * Submissions whose text the stores cannot take as sent (NUL, unpaired surrogates) and
 * multipart bodies that are malformed: each a 400, never a 500, and nothing stored.
 */

let testApp: TestApp;
let configs: RemoteModelConfig[];
let members: Record<string, string>[];
let vehicles: Record<string, string>[];
let memberIndex = 0;

beforeAll(async () => {
  testApp = await startTestApp({ now: () => new Date('2027-03-05T20:00:00Z') });
  configs = await new TestClient(testApp.app).modelConfigs();
  members = await demoRows('class-list.csv');
  vehicles = await demoRows('vehicles.csv');
});
afterAll(async () => testApp.close());

async function standardClaimant(): Promise<TestClient> {
  const member = members[memberIndex++]!;
  const client = new TestClient(testApp.app);
  await client.csrf();
  await client.authorizeOk('Standard', { noticeId: member.NoticeId!, pin: member.Pin! });
  return client;
}

async function submitClaim(client: TestClient, overrides: Partial<ClaimParts> = {}) {
  const documents = overrides.documents ?? [
    { name: 'invoice.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' },
  ];
  const { textParts, contextClientIds } = claimTextParts(configs, 'Standard', {
    reCaptchaResponse: await client.captchaToken(),
    claimantInfo: validClaimantInfo(),
    claimDetails: validStandardClaimDetails(vehicles[0]!.Vin!),
    signature: validSignature(),
    claimTransactions: [validClaimTransaction()],
    ...overrides,
    documents,
  });
  return client.submit(
    'Standard',
    textParts,
    documents.map((document, index) => ({
      clientId: contextClientIds[index]!,
      bytes: document.bytes,
      type: document.type,
    })),
  );
}

async function stored() {
  const db = testApp.app.db;
  const list = (name: string) =>
    readdir(path.join(testApp.dataDir, 'documents', name)).catch(() => [] as string[]);
  return {
    claims: (await db.selectFrom('claims').select('id').execute()).length,
    documents: (await db.selectFrom('documents').select('id').execute()).length,
    files: (await list('stored')).length + (await list('pending')).length,
  };
}

/** The name a filed claim's document was stored under, in its row and in its models. */
async function storedDocumentName(referenceCode: string) {
  const row = await testApp.app.db
    .selectFrom('claims')
    .innerJoin('documents', 'documents.claim_id', 'claims.id')
    .select(['documents.original_name', 'claims.models'])
    .where('claims.reference_code', '=', referenceCode)
    .executeTakeFirstOrThrow();
  const models = JSON.parse(row.models) as {
    documentContexts: { fields: { document: { name: string } } }[];
  };
  return { row: row.original_name, model: models.documentContexts[0]!.fields.document.name };
}

describe('text a submission holds', () => {
  it('is refused with 400 naming the part and field when a model field holds a NUL', async () => {
    const client = await standardClaimant();
    const before = await stored();
    const response = await submitClaim(client, {
      claimTransactions: [{ ...validClaimTransaction(), repairShopName: 'Northwind\u0000' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error:
        'claimTransactions[0].fields.repairShopName contains a NUL character (U+0000), which text may not contain',
      nonMatchingPaymentElection: false,
    });
    expect(await stored()).toEqual(before);
  });

  it('is refused with 400 when a model field holds an unpaired surrogate', async () => {
    const client = await standardClaimant();
    const response = await submitClaim(client, {
      claimantInfo: { ...validClaimantInfo(), mailingCity: 'Portland\udc00' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'claimantInfo.fields.mailingCity contains an unpaired surrogate (U+DC00), which is not valid Unicode text',
    );
  });

  it('is refused with 400 when the captcha value part holds a NUL', async () => {
    const client = await standardClaimant();
    const response = await submitClaim(client, { captchaRawValue: 'pass\u0000' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'captchaRawValue contains a NUL character (U+0000), which text may not contain',
    );
  });
});

describe('a document file name', () => {
  it('holding a NUL is stored with U+FFFD in its place', async () => {
    const client = await standardClaimant();
    const response = await submitClaim(client, {
      documents: [{ name: 'scan\u0000.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' }],
    });
    expect(response.statusCode).toBe(200);
    expect(await storedDocumentName(response.json().referenceCodeForm)).toEqual({
      row: 'scan\uFFFD.pdf',
      model: 'scan\uFFFD.pdf',
    });
  });

  it('holding an unpaired surrogate (as a Windows file name may) is stored with U+FFFD in its place', async () => {
    const client = await standardClaimant();
    const response = await submitClaim(client, {
      documents: [
        { name: 'r\ud800\u00e9sum\u00e9.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(await storedDocumentName(response.json().referenceCodeForm)).toEqual({
      row: 'r\uFFFD\u00e9sum\u00e9.pdf',
      model: 'r\uFFFD\u00e9sum\u00e9.pdf',
    });
  });
});

describe('a malformed multipart body', () => {
  const post = async (client: TestClient, contentType: string, payload: string) =>
    client.request({
      method: 'POST',
      url: '/api/forms/standard',
      payload,
      headers: { 'content-type': contentType },
    });

  it('without a boundary is refused with 400 saying so', async () => {
    const client = await standardClaimant();
    const response = await post(client, 'multipart/form-data', 'anything');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error:
        'the multipart body has no boundary; expected Content-Type: multipart/form-data; boundary=…',
      nonMatchingPaymentElection: false,
    });
  });

  it('with a boundary over the 70 characters allowed is refused with 400 saying so', async () => {
    const client = await standardClaimant();
    const boundary = 'b'.repeat(300);
    const response = await post(
      client,
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="reCaptchaResponse"\r\n\r\nx\r\n--${boundary}--\r\n`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'the multipart boundary has 300 characters; at most 70 are allowed',
    );
  });

  it('cut off inside a text part is refused with 400 saying it ended early', async () => {
    const client = await standardClaimant();
    const response = await post(
      client,
      'multipart/form-data; boundary=XX',
      '--XX\r\nContent-Disposition: form-data; name="reCaptchaResponse"\r\n\r\nabc',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'the multipart body ended before its closing boundary; send the whole body',
    );
  });

  it('cut off inside a document is refused with 400, leaving no file', async () => {
    const client = await standardClaimant();
    const { textParts, contextClientIds } = claimTextParts(configs, 'Standard', {
      reCaptchaResponse: await client.captchaToken(),
      claimantInfo: validClaimantInfo(),
      claimDetails: validStandardClaimDetails(vehicles[0]!.Vin!),
      signature: validSignature(),
      claimTransactions: [validClaimTransaction()],
      documents: [{ name: 'invoice.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' }],
    });
    const head = Object.entries(textParts)
      .map(
        ([name, value]) =>
          `--XX\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('');
    const before = await stored();
    const response = await post(
      client,
      'multipart/form-data; boundary=XX',
      `${head}--XX\r\nContent-Disposition: form-data; name="documents"; filename="${contextClientIds[0]}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 half a document`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'the multipart body ended before its closing boundary; send the whole body',
    );
    expect(await stored()).toEqual(before);
  });

  it('with a part whose headers give it no name is refused with 400 saying so', async () => {
    const client = await standardClaimant();
    const response = await post(
      client,
      'multipart/form-data; boundary=XX',
      '--XX\r\nContent-Disposition: form-data\r\nnot a header line\r\n\r\nvalue\r\n--XX--\r\n',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'a part has no name; each part needs a Content-Disposition: form-data; name="…" header',
    );
  });
});
