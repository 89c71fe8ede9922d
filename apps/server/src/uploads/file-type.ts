/** Document types a claimant may upload; anything else is refused whatever its name says. */
export const ALLOWED_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentContentType = (typeof ALLOWED_DOCUMENT_TYPES)[number];

const SIGNATURES: ReadonlyArray<{ type: DocumentContentType; bytes: readonly number[] }> = [
  // "%PDF-"
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  // SOI marker followed by the first marker's 0xFF
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  // "\x89PNG\r\n\x1a\n"
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** How many leading bytes sniffFileType needs to decide. */
export const SNIFF_LENGTH = Math.max(...SIGNATURES.map((signature) => signature.bytes.length));

/**
 * The document type named by the file's first bytes (its magic number), or null for any other
 * content. The browser's declared type and the file name are never trusted.
 */
export function sniffFileType(head: Uint8Array): DocumentContentType | null {
  for (const { type, bytes } of SIGNATURES) {
    if (head.length >= bytes.length && bytes.every((byte, index) => head[index] === byte)) {
      return type;
    }
  }
  return null;
}

export function isAllowedDocumentType(value: unknown): value is DocumentContentType {
  return typeof value === 'string' && (ALLOWED_DOCUMENT_TYPES as readonly string[]).includes(value);
}
