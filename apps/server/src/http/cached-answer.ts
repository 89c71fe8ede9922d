import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { describeZodError } from '../zod-type-provider';
import { compressBody, pickBody, type EncodedBodies } from './content-encoding';

/** A JSON answer that never changes while the server runs, ready to send. */
export interface CachedAnswer {
  /** Strong validator of the body (RFC 9110 section 8.8.3). */
  readonly etag: string;
  readonly bodies: EncodedBodies;
}

/**
 * Checks the answer against its response schema and serialises and compresses it, once: the
 * case is fixed for the life of the server, so checking and serialising it on every request
 * would only repeat the same work (and cost most of the time of such a request).
 */
export function cacheAnswer<Schema extends z.ZodType>(
  what: string,
  schema: Schema,
  value: z.input<Schema>,
): CachedAnswer {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(`answer of ${what} breaks its schema: ${describeZodError(result.error)}`);
  }
  const body = Buffer.from(JSON.stringify(result.data));
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  return { etag, bodies: compressBody(body) };
}

/** True when an If-None-Match header names the ETag (weak comparison, as RFC 9110 asks). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Sends a cached answer: 304 when the browser already holds it, else the body in the best
 * encoding the request accepts. no-cache lets the browser keep it but makes it ask again
 * each time, so a redeployed case is seen at once.
 */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', 'no-cache');
  reply.header('vary', 'accept-encoding');
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  const { body, encoding } = pickBody(answer.bodies, request.headers['accept-encoding']);
  if (encoding !== null) reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(body);
}

/** A route handler answering `value`, checked and serialised once (cacheAnswer). */
export function cachedAnswerHandler<Schema extends z.ZodType>(
  what: string,
  schema: Schema,
  value: z.input<Schema>,
): (request: FastifyRequest, reply: FastifyReply) => void {
  const answer = cacheAnswer(what, schema, value);
  return (request, reply) => {
    sendCachedAnswer(request, reply, answer);
  };
}
