/**
 * What a document is, judged by its first bytes (its magic number), never by its name or the
 * type the browser declares (docs/behaviour.md#documents). The browser checks a file with these
 * rules the moment it is chosen; the server checks every upload with the same ones.
 */

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

function startsWith(head: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  return (
    head.length >= offset + bytes.length &&
    bytes.every((byte, index) => head[offset + index] === byte)
  );
}

/**
 * The document type named by the file's first bytes (its magic number), or null for any other
 * content. The browser's declared type and the file name are never trusted.
 */
export function sniffFileType(head: Uint8Array): DocumentContentType | null {
  for (const { type, bytes } of SIGNATURES) {
    if (startsWith(head, bytes)) return type;
  }
  return null;
}

export function isAllowedDocumentType(value: unknown): value is DocumentContentType {
  return typeof value === 'string' && (ALLOWED_DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** How many leading bytes isHeifImage reads (an ISO media file's major brand). */
export const DESCRIBE_LENGTH = 12;

const FTYP = [0x66, 0x74, 0x79, 0x70];

/** ISO base media brands of HEIC and HEIF still images and sequences. */
const HEIF_BRANDS = [
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'hevm',
  'hevs',
  'mif1',
  'msf1',
];

/**
 * Whether the first DESCRIBE_LENGTH bytes are those of a HEIC or HEIF image, which phones save
 * by default and which is refused: it is named in the message that refuses it.
 */
export function isHeifImage(head: Uint8Array): boolean {
  // ISO base media: a box size, then "ftyp" and the major brand.
  if (!startsWith(head, FTYP, 4) || head.length < 12) return false;
  return HEIF_BRANDS.includes(String.fromCharCode(...head.subarray(8, 12)));
}
