/** The four form types of SPEC.md section 1. */
export const FORM_TYPES = ['Standard', 'Automotive', 'Lookup', 'DocumentsUpload'] as const;
export type FormType = (typeof FORM_TYPES)[number];

/** URL segment of each form type, as used by the routes (section 2) and the API (section 7). */
export const FORM_TYPE_SEGMENTS: Readonly<Record<FormType, string>> = {
  Standard: 'standard',
  Automotive: 'automotive',
  Lookup: 'lookup',
  DocumentsUpload: 'documents-upload',
};

/** Form types whose claims are submitted as multipart (section 7); Lookup only authorizes. */
export const SUBMITTABLE_FORM_TYPES = ['Standard', 'Automotive', 'DocumentsUpload'] as const;
export type SubmittableFormType = (typeof SUBMITTABLE_FORM_TYPES)[number];

export function isFormType(value: unknown): value is FormType {
  return typeof value === 'string' && (FORM_TYPES as readonly string[]).includes(value);
}

/** Throws 'Unexpected Form Type' (section 8) for anything that is not one of the four. */
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
 * The dtoMapping of each claim part (section 3, form submission payload). A model config's
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

/** Parts that hold one model at most (section 5: only one model may exist per single-model part). */
export const SINGLE_MODEL_PARTS: readonly DtoMapping[] = [
  'Credentials',
  'ClaimantInfo',
  'ClaimDetails',
  'Signature',
];
