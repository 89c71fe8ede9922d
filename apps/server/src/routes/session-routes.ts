import {
  API_PATHS,
  csrfResponseSchema,
  sessionTimeoutResponseSchema,
} from '@claims/core/contract/api';
import { z } from 'zod';
import { CSRF_HEADER_NAME } from '../plugins/csrf';
import type { ZodPlugin } from '../zod-type-provider';

const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.string() });

/** GET /api/csrf, POST /api/session-timeout and GET /api/health. */
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

  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponseSchema } } },
    async (_request, reply) => {
      await app.db.selectFrom('imports').select('name').limit(1).execute();
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, database: app.dbKind };
    },
  );
};

export default sessionRoutes;
