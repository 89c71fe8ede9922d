import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import type { RefusedDocument } from '@claims/core/contract/api';
import { DESCRIBE_LENGTH } from '@claims/core/documents/file-type';
import { DOCUMENT_LIMITS } from '@claims/core/documents/limits';
import {
  checkChosenDocument,
  type ChosenDocumentCheck,
  type DocumentRefusalReason,
} from '@claims/core/documents/refusal';
import { formatMessage, type MessageText } from '@claims/core/rules/messages';

const keys = UI_CONTENT_KEYS.documents;

/**
 * What the claimant reads when a document is refused, when chosen or at submit
 * (docs/behaviour.md#documents): each names the file and says what to do instead.
 */
export const DOCUMENT_REFUSAL_TEXT: Readonly<Record<DocumentRefusalReason, MessageText>> = {
  tooLarge: {
    key: keys.tooLarge,
    text: '{name} is larger than the {max} a document may be. Choose a smaller file, or scan or photograph the document at a lower resolution.',
  },
  tooMany: {
    key: keys.tooMany,
    text: '{name} was not added: a claim takes at most {max} documents. Delete a document you added, or put several pages into one PDF.',
  },
  empty: {
    key: keys.empty,
    text: '{name} is empty. Choose the file again, or choose another file.',
  },
  heicPhoto: {
    key: keys.heicPhoto,
    text: '{name} is an HEIC photo; choose a JPG, PNG or PDF, or change your camera to save JPG.',
  },
  notAllowedType: {
    key: keys.notAllowedType,
    text: '{name} is not a PDF, JPG or PNG file, whatever its name says. Choose a PDF, JPG or PNG file.',
  },
  typeMismatch: {
    key: keys.typeMismatch,
    text: '{name} is not the kind of file it was when you chose it. Choose the file again.',
  },
  sizeMismatch: {
    key: keys.sizeMismatch,
    text: '{name} changed after you chose it. Choose the file again.',
  },
  virus: {
    key: keys.virus,
    text: '{name} was refused: the virus check found a threat in it. Choose a clean copy of the document.',
  },
};

/** The limit a reason's message names: the size in MB, or the number of documents. */
function limitOf(reason: DocumentRefusalReason): string {
  if (reason === 'tooMany') return String(DOCUMENT_LIMITS.maxDocuments);
  return `${DOCUMENT_LIMITS.maxBytes / (1024 * 1024)} MB`;
}

/** The message that refuses a document, in the culture `localize` reads. */
export function documentRefusalMessage(
  localize: (entry: MessageText) => string,
  document: RefusedDocument,
): string {
  return formatMessage(localize(DOCUMENT_REFUSAL_TEXT[document.reason]), {
    name: document.name,
    max: limitOf(document.reason),
  });
}

/**
 * Checks a file the moment it is chosen, with the rules the server applies to it
 * (@claims/core/documents): reads its first bytes, then its size, the claim's other documents
 * and its content type.
 */
export async function checkChosenFile(
  file: File,
  otherDocuments: number,
): Promise<ChosenDocumentCheck> {
  const head = new Uint8Array(await file.slice(0, DESCRIBE_LENGTH).arrayBuffer());
  return checkChosenDocument({ size: file.size, head, otherDocuments });
}
