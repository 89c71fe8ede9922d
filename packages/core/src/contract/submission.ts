import { z } from 'zod';
import { modelMetadataSchema } from '../case/field-config';
import { isClientId } from '../ids/client-id';
import { cultureCodeSchema } from '../culture-code';
import {
  DOCUMENTS_PART_NAME,
  HONEYPOT_PART_NAME,
  PART_DTO_MAPPINGS,
  TEXT_PART_NAMES,
  type ModelListPartName,
  type SingleModelPartName,
} from './submission-parts';

/**
 * The multipart body of POST /api/forms/{standard|automotive|documents-upload}
 * (docs/behaviour.md#submission): models travel as JSON text parts, files as `documents` parts
 * named after their document context's clientId.
 */

// The parts need no zod, so they live in ./submission-parts; ./submission-encoding writes them.
export {
  DOCUMENTS_PART_NAME,
  HONEYPOT_PART_NAME,
  matchDocumentsToContexts,
  MODEL_LIST_PART_NAMES,
  PART_DTO_MAPPINGS,
  SINGLE_MODEL_PART_NAMES,
  TEXT_PART_NAMES,
  type DocumentMatch,
  type DocumentMatchResult,
  type ModelListPartName,
  type SingleModelPartName,
  type SubmissionPart,
  type TextPartName,
} from './submission-parts';

/**
 * What a file field holds once serialised: the file's metadata, never its bytes
 * (docs/behaviour.md#documents). Browsers report an empty type when they cannot tell; that becomes
 * 'unknown'.
 */
export const fileValueSchema = z.object({
  name: z.string().min(1),
  size: z.number().int().nonnegative(),
  type: z
    .string()
    .optional()
    .transform((type) => (type === undefined || type === '' ? 'unknown' : type)),
});
export type FileValue = z.infer<typeof fileValueSchema>;

export const fieldValueSchema = z
  .union([z.string(), z.number(), z.boolean(), fileValueSchema])
  .nullable();
export type FieldValue = z.infer<typeof fieldValueSchema>;

export const FORM_MODEL_STATUSES = ['saved', 'draft'] as const;
export type FormModelStatus = (typeof FORM_MODEL_STATUSES)[number];

/** A form model (docs/behaviour.md#models). The clientId also names the model's uploaded file. */
export const formModelSchema = z.object({
  id: z.string().nullable(),
  clientId: z.string().refine((value) => isClientId(value), {
    error: (issue) =>
      `invalid clientId ${JSON.stringify(issue.input)}; expected a prefix of letters, digits, hyphens or underscores and 8 random characters`,
  }),
  metadata: modelMetadataSchema,
  metadataHash: z.string().min(1),
  fields: z.record(z.string(), fieldValueSchema),
  status: z.enum(FORM_MODEL_STATUSES),
});
export type FormModel = z.infer<typeof formModelSchema>;

function modelOfPart(part: SingleModelPartName | ModelListPartName) {
  const dtoMapping = PART_DTO_MAPPINGS[part];
  return formModelSchema.refine((model) => model.metadata.dtoMapping === dtoMapping, {
    message: `expected a model with dtoMapping ${dtoMapping}`,
    path: ['metadata', 'dtoMapping'],
  });
}

/** Everything but the files, as the server holds it after decoding the text parts. */
export const submissionFieldsSchema = z.object({
  reCaptchaResponse: z.string(),
  userPreferredCulture: cultureCodeSchema,
  /** The captcha value returned by the last authorize call, if any (docs/behaviour.md#captcha). */
  captchaRawValue: z.string().nullable(),
  credentials: modelOfPart('credentials').nullable(),
  claimantInfo: modelOfPart('claimantInfo').nullable(),
  claimDetails: modelOfPart('claimDetails').nullable(),
  signature: modelOfPart('signature').nullable(),
  prepopulatedData: z.array(modelOfPart('prepopulatedData')),
  documentContexts: z.array(modelOfPart('documentContexts')),
  claimTransactions: z.array(modelOfPart('claimTransactions')),
  /** The form's hidden field (HONEYPOT_PART_NAME), sent only when something filled it in. */
  website: z.string().optional(),
});
export type SubmissionFields = z.infer<typeof submissionFieldsSchema>;

/** One file to upload, tied to the document context model it belongs to. */
export interface SubmissionDocument<F> {
  contextClientId: string;
  file: F;
}

/** The whole submission; F is the platform's file type (a browser File, a test double...). */
export type SubmissionPayload<F> = SubmissionFields & {
  documents: readonly SubmissionDocument<F>[];
};

/** A text part holding JSON: parsed, then checked against `schema`; `whenAbsent` if not sent. */
function jsonPart<T extends z.ZodType>(schema: T, whenAbsent: null | []) {
  return z
    .string()
    .optional()
    .transform((text, ctx): unknown => {
      if (text === undefined) return whenAbsent;
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'part is not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

const submissionPartsSchema = z.strictObject(
  {
    reCaptchaResponse: submissionFieldsSchema.shape.reCaptchaResponse,
    userPreferredCulture: submissionFieldsSchema.shape.userPreferredCulture,
    captchaRawValue: z
      .string()
      .optional()
      .transform((value) => (value === undefined || value === '' ? null : value)),
    credentials: jsonPart(submissionFieldsSchema.shape.credentials, null),
    claimantInfo: jsonPart(submissionFieldsSchema.shape.claimantInfo, null),
    claimDetails: jsonPart(submissionFieldsSchema.shape.claimDetails, null),
    signature: jsonPart(submissionFieldsSchema.shape.signature, null),
    prepopulatedData: jsonPart(submissionFieldsSchema.shape.prepopulatedData, []),
    documentContexts: jsonPart(submissionFieldsSchema.shape.documentContexts, []),
    claimTransactions: jsonPart(submissionFieldsSchema.shape.claimTransactions, []),
    [HONEYPOT_PART_NAME]: submissionFieldsSchema.shape.website,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unexpected part ${issue.keys.map((key) => `"${key}"`).join(', ')}; expected one of ${TEXT_PART_NAMES.join(', ')}, ${DOCUMENTS_PART_NAME}`
        : undefined,
  },
);

/**
 * Decodes and validates the text parts of a submission. Every issue's path starts with the
 * part name it concerns (an unknown part is reported at the root, naming it). Absent model
 * parts count as null (single) or empty (lists); an empty captchaRawValue counts as null.
 */
export function decodeSubmissionFields(
  fields: Readonly<Record<string, string>>,
): z.ZodSafeParseResult<SubmissionFields> {
  return submissionPartsSchema.safeParse(fields);
}
