import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { checkCsrfToken, csrfTokenOf, isUnsafeMethod } from '../plugins/csrf';
import { schedulePurge } from '../services/purge-timer';
import { zodSerializerCompiler, zodValidatorCompiler, type ZodPlugin } from '../zod-type-provider';
import { ADMIN_API_PATHS } from '@claims/core/admin/admin-api';
import { AdminAccountService } from './accounts/account-service';
import { loadOrCreateTotpKey, TotpSecretBox } from './accounts/totp-secret-box';
import { AdminCookie } from './sessions/admin-cookie';
import { AdminSessionStore, hashSessionToken } from './sessions/admin-session-store';
import { AdminSignInService } from './sign-in/sign-in-service';
import signInRoutes from './sign-in/sign-in-routes';
import claimsRoutes from './claims/claims-routes';
import auditRoutes from './audit-routes';
import dataIoRoutes from '../data-io/data-io-routes';
import dashboardRoutes from './dashboard/dashboard-routes';
import fraudRoutes from './fraud/fraud-routes';
import './admin-request';

/**
 * The route plugins of the admin API, each registered with the admin session loaded, CSRF
 * checked and the zod compilers set; every route declares its access with requireAdminAccess.
 */
export const ADMIN_ROUTE_PLUGINS: readonly ZodPlugin[] = [
  signInRoutes,
  claimsRoutes,
  auditRoutes,
  dataIoRoutes,
  dashboardRoutes,
  fraudRoutes,
];

declare module 'fastify' {
  interface FastifyInstance {
    adminAccounts: AdminAccountService;
    adminSessions: AdminSessionStore;
    adminSignIn: AdminSignInService;
    adminCookie: AdminCookie;
    /** The CSRF token of a console cookie's token. */
    adminCsrfToken(token: string): string;
    /**
     * The request's console cookie token; a new one (set on the reply) when it has none or
     * `renew` is asked. A token with no row is a session not signed in.
     */
    adminSessionToken(
      request: FastifyRequest,
      reply: FastifyReply,
      options?: { renew?: boolean },
    ): string;
  }
}

export interface AdminPluginOptions {
  /** Where the TOTP key file is kept (the data folder, beside secrets.json). */
  dataDir: string;
  https: boolean;
  /** Keys the console's CSRF tokens. */
  secret: string;
}

/** The headers of every admin API answer: nothing cached, framed only by the console itself. */
async function apiHeaders(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
  reply.header('x-frame-options', 'SAMEORIGIN');
  reply.header(
    'content-security-policy',
    "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
  );
}

/**
 * The administrators' API under /admin/api (docs/behaviour.md#admin-console): accounts, the
 * console's own sessions and cookie (docs/behaviour.md#admin-sessions), CSRF, and the routes
 * of ADMIN_ROUTE_PLUGINS.
 */
export default fp<AdminPluginOptions>(
  async (app, options) => {
    const accounts = new AdminAccountService(
      app.db,
      new TotpSecretBox(loadOrCreateTotpKey(options.dataDir)),
      app.now,
    );
    const sessions = new AdminSessionStore(app.db, app.now);
    const cookie = new AdminCookie(options.https);
    const csrfToken = (token: string) =>
      csrfTokenOf(options.secret, 'admin-csrf', hashSessionToken(token));

    app.decorate('adminAccounts', accounts);
    app.decorate('adminSessions', sessions);
    app.decorate('adminCookie', cookie);
    app.decorate(
      'adminSignIn',
      new AdminSignInService(
        app.db,
        app.writeEphemeral,
        accounts,
        sessions,
        app.now,
        app.claimsCase.definition.details.caseName,
      ),
    );
    app.decorate('adminCsrfToken', csrfToken);
    app.decorate(
      'adminSessionToken',
      (request: FastifyRequest, reply: FastifyReply, tokenOptions?: { renew?: boolean }) => {
        const current = cookie.read(request);
        if (current !== undefined && tokenOptions?.renew !== true) return current;
        const token = randomBytes(32).toString('base64url');
        cookie.set(reply, token);
        return token;
      },
    );
    app.decorateRequest('admin', null);
    app.decorateRequest('adminSession', null);

    await app.register(async (api) => {
      api.setValidatorCompiler(zodValidatorCompiler);
      api.setSerializerCompiler(zodSerializerCompiler);
      api.addHook('onRequest', apiHeaders);
      api.addHook('onRequest', async (request) => {
        const token = cookie.read(request);
        const session = token === undefined ? null : await sessions.load(token);
        if (session === null) return;
        request.adminSession = session;
        if (session.step !== 'signed_in') return;
        const account = await accounts.findById(session.accountId);
        if (account === undefined || account.disabled === 1) {
          await sessions.destroy(session.idHash);
          request.adminSession = null;
          return;
        }
        request.admin = {
          accountId: account.id,
          email: account.email,
          role: account.role,
          sessionId: session.idHash,
        };
      });
      // Before the body is read: a forged request is refused without parsing it.
      api.addHook('onRequest', async (request) => {
        if (!isUnsafeMethod(request.method)) return;
        const token = cookie.read(request);
        checkCsrfToken(
          request,
          token === undefined ? null : csrfToken(token),
          ADMIN_API_PATHS.csrf,
        );
      });
      for (const routes of ADMIN_ROUTE_PLUGINS) await api.register(routes);
    });

    schedulePurge(app, () => sessions.purgeExpired(), 'purging expired admin sessions failed');
  },
  { name: 'admin', dependencies: ['database', 'clock', 'claims-case', '@fastify/cookie'] },
);
