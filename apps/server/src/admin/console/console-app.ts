import path from 'node:path';
import { ADMIN_API_BASE, ADMIN_BASE_PATH } from '@claims/core/admin/admin-api';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { serveBuiltApp } from '../../http/built-app';

export interface ConsoleAppOptions {
  /** The console's build folder (apps/admin/dist). */
  adminDist: string;
  https: boolean;
}

const ASSETS_PREFIX = `${ADMIN_BASE_PATH}/assets/`;

const NOT_BUILT_PAGE = (adminDist: string) => `The administrators' console has not been built.

Build it with:

    npm run build

then restart the server. (Looked for ${path.join(adminDist, 'index.html')}.)
`;

/**
 * The console's own policy: its scripts and styles from this server only, its API on the
 * same origin, documents shown in frames and images from that API, and never framed itself.
 */
export function consoleContentSecurityPolicy(https: boolean): string {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "script-src 'self'",
    // Style attributes set by the UI library; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "worker-src 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

function consoleHeaders(reply: FastifyReply, https: boolean): void {
  reply.header('content-security-policy', consoleContentSecurityPolicy(https));
  reply.header('x-robots-tag', 'noindex, nofollow');
}

/**
 * Register with `prefix: ADMIN_BASE_PATH`. Serves the console's Vite build under /admin (its `base`): the hashed assets under
 * /admin/assets/, and index.html for every other page under /admin, whose router shows the
 * page or its own "not found". An unknown GET under /admin/api is a JSON 404. The claimant's
 * app and its bundle are served apart (plugins/web-app.ts).
 */
const consoleApp: FastifyPluginAsync<ConsoleAppOptions> = async (app, options) => {
  app.addHook('onRequest', async (_request, reply) => consoleHeaders(reply, options.https));
  const { built, sendIndex } = await serveBuiltApp(app, {
    dist: options.adminDist,
    filesRoot: path.join(options.adminDist, 'assets'),
    // Under the context's prefix /admin.
    prefix: '/assets/',
    notBuiltPage: NOT_BUILT_PAGE(options.adminDist),
    decorateReply: false,
  });

  // Registered with the prefix /admin: these paths are under it.
  app.get('/', (request, reply) => sendIndex(request, reply, 200));
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] as string;
    if (pathname === ADMIN_API_BASE || pathname.startsWith(`${ADMIN_API_BASE}/`)) {
      return reply.callNotFound();
    }
    return sendIndex(request, reply, 200);
  });
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] as string;
    if (pathname.startsWith(ASSETS_PREFIX) && request.method === 'GET') {
      return reply
        .code(built ? 404 : 503)
        .type('text/plain; charset=utf-8')
        .send(built ? `no asset at ${pathname}\n` : NOT_BUILT_PAGE(options.adminDist));
    }
    const what = pathname.startsWith(ADMIN_API_BASE) ? 'admin API call' : 'console route';
    return reply.code(404).send({ error: `no ${what} ${request.method} ${pathname}` });
  });
};

export default consoleApp;
