import { randomBytes } from 'node:crypto';
import type { SubmissionPart } from '@claims/core/contract/submission';

/** A file as the browser uploads it: its bytes and the type it declares. */
export interface UploadFile {
  bytes: Buffer;
  type: string;
}

export interface MultipartBody {
  contentType: string;
  /**
   * The body as segments: file bytes are shared, not copied, so a pool of thousands of
   * prepared claims holds each document once. Buffer.concat(segments) is the body.
   */
  segments: readonly Buffer[];
  length: number;
}

function quoted(value: string): string {
  // The names here are part names and client ids (letters, digits, - and _), but a quote or
  // line break would end the header early, so refuse them rather than send a broken body.
  if (/["\r\n]/.test(value))
    throw new Error(`multipart name ${JSON.stringify(value)} cannot hold quotes or line breaks`);
  return `"${value}"`;
}

/** Encodes parts as multipart/form-data (RFC 7578), in order, the way a browser's FormData does. */
export function encodeMultipart(
  parts: readonly SubmissionPart<UploadFile>[],
  boundary = `----ClaimsBench${randomBytes(12).toString('hex')}`,
): MultipartBody {
  const segments: Buffer[] = [];
  for (const part of parts) {
    if (part.kind === 'text') {
      segments.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(part.name)}\r\n\r\n${part.value}\r\n`,
          'utf8',
        ),
      );
    } else {
      segments.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(part.name)}; filename=${quoted(part.fileName)}\r\nContent-Type: ${part.file.type}\r\n\r\n`,
          'utf8',
        ),
        part.file.bytes,
        Buffer.from('\r\n', 'utf8'),
      );
    }
  }
  segments.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    segments,
    length: segments.reduce((total, segment) => total + segment.length, 0),
  };
}
