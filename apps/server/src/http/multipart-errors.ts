import { TEXT_PART_NAMES } from '@claims/core/contract/submission-parts';
import { badRequest, HttpError } from '../http-error';
import type { UploadLimits } from '../services/claim-submission';

/** RFC 2046: a boundary has 1 to 70 characters. */
const MAX_BOUNDARY_LENGTH = 70;
const NO_BOUNDARY =
  'the multipart body has no boundary; expected Content-Type: multipart/form-data; boundary=…';

/**
 * What is wrong with the boundary a multipart Content-Type names, if anything: busboy fails
 * with no status on one it cannot search for (over 256 bytes).
 */
export function checkBoundary(contentType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;]*))/i.exec(contentType);
  const boundary = (match?.[1] ?? match?.[2] ?? '').trim();
  if (boundary === '') return NO_BOUNDARY;
  if (boundary.length > MAX_BOUNDARY_LENGTH) {
    return `the multipart boundary has ${boundary.length} characters; at most ${MAX_BOUNDARY_LENGTH} are allowed`;
  }
  return undefined;
}

/**
 * What is wrong with a multipart body, for the errors busboy raises on one (plain Errors,
 * known only by their messages); undefined for any other error.
 */
function malformedMultipartMessage(error: unknown): string | undefined {
  if (!(error instanceof Error) || 'statusCode' in error) return undefined;
  if (error.message === 'Multipart: Boundary not found' || error.message === 'Boundary required') {
    return NO_BOUNDARY;
  }
  if (error.message.startsWith('The needle cannot')) {
    return `the multipart boundary is not valid; it has 1 to ${MAX_BOUNDARY_LENGTH} characters`;
  }
  if (/unexpected end of multipart data/i.test(error.message)) {
    return 'the multipart body ended before its closing boundary; send the whole body';
  }
  return undefined;
}

/**
 * @fastify/multipart's limit errors, reworded to say what the limit is, and the body parser's
 * errors for a malformed body, which carry no status, as 400s; any other error as it is.
 */
export function clearMultipartError(error: unknown, limits: UploadLimits): unknown {
  const malformed = malformedMultipartMessage(error);
  if (malformed !== undefined) return badRequest(malformed);
  switch ((error as { code?: unknown }).code) {
    case 'FST_FILES_LIMIT':
      return new HttpError(413, `too many documents; at most ${limits.files} per submission`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(
        413,
        `too many parts; expected the parts ${TEXT_PART_NAMES.join(', ')} and at most ${limits.files} documents`,
      );
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(
        413,
        `a document is larger than the ${limits.fileSize} bytes allowed per document`,
      );
    default:
      return error;
  }
}
