/**
 * The documents a claim may carry (docs/behaviour.md#documents): the server refuses more, and
 * the browser refuses a file that would break a limit the moment it is chosen.
 */
export const DOCUMENT_LIMITS = {
  /** Bytes per document: 10 MB. */
  maxBytes: 10 * 1024 * 1024,
  /** Documents per claim. */
  maxDocuments: 20,
} as const;
