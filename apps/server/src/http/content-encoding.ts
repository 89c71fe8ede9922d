import {
  brotliCompressSync,
  constants,
  gzipSync,
  type BrotliOptions,
  type ZlibOptions,
} from 'node:zlib';

/** The encodings the server sends, best first. */
export const CONTENT_ENCODINGS = ['br', 'gzip'] as const;
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number];

/** Below this, compressing saves less than the header and the work cost. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

/**
 * The best of `offered` that an Accept-Encoding header accepts (RFC 9110 section 12.5.3: a
 * coding with q=0 is refused, `*` stands for every coding not named); null when none is.
 */
export function preferredEncoding(
  acceptEncoding: string | string[] | undefined,
  offered: readonly ContentEncoding[] = CONTENT_ENCODINGS,
): ContentEncoding | null {
  if (acceptEncoding === undefined) return null;
  const weights = new Map<string, number>();
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  for (const entry of header.split(',')) {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim());
    if (name === '') continue;
    const q = parameters.find((parameter) => /^q=/i.test(parameter));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.toLowerCase(), Number.isNaN(weight) ? 0 : weight);
  }
  const anyOther = weights.get('*') ?? 0;
  return offered.find((encoding) => (weights.get(encoding) ?? anyOther) > 0) ?? null;
}

/** A body and its compressed copies, for content sent many times unchanged. */
export interface EncodedBodies {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The strongest settings, for content compressed once and sent many times: brotli quality 11
 * in text mode, gzip level 9.
 */
export function brotliOptions(size: number): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}
export const GZIP_OPTIONS: ZlibOptions = { level: constants.Z_BEST_COMPRESSION };

/** Compresses a body once (see brotliOptions), each copy kept only when it is smaller. */
export function compressBody(body: Buffer): EncodedBodies {
  const bodies: EncodedBodies = { identity: body };
  if (body.byteLength < MIN_COMPRESSIBLE_BYTES) return bodies;
  const br = brotliCompressSync(body, brotliOptions(body.byteLength));
  const gzip = gzipSync(body, GZIP_OPTIONS);
  if (br.byteLength < body.byteLength) bodies.br = br;
  if (gzip.byteLength < body.byteLength) bodies.gzip = gzip;
  return bodies;
}

/** The copy of `bodies` to send for an Accept-Encoding header, and its encoding. */
export function pickBody(
  bodies: EncodedBodies,
  acceptEncoding: string | string[] | undefined,
): { body: Buffer; encoding: ContentEncoding | null } {
  const offered = CONTENT_ENCODINGS.filter((encoding) => bodies[encoding] !== undefined);
  const encoding = preferredEncoding(acceptEncoding, offered);
  return { body: encoding === null ? bodies.identity : (bodies[encoding] as Buffer), encoding };
}
