import type { DtoMapping } from '../form-types';

/**
 * The parts of the multipart body of POST /api/forms/{standard|automotive|documents-upload}
 * (docs/behaviour.md#submission), their order and how files pair with document contexts. Kept
 * apart from the schemas in ./submission, so the browser encodes a claim without zod.
 */

export const SINGLE_MODEL_PART_NAMES = [
  'credentials',
  'claimantInfo',
  'claimDetails',
  'signature',
] as const;
export type SingleModelPartName = (typeof SINGLE_MODEL_PART_NAMES)[number];

export const MODEL_LIST_PART_NAMES = [
  'prepopulatedData',
  'documentContexts',
  'claimTransactions',
] as const;
export type ModelListPartName = (typeof MODEL_LIST_PART_NAMES)[number];

/** The dtoMapping every model of a part must carry. */
export const PART_DTO_MAPPINGS: Readonly<
  Record<SingleModelPartName | ModelListPartName, DtoMapping>
> = {
  credentials: 'Credentials',
  claimantInfo: 'ClaimantInfo',
  claimDetails: 'ClaimDetails',
  signature: 'Signature',
  prepopulatedData: 'PrepopulatedData',
  documentContexts: 'DocumentContexts',
  claimTransactions: 'ClaimTransactions',
};

/** The part name every uploaded file is sent under. */
export const DOCUMENTS_PART_NAME = 'documents';

/**
 * The text parts in the order they are sent. Text parts come before any file, so the server
 * can check the document contexts before it reads a byte of an upload.
 */
export const TEXT_PART_NAMES = [
  'reCaptchaResponse',
  'userPreferredCulture',
  'captchaRawValue',
  ...SINGLE_MODEL_PART_NAMES,
  ...MODEL_LIST_PART_NAMES,
] as const;

/**
 * The text part of the form's hidden field (docs/fraud-reason-codes.md, HONEYPOT_FILLED): no
 * person sees it, so the browser sends it only when a program filled it in. Named as a field a
 * program filling every input would expect.
 */
export const HONEYPOT_PART_NAME = 'website';

export type TextPartName = (typeof TEXT_PART_NAMES)[number] | typeof HONEYPOT_PART_NAME;

export type SubmissionPart<F> =
  | { kind: 'text'; name: TextPartName; value: string }
  | { kind: 'file'; name: typeof DOCUMENTS_PART_NAME; fileName: string; file: F };

export interface DocumentMatch<M> {
  context: M;
  fileName: string;
}

export type DocumentMatchResult<M> =
  { ok: true; matches: DocumentMatch<M>[] } | { ok: false; error: string };

/**
 * Pairs uploaded file names with document contexts by clientId (docs/behaviour.md#documents: each
 * file name maps to exactly one document context). Every file and every context must be paired.
 */
export function matchDocumentsToContexts<M extends { clientId: string }>(
  contexts: readonly M[],
  fileNames: readonly string[],
): DocumentMatchResult<M> {
  const byClientId = new Map<string, M>();
  for (const context of contexts) {
    if (byClientId.has(context.clientId)) {
      return {
        ok: false,
        error: `two document contexts share the clientId "${context.clientId}"; each needs its own`,
      };
    }
    byClientId.set(context.clientId, context);
  }
  const matches: DocumentMatch<M>[] = [];
  const used = new Set<string>();
  for (const fileName of fileNames) {
    const context = byClientId.get(fileName);
    if (context === undefined) {
      const known = [...byClientId.keys()];
      return {
        ok: false,
        error: `file "${fileName}" matches no document context; expected one of: ${known.length === 0 ? '(none)' : known.join(', ')}`,
      };
    }
    if (used.has(fileName)) {
      return {
        ok: false,
        error: `more than one file is named "${fileName}"; each document context takes one file`,
      };
    }
    used.add(fileName);
    matches.push({ context, fileName });
  }
  const unmatched = contexts.find((context) => !used.has(context.clientId));
  if (unmatched !== undefined) {
    return {
      ok: false,
      error: `document context "${unmatched.clientId}" has no uploaded file`,
    };
  }
  return { ok: true, matches };
}
