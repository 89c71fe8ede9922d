import { createHmac, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { forbidden } from '../http-error';
import { isApiRequest } from '../http/request-path';

/** The header every unsafe call carries its token in (given to the browser by GET /api/csrf). */
export const CSRF_HEADER_NAME = 'X-CSRF-Token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /** The CSRF token of a session: an HMAC of its id, so it needs no storage. */
    csrfToken(sessionId: string): string;
  }
}

/**
 * Every unsafe /api call needs the session's token in the X-CSRF-Token header (DESIGN.md,
 * CSRF); the check runs before the body is read.
 */
export default fp<{ secret: string }>(
  async (app, options) => {
    const tokenFor = (sessionId: string) =>
      createHmac('sha256', options.secret).update(`csrf:${sessionId}`).digest('base64url');
    app.decorate('csrfToken', tokenFor);

    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
      const sent = request.headers[CSRF_HEADER_NAME.toLowerCase()];
      if (typeof sent !== 'string' || sent === '') {
        throw forbidden(
          `missing CSRF token; get one from GET /api/csrf and send it in the ${CSRF_HEADER_NAME} header`,
        );
      }
      const expected = request.session === null ? null : tokenFor(request.session.id);
      const sentBytes = Buffer.from(sent);
      if (
        expected === null ||
        sentBytes.length !== Buffer.byteLength(expected) ||
        !timingSafeEqual(sentBytes, Buffer.from(expected))
      ) {
        throw forbidden(
          'invalid CSRF token for this session (it may have expired); get a new one from GET /api/csrf',
        );
      }
    });
  },
  { name: 'csrf', dependencies: ['session'] },
);
