import path from 'node:path';
import fp from 'fastify-plugin';
import { stripCulturePrefix } from '@claims/core/guards/culture';
import { isKnownRoute } from '@claims/core/routes';
import { serveBuiltApp } from '../http/built-app';
import { isApiRequest, malformedPathOf } from '../http/request-path';

/** Where the web app's Vite build puts its assets (its `base`; docs/behaviour.md#api). */
export const ASSET_PREFIX = '/app/dist/';

export interface WebAppOptions {
  /** The web app's build folder (apps/web/dist). */
  webDist: string;
  /** Enabled culture codes: a leading /es/ in a path still names a known page. */
  cultures: readonly string[];
}

const NOT_BUILT_PAGE = (webDist: string) => `The claims site's web app has not been built.

Build it with:

    npm run build

then restart the server. (Looked for ${path.join(webDist, 'index.html')}.)
`;

/**
 * Serves the built web app: its assets under /app/dist/ with long cache lifetimes (their
 * names carry a content hash), index.html for the routes of docs/behaviour.md#routes with 200 and
 * for any other page path with 404, and a JSON 404 for unknown /api calls. Assets are sent
 * as the .br or .gz copy the build wrote beside them (scripts/precompress-web.ts) when the
 * browser accepts it, and index.html compressed as well.
 */
export default fp<WebAppOptions>(
  async (app, options) => {
    const { built, sendIndex: sendApp } = await serveBuiltApp(app, {
      dist: options.webDist,
      prefix: ASSET_PREFIX,
      notBuiltPage: NOT_BUILT_PAGE(options.webDist),
    });

    app.setNotFoundHandler(async (request, reply) => {
      const malformed = malformedPathOf(request);
      const pathname = malformed ?? (request.url.split('?')[0] as string);
      if (isApiRequest(request)) {
        return reply
          .code(404)
          .send({ error: `no API call ${request.method} ${pathname}; see docs/behaviour.md#api` });
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.code(404).send({ error: `nothing at ${request.method} ${pathname}` });
      }
      if (pathname.startsWith(ASSET_PREFIX)) {
        return reply
          .code(built ? 404 : 503)
          .type('text/plain; charset=utf-8')
          .send(built ? `no asset at ${pathname}\n` : NOT_BUILT_PAGE(options.webDist));
      }
      const known =
        malformed === undefined && isKnownRoute(stripCulturePrefix(pathname, options.cultures));
      return sendApp(request, reply, known ? 200 : 404);
    });
  },
  { name: 'web-app' },
);
