import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PDF, SAMPLE_PNG } from '../../test-fakes/sample-documents';
import { startTestBucket, unreachableEndpoint, type TestBucket } from '../../test-fakes/s3-bucket';
import {
  claimTextParts,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
  type DocumentSpec,
} from '../test/claims';
import { demoRows, startTestApp, TestClient, type TestApp } from '../test/test-app';

/** Documents kept in an S3-compatible bucket (S3_BUCKET) instead of the data folder. */

const NOW = new Date('2027-03-05T20:00:00Z');
let members: Record<string, string>[];
let vin: string;
let memberIndex = 0;

beforeAll(async () => {
  members = await demoRows('class-list.csv');
  vin = (await demoRows('vehicles.csv'))[0]!.Vin!;
});

const pdf: DocumentSpec = { name: 'invoice.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' };
const png: DocumentSpec = { name: 'receipt.png', bytes: SAMPLE_PNG, type: 'image/png' };

/** Authorizes the next member of the demo list and sends a Standard claim with `documents`. */
async function submitStandardClaim(testApp: TestApp, documents: DocumentSpec[]) {
  const member = members[memberIndex++]!;
  const client = new TestClient(testApp.app);
  await client.csrf();
  await client.authorizeOk('Standard', { noticeId: member.NoticeId!, pin: member.Pin! });
  const parts = claimTextParts(await client.modelConfigs(), 'Standard', {
    reCaptchaResponse: await client.captchaToken(),
    claimantInfo: validClaimantInfo(),
    claimDetails: validStandardClaimDetails(vin),
    signature: validSignature(),
    claimTransactions: [validClaimTransaction()],
    documents,
  });
  const files = documents.map(({ bytes, type }, index) => {
    return { clientId: parts.contextClientIds[index]!, bytes, type };
  });
  return client.submit('Standard', parts.textParts, files);
}

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

async function countRows(testApp: TestApp) {
  const db = testApp.app.db;
  const [claims, documents] = await Promise.all([
    db
      .selectFrom('claims')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { claims: Number(claims.n), documents: Number(documents.n) };
}

describe('submissions with the documents in a bucket', () => {
  let bucket: TestBucket;
  let testApp: TestApp;

  beforeAll(async () => {
    bucket = await startTestBucket();
    testApp = await startTestApp({ now: () => NOW, env: bucket.env });
  });
  afterAll(async () => {
    await testApp.close();
    await bucket.stop();
  });

  it('keeps the documents of a filed claim in the bucket, readable back through the store', async () => {
    const response = await submitStandardClaim(testApp, [pdf, png]);
    expect(response.statusCode).toBe(200);
    const rows = await testApp.app.db
      .selectFrom('documents')
      .select(['storage_key', 'original_name', 'size'])
      .orderBy('original_name')
      .execute();
    expect(rows.map((row) => row.original_name)).toEqual(['invoice.pdf', 'receipt.png']);
    expect((await bucket.keys()).sort()).toEqual(
      rows.map((row) => `stored/${row.storage_key}`).sort(),
    );
    const [invoice, receipt] = rows;
    expect(await readAll(await testApp.app.documents.openRead(invoice!.storage_key))).toEqual(
      Buffer.from(SAMPLE_PDF),
    );
    expect(await testApp.app.documents.stat(receipt!.storage_key)).toEqual({
      size: SAMPLE_PNG.byteLength,
    });
  });
});

describe('submissions with the bucket out of reach', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    const env = {
      S3_BUCKET: 'claims-documents',
      S3_ENDPOINT: await unreachableEndpoint(),
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'claims',
      S3_SECRET_ACCESS_KEY: 'a-secret-key',
    };
    // The server starts all the same; the start-up sweep logs that it could not run.
    testApp = await startTestApp({ now: () => NOW, env });
  });
  afterAll(async () => testApp.close());

  it('refuses a claim with 503 and Retry-After, committing no claim and no document', async () => {
    const before = await countRows(testApp);
    const response = await submitStandardClaim(testApp, [pdf]);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.json()).toMatchObject({
      error:
        'the documents could not be stored just now, so nothing was stored; please send the claim again in a few minutes',
    });
    expect(await countRows(testApp)).toEqual(before);
  });
});
