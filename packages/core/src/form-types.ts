/** The four form types of docs/behaviour.md#form-types. */
export const FORM_TYPES = ['Standard', 'Automotive', 'Lookup', 'DocumentsUpload'] as const;
export type FormType = (typeof FORM_TYPES)[number];

/**
 * URL segment of each form type, as used by the routes (docs/behaviour.md#routes) and the API
 * (docs/behaviour.md#api).
 */
export const FORM_TYPE_SEGMENTS: Readonly<Record<FormType, string>> = {
  Standard: 'standard',
  Automotive: 'automotive',
  Lookup: 'lookup',
  DocumentsUpload: 'documents-upload',
};

/**
 * Form types whose claims are submitted as multipart (docs/behaviour.md#submission); Lookup only
 * authorizes.
 */
export const SUBMITTABLE_FORM_TYPES = ['Standard', 'Automotive', 'DocumentsUpload'] as const;
export type SubmittableFormType = (typeof SUBMITTABLE_FORM_TYPES)[number];

export function isFormType(value: unknown): value is FormType {
  return typeof value === 'string' && (FORM_TYPES as readonly string[]).includes(value);
}

/**
 * Throws 'Unexpected Form Type' (docs/behaviour.md#configuration-errors) for anything that is not
 * one of the four.
 */
export function assertFormType(value: unknown): FormType {
  if (!isFormType(value)) {
    throw new Error(
      `Unexpected Form Type "${String(value)}"; expected one of ${FORM_TYPES.join(', ')}`,
    );
  }
  return value;
}

export function formTypeFromSegment(segment: string): FormType | undefined {
  return FORM_TYPES.find((type) => FORM_TYPE_SEGMENTS[type] === segment);
}

/**
 * The dtoMapping of each claim part (docs/behaviour.md#submission). A model config's
 * metadata.dtoMapping names the part of the submission the model fills.
 */
export const DTO_MAPPINGS = [
  'Credentials',
  'ClaimantInfo',
  'ClaimDetails',
  'Signature',
  'DocumentContexts',
  'ClaimTransactions',
  'PrepopulatedData',
] as const;
export type DtoMapping = (typeof DTO_MAPPINGS)[number];

/**
 * Parts that hold one model at most (docs/behaviour.md#form-types: only one model may exist per
 * single-model part).
 */
export const SINGLE_MODEL_PARTS: readonly DtoMapping[] = [
  'Credentials',
  'ClaimantInfo',
  'ClaimDetails',
  'Signature',
];
