import {
  API_PATHS,
  csrfResponseSchema,
  sessionTimeoutResponseSchema,
} from '@claims/core/contract/api';
import { CSRF_HEADER_NAME } from '../plugins/csrf';
import type { ZodPlugin } from '../zod-type-provider';

/** GET /api/csrf and POST /api/session-timeout. */
const sessionRoutes: ZodPlugin = async (app) => {
  app.get(
    API_PATHS.csrf,
    { schema: { response: { 200: csrfResponseSchema } } },
    async (request, reply) => {
      // The token is bound to the session, so this call is what starts one: a signed cookie
      // only, with no row until the session stores something (docs/behaviour.md#sessions).
      const session = await app.ensureSession(request, reply);
      reply.header('cache-control', 'no-store');
      return { requestHeaderName: CSRF_HEADER_NAME, requestToken: app.csrfToken(session) };
    },
  );

  app.post(
    API_PATHS.sessionTimeout,
    { schema: { response: { 200: sessionTimeoutResponseSchema } } },
    async (request, reply) => {
      await app.endSession(request, reply);
      return { loggedOut: true as const };
    },
  );
};

export default sessionRoutes;
