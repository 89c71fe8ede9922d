import { randomBytes } from 'node:crypto';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NONE_OPTION_VALUE, type RemoteModelConfig } from '@claims/core/case/field-config';
import { isValidReferenceCode } from '@claims/core/ids/reference-code';
import {
  SAMPLE_JPEG,
  SAMPLE_PDF,
  SAMPLE_PNG,
  SAMPLE_TEXT,
} from '../../test-fakes/sample-documents';
import {
  claimTextParts,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
  type ClaimParts,
  type DocumentSpec,
  newClientId,
} from '../test/claims';
import { spendCaptchaPass } from '../services/captcha-pass';
import { ClaimOutcomeUnknownError, ClaimsStore } from '../services/claims-store';
import {
  demoRows,
  demoText,
  encodeMultipart,
  startTestApp,
  TestClient,
  type TestApp,
} from '../test/test-app';

let testApp: TestApp;
const START = new Date('2027-03-05T20:00:00Z');
let clock = START;
let members: Record<string, string>[];
let vehicles: Record<string, string>[];
let configs: RemoteModelConfig[];
let memberIndex = 0;

const FILE_SIZE_LIMIT = 64 * 1024;

beforeAll(async () => {
  testApp = await startTestApp({
    now: () => clock,
    uploadLimits: { fileSize: FILE_SIZE_LIMIT, files: 4 },
  });
  members = await demoRows('class-list.csv');
  vehicles = await demoRows('vehicles.csv');
  configs = await new TestClient(testApp.app).modelConfigs();
});
afterAll(async () => testApp.close());
beforeEach(() => {
  clock = START;
});

const text = (key: string) => demoText('en', key);

/** A browser authorized for the Standard form as the next class member of the demo list. */
async function standardClaimant() {
  const member = members[memberIndex++];
  if (member === undefined) throw new Error('ran out of demo class members');
  const client = new TestClient(testApp.app);
  await client.csrf();
  const answer = await client.authorizeOk('Standard', {
    noticeId: member.NoticeId!,
    pin: member.Pin!,
  });
  return { client, member, captcha: answer.captcha as string };
}

const pdf = (name = 'invoice.pdf'): DocumentSpec => ({
  name,
  bytes: SAMPLE_PDF,
  type: 'application/pdf',
});

/** A valid Standard claim, with parts overridden, and its files. */
async function standardClaim(client: TestClient, overrides: Partial<ClaimParts> = {}) {
  const documents = overrides.documents ?? [pdf()];
  const { textParts, contextClientIds } = claimTextParts(configs, 'Standard', {
    reCaptchaResponse: await client.captchaToken(),
    claimantInfo: validClaimantInfo(),
    claimDetails: validStandardClaimDetails(vehicles[0]!.Vin!),
    signature: validSignature(),
    claimTransactions: [validClaimTransaction()],
    ...overrides,
    documents,
  });
  const files = documents.map((document, index) => ({
    clientId: contextClientIds[index] as string,
    bytes: document.bytes,
    type: document.type,
  }));
  return { textParts, files, contextClientIds };
}

async function countRows() {
  const db = testApp.app.db;
  const claims = await db
    .selectFrom('claims')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const documents = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { claims: Number(claims.n), documents: Number(documents.n) };
}

async function storedFiles() {
  const folder = (name: string) => path.join(testApp.dataDir, 'documents', name);
  const list = async (name: string) => readdir(folder(name)).catch(() => [] as string[]);
  return { stored: (await list('stored')).length, pending: (await list('pending')).length };
}

/** Expects a refused submission that stored nothing at all. */
async function expectNothingStored(
  before: Awaited<ReturnType<typeof countRows>>,
  files: { stored: number },
) {
  expect(await countRows()).toEqual(before);
  expect(await storedFiles()).toEqual({ stored: files.stored, pending: 0 });
}

describe('POST /api/forms/standard', () => {
  it('files a valid claim with its documents and returns a reference code', async () => {
    const { client } = await standardClaimant();
    const before = await countRows();
    const { textParts, files } = await standardClaim(client, {
      documents: [pdf(), { name: 'photo.png', bytes: SAMPLE_PNG, type: 'image/png' }],
    });
    const response = await client.submit('Standard', textParts, files);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      error: null,
      nonMatchingPaymentElection: false,
      referenceCodeForm: expect.any(String),
    });
    expect(isValidReferenceCode(body.referenceCodeForm)).toBe(true);
    expect(await countRows()).toEqual({
      claims: before.claims + 1,
      documents: before.documents + 2,
    });
    const documents = await testApp.app.db
      .selectFrom('documents')
      .innerJoin('claims', 'claims.id', 'documents.claim_id')
      .select([
        'documents.original_name',
        'documents.content_type',
        'documents.size',
        'documents.storage_key',
      ])
      .where('claims.reference_code', '=', body.referenceCodeForm)
      .orderBy('documents.original_name')
      .execute();
    expect(documents).toEqual([
      {
        original_name: 'invoice.pdf',
        content_type: 'application/pdf',
        size: SAMPLE_PDF.byteLength,
        storage_key: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
      {
        original_name: 'photo.png',
        content_type: 'image/png',
        size: SAMPLE_PNG.byteLength,
        storage_key: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
    expect((await storedFiles()).pending).toBe(0);
  });

  it('stores the session\u2019s identity and prepopulated data, not the browser\u2019s', async () => {
    const { client, member } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    textParts.prepopulatedData = JSON.stringify([]);
    const body = (await client.submit('Standard', textParts, files)).json();
    const claim = await testApp.app.db
      .selectFrom('claims')
      .selectAll()
      .where('reference_code', '=', body.referenceCodeForm)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(claim.identity)).toEqual({ kind: 'classMember', noticeId: member.NoticeId });
    expect(JSON.parse(claim.prepopulated_data)).toMatchObject({ firstName: member.FirstName });
    expect(claim.models).not.toContain(member.Pin);
  });

  it('returns the first reference code for the same claim sent twice and stores it once', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const first = (await client.submit('Standard', textParts, files)).json();
    const rows = await countRows();
    const onDisk = await storedFiles();
    const retry = { ...textParts, reCaptchaResponse: await client.captchaToken() };
    const second = await client.submit('Standard', retry, files);
    expect(second.statusCode).toBe(200);
    expect(second.json().referenceCodeForm).toBe(first.referenceCodeForm);
    expect(await countRows()).toEqual(rows);
    expect(await storedFiles()).toEqual(onDisk);
  });

  it('answers the same claim sent again with the same, spent captcha token with its first reference code', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const first = (await client.submit('Standard', textParts, files)).json();
    const rows = await countRows();
    const second = await client.submit('Standard', textParts, files);
    expect(second.statusCode).toBe(200);
    expect(second.json().referenceCodeForm).toBe(first.referenceCodeForm);
    expect(await countRows()).toEqual(rows);
  });

  it('files two claims of one claimant with different client ids separately', async () => {
    const { client } = await standardClaimant();
    const first = (await client.submit('Standard', ...spread(await standardClaim(client)))).json();
    const second = (await client.submit('Standard', ...spread(await standardClaim(client)))).json();
    expect(second.referenceCodeForm).not.toBe(first.referenceCodeForm);
  });

  it('refuses a claim from a session that did not authorize the form with 401', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    const { textParts, files } = await standardClaim(client);
    const response = await client.submit('Standard', textParts, files);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: await text('LocKey_Session_NotAuthorized'),
      nonMatchingPaymentElection: false,
    });
  });

  it('refuses a claim without the CSRF token with 403 and stores nothing', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const before = await countRows();
    const { body, contentType } = await encodeMultipart(textParts, files);
    const response = await client.request({
      method: 'POST',
      url: '/api/forms/standard',
      payload: body,
      headers: { 'content-type': contentType, 'x-csrf-token': 'wrong' },
    });
    expect(response.statusCode).toBe(403);
    expect(await countRows()).toEqual(before);
  });

  it('refuses a file without its document context with 400 and stores nothing', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const before = await countRows();
    const onDisk = await storedFiles();
    const stray = { clientId: newClientId('doc'), bytes: SAMPLE_PDF, type: 'application/pdf' };
    const response = await client.submit('Standard', textParts, [...files, stray]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: expect.stringContaining(`file "${stray.clientId}" matches no document context`),
      nonMatchingPaymentElection: false,
    });
    await expectNothingStored(before, onDisk);
  });

  it('refuses a document context without its file with 400 and stores nothing', async () => {
    const { client } = await standardClaimant();
    const { textParts, files, contextClientIds } = await standardClaim(client, {
      documents: [pdf('a.pdf'), pdf('b.pdf')],
    });
    const before = await countRows();
    const onDisk = await storedFiles();
    const response = await client.submit('Standard', textParts, files.slice(0, 1));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      `document context "${contextClientIds[1]}" has no uploaded file`,
    );
    await expectNothingStored(before, onDisk);
  });

  it('refuses two files for one document context with 400', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const before = await countRows();
    const onDisk = await storedFiles();
    const response = await client.submit('Standard', textParts, [files[0]!, files[0]!]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/more than one file is named/);
    await expectNothingStored(before, onDisk);
  });

  it('refuses two document contexts sharing a clientId with 400 and stores nothing', async () => {
    const { client } = await standardClaimant();
    const shared = newClientId('doc');
    const { textParts, files } = await standardClaim(client, {
      documents: [
        { ...pdf('a.pdf'), clientId: shared },
        { ...pdf('b.pdf'), clientId: shared },
      ],
    });
    const before = await countRows();
    const onDisk = await storedFiles();
    const response = await client.submit('Standard', textParts, files.slice(0, 1));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: `documentContexts[1]: clientId "${shared}" is already the clientId of documentContexts[0]; each model needs its own`,
      nonMatchingPaymentElection: false,
    });
    await expectNothingStored(before, onDisk);
  });

  it('refuses a claim transaction sharing the clientId of another model with 400', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const transactions = JSON.parse(textParts.claimTransactions!) as { clientId: string }[];
    const claimantInfo = JSON.parse(textParts.claimantInfo!) as { clientId: string };
    transactions[0]!.clientId = claimantInfo.clientId;
    const response = await client.submit(
      'Standard',
      { ...textParts, claimTransactions: JSON.stringify(transactions) },
      files,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      `claimTransactions[0]: clientId "${claimantInfo.clientId}" is already the clientId of claimantInfo; each model needs its own`,
    );
  });

  it('refuses a file whose content is not the type it claims with 415 and stores nothing', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client, {
      documents: [{ name: 'receipt.pdf', bytes: SAMPLE_PNG, type: 'application/pdf' }],
    });
    const before = await countRows();
    const onDisk = await storedFiles();
    const response = await client.submit('Standard', textParts, files);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'file "receipt.pdf" is said to be application/pdf but its content is PNG (image/png)',
      nonMatchingPaymentElection: false,
      document: { name: 'receipt.pdf', reason: 'typeMismatch' },
    });
    await expectNothingStored(before, onDisk);
  });

  it('refuses a file that is not a PDF, JPEG or PNG whatever its name with 415', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client, {
      documents: [
        { name: 'photo.jpg', bytes: SAMPLE_JPEG, type: 'image/jpeg' },
        { name: 'notes.pdf', bytes: SAMPLE_TEXT, type: 'unknown' },
      ],
    });
    const before = await countRows();
    const onDisk = await storedFiles();
    const response = await client.submit('Standard', textParts, files);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'file "notes.pdf" is not a PDF, JPEG or PNG document',
      nonMatchingPaymentElection: false,
      document: { name: 'notes.pdf', reason: 'notAllowedType' },
    });
    await expectNothingStored(before, onDisk);
  });

  it('refuses a file whose size is not the one its context declares with 400', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const truncated = { ...files[0]!, bytes: SAMPLE_PDF.subarray(0, 100) };
    const response = await client.submit('Standard', textParts, [truncated]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/has 100 bytes but its document context says/);
  });

  it('refuses an oversize document with 413, leaving no claim and no partial file', async () => {
    const { client } = await standardClaimant();
    const big = new Uint8Array(FILE_SIZE_LIMIT + 1024);
    big.set(SAMPLE_PDF.subarray(0, 8));
    const { textParts, files } = await standardClaim(client, {
      documents: [pdf('small.pdf'), { name: 'big.pdf', bytes: big, type: 'application/pdf' }],
    });
    const before = await countRows();
    const onDisk = await storedFiles();
    const response = await client.submit('Standard', textParts, files);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: `file "big.pdf" is larger than the ${FILE_SIZE_LIMIT} bytes allowed per document`,
      nonMatchingPaymentElection: false,
      document: { name: 'big.pdf', reason: 'tooLarge' },
    });
    await expectNothingStored(before, onDisk);
  });

  it('refuses more documents than allowed with 413 and stores nothing', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client, {
      documents: ['1', '2', '3', '4', '5'].map((n) => pdf(`${n}.pdf`)),
    });
    const before = await countRows();
    const onDisk = await storedFiles();
    const response = await client.submit('Standard', textParts, files);
    expect(response.statusCode).toBe(413);
    await expectNothingStored(before, onDisk);
  });

  it('refuses a reused captcha token with 400', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const token = textParts.reCaptchaResponse!;
    expect((await client.submit('Standard', textParts, files)).statusCode).toBe(200);
    const again = await standardClaim(client, { reCaptchaResponse: token });
    const response = await client.submit('Standard', again.textParts, again.files);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(await text('LocKey_Authorize_CaptchaFailed'));
  });

  it('accepts the authorize answer\u2019s captcha value once instead of a fresh token', async () => {
    const { client, captcha } = await standardClaimant();
    const first = await standardClaim(client, { reCaptchaResponse: '', captchaRawValue: captcha });
    expect((await client.submit('Standard', first.textParts, first.files)).statusCode).toBe(200);
    const second = await standardClaim(client, { reCaptchaResponse: '', captchaRawValue: captcha });
    const response = await client.submit('Standard', second.textParts, second.files);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(await text('LocKey_Authorize_CaptchaFailed'));
  });

  it('refuses another session\u2019s captcha value', async () => {
    const { captcha } = await standardClaimant();
    const { client } = await standardClaimant();
    const claim = await standardClaim(client, { reCaptchaResponse: '', captchaRawValue: captcha });
    expect((await client.submit('Standard', claim.textParts, claim.files)).statusCode).toBe(400);
  });

  it('spends the authorize answer\u2019s captcha value on a refused claim too', async () => {
    const { client, captcha } = await standardClaimant();
    const refused = await standardClaim(client, {
      reCaptchaResponse: '',
      captchaRawValue: captcha,
    });
    // Refused for its missing document, after the captcha check.
    expect((await client.submit('Standard', refused.textParts, [])).statusCode).toBe(400);
    const valid = await standardClaim(client, { reCaptchaResponse: '', captchaRawValue: captcha });
    const response = await client.submit('Standard', valid.textParts, valid.files);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(await text('LocKey_Authorize_CaptchaFailed'));
  });

  it('accepts a fresh captcha token sent beside a spent captcha value', async () => {
    const { client, captcha } = await standardClaimant();
    const first = await standardClaim(client, { reCaptchaResponse: '', captchaRawValue: captcha });
    expect((await client.submit('Standard', first.textParts, first.files)).statusCode).toBe(200);
    const second = await standardClaim(client, { captchaRawValue: captcha });
    expect((await client.submit('Standard', second.textParts, second.files)).statusCode).toBe(200);
  });

  it('refuses a captcha value that another submit of the session spent meanwhile', async () => {
    const { client, captcha } = await standardClaimant();
    const session = await testApp.app.sessions.load(client.cookie('claims_session')!);
    const passHash = session?.data.authorizations.Standard?.captchaPassHash;
    expect(passHash).toEqual(expect.any(String));
    await spendCaptchaPass(testApp.app, passHash!);
    const before = await countRows();
    const claim = await standardClaim(client, { reCaptchaResponse: '', captchaRawValue: captcha });
    const response = await client.submit('Standard', claim.textParts, claim.files);
    expect(response.statusCode).toBe(400);
    expect(await countRows()).toEqual(before);
  });

  it('refuses a claim submitted just after the deadline by a session authorized just before', async () => {
    clock = new Date('2036-07-01T06:50:00Z');
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    clock = new Date('2036-07-01T07:00:01Z');
    const response = await client.submit('Standard', textParts, files);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: await text('LocKey_Deadline_Passed'),
      nonMatchingPaymentElection: false,
    });
  });

  it('refuses a body that is not multipart with 415', async () => {
    const { client } = await standardClaimant();
    const response = await client.postJson('/api/forms/standard', { claimantInfo: null });
    expect(response.statusCode).toBe(415);
    expect(response.json().nonMatchingPaymentElection).toBe(false);
  });

  it('refuses a part that is not JSON with 400 naming it', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const response = await client.submit(
      'Standard',
      { ...textParts, claimantInfo: '{oops' },
      files,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^claimantInfo: .*not valid JSON$/);
  });

  it('refuses an unknown part with 400', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const response = await client.submit('Standard', { ...textParts, isAdmin: 'true' }, files);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/unexpected part "isAdmin"; expected one of /);
  });

  it('refuses a text part sent after a file with 400', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const form = new FormData();
    for (const [name, value] of Object.entries(textParts)) {
      if (name !== 'claimTransactions') form.append(name, value);
    }
    form.append('documents', new Blob([SAMPLE_PDF]), files[0]!.clientId);
    form.append('claimTransactions', textParts.claimTransactions!);
    const encoded = new Response(form);
    const response = await client.request({
      method: 'POST',
      url: '/api/forms/standard',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')! },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/came after a file/);
  });

  it('refuses a culture that is not enabled with 400', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client, { userPreferredCulture: 'fr' });
    const response = await client.submit('Standard', textParts, files);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/userPreferredCulture "fr" is not enabled/);
  });

  it('checks a missing part the form has as empty, naming its required fields', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const response = await client.submit('Standard', { ...textParts, signature: 'null' }, files);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('signature.signatureFullName: ');
    expect(response.json().error).toContain('(rule required)');
  });

  it('refuses a model of another form with 400', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const details = JSON.parse(textParts.claimDetails!);
    details.metadata = { ...details.metadata, formType: 'Automotive' };
    const response = await client.submit(
      'Standard',
      { ...textParts, claimDetails: JSON.stringify(details) },
      files,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'claimDetails: a Automotive model cannot be part of a Standard claim',
    );
  });

  it('refuses a model whose metadataHash is not current with 400', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const info = { ...JSON.parse(textParts.claimantInfo!), metadataHash: 'stale' };
    const response = await client.submit(
      'Standard',
      { ...textParts, claimantInfo: JSON.stringify(info) },
      files,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(
      /metadataHash "stale" is not the current one; reload the form/,
    );
  });
});

describe('documents of a claim whose storing failed', () => {
  const storedNames = async () => readdir(path.join(testApp.dataDir, 'documents', 'stored'));

  it('are kept, with a 500, when whether the claim was stored cannot be told', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const before = await storedNames();
    const unknown = new ClaimOutcomeUnknownError(new Error('Connection terminated unexpectedly'));
    const save = vi.spyOn(ClaimsStore.prototype, 'save').mockRejectedValueOnce(unknown);
    try {
      const response = await client.submit('Standard', textParts, files);
      expect(response.statusCode).toBe(500);
    } finally {
      save.mockRestore();
    }
    expect((await storedNames()).length).toBe(before.length + 1);
  });

  it('are removed when the claim is known not to be stored', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const before = await storedNames();
    const save = vi
      .spyOn(ClaimsStore.prototype, 'save')
      .mockRejectedValueOnce(new Error('could not serialize access'));
    try {
      expect((await client.submit('Standard', textParts, files)).statusCode).toBe(500);
    } finally {
      save.mockRestore();
    }
    expect((await storedNames()).sort()).toEqual(before.sort());
  });

  it('are removed at start-up once a day old, when no claim references them', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const code = (await client.submit('Standard', textParts, files)).json().referenceCodeForm;
    const { storage_key: claimed } = await testApp.app.db
      .selectFrom('documents')
      .innerJoin('claims', 'claims.id', 'documents.claim_id')
      .select('documents.storage_key')
      .where('claims.reference_code', '=', code)
      .executeTakeFirstOrThrow();
    const stored = (name: string) => path.join(testApp.dataDir, 'documents', 'stored', name);
    const [orphan, recentOrphan] = [
      randomBytes(16).toString('hex'),
      randomBytes(16).toString('hex'),
    ];
    await writeFile(stored(orphan), SAMPLE_PDF);
    await writeFile(stored(recentOrphan), SAMPLE_PDF);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    for (const name of [orphan, claimed]) await utimes(stored(name), twoDaysAgo, twoDaysAgo);

    const restarted = await startTestApp({ now: () => clock, shareStoreWith: testApp });
    await restarted.close();
    const names = await storedNames();
    expect(names).not.toContain(orphan);
    expect(names).toEqual(expect.arrayContaining([claimed, recentOrphan]));
  });
});

function spread(claim: {
  textParts: Record<string, string>;
  files: { clientId: string; bytes: Uint8Array; type?: string }[];
}) {
  return [claim.textParts, claim.files] as const;
}

describe('rules on the Standard claim', () => {
  const info = validClaimantInfo;
  const details = () => validStandardClaimDetails(vehicles[0]!.Vin!);
  const cases: { rule: string; field: string; parts: () => Partial<ClaimParts> }[] = [
    {
      rule: 'required',
      field: 'claimantInfo.firstName',
      parts: () => ({ claimantInfo: { ...info(), firstName: '  ' } }),
    },
    {
      rule: 'maxLength',
      field: 'claimantInfo.middleInitial',
      parts: () => ({ claimantInfo: { ...info(), middleInitial: 'AB' } }),
    },
    {
      rule: 'characterSetRestriction',
      field: 'claimantInfo.lastName',
      parts: () => ({ claimantInfo: { ...info(), lastName: 'Smith<script>' } }),
    },
    {
      rule: 'regularExpression',
      field: 'claimantInfo.emailAddress',
      parts: () => ({ claimantInfo: { ...info(), emailAddress: 'not-an-address' } }),
    },
    {
      rule: 'requiredIfOtherPropertyMatchesRegex',
      field: 'claimantInfo.mailingPostalCodeNonUS',
      parts: () => ({
        claimantInfo: {
          ...info(),
          mailingCountry: 'CA',
          mailingSubDivision: null,
          mailingPostalCode: null,
          mailingSubDivisionNonUS: 'Ontario',
          mailingPostalCodeNonUS: null,
          phoneNumber: '4165550147',
          confirmPhoneNumber: '4165550147',
        },
      }),
    },
    {
      rule: 'requiredIf',
      field: 'claimDetails.repairFacility',
      parts: () => ({ claimDetails: { ...details(), repairFacility: null } }),
    },
    {
      rule: 'range',
      field: 'claimDetails.totalRepairCost',
      parts: () => ({ claimDetails: { ...details(), totalRepairCost: '60,000' } }),
    },
    {
      rule: 'range',
      field: 'claimDetails.acquisitionDate',
      parts: () => ({ claimDetails: { ...details(), acquisitionDate: '06/01/2016' } }),
    },
    {
      rule: 'validDate',
      field: 'claimDetails.acquisitionDate',
      parts: () => ({ claimDetails: { ...details(), acquisitionDate: '02/30/2020' } }),
    },
    {
      rule: 'preventFutureDate',
      field: 'claimDetails.acquisitionDate',
      parts: () => ({ claimDetails: { ...details(), acquisitionDate: '12/01/2027' } }),
    },
    {
      rule: 'endDate',
      field: 'claimDetails.dispositionDate',
      parts: () => ({
        claimDetails: { ...details(), stillOwnVehicle: 'No', dispositionDate: '01/01/2020' },
      }),
    },
    {
      rule: 'nestedRequiredIf',
      field: 'claimDetails.paymentEmail',
      parts: () => ({
        claimDetails: { ...details(), paymentMethod: 'VirtualPrepaidCard', paymentEmail: '' },
      }),
    },
    {
      rule: 'requireOnePropertyValTrue',
      field: 'claimDetails.symptomShudder',
      parts: () => ({ claimDetails: { ...details(), symptomShudder: false } }),
    },
    {
      rule: 'preventFutureShortDate',
      field: 'claimTransactions[0].repairDate',
      parts: () => ({
        claimTransactions: [{ ...validClaimTransaction(), repairDate: '12/01/2027' }],
      }),
    },
    {
      rule: 'endDate',
      field: 'claimTransactions[0].repairDate',
      parts: () => ({
        claimTransactions: [{ ...validClaimTransaction(), repairDate: '01/01/2020' }],
      }),
    },
    {
      rule: 'RequireOnePropertyToHaveAValue',
      field: 'claimTransactions[0].invoiceNumber',
      parts: () => ({
        claimTransactions: [
          { ...validClaimTransaction(), invoiceNumber: null, repairOrderNumber: '' },
        ],
      }),
    },
    {
      rule: 'options',
      field: 'claimDetails.ownershipType',
      parts: () => ({ claimDetails: { ...details(), ownershipType: 'Stolen' } }),
    },
    {
      rule: 'options',
      field: 'claimDetails.ownershipType',
      parts: () => ({ claimDetails: { ...details(), ownershipType: NONE_OPTION_VALUE } }),
    },
    {
      rule: 'mask',
      field: 'claimantInfo.phoneNumber',
      parts: () => ({ claimantInfo: { ...info(), phoneNumber: '5035550147' } }),
    },
    {
      rule: 'unknown',
      field: 'claimantInfo.isAdmin',
      parts: () => ({ claimantInfo: { ...info(), isAdmin: true } }),
    },
    {
      rule: 'required',
      field: 'signature.attestation',
      parts: () => ({ signature: { ...validSignature(), attestation: false } }),
    },
  ];

  for (const { rule, field, parts } of cases) {
    it(`refuses ${field} failing ${rule} with 400 naming the field and the rule`, async () => {
      const { client } = await standardClaimant();
      const before = await countRows();
      const { textParts, files } = await standardClaim(client, parts());
      const response = await client.submit('Standard', textParts, files);
      expect(response.statusCode).toBe(400);
      const error: string = response.json().error;
      const start = error.indexOf(`${field}: `);
      expect(start, error).toBeGreaterThanOrEqual(0);
      expect(/\(rule (\w+)\)/.exec(error.slice(start))?.[1]).toBe(rule);
      expect(await countRows()).toEqual(before);
    });
  }

  it('files a claim answering a radio with its none option, and keeps the none value', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client, {
      claimDetails: {
        ...details(),
        hadRepairs: NONE_OPTION_VALUE,
        totalRepairCost: null,
        repairFacility: null,
        rentalOrTowingCost: null,
      },
      claimTransactions: [],
    });
    const response = await client.submit('Standard', textParts, files);
    expect(response.statusCode, response.body).toBe(200);
    const claim = await testApp.app.db
      .selectFrom('claims')
      .select('models')
      .where('reference_code', '=', response.json().referenceCodeForm)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(claim.models).claimDetails.fields.hadRepairs).toBe(NONE_OPTION_VALUE);
  });

  it('leaves requiredOnClientOnly to the browser', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client, {
      claimantInfo: { ...info(), confirmEmailAddress: null },
    });
    expect((await client.submit('Standard', textParts, files)).statusCode).toBe(200);
  });

  it('clears a hidden field instead of keeping what the browser sent', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client, {
      claimDetails: { ...details(), dispositionDate: '01/01/2021' },
    });
    const body = (await client.submit('Standard', textParts, files)).json();
    const claim = await testApp.app.db
      .selectFrom('claims')
      .select('models')
      .where('reference_code', '=', body.referenceCodeForm)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(claim.models).claimDetails.fields.dispositionDate).toBeNull();
  });

  it('localises rule messages in the claim\u2019s culture', async () => {
    const { client } = await standardClaimant();
    const { textParts, files } = await standardClaim(client, {
      userPreferredCulture: 'es',
      claimantInfo: { ...info(), firstName: '' },
    });
    const response = await client.submit('Standard', textParts, files);
    expect(response.json().error).toContain(
      `claimantInfo.firstName: ${await demoText('es', 'LocKey_Validation_Required')} (rule required)`,
    );
  });
});

describe('POST /api/forms/automotive', () => {
  /** A browser authorized for the Automotive form with a listed vehicle, and its valid claim. */
  async function automotiveClaim(vehicle: Record<string, string>) {
    const client = new TestClient(testApp.app);
    await client.csrf();
    await client.authorizeOk('Automotive', { vin: vehicle.Vin! });
    const { vin: _vin, ...standardDetails } = validStandardClaimDetails(vehicle.Vin!);
    const { textParts, contextClientIds } = claimTextParts(configs, 'Automotive', {
      reCaptchaResponse: await client.captchaToken(),
      claimantInfo: validClaimantInfo(),
      claimDetails: {
        ...standardDetails,
        vehicleYear: vehicle.Year,
        vehicleMake: vehicle.Make,
        vehicleModel: vehicle.Model,
        currentMileage: '48,210',
        paymentMethod: undefined,
        paymentEmail: undefined,
      },
      signature: validSignature(),
      documents: [pdf()],
    });
    const details = JSON.parse(textParts.claimDetails!);
    delete details.fields.paymentMethod;
    delete details.fields.paymentEmail;
    textParts.claimDetails = JSON.stringify(details);
    textParts.claimTransactions = '[]';
    const files = [{ clientId: contextClientIds[0]!, bytes: SAMPLE_PDF, type: 'application/pdf' }];
    return { client, textParts, files };
  }

  it('files a claim for an authorized VIN', async () => {
    const { client, textParts, files } = await automotiveClaim(vehicles[5]!);
    const response = await client.submit('Automotive', textParts, files);
    expect(response.statusCode).toBe(200);
    expect(isValidReferenceCode(response.json().referenceCodeForm)).toBe(true);
  });

  it('refuses a claim submitted just after the Automotive deadline by a session authorized just before', async () => {
    clock = new Date('2036-07-01T06:50:00Z');
    const { client, textParts, files } = await automotiveClaim(vehicles[6]!);
    clock = new Date('2036-07-01T07:00:00Z');
    const before = await countRows();
    const response = await client.submit('Automotive', textParts, files);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: await text('LocKey_Deadline_Passed'),
      nonMatchingPaymentElection: false,
    });
    expect(await countRows()).toEqual(before);
  });
});

describe('documents upload to a filed claim', () => {
  async function filedClaim() {
    const { client, member } = await standardClaimant();
    const { textParts, files } = await standardClaim(client);
    const code: string = (await client.submit('Standard', textParts, files)).json()
      .referenceCodeForm;
    return { code, member };
  }

  async function uploader() {
    const client = new TestClient(testApp.app);
    await client.csrf();
    return client;
  }

  it('authorizes a reference code with the claimant\u2019s last name, in any letter case', async () => {
    const { code } = await filedClaim();
    const client = await uploader();
    const body = await client.authorizeOk('DocumentsUpload', {
      referenceCode: code.toLowerCase().replaceAll('-', ''),
      lastName: "o'neil-núñez",
      mailingPostalCode: null,
    });
    expect(body).toMatchObject({ authorized: true, prepopulatedData: { ReferenceCode: code } });
  });

  it('authorizes a reference code with the claimant\u2019s ZIP code', async () => {
    const { code } = await filedClaim();
    const client = await uploader();
    const body = await client.authorizeOk('DocumentsUpload', {
      referenceCode: code,
      lastName: null,
      mailingPostalCode: '97208',
    });
    expect(body.authorized).toBe(true);
  });

  it('refuses a reference code with another last name with 401', async () => {
    const { code } = await filedClaim();
    const client = await uploader();
    const response = await client.authorize('DocumentsUpload', {
      referenceCode: code,
      lastName: 'Somebody',
      mailingPostalCode: null,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(await text('LocKey_Authorize_ClaimNotFound'));
  });

  it('locks a reference code after five wrong last names, refusing even the right one', async () => {
    const { code } = await filedClaim();
    const client = await uploader();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await client.authorize('DocumentsUpload', {
        referenceCode: code,
        lastName: `Somebody${attempt}`,
        mailingPostalCode: null,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(await text('LocKey_Authorize_ClaimNotFound'));
    }
    const claimant = await uploader();
    const locked = await claimant.authorize('DocumentsUpload', {
      referenceCode: code,
      lastName: "O'Neil-Núñez",
      mailingPostalCode: null,
    });
    expect(locked.statusCode).toBe(401);
    expect(locked.headers['retry-after']).toBe('900');
    expect(locked.json().error).toBe(
      (await text('LocKey_Authorize_TooManyAttempts')).replace('{minutes}', '15'),
    );
  });

  it('refuses documents submitted just after the upload deadline by a session authorized just before', async () => {
    const { code } = await filedClaim();
    clock = new Date('2036-09-30T06:50:00Z');
    const client = await uploader();
    await client.authorizeOk('DocumentsUpload', {
      referenceCode: code,
      lastName: "O'Neil-Núñez",
      mailingPostalCode: null,
    });
    const { textParts, contextClientIds } = claimTextParts(configs, 'DocumentsUpload', {
      reCaptchaResponse: await client.captchaToken(),
      documents: [pdf('late.pdf')],
    });
    clock = new Date('2036-09-30T07:00:00Z');
    const before = await countRows();
    const response = await client.submit('DocumentsUpload', textParts, [
      { clientId: contextClientIds[0]!, bytes: SAMPLE_PDF, type: 'application/pdf' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: await text('LocKey_Deadline_Passed'),
      nonMatchingPaymentElection: false,
    });
    expect(await countRows()).toEqual(before);
  });

  it('attaches the uploaded documents to the claim', async () => {
    const { code } = await filedClaim();
    const client = await uploader();
    await client.authorizeOk('DocumentsUpload', {
      referenceCode: code,
      lastName: "O'Neil-Núñez",
      mailingPostalCode: null,
    });
    const documents = [{ name: 'late-receipt.jpg', bytes: SAMPLE_JPEG, type: 'image/jpeg' }];
    const { textParts, contextClientIds } = claimTextParts(configs, 'DocumentsUpload', {
      reCaptchaResponse: await client.captchaToken(),
      documents,
    });
    const response = await client.submit('DocumentsUpload', textParts, [
      { clientId: contextClientIds[0]!, bytes: SAMPLE_JPEG, type: 'image/jpeg' },
    ]);
    expect(response.statusCode).toBe(200);
    const uploadCode = response.json().referenceCodeForm;
    const rows = await testApp.app.db
      .selectFrom('claims as upload')
      .innerJoin('claims as parent', 'parent.id', 'upload.parent_claim_id')
      .innerJoin('documents', 'documents.claim_id', 'upload.id')
      .select(['parent.reference_code as parent', 'documents.original_name', 'upload.form_type'])
      .where('upload.reference_code', '=', uploadCode)
      .execute();
    expect(rows).toEqual([
      { parent: code, original_name: 'late-receipt.jpg', form_type: 'DocumentsUpload' },
    ]);
  });
});
