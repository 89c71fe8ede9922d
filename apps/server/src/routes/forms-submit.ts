import multipart, { type MultipartFile } from '@fastify/multipart';
import { submitPath, submitResponseSchema, type SubmitResponse } from '@claims/core/contract/api';
import {
  decodeSubmissionFields,
  DOCUMENTS_PART_NAME,
  matchDocumentsToContexts,
  TEXT_PART_NAMES,
} from '@claims/core/contract/submission';
import { SUBMITTABLE_FORM_TYPES, type SubmittableFormType } from '@claims/core/form-types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { SERVER_MESSAGES } from '../case/server-messages';
import type { Database } from '../db/schema';
import { badRequest, HttpError, notFound, PaymentElectionMismatchError } from '../http-error';
import { paymentElectionMatches } from '../paypal/payment-election';
import type { Session } from '../plugins/session';
import { checkSubmitCaptcha, spendCaptchaPass } from '../services/captcha-pass';
import { ClaimOutcomeUnknownError, ClaimsStore } from '../services/claims-store';
import {
  checkSubmission,
  type DocumentContext,
  type StoredModels,
} from '../services/submission-check';
import type { StoredDocument } from '../uploads/document-store';
import { describeZodError, type ZodPlugin } from '../zod-type-provider';
import { sessionCulture } from './forms-authorize';

export interface UploadLimits {
  /** Bytes per document. */
  fileSize: number;
  /** Documents per submission. */
  files: number;
  /** Bytes per text part (a JSON model or list of models). */
  fieldSize: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  fileSize: 10 * 1024 * 1024,
  files: 20,
  fieldSize: 1024 * 1024,
};

export interface SubmitRoutesOptions {
  sessionSecret: string;
  limits?: Partial<UploadLimits>;
}

const EXTRA_TEXT_PARTS = 5;

const CONTENT_TYPE_NAMES: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};

interface Prepared {
  culture: string;
  models: StoredModels;
  contexts: readonly DocumentContext[];
  /** The contexts by clientId, which checkSubmission made sure are distinct. */
  contextsById: ReadonlyMap<string, DocumentContext>;
  submissionKey: string;
  /** Set when this claim was filed before: its code, and nothing more is stored. */
  existingCode: string | undefined;
}

interface ReceivedDocument extends StoredDocument {
  clientId: string;
  context: DocumentContext;
}

/** What one submit has taken and must settle however it ends. */
interface SubmitState {
  received: ReceivedDocument[];
  /** The one-time captcha pass the submit presented, until it is recorded as spent. */
  passHash: string | null;
}

/** The ClaimDetails fields of the payment election (the payment-election page edits them). */
export const PAYMENT_METHOD_FIELD = 'paymentMethod';
export const PAYMENT_EMAIL_FIELD = 'paymentEmail';

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

async function discard(file: MultipartFile['file']): Promise<void> {
  for await (const _chunk of file) {
    // The bytes of a file that will not be kept still have to be read to reach the next part.
  }
}

/**
 * POST /api/forms/{standard,automotive,documents-upload}: the multipart claim of SPEC.md
 * section 7. The text parts come first (contract/submission.ts); once the first file arrives
 * (or the body ends) the server checks the session's authorization, the deadline, the
 * captcha, and every model against the form's configs, before it stores a byte of any
 * upload. Each file is streamed to the document store under a generated name, its type read
 * from its content. The claim and its documents are confirmed (reference code returned) only
 * after the documents are synced to disk and the claim's transaction has committed; on any
 * failure every document of the request is removed, unless the claim may have been stored.
 */
const submitRoutes: ZodPlugin<SubmitRoutesOptions> = async (app, options) => {
  const limits = { ...DEFAULT_UPLOAD_LIMITS, ...options.limits };
  await app.register(multipart, {
    limits: {
      fileSize: limits.fileSize,
      files: limits.files,
      // A few more than the contract's text parts, so an unexpected one is named in a 400.
      fields: TEXT_PART_NAMES.length + EXTRA_TEXT_PARTS,
      parts: TEXT_PART_NAMES.length + EXTRA_TEXT_PARTS + limits.files,
      fieldSize: limits.fieldSize,
      fieldNameSize: 100,
      headerPairs: 20,
    },
    throwFileSizeLimit: true,
  });
  const claimsCase = app.claimsCase;
  const claims = new ClaimsStore(app.db, app.now);

  const prepare = async (
    formType: SubmittableFormType,
    request: FastifyRequest,
    textParts: Record<string, string>,
    state: SubmitState,
  ): Promise<Prepared> => {
    const say = (message: keyof typeof SERVER_MESSAGES) =>
      claimsCase.message(sessionCulture(request), SERVER_MESSAGES[message]);
    const session = request.session;
    const authorization = session?.data.authorizations[formType];
    if (session === null || authorization === undefined) {
      throw new HttpError(401, say('notAuthorized'));
    }
    const decoded = decodeSubmissionFields(textParts);
    if (!decoded.success) throw badRequest(describeZodError(decoded.error));
    const fields = decoded.data;
    const culture = claimsCase.enabledCulture(fields.userPreferredCulture);
    if (culture === undefined) {
      throw badRequest(
        `userPreferredCulture "${fields.userPreferredCulture}" is not enabled; expected one of ${claimsCase.enabledCultures.join(', ')}`,
      );
    }
    const captcha = await checkSubmitCaptcha(app, request, session, formType, {
      reCaptchaResponse: fields.reCaptchaResponse,
      captchaRawValue: fields.captchaRawValue,
      secret: options.sessionSecret,
    });
    if (!captcha.ok) {
      request.log.info({ reason: captcha.reason }, 'captcha refused');
      throw badRequest(claimsCase.message(culture, SERVER_MESSAGES.captchaFailed));
    }
    state.passHash = captcha.passHash;
    const checked = checkSubmission(claimsCase, formType, authorization, fields, {
      culture,
      now: app.now(),
    });
    if (!checked.ok) throw badRequest(checked.error);
    if (claimsCase.definition.payment.payPal.enabled) {
      const details = checked.models.claimDetails?.fields ?? {};
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
    const existingCode = await claims.referenceCodeFor(checked.submissionKey);
    return {
      culture,
      models: checked.models,
      contexts: checked.contexts,
      contextsById: new Map(checked.contexts.map((context) => [context.clientId, context])),
      submissionKey: checked.submissionKey,
      existingCode,
    };
  };

  const receiveDocument = async (
    part: MultipartFile,
    prepared: Prepared,
    received: ReceivedDocument[],
  ): Promise<void> => {
    if (part.fieldname !== DOCUMENTS_PART_NAME) {
      throw badRequest(
        `unexpected file part "${part.fieldname}"; files are sent as "${DOCUMENTS_PART_NAME}"`,
      );
    }
    const context = prepared.contextsById.get(part.filename);
    if (context === undefined) {
      const match = matchDocumentsToContexts(prepared.contexts, [part.filename]);
      throw badRequest(match.ok ? `file "${part.filename}" is not expected` : match.error);
    }
    if (received.some((document) => document.clientId === part.filename)) {
      throw badRequest(
        `more than one file is named "${part.filename}"; each document context takes one file`,
      );
    }
    const stored = await app.documents.put(part.file, { maxBytes: limits.fileSize });
    received.push({ ...stored, clientId: part.filename, context });
    if (part.file.truncated) {
      throw new HttpError(
        413,
        `file "${part.filename}" is larger than the ${limits.fileSize} bytes allowed per document`,
      );
    }
    const name = context.file?.name ?? part.filename;
    if (stored.contentType === null) {
      throw new HttpError(415, `file "${name}" is not a PDF, JPEG or PNG document`);
    }
    const declared = context.file?.type;
    if (declared !== undefined && declared !== 'unknown' && declared !== stored.contentType) {
      throw new HttpError(
        415,
        `file "${name}" is said to be ${declared} but its content is ${CONTENT_TYPE_NAMES[stored.contentType]} (${stored.contentType})`,
      );
    }
    if (context.file !== null && context.file.size !== stored.size) {
      throw badRequest(
        `file "${name}" has ${stored.size} bytes but its document context says ${context.file.size}`,
      );
    }
  };

  const handle = async (
    formType: SubmittableFormType,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<SubmitResponse> => {
    const say = (message: keyof typeof SERVER_MESSAGES) =>
      claimsCase.message(sessionCulture(request), SERVER_MESSAGES[message]);
    if (!claimsCase.hasForm(formType)) throw notFound(`this case has no ${formType} form`);
    if (!request.isMultipart()) {
      throw new HttpError(415, 'expected a multipart/form-data body (SPEC.md section 7)');
    }
    const session = request.session;
    const authorization = session?.data.authorizations[formType];
    if (session === null || authorization === undefined) {
      throw new HttpError(401, say('notAuthorized'));
    }
    if (claimsCase.passedDeadline(formType, app.now()) !== undefined) {
      throw badRequest(say('deadlinePassed'));
    }

    const textParts: Record<string, string> = Object.create(null) as Record<string, string>;
    const state: SubmitState = { received: [], passHash: null };
    const received = state.received;
    let prepared: Prepared | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (prepared !== undefined) {
            throw badRequest(
              `text part "${part.fieldname}" came after a file; send text parts first`,
            );
          }
          if (part.valueTruncated) {
            throw new HttpError(
              413,
              `part "${part.fieldname}" is larger than the ${limits.fieldSize} bytes allowed`,
            );
          }
          if (Object.hasOwn(textParts, part.fieldname)) {
            throw badRequest(`part "${part.fieldname}" was sent twice; send each part once`);
          }
          textParts[part.fieldname] = String(part.value);
          continue;
        }
        prepared ??= await prepare(formType, request, textParts, state);
        if (prepared.existingCode !== undefined) {
          await discard(part.file);
          continue;
        }
        await receiveDocument(part, prepared, received);
      }
      prepared ??= await prepare(formType, request, textParts, state);
      if (prepared.existingCode !== undefined) {
        await spendUnusedPass(session, state);
        return {
          error: null,
          nonMatchingPaymentElection: false,
          referenceCodeForm: prepared.existingCode,
        };
      }
      const match = matchDocumentsToContexts(
        prepared.contexts,
        received.map((document) => document.clientId),
      );
      if (!match.ok) throw badRequest(match.error);

      await app.documents.commitMany(received.map((document) => document.storageKey));
      const identity = authorization.identity;
      const culture = prepared.culture;
      const passHash = state.passHash;
      const spendPassWithClaim =
        passHash === null
          ? undefined
          : async (trx: Kysely<Database>) => {
              if (!(await spendCaptchaPass(app, passHash, trx))) {
                request.log.info({ reason: 'captcha pass already spent' }, 'captcha refused');
                throw badRequest(claimsCase.message(culture, SERVER_MESSAGES.captchaFailed));
              }
              await app.sessions.save(session, trx);
            };
      const saved = await claims.save(
        {
          formType,
          culture,
          identity,
          models: prepared.models,
          prepopulatedData: authorization.prepopulatedData,
          submissionKey: prepared.submissionKey,
          parentClaimId: identity.kind === 'claim' ? identity.claimId : null,
          documents: received.map((document) => ({
            clientId: document.clientId,
            storageKey: document.storageKey,
            originalName: document.context.file?.name ?? document.clientId,
            contentType: document.contentType as string,
            size: document.size,
            sha256: document.sha256,
          })),
        },
        spendPassWithClaim,
      );
      if (saved.created) {
        state.passHash = null;
      } else {
        await removeAll(received);
        await spendUnusedPass(session, state);
      }
      reply.header('cache-control', 'no-store');
      return {
        error: null,
        nonMatchingPaymentElection: false,
        referenceCodeForm: saved.referenceCode,
      };
    } catch (error) {
      // Documents of a claim that may be stored are kept: a retry confirms it, and if it was
      // not stored the start-up sweep removes them.
      if (!(error instanceof ClaimOutcomeUnknownError)) await removeAll(received);
      await spendUnusedPass(session, state);
      throw clearMultipartError(error);
    }
  };

  /**
   * A submit that presented the one-time pass but filed nothing (refused, or a retry of a
   * claim already filed) spends it all the same, so one solved captcha buys one attempt.
   */
  const spendUnusedPass = async (session: Session, state: SubmitState): Promise<void> => {
    const passHash = state.passHash;
    if (passHash === null) return;
    state.passHash = null;
    try {
      await app.writeEphemeral(async (trx) => {
        await spendCaptchaPass(app, passHash, trx);
        await app.sessions.save(session, trx);
      });
    } catch (error) {
      app.log.error({ err: error as Error }, 'spending the captcha pass of a submit failed');
    }
  };

  /** @fastify/multipart's limit errors, reworded to say what the limit is. */
  const clearMultipartError = (error: unknown): unknown => {
    switch ((error as { code?: unknown }).code) {
      case 'FST_FILES_LIMIT':
        return new HttpError(413, `too many documents; at most ${limits.files} per submission`);
      case 'FST_FIELDS_LIMIT':
      case 'FST_PARTS_LIMIT':
        return new HttpError(
          413,
          `too many parts; expected the parts ${TEXT_PART_NAMES.join(', ')} and at most ${limits.files} documents`,
        );
      case 'FST_REQ_FILE_TOO_LARGE':
        return new HttpError(
          413,
          `a document is larger than the ${limits.fileSize} bytes allowed per document`,
        );
      default:
        return error;
    }
  };

  const removeAll = async (documents: readonly ReceivedDocument[]) => {
    const results = await Promise.allSettled(
      documents.map((document) => app.documents.remove(document.storageKey)),
    );
    for (const result of results) {
      if (result.status === 'rejected') {
        app.log.error({ err: result.reason as Error }, 'removing a refused document failed');
      }
    }
  };

  for (const formType of SUBMITTABLE_FORM_TYPES) {
    app.post(
      submitPath(formType),
      {
        schema: { response: { 200: submitResponseSchema } },
        config: { errorShape: 'submit' },
      },
      (request, reply) => handle(formType, request, reply),
    );
  }
};

export default submitRoutes;
