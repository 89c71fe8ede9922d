import { access, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { isValidReferenceCode } from '@claims/core/ids/reference-code';
import { SAMPLE_PDF, SAMPLE_PNG } from '../../test-fakes/sample-documents';
import { ClaimsCase } from '../case/claims-case';
import { loadCase } from '../case/load-case';
import { SERVER_MESSAGES } from '../case/server-messages';
import { PaymentElectionMismatchError } from '../http-error';
import {
  claimTextParts,
  newClientId,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
  type ClaimParts,
  type DocumentSpec,
} from '../test/claims';
import { copyDemoCase, demoRows, startTestApp, TestClient, type TestApp } from '../test/test-app';
import { issueCaptchaPass, spendCaptchaPass } from './captcha-pass';
import {
  abandonSubmission,
  checkClaim,
  checkPaymentElection,
  fileClaim,
  receiveDocument,
  spendUnusedPass,
  startSubmission,
  submissionServices,
  type ClaimSubmission,
  type IncomingDocument,
  type SubmissionServices,
} from './claim-submission';
import { ClaimOutcomeUnknownError } from './claims-store';
import { Session } from './session-store';
import type { StoredModels } from './submission-check';

const SECRET = 'claim-submission-test-secret-0123456789';
const START = new Date('2027-03-05T20:00:00Z');
let clock = START;
let testApp: TestApp;
let services: SubmissionServices;
let configs: RemoteModelConfig[];
let vin: string;

beforeAll(async () => {
  testApp = await startTestApp({ now: () => clock });
  services = submissionServices(testApp.app, { sessionSecret: SECRET, limits: { fileSize: 4096 } });
  configs = await new TestClient(testApp.app).modelConfigs();
  vin = (await demoRows('vehicles.csv'))[0]!.Vin!;
});
afterAll(async () => testApp.close());
beforeEach(() => {
  clock = START;
});

/** A stored session authorized for the Standard form, holding a one-time captcha pass. */
async function authorizedSession(culture: string | null = null) {
  const app = testApp.app;
  const created = await app.sessions.create();
  const pass = issueCaptchaPass(SECRET);
  created.setCulture(culture);
  created.setAuthorization('Standard', {
    identity: { kind: 'classMember', noticeId: newClientId('NW') },
    prepopulatedData: {},
    authorizedAt: clock.toISOString(),
    captchaPassHash: pass.hash,
  });
  await app.sessions.save(created);
  const session = await app.sessions.load(created.id);
  if (session === null) throw new Error('the new session did not load');
  return { session, pass };
}

/** The Standard form's submit, started by a request of `session`. */
const start = (session: Session | null) =>
  startSubmission(services, { session, ip: '127.0.0.1', log: testApp.app.log }, 'Standard');

/** A Standard submit started by an authorized session, and its pass. */
async function startedSubmit() {
  const { session, pass } = await authorizedSession();
  return { submission: start(session), pass };
}

const pdf: DocumentSpec = { name: 'invoice.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' };

/** The text parts of a valid Standard claim that presents the pass, with its document contexts. */
function standardParts(captchaRawValue: string, overrides: Partial<ClaimParts> = {}) {
  return claimTextParts(configs, 'Standard', {
    reCaptchaResponse: '',
    captchaRawValue,
    claimantInfo: validClaimantInfo(),
    claimDetails: validStandardClaimDetails(vin),
    signature: validSignature(),
    claimTransactions: [validClaimTransaction()],
    documents: [pdf],
    ...overrides,
  });
}

function incoming(filename: string, bytes: Uint8Array, truncated = false): IncomingDocument {
  return {
    fieldname: 'documents',
    filename,
    file: Object.assign(Readable.from([Buffer.from(bytes)]), { truncated }),
  };
}

async function pendingExists(submission: ClaimSubmission, index: number): Promise<boolean> {
  const document = submission.received[index];
  if (document === undefined) throw new Error(`no document ${index} was received`);
  const file = path.join(testApp.dataDir, 'documents', 'pending', document.storageKey);
  return access(file).then(
    () => true,
    () => false,
  );
}

/** A checked claim with its one document received, ready to be filed. */
async function claimWithDocument() {
  const { submission, pass } = await startedSubmit();
  const { textParts, contextClientIds } = standardParts(pass.value);
  const claim = await checkClaim(services, submission, textParts);
  await receiveDocument(services, submission, claim, incoming(contextClientIds[0]!, SAMPLE_PDF));
  return { submission, claim, pass, textParts };
}

describe('startSubmission', () => {
  it('refuses a session without an authorization of the form with 401 in its culture', () => {
    const session = new Session('no-authorization');
    session.setCulture('es');
    expect(() => start(session)).toThrow(
      expect.objectContaining({
        statusCode: 401,
        message: testApp.app.claimsCase.message('es', SERVER_MESSAGES.notAuthorized),
      }),
    );
  });

  it('refuses a submit after the form’s deadline with 400', async () => {
    const { session } = await authorizedSession();
    clock = new Date('2036-07-01T07:00:01Z');
    expect(() => start(session)).toThrow(
      expect.objectContaining({
        statusCode: 400,
        message: testApp.app.claimsCase.message('en', SERVER_MESSAGES.deadlinePassed),
      }),
    );
  });

  it('holds the form’s authorization as the session had it when the submit started', async () => {
    const { session } = await authorizedSession();
    const submission = start(session);
    expect(submission.authorization).toBe(session.data.authorizations.Standard);
  });
});

describe('checkClaim', () => {
  it('takes the form’s one-time captcha pass and holds it until it is spent', async () => {
    const { submission, pass } = await startedSubmit();
    await checkClaim(services, submission, standardParts(pass.value).textParts);
    expect(submission.passHash).toBe(pass.hash);
    expect(submission.session.data.authorizations.Standard?.captchaPassHash).toBeNull();
  });

  it('refuses a claim with neither the pass nor a captcha token with 400', async () => {
    const { submission } = await startedSubmit();
    await expect(
      checkClaim(services, submission, standardParts('').textParts),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: testApp.app.claimsCase.message('en', SERVER_MESSAGES.captchaFailed),
    });
  });

  it('refuses a culture that is not enabled with 400 naming the enabled ones', async () => {
    const { submission, pass } = await startedSubmit();
    const { textParts } = standardParts(pass.value, { userPreferredCulture: 'fr' });
    await expect(checkClaim(services, submission, textParts)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^userPreferredCulture "fr" is not enabled; expected one of /),
    });
  });

  it('refuses a claim whose models break the form’s rules with 400 naming the field', async () => {
    const { submission, pass } = await startedSubmit();
    const { textParts } = standardParts(pass.value);
    await expect(
      checkClaim(services, submission, { ...textParts, signature: 'null' }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('signature.signatureFullName'),
    });
  });

  it('finds the reference code of the same claim filed before', async () => {
    const { submission, claim, textParts } = await claimWithDocument();
    const referenceCode = await fileClaim(services, submission, claim);
    const { session } = submission;
    const pass = issueCaptchaPass(SECRET);
    session.setAuthorization('Standard', {
      ...submission.authorization,
      captchaPassHash: pass.hash,
    });
    const retry = start(session);
    const again = await checkClaim(services, retry, { ...textParts, captchaRawValue: pass.value });
    expect(again.existingCode).toBe(referenceCode);
  });
});

describe('checkPaymentElection', () => {
  const electing = (paymentEmail: string): StoredModels => ({
    claimantInfo: null,
    claimDetails: {
      clientId: 'details',
      metadataHash: 'hash',
      fields: { paymentMethod: 'PayPal', paymentEmail },
    },
    signature: null,
    documentContexts: [],
    claimTransactions: [],
  });

  it('refuses a PayPal election no PayPal login confirmed when the case offers PayPal', async () => {
    const caseDir = await copyDemoCase((definition) => {
      const payment = definition.payment as { payPal: Record<string, unknown> };
      payment.payPal.enabled = true;
    });
    const claimsCase = new ClaimsCase(await loadCase(caseDir));
    await rm(caseDir, { recursive: true, force: true });
    expect(() =>
      checkPaymentElection(claimsCase, new Session('s'), electing('ana@example.com'), 'en'),
    ).toThrow(PaymentElectionMismatchError);
  });

  it('leaves the payment election alone when the case does not offer PayPal', () => {
    expect(() =>
      checkPaymentElection(
        testApp.app.claimsCase,
        new Session('s'),
        electing('ana@example.com'),
        'en',
      ),
    ).not.toThrow();
  });
});

describe('receiveDocument', () => {
  it('refuses a file that no document context names with 400, storing nothing', async () => {
    const { submission, pass } = await startedSubmit();
    const claim = await checkClaim(services, submission, standardParts(pass.value).textParts);
    await expect(
      receiveDocument(services, submission, claim, incoming('doc-unknown', SAMPLE_PDF)),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('file "doc-unknown" matches no document context'),
    });
    expect(submission.received).toEqual([]);
  });

  it('refuses content of another type than its context declares with 415, keeping it to remove', async () => {
    const { submission, pass } = await startedSubmit();
    const { textParts, contextClientIds } = standardParts(pass.value, {
      documents: [{ ...pdf, bytes: SAMPLE_PNG }],
    });
    const claim = await checkClaim(services, submission, textParts);
    await expect(
      receiveDocument(services, submission, claim, incoming(contextClientIds[0]!, SAMPLE_PNG)),
    ).rejects.toMatchObject({
      statusCode: 415,
      message:
        'file "invoice.pdf" is said to be application/pdf but its content is PNG (image/png)',
      document: { name: 'invoice.pdf', reason: 'typeMismatch' },
    });
    expect(await pendingExists(submission, 0)).toBe(true);
  });

  it('refuses a file the body parser cut at the size limit with 413', async () => {
    const { submission, pass } = await startedSubmit();
    const { textParts, contextClientIds } = standardParts(pass.value);
    const claim = await checkClaim(services, submission, textParts);
    const cut = incoming(contextClientIds[0]!, SAMPLE_PDF, true);
    await expect(receiveDocument(services, submission, claim, cut)).rejects.toMatchObject({
      statusCode: 413,
      message: 'file "invoice.pdf" is larger than the 4096 bytes allowed per document',
      document: { name: 'invoice.pdf', reason: 'tooLarge' },
    });
  });
});

describe('fileClaim', () => {
  it('files the claim with its documents and spends the captcha pass with it', async () => {
    const { submission, claim, pass } = await claimWithDocument();
    const referenceCode = await fileClaim(services, submission, claim);
    expect(isValidReferenceCode(referenceCode)).toBe(true);
    const documents = await testApp.app.db
      .selectFrom('documents')
      .innerJoin('claims', 'claims.id', 'documents.claim_id')
      .select('documents.original_name')
      .where('claims.reference_code', '=', referenceCode)
      .execute();
    expect(documents).toEqual([{ original_name: 'invoice.pdf' }]);
    expect(submission.passHash).toBeNull();
    expect(await spendCaptchaPass(testApp.app, pass.hash)).toBe(false);
  });

  it('refuses the claim with 400 when another submit spent the pass meanwhile', async () => {
    const { submission, claim, pass } = await claimWithDocument();
    await spendCaptchaPass(testApp.app, pass.hash);
    await expect(fileClaim(services, submission, claim)).rejects.toMatchObject({
      statusCode: 400,
      message: testApp.app.claimsCase.message('en', SERVER_MESSAGES.captchaFailed),
    });
    const stored = await testApp.app.db
      .selectFrom('claims')
      .select('id')
      .where('submission_key', '=', claim.submissionKey)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses a document context without its file with 400', async () => {
    const { submission, pass } = await startedSubmit();
    const claim = await checkClaim(services, submission, standardParts(pass.value).textParts);
    await expect(fileClaim(services, submission, claim)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^document context ".+" has no uploaded file$/),
    });
  });
});

describe('spendUnusedPass', () => {
  it('records the pass as spent and lets go of it', async () => {
    const { submission, pass } = await startedSubmit();
    await checkClaim(services, submission, standardParts(pass.value).textParts);
    await spendUnusedPass(services, submission);
    expect(submission.passHash).toBeNull();
    expect(await spendCaptchaPass(testApp.app, pass.hash)).toBe(false);
  });
});

describe('abandonSubmission', () => {
  it('removes the documents received and spends the pass', async () => {
    const { submission, pass } = await claimWithDocument();
    await abandonSubmission(services, submission, new Error('refused'));
    expect(await pendingExists(submission, 0)).toBe(false);
    expect(await spendCaptchaPass(testApp.app, pass.hash)).toBe(false);
  });

  it('keeps the documents when whether the claim was stored cannot be told', async () => {
    const { submission } = await claimWithDocument();
    const unknown = new ClaimOutcomeUnknownError(new Error('Connection terminated unexpectedly'));
    await abandonSubmission(services, submission, unknown);
    expect(await pendingExists(submission, 0)).toBe(true);
  });
});
