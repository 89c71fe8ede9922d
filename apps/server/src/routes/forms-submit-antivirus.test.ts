import { readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import type { SubmittableFormType } from '@claims/core/form-types';
import { eicarPdf, startTestClamd, type TestClamd } from '../../test-fakes/clamd';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import {
  claimTextParts,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
  type DocumentSpec,
} from '../test/claims';
import { demoRows, startTestApp, TestClient, type TestApp } from '../test/test-app';

/** Every document is scanned by clamd before its claim commits (CLAMD_URL). */

const NOW = new Date('2027-03-05T20:00:00Z');
let clamd: TestClamd;
let members: Record<string, string>[];
let vehicles: Record<string, string>[];
let memberIndex = 0;

beforeAll(async () => {
  clamd = await startTestClamd();
  members = await demoRows('class-list.csv');
  vehicles = await demoRows('vehicles.csv');
});
afterAll(async () => clamd.stop());

const infected = (name = 'infected-invoice.pdf'): DocumentSpec => ({
  name,
  bytes: eicarPdf(),
  type: 'application/pdf',
});
const clean = (name = 'invoice.pdf'): DocumentSpec => ({
  name,
  bytes: SAMPLE_PDF,
  type: 'application/pdf',
});

async function configsOf(testApp: TestApp): Promise<RemoteModelConfig[]> {
  return new TestClient(testApp.app).modelConfigs();
}

/** A browser authorized for the Standard form as the next member of the demo list. */
async function standardClaimant(testApp: TestApp): Promise<TestClient> {
  const member = members[memberIndex++]!;
  const client = new TestClient(testApp.app);
  await client.csrf();
  await client.authorizeOk('Standard', { noticeId: member.NoticeId!, pin: member.Pin! });
  return client;
}

async function submit(
  testApp: TestApp,
  client: TestClient,
  formType: SubmittableFormType,
  documents: DocumentSpec[],
) {
  const standard = formType === 'Standard';
  const { textParts, contextClientIds } = claimTextParts(await configsOf(testApp), formType, {
    reCaptchaResponse: await client.captchaToken(),
    ...(standard
      ? {
          claimantInfo: validClaimantInfo(),
          claimDetails: validStandardClaimDetails(vehicles[0]!.Vin!),
          signature: validSignature(),
          claimTransactions: [validClaimTransaction()],
        }
      : {}),
    documents,
  });
  return client.submit(
    formType,
    textParts,
    documents.map((document, index) => ({
      clientId: contextClientIds[index]!,
      bytes: document.bytes,
      type: document.type,
    })),
  );
}

/** Rows and document files the app holds. */
async function stored(testApp: TestApp) {
  const db = testApp.app.db;
  const claims = await db.selectFrom('claims').select('id').execute();
  const documents = await db.selectFrom('documents').select('id').execute();
  const list = (name: string) =>
    readdir(path.join(testApp.dataDir, 'documents', name)).catch(() => [] as string[]);
  return {
    claims: claims.length,
    documents: documents.length,
    files: { stored: (await list('stored')).length, pending: (await list('pending')).length },
  };
}

describe('submissions with clamd running', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => NOW, env: { CLAMD_URL: clamd.url } });
  });
  afterAll(async () => testApp.close());

  it('refuses a PDF carrying the EICAR test string with 422 naming the file, storing no claim and no document', async () => {
    const client = await standardClaimant(testApp);
    const before = await stored(testApp);
    const response = await submit(testApp, client, 'Standard', [clean(), infected()]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: expect.stringMatching(
        /^file "infected-invoice\.pdf" was refused: the virus scan found malware in it/,
      ),
      nonMatchingPaymentElection: false,
      document: { name: 'infected-invoice.pdf', reason: 'virus' },
    });
    expect(await stored(testApp)).toEqual(before);
  });

  it('files a claim whose clean PDF passes the virus scan', async () => {
    const client = await standardClaimant(testApp);
    const before = await stored(testApp);
    const response = await submit(testApp, client, 'Standard', [clean()]);
    expect(response.statusCode).toBe(200);
    expect(await stored(testApp)).toEqual({
      claims: before.claims + 1,
      documents: before.documents + 1,
      files: { stored: before.files.stored + 1, pending: 0 },
    });
  });

  it('refuses an EICAR document sent with the Documents Upload form with 422, storing nothing', async () => {
    const claimant = await standardClaimant(testApp);
    const code = (await submit(testApp, claimant, 'Standard', [clean()])).json<{
      referenceCodeForm: string;
    }>().referenceCodeForm;
    const client = new TestClient(testApp.app);
    await client.csrf();
    await client.authorizeOk('DocumentsUpload', {
      referenceCode: code,
      lastName: "O'Neil-Núñez",
      mailingPostalCode: null,
    });
    const before = await stored(testApp);
    const response = await submit(testApp, client, 'DocumentsUpload', [infected('late.pdf')]);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/^file "late\.pdf" was refused: the virus scan/);
    expect(await stored(testApp)).toEqual(before);
  });
});

describe('submissions when clamd cannot be reached', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    testApp = await startTestApp({
      now: () => NOW,
      env: { CLAMD_URL: `tcp://127.0.0.1:${port}`, CLAMD_TIMEOUT_MS: '2000' },
    });
  });
  afterAll(async () => testApp.close());

  it('refuses a claim with 503 and Retry-After, storing no claim and no document', async () => {
    const client = await standardClaimant(testApp);
    const before = await stored(testApp);
    const response = await submit(testApp, client, 'Standard', [clean()]);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.json()).toEqual({
      error: expect.stringMatching(/^file "invoice\.pdf" could not be checked for viruses/),
      nonMatchingPaymentElection: false,
    });
    expect(await stored(testApp)).toEqual(before);
  });
});

describe('a server without CLAMD_URL', () => {
  it('says in its start-up log that documents are not scanned for viruses', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const testApp = await startTestApp({ env: { LOG_LEVEL: 'info' }, logStream });
    await testApp.close();
    expect(lines.map((line) => JSON.parse(line) as { level: number; msg: string })).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'documents are not scanned for viruses: CLAMD_URL is not set',
      }),
    );
  });
});
