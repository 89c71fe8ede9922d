import type { SubmissionPayload } from './submission';
import {
  DOCUMENTS_PART_NAME,
  HONEYPOT_PART_NAME,
  matchDocumentsToContexts,
  MODEL_LIST_PART_NAMES,
  SINGLE_MODEL_PART_NAMES,
  type SubmissionPart,
  type TextPartName,
} from './submission-parts';

// Only types come from ./submission, so the browser encodes a claim without zod.

/**
 * The ordered multipart parts of a submission; the caller turns them into FormData.
 * Throws when the documents do not map one-to-one to the document contexts
 * (docs/behaviour.md#documents), since the server would refuse the submission anyway.
 */
export function encodeSubmissionParts<F>(payload: SubmissionPayload<F>): SubmissionPart<F>[] {
  const match = matchDocumentsToContexts(
    payload.documentContexts,
    payload.documents.map((document) => document.contextClientId),
  );
  if (!match.ok) throw new Error(match.error);
  const text = (name: TextPartName, value: string): SubmissionPart<F> => ({
    kind: 'text',
    name,
    value,
  });
  return [
    text('reCaptchaResponse', payload.reCaptchaResponse),
    text('userPreferredCulture', payload.userPreferredCulture),
    text('captchaRawValue', payload.captchaRawValue ?? ''),
    ...SINGLE_MODEL_PART_NAMES.map((name) => text(name, JSON.stringify(payload[name]))),
    ...MODEL_LIST_PART_NAMES.map((name) => text(name, JSON.stringify(payload[name]))),
    ...(payload.website === undefined || payload.website === ''
      ? []
      : [text(HONEYPOT_PART_NAME, payload.website)]),
    ...payload.documents.map((document): SubmissionPart<F> => ({
      kind: 'file',
      name: DOCUMENTS_PART_NAME,
      fileName: document.contextClientId,
      file: document.file,
    })),
  ];
}
