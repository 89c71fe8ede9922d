import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { stripCulturePrefix } from '@claims/core/guards/culture';
import { isKnownRoute } from '@claims/core/routes';
import { compressBody, pickBody, type EncodedBodies } from '../http/content-encoding';
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
    const indexFile = path.join(options.webDist, 'index.html');
    const built = existsSync(indexFile);

    if (built) {
      await app.register(fastifyStatic, {
        root: options.webDist,
        prefix: ASSET_PREFIX,
        index: false,
        wildcard: true,
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'cache-control',
            hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    }

    // index.html is read on every request, so a rebuild is served without a restart; its
    // compressed copies are made again only when its content changes.
    let index: { source: Buffer; bodies: EncodedBodies } | undefined;
    const indexBodies = async (): Promise<EncodedBodies> => {
      const source = await readFile(indexFile);
      if (index === undefined || !index.source.equals(source)) {
        index = { source, bodies: compressBody(source) };
      }
      return index.bodies;
    };

    const sendApp = async (request: FastifyRequest, reply: FastifyReply, statusCode: number) => {
      if (!built) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(NOT_BUILT_PAGE(options.webDist));
      }
      const { body, encoding } = pickBody(await indexBodies(), request.headers['accept-encoding']);
      if (encoding !== null) reply.header('content-encoding', encoding);
      return reply
        .code(statusCode)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .send(body);
    };

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
