import {
  ADMIN_ENDPOINTS,
  caseSettingsResponseSchema,
  csrfResponseSchema,
  meResponseSchema,
  signInRequestSchema,
  signInResponseSchema,
  signOutResponseSchema,
  totpRequestSchema,
} from '@claims/core/admin/admin-api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER_NAME } from '../../plugins/csrf';
import type { ZodPlugin } from '../../zod-type-provider';
import { requireAdminAccess } from '../admin-request';
import { adminCultures, adminLifecycleSettings } from '../case-settings';
import { TooManyAttemptsError, type StepResult } from './sign-in-service';

/**
 * The console's session routes: CSRF token, the two sign-in steps, sign-out, who is signed
 * in, and the case's settings.
 */
const signInRoutes: ZodPlugin = async (app) => {
  const { adminSignIn: signIn, adminCookie: cookie } = app;

  const context = (request: FastifyRequest) => ({
    ipAddress: request.ip,
    session: request.adminSession,
  });

  /** Runs a step that starts a new session: its cookie is set, its answer sent. */
  const step = async <Answer>(reply: FastifyReply, run: () => Promise<StepResult<Answer>>) => {
    try {
      const { token, answer } = await run();
      cookie.set(reply, token);
      return answer;
    } catch (error) {
      if (error instanceof TooManyAttemptsError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      throw error;
    }
  };

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    ADMIN_ENDPOINTS.csrf.path,
    {
      preHandler: requireAdminAccess(ADMIN_ENDPOINTS.csrf.access),
      schema: { response: { 200: csrfResponseSchema } },
    },
    async (request, reply) => {
      const token = app.adminSessionToken(request, reply);
      return { requestHeaderName: CSRF_HEADER_NAME, requestToken: app.adminCsrfToken(token) };
    },
  );

  app.post(
    ADMIN_ENDPOINTS.signIn.path,
    {
      preHandler: requireAdminAccess(ADMIN_ENDPOINTS.signIn.access),
      schema: { body: signInRequestSchema, response: { 200: signInResponseSchema } },
    },
    async (request, reply) =>
      step(reply, () => signIn.signIn(request.body.email, request.body.password, context(request))),
  );

  // The second step: a code of the enrolled authenticator, or of the one being enrolled.
  const codeSteps = [
    [ADMIN_ENDPOINTS.verifyTotp, signIn.verifyTotp.bind(signIn)],
    [ADMIN_ENDPOINTS.enrollTotp, signIn.enrollTotp.bind(signIn)],
  ] as const;
  for (const [endpoint, check] of codeSteps) {
    app.post(
      endpoint.path,
      {
        preHandler: requireAdminAccess(endpoint.access),
        schema: { body: totpRequestSchema, response: { 200: meResponseSchema } },
      },
      async (request, reply) =>
        step(reply, () => check(request.adminSession!, request.body.code, context(request))),
    );
  }

  app.post(
    ADMIN_ENDPOINTS.signOut.path,
    {
      preHandler: requireAdminAccess(ADMIN_ENDPOINTS.signOut.access),
      schema: { response: { 200: signOutResponseSchema } },
    },
    async (request, reply) => {
      await signIn.signOut(request.adminSession, request.admin, request.ip);
      // A new session id, without a row: the old one is dead, and the next sign-in has a token.
      app.adminSessionToken(request, reply, { renew: true });
      return { signedOut: true as const };
    },
  );

  app.get(
    ADMIN_ENDPOINTS.me.path,
    {
      preHandler: requireAdminAccess(ADMIN_ENDPOINTS.me.access),
      schema: { response: { 200: meResponseSchema } },
    },
    async (request) => {
      const session = request.adminSession!;
      return {
        email: request.admin!.email,
        role: request.admin!.role,
        idleExpiresAt: session.idleExpiresAt,
        absoluteExpiresAt: session.absoluteExpiresAt,
      };
    },
  );

  app.get(
    ADMIN_ENDPOINTS.caseSettings.path,
    {
      preHandler: requireAdminAccess(ADMIN_ENDPOINTS.caseSettings.access),
      schema: { response: { 200: caseSettingsResponseSchema } },
    },
    async () => ({
      caseName: app.claimsCase.definition.details.caseName,
      cultures: adminCultures(app.claimsCase),
      lifecycle: adminLifecycleSettings(app.claimsCase),
    }),
  );
};

export default signInRoutes;
