import { isHeifImage, sniffFileType, type DocumentContentType } from './file-type';
import { DOCUMENT_LIMITS } from './limits';

/**
 * Why a document is refused, by the browser when it is chosen or by the server when the claim
 * is submitted (docs/behaviour.md#documents); each has a message of its own in every culture.
 */
export const DOCUMENT_REFUSAL_REASONS = [
  /** Larger than DOCUMENT_LIMITS.maxBytes. */
  'tooLarge',
  /** One more than DOCUMENT_LIMITS.maxDocuments. */
  'tooMany',
  /** No bytes at all. */
  'empty',
  /** A phone's HEIC or HEIF photo. */
  'heicPhoto',
  /** Any other content that is not a PDF, JPEG or PNG, whatever the file's name says. */
  'notAllowedType',
  /** Its content is not the type its document context declares. */
  'typeMismatch',
  /** Its size is not the size its document context declares. */
  'sizeMismatch',
  /** The virus scanner found something in it. */
  'virus',
] as const;
export type DocumentRefusalReason = (typeof DOCUMENT_REFUSAL_REASONS)[number];

export function isDocumentRefusalReason(value: unknown): value is DocumentRefusalReason {
  return (
    typeof value === 'string' && (DOCUMENT_REFUSAL_REASONS as readonly string[]).includes(value)
  );
}

/** A file as it is chosen: its size, its first bytes, how many documents the claim has already. */
export interface ChosenDocument {
  size: number;
  /** At least the first DESCRIBE_LENGTH bytes (fewer only when the file is shorter). */
  head: Uint8Array;
  /** Documents of the claim other than this one. */
  otherDocuments: number;
}

export type ChosenDocumentCheck =
  { ok: true; contentType: DocumentContentType } | { ok: false; reason: DocumentRefusalReason };

/**
 * Checks a chosen file as the server will: the count, the size, then the type by content.
 * The content type found is the one the claim declares for the file.
 */
export function checkChosenDocument(document: ChosenDocument): ChosenDocumentCheck {
  if (document.otherDocuments >= DOCUMENT_LIMITS.maxDocuments) {
    return { ok: false, reason: 'tooMany' };
  }
  if (document.size > DOCUMENT_LIMITS.maxBytes) return { ok: false, reason: 'tooLarge' };
  if (document.size === 0) return { ok: false, reason: 'empty' };
  const contentType = sniffFileType(document.head);
  if (contentType !== null) return { ok: true, contentType };
  return {
    ok: false,
    reason: isHeifImage(document.head) ? 'heicPhoto' : 'notAllowedType',
  };
}
