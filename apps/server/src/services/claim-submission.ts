import { PAYMENT_EMAIL_FIELD, PAYMENT_METHOD_FIELD } from '@claims/core/contract/payment-election';
import {
  decodeSubmissionFields,
  type FormModel,
  type SubmissionFields,
} from '@claims/core/contract/submission';
import {
  DOCUMENTS_PART_NAME,
  matchDocumentsToContexts,
} from '@claims/core/contract/submission-parts';
import type { SubmittableFormType } from '@claims/core/form-types';
import { DOCUMENT_LIMITS } from '@claims/core/documents/limits';
import type { DocumentRefusalReason } from '@claims/core/documents/refusal';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ScannerUnavailableError } from '../antivirus/document-scanner';
import type { ClaimsCase } from '../case/claims-case';
import { SERVER_MESSAGES } from '../case/server-messages';
import type { Database } from '../db/schema';
import { queueClaimReceipt } from '../email/claim-receipt';
import {
  badRequest,
  DocumentRefusedError,
  HttpError,
  PaymentElectionMismatchError,
  ServiceUnavailableError,
} from '../http-error';
import { findUnstorableText, storableName } from '../http/storable-text';
import { paymentElectionMatches } from '../paypal/payment-election';
import {
  DocumentStoreUnavailableError,
  DocumentTooLargeError,
  type StoredDocument,
} from '../uploads/document-store';
import { describeZodError } from '../zod-type-provider';
import { checkSubmitCaptcha, spendCaptchaPass } from './captcha-pass';
import { ClaimOutcomeUnknownError, ClaimsStore, type InsertedClaim } from './claims-store';
import { PayoutSeal, sealPayoutDetails } from './payout-seal';
import { sessionCulture, type FormAuthorization, type Session } from './session-store';
import {
  checkSubmission,
  submissionKey,
  type DocumentContext,
  type StoredModels,
} from './submission-check';

/**
 * Filing a claim, one step per function, in the order a submit takes them: startSubmission
 * (the session's authorization of the form, the deadline), checkClaim once the text parts are
 * in (the captcha, every model against the form's configs, the payment election, a claim filed
 * before), receiveDocument for each file (stored pending, checked, scanned for viruses), then
 * fileClaim (the documents made durable, the claim's fraud signals read, then the claim, its
 * documents, the spent captcha pass, the session and the claim's fraud assessment in one
 * transaction). A submit that ends any other way is settled by abandonSubmission: its
 * documents are removed, unless the claim may have been stored, and the one-time captcha pass
 * it presented is spent all the same.
 */

export interface UploadLimits {
  /** Bytes per document. */
  fileSize: number;
  /** Documents per submission. */
  files: number;
  /** Bytes per text part (a JSON model or list of models). */
  fieldSize: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  fileSize: DOCUMENT_LIMITS.maxBytes,
  files: DOCUMENT_LIMITS.maxDocuments,
  fieldSize: 1024 * 1024,
};

export interface SubmissionOptions {
  /** The key of the one-time captcha passes (captcha-pass.ts). */
  sessionSecret: string;
  limits?: Partial<UploadLimits> | undefined;
}

/** What the steps use of the application, made once per server. */
export interface SubmissionServices {
  app: FastifyInstance;
  claims: ClaimsStore;
  sessionSecret: string;
  limits: UploadLimits;
  /** Seals the bank details of a claim before it is stored (payout-seal.ts). */
  payoutSeal: PayoutSeal;
}

export function submissionServices(
  app: FastifyInstance,
  options: SubmissionOptions,
): SubmissionServices {
  return {
    app,
    claims: new ClaimsStore(app, app.now),
    sessionSecret: options.sessionSecret,
    limits: { ...DEFAULT_UPLOAD_LIMITS, ...options.limits },
    payoutSeal: new PayoutSeal(options.sessionSecret),
  };
}

/** The request a submit came in, as the steps see it. */
export interface SubmitRequest {
  session: Session | null;
  ip: string;
  /** The browser's device cookie (fraud/fraud-plugin.ts); absent or null when it has none. */
  deviceId?: string | null;
  log: FastifyBaseLogger;
}

export interface ReceivedDocument extends StoredDocument {
  clientId: string;
  context: DocumentContext;
}

/** One submit in progress: who files it, and what it has taken and must settle however it ends. */
export interface ClaimSubmission {
  formType: SubmittableFormType;
  session: Session;
  /** The form's authorization, read from the session once, when the submit starts. */
  authorization: Readonly<FormAuthorization>;
  ip: string;
  deviceId: string | null;
  log: FastifyBaseLogger;
  /** The documents stored so far, pending until the claim is filed. */
  received: ReceivedDocument[];
  /** The one-time captcha pass the submit presented, until it is recorded as spent. */
  passHash: string | null;
}

/** A claim whose text parts passed every check, waiting for its documents. */
export interface CheckedClaim {
  culture: string;
  models: StoredModels;
  contexts: readonly DocumentContext[];
  /** The contexts by clientId, which checkSubmission made sure are distinct. */
  contextsById: ReadonlyMap<string, DocumentContext>;
  submissionKey: string;
  /** Set when this claim was filed before: its code, and nothing more is stored. */
  existingCode: string | undefined;
  /** What the form's hidden field held (a fraud signal); null when it was not sent. */
  honeypot: string | null;
}

/** A file part of the body, named after the document context it belongs to. */
export interface IncomingDocument {
  fieldname: string;
  filename: string;
  /** Its bytes; `truncated` once the body parser stopped it at the size limit. */
  file: AsyncIterable<Uint8Array> & { truncated: boolean };
}

const CONTENT_TYPE_NAMES: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};

/**
 * A document over the size limit, as the store finds it (DocumentTooLargeError) or as the body
 * parser does (FST_REQ_FILE_TOO_LARGE, when the file is cut at the limit).
 */
function isTooLargeError(error: unknown): boolean {
  return (
    error instanceof DocumentTooLargeError ||
    (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE'
  );
}

/** How long a claimant is asked to wait before sending again when clamd cannot be reached. */
export const SCANNER_RETRY_AFTER_SECONDS = 60;

/** How long a claimant is asked to wait before sending again when the documents' store is down. */
export const DOCUMENT_STORE_RETRY_AFTER_SECONDS = 60;

/**
 * Runs a step of the document store; a store out of reach refuses the submit with 503 and
 * Retry-After, and abandonSubmission then stores nothing.
 */
async function withDocumentStore<T>(
  submission: ClaimSubmission,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof DocumentStoreUnavailableError)) throw error;
    submission.log.error({ err: error }, 'the document store could not be reached');
    throw new ServiceUnavailableError(
      'the documents could not be stored just now, so nothing was stored; please send the claim again in a few minutes',
      DOCUMENT_STORE_RETRY_AFTER_SECONDS,
    );
  }
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * The documents' file names made storable (http/storable-text.ts): a name is only shown, so
 * a NUL or an unpaired surrogate in it (a Windows file name may hold one) is replaced rather
 * than refusing the claim.
 */
function withStorableFileNames(fields: SubmissionFields): SubmissionFields {
  const withStorableName = (model: FormModel): FormModel => ({
    ...model,
    fields: Object.fromEntries(
      Object.entries(model.fields).map(([key, value]) => [
        key,
        typeof value === 'object' && value !== null
          ? { ...value, name: storableName(value.name) }
          : value,
      ]),
    ),
  });
  return { ...fields, documentContexts: fields.documentContexts.map(withStorableName) };
}

/**
 * The session must hold an authorization of the form (401 otherwise), and the form's
 * deadline must not have passed (400), both answered in the culture the session reads.
 */
export function startSubmission(
  services: SubmissionServices,
  request: SubmitRequest,
  formType: SubmittableFormType,
): ClaimSubmission {
  const { claimsCase } = services.app;
  const { session, ip, log } = request;
  const say = (message: 'notAuthorized' | 'deadlinePassed') =>
    claimsCase.message(sessionCulture(claimsCase, session), SERVER_MESSAGES[message]);
  const authorization = session?.data.authorizations[formType];
  if (session === null || authorization === undefined) {
    throw new HttpError(401, say('notAuthorized'));
  }
  if (claimsCase.passedDeadline(formType, services.app.now()) !== undefined) {
    throw badRequest(say('deadlinePassed'));
  }
  const deviceId = request.deviceId ?? null;
  return { formType, session, authorization, ip, deviceId, log, received: [], passHash: null };
}

/**
 * Checks the text parts before any document is stored: their encoding, text the stores
 * cannot take (a NUL, an unpaired surrogate; 400), the culture, the captcha (unless the same
 * claim was filed before: a repeated send is answered with its code), every model against the
 * form's configs and the payment election.
 */
export async function checkClaim(
  services: SubmissionServices,
  submission: ClaimSubmission,
  textParts: Readonly<Record<string, string>>,
): Promise<CheckedClaim> {
  const { app, claims } = services;
  const decoded = decodeSubmissionFields(textParts);
  if (!decoded.success) throw badRequest(describeZodError(decoded.error));
  const fields = withStorableFileNames(decoded.data);
  const unstorable = findUnstorableText(fields, 'the submission');
  if (unstorable !== undefined) throw badRequest(unstorable);
  const culture = app.claimsCase.enabledCulture(fields.userPreferredCulture);
  if (culture === undefined) {
    throw badRequest(
      `userPreferredCulture "${fields.userPreferredCulture}" is not enabled; expected one of ${app.claimsCase.enabledCultures.join(', ')}`,
    );
  }
  // The same claim sent again (its answer was lost on the way, and the browser retried) is
  // answered with its code: its first send spent the captcha pass, and nothing new is filed.
  const existingCode = await claims.referenceCodeFor(
    submissionKey(submission.formType, submission.authorization.identity, fields),
  );
  if (existingCode === undefined) await passCaptcha(services, submission, fields, culture);
  const checked = checkSubmission(
    app.claimsCase,
    submission.formType,
    submission.authorization,
    fields,
    {
      culture,
      now: app.now(),
    },
  );
  if (!checked.ok) throw badRequest(checked.error);
  checkPaymentElection(app.claimsCase, submission.session, checked.models, culture);
  return {
    culture,
    models: checked.models,
    contexts: checked.contexts,
    contextsById: new Map(checked.contexts.map((context) => [context.clientId, context])),
    submissionKey: checked.submissionKey,
    existingCode,
    honeypot: fields.website ?? null,
  };
}

/**
 * The submit passes the captcha with the form's one-time pass or a fresh token (400
 * otherwise); a pass it presented is held in the submission until it is recorded as spent.
 */
export async function passCaptcha(
  services: SubmissionServices,
  submission: ClaimSubmission,
  fields: Pick<SubmissionFields, 'reCaptchaResponse' | 'captchaRawValue'>,
  culture: string,
): Promise<void> {
  const { app } = services;
  const captcha = await checkSubmitCaptcha(app, submission.session, submission.formType, {
    reCaptchaResponse: fields.reCaptchaResponse,
    captchaRawValue: fields.captchaRawValue,
    secret: services.sessionSecret,
    ip: submission.ip,
  });
  if (!captcha.ok) {
    submission.log.info({ reason: captcha.reason }, 'captcha refused');
    throw badRequest(app.claimsCase.message(culture, SERVER_MESSAGES.captchaFailed));
  }
  submission.passHash = captcha.passHash;
}

/**
 * When the case offers PayPal, a PayPal election must name an e-mail the session's PayPal
 * login confirmed (PaymentElectionMismatchError otherwise).
 */
export function checkPaymentElection(
  claimsCase: ClaimsCase,
  session: Session,
  models: StoredModels,
  culture: string,
): void {
  if (!claimsCase.definition.payment.payPal.enabled) return;
  const details = models.claimDetails?.fields ?? {};
  const election = {
    method: textOrNull(details[PAYMENT_METHOD_FIELD]),
    payPalEmail: textOrNull(details[PAYMENT_EMAIL_FIELD]),
  };
  if (!paymentElectionMatches(election, session.data.payPal.verification)) {
    throw new PaymentElectionMismatchError(
      claimsCase.message(culture, SERVER_MESSAGES.payPalMismatch),
    );
  }
}

/**
 * Stores one file (pending) for the document context its file name names, then checks it:
 * within the size limit (413), a PDF, JPEG or PNG by its content and of the type its context
 * declares (415), of the size its context declares (400), free of viruses (scanDocument). Each
 * refusal names the file, by the name the claimant chose it by, and why (DocumentRefusedError). A
 * refused file stays in `received`, so abandonSubmission removes it with the others.
 */
export async function receiveDocument(
  services: SubmissionServices,
  submission: ClaimSubmission,
  claim: CheckedClaim,
  part: IncomingDocument,
): Promise<void> {
  const { fileSize } = services.limits;
  if (part.fieldname !== DOCUMENTS_PART_NAME) {
    throw badRequest(
      `unexpected file part "${part.fieldname}"; files are sent as "${DOCUMENTS_PART_NAME}"`,
    );
  }
  const context = claim.contextsById.get(part.filename);
  if (context === undefined) {
    const match = matchDocumentsToContexts(claim.contexts, [part.filename]);
    throw badRequest(match.ok ? `file "${part.filename}" is not expected` : match.error);
  }
  if (submission.received.some((document) => document.clientId === part.filename)) {
    throw badRequest(
      `more than one file is named "${part.filename}"; each document context takes one file`,
    );
  }
  const name = context.file?.name ?? part.filename;
  const refuse = (statusCode: number, reason: DocumentRefusalReason, message: string) =>
    new DocumentRefusedError(statusCode, message, { name, reason });
  const tooLarge = () =>
    refuse(
      413,
      'tooLarge',
      `file "${name}" is larger than the ${fileSize} bytes allowed per document`,
    );
  let stored: StoredDocument;
  try {
    stored = await withDocumentStore(submission, () =>
      services.app.documents.put(part.file, { maxBytes: fileSize }),
    );
  } catch (error) {
    if (isTooLargeError(error)) throw tooLarge();
    throw error;
  }
  submission.received.push({ ...stored, clientId: part.filename, context });
  services.app.metrics.documentReceived(stored.size);
  if (part.file.truncated) throw tooLarge();
  if (stored.contentType === null) {
    const reason = stored.size === 0 ? 'empty' : 'notAllowedType';
    throw refuse(415, reason, `file "${name}" is not a PDF, JPEG or PNG document`);
  }
  const declared = context.file?.type;
  if (declared !== undefined && declared !== 'unknown' && declared !== stored.contentType) {
    throw refuse(
      415,
      'typeMismatch',
      `file "${name}" is said to be ${declared} but its content is ${CONTENT_TYPE_NAMES[stored.contentType]} (${stored.contentType})`,
    );
  }
  if (context.file !== null && context.file.size !== stored.size) {
    throw refuse(
      400,
      'sizeMismatch',
      `file "${name}" has ${stored.size} bytes but its document context says ${context.file.size}`,
    );
  }
  await scanDocument(services, submission, stored, name);
}

/**
 * Scans the bytes of a received document, as stored, with the antivirus scanner (when one is
 * set): a detection is refused with 422 naming the file; a scanner that cannot be reached or
 * gives no clear verdict refuses the submit with 503 and Retry-After (ANTIVIRUS_UNAVAILABLE
 * "refuse"). Either way the submit stores nothing.
 */
export async function scanDocument(
  services: SubmissionServices,
  submission: ClaimSubmission,
  stored: StoredDocument,
  name: string,
): Promise<void> {
  const { antivirus, documents } = services.app;
  if (antivirus === null) return;
  const content = await withDocumentStore(submission, () =>
    documents.openPending(stored.storageKey),
  );
  let verdict;
  try {
    verdict = await antivirus.scanner.scan(content);
  } catch (error) {
    if (!(error instanceof ScannerUnavailableError)) throw error;
    submission.log.error({ err: error }, 'a document could not be scanned for viruses');
    // ANTIVIRUS_UNAVAILABLE has one policy, "refuse", until the jobs engine can hold a
    // document in quarantine and scan it later.
    throw new ServiceUnavailableError(
      `file "${name}" could not be checked for viruses just now, so nothing was stored; please send the claim again in a few minutes`,
      SCANNER_RETRY_AFTER_SECONDS,
    );
  }
  if (!verdict.clean) {
    submission.log.warn(
      { signature: verdict.signature, sha256: stored.sha256, size: stored.size },
      'a document was refused: the virus scan found malware',
    );
    throw new DocumentRefusedError(
      422,
      `file "${name}" was refused: the virus scan found malware in it, so nothing was stored; send a clean copy of the document`,
      { name, reason: 'virus' },
    );
  }
}

/**
 * Files the claim and answers its reference code: every document context must have its file
 * (400); the documents are made durable and the claim's fraud signals read (app.fraud), then
 * the claim, its document rows, the spent captcha pass, the session and the claim's fraud
 * assessment are written in one transaction. A pass another submit spent meanwhile
 * refuses the claim (400). A claim a concurrent submit filed first is not filed again: its
 * code is answered, this submit's documents are removed and its pass is spent.
 */
export async function fileClaim(
  services: SubmissionServices,
  submission: ClaimSubmission,
  claim: CheckedClaim,
): Promise<string> {
  const { app, claims } = services;
  const { authorization, received, session } = submission;
  const match = matchDocumentsToContexts(
    claim.contexts,
    received.map((document) => document.clientId),
  );
  if (!match.ok) throw badRequest(match.error);

  await withDocumentStore(submission, () => app.documents.commitMany(received));
  const identity = authorization.identity;
  const passHash = submission.passHash;
  const spendPassWithClaim =
    passHash === null
      ? undefined
      : async (trx: Kysely<Database>) => {
          if (!(await spendCaptchaPass(app, passHash, trx))) {
            submission.log.info({ reason: 'captcha pass already spent' }, 'captcha refused');
            throw badRequest(app.claimsCase.message(claim.culture, SERVER_MESSAGES.captchaFailed));
          }
          await app.sessions.save(session, trx);
        };
  const filed = {
    identity,
    models: claim.models,
    prepopulatedData: authorization.prepopulatedData,
  };
  // The fraud step reads the other claims before the transaction opens, so the transaction
  // only writes; the score only routes the claim: whatever it is, the claim is filed (fraud/).
  const filedAt = app.now();
  const fraud = await app.fraud.prepareFiling(
    submission.formType,
    {
      ...filed,
      filedAt,
      ip: submission.ip,
      deviceId: submission.deviceId,
      authorizedAt: authorization.authorizedAt,
      honeypot: claim.honeypot,
    },
    submission.log,
  );
  const writeWithClaim = async (trx: Kysely<Database>, inserted: InsertedClaim) => {
    await spendPassWithClaim?.(trx);
    await app.fraud.recordFiling(trx, inserted.id, fraud);
    // The receipt is sent if and only if the claim is filed (email/claim-receipt.ts).
    await queueClaimReceipt(app.claimsCase, app.mailer, trx, {
      formType: submission.formType,
      culture: claim.culture,
      referenceCode: inserted.referenceCode,
      models: claim.models,
      documentNames: received.map((document) => document.context.file?.name ?? document.clientId),
    });
  };
  const saved = await claims.save(
    {
      formType: submission.formType,
      culture: claim.culture,
      ...filed,
      models: sealPayoutDetails(claim.models, services.payoutSeal),
      submissionKey: claim.submissionKey,
      parentClaimId: identity.kind === 'claim' ? identity.claimId : null,
      createdAt: filedAt,
      // Derived by the fraud step from the same identity and claimant fields (sealing changes
      // only the bank details): not derived again.
      searchColumns: fraud?.columns,
      documents: received.map((document) => ({
        clientId: document.clientId,
        storageKey: document.storageKey,
        originalName: document.context.file?.name ?? document.clientId,
        contentType: document.contentType as string,
        size: document.size,
        sha256: document.sha256,
      })),
    },
    writeWithClaim,
  );
  if (saved.created) {
    submission.passHash = null;
    app.metrics.claimFiled(submission.formType);
  } else {
    await removeDocuments(app, received);
    await spendUnusedPass(services, submission);
  }
  return saved.referenceCode;
}

/**
 * A submit that presented the one-time pass but filed nothing (refused, or a retry of a
 * claim already filed) spends it all the same, so one solved captcha buys one attempt.
 */
export async function spendUnusedPass(
  services: SubmissionServices,
  submission: ClaimSubmission,
): Promise<void> {
  const { app } = services;
  const passHash = submission.passHash;
  if (passHash === null) return;
  submission.passHash = null;
  try {
    await app.writeEphemeral(async (trx) => {
      await spendCaptchaPass(app, passHash, trx);
      await app.sessions.save(submission.session, trx);
    });
  } catch (error) {
    app.log.error({ err: error as Error }, 'spending the captcha pass of a submit failed');
  }
}

/** Settles a submit that ended with `error`: its documents and its one-time captcha pass. */
export async function abandonSubmission(
  services: SubmissionServices,
  submission: ClaimSubmission,
  error: unknown,
): Promise<void> {
  // Documents of a claim that may be stored are kept: a retry confirms it, and if it was
  // not stored the start-up sweep removes them.
  if (!(error instanceof ClaimOutcomeUnknownError)) {
    await removeDocuments(services.app, submission.received);
  }
  await spendUnusedPass(services, submission);
}

async function removeDocuments(
  app: FastifyInstance,
  documents: readonly ReceivedDocument[],
): Promise<void> {
  const results = await Promise.allSettled(
    documents.map((document) => app.documents.remove(document.storageKey)),
  );
  for (const result of results) {
    if (result.status === 'rejected') {
      app.log.error({ err: result.reason as Error }, 'removing a refused document failed');
    }
  }
}
