import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../http-error';
import { isApiRequest } from '../http/request-path';
import { logSecurityEvent } from '../logger';
import type { Session } from '../services/session-store';

/** The header every unsafe call carries its token in (given to the browser by GET /api/csrf). */
export const CSRF_HEADER_NAME = 'X-CSRF-Token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request changes something, and so must carry a CSRF token. */
export function isUnsafeMethod(method: string): boolean {
  return !SAFE_METHODS.has(method);
}

/** The token of a session key: an HMAC, so it needs no storage. */
export function csrfTokenOf(secret: string, purpose: string, key: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${key}`).digest('base64url');
}

/**
 * Refuses (403, logged as a security event) an unsafe call whose X-CSRF-Token header is
 * missing or is not `expected`, the token of the request's session (null without one);
 * `csrfPath` is where a token is to be had.
 */
export function checkCsrfToken(
  request: FastifyRequest,
  expected: string | null,
  csrfPath: string,
): void {
  const sent = request.headers[CSRF_HEADER_NAME.toLowerCase()];
  if (typeof sent !== 'string' || sent === '') {
    logSecurityEvent(request, { event: 'csrf.refused', reason: 'no token' });
    throw forbidden(
      `missing CSRF token; get one from GET ${csrfPath} and send it in the ${CSRF_HEADER_NAME} header`,
    );
  }
  const sentBytes = Buffer.from(sent);
  if (
    expected === null ||
    sentBytes.length !== Buffer.byteLength(expected) ||
    !timingSafeEqual(sentBytes, Buffer.from(expected))
  ) {
    logSecurityEvent(request, {
      event: 'csrf.refused',
      reason: expected === null ? 'no live session' : 'token of another session',
    });
    throw forbidden(
      `invalid CSRF token for this session (it may have expired); get a new one from GET ${csrfPath}`,
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The CSRF token of a session: an HMAC of its row key, so it needs no storage, holds for
     * a session that has no row yet, and survives the new cookie each authorization brings.
     */
    csrfToken(session: Session): string;
  }
}

/**
 * Every unsafe /api call needs the session's token in the X-CSRF-Token header
 * (docs/architecture.md#csrf); the check runs before the body is read. A refusal is logged as
 * a security event.
 */
export default fp<{ secret: string }>(
  async (app, options) => {
    const tokenFor = (session: Session) => csrfTokenOf(options.secret, 'csrf', session.rowId);
    app.decorate('csrfToken', tokenFor);

    app.addHook('onRequest', async (request) => {
      if (!isUnsafeMethod(request.method) || !isApiRequest(request)) return;
      const expected = request.session === null ? null : tokenFor(request.session);
      checkCsrfToken(request, expected, '/api/csrf');
    });
  },
  { name: 'csrf', dependencies: ['session'] },
);
