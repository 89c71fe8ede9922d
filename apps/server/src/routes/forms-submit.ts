import multipart, { type MultipartFile } from '@fastify/multipart';
import { submitPath, submitResponseSchema, type SubmitResponse } from '@claims/core/contract/api';
import { TEXT_PART_NAMES } from '@claims/core/contract/submission-parts';
import { SUBMITTABLE_FORM_TYPES, type SubmittableFormType } from '@claims/core/form-types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, HttpError, notFound } from '../http-error';
import { checkBoundary, clearMultipartError } from '../http/multipart-errors';
import {
  abandonSubmission,
  checkClaim,
  fileClaim,
  receiveDocument,
  spendUnusedPass,
  startSubmission,
  submissionServices,
  type CheckedClaim,
  type SubmissionOptions,
} from '../services/claim-submission';
import type { ZodPlugin } from '../zod-type-provider';

const EXTRA_TEXT_PARTS = 5;

async function discard(file: MultipartFile['file']): Promise<void> {
  for await (const _chunk of file) {
    // The bytes of a file that will not be kept still have to be read to reach the next part.
  }
}

const answer = (referenceCodeForm: string): SubmitResponse => ({
  error: null,
  nonMatchingPaymentElection: false,
  referenceCodeForm,
});

/**
 * POST /api/forms/{standard,automotive,documents-upload}: the multipart claim of
 * docs/behaviour.md#submission, read part by part. The text parts come first
 * (contract/submission-parts.ts); once the first file arrives (or the body ends) the claim is
 * checked, before a byte of any upload is stored. The steps are those of
 * services/claim-submission.ts.
 */
const submitRoutes: ZodPlugin<SubmissionOptions> = async (app, options) => {
  const services = submissionServices(app, options);
  const { limits } = services;
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

  const handle = async (
    formType: SubmittableFormType,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<SubmitResponse> => {
    if (!app.claimsCase.hasForm(formType)) throw notFound(`this case has no ${formType} form`);
    if (!request.isMultipart()) {
      throw new HttpError(
        415,
        'expected a multipart/form-data body (docs/behaviour.md#submission)',
      );
    }
    const boundaryProblem = checkBoundary(request.headers['content-type'] ?? '');
    if (boundaryProblem !== undefined) throw badRequest(boundaryProblem);
    const submission = startSubmission(services, request, formType);
    const textParts: Record<string, string> = Object.create(null) as Record<string, string>;
    let claim: CheckedClaim | undefined;
    try {
      for await (const part of request.parts()) {
        if (typeof part.fieldname !== 'string' || part.fieldname === '') {
          throw badRequest(
            'a part has no name; each part needs a Content-Disposition: form-data; name="…" header',
          );
        }
        if (part.type === 'field') {
          if (claim !== undefined) {
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
        claim ??= await checkClaim(services, submission, textParts);
        if (claim.existingCode !== undefined) await discard(part.file);
        else await receiveDocument(services, submission, claim, part);
      }
      claim ??= await checkClaim(services, submission, textParts);
      if (claim.existingCode !== undefined) {
        await spendUnusedPass(services, submission);
        await app.drafts.afterFiling(submission.session, formType, claim.existingCode);
        return answer(claim.existingCode);
      }
      const referenceCode = await fileClaim(services, submission, claim);
      await app.drafts.afterFiling(submission.session, formType, referenceCode);
      reply.header('cache-control', 'no-store');
      return answer(referenceCode);
    } catch (error) {
      await abandonSubmission(services, submission, error);
      throw clearMultipartError(error, limits);
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
