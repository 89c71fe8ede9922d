import path from 'node:path';
import fp from 'fastify-plugin';
import type { StartUpAnswers } from '@claims/core/contract/page-snapshot';
import type { FormType } from '@claims/core/form-types';
import { stripCulturePrefix } from '@claims/core/guards/culture';
import { isKnownRoute, ROUTES } from '@claims/core/routes';
import type { FastifyRequest } from 'fastify';
import { serveBuiltApp, type IndexVariant } from '../http/built-app';
import {
  PageSnapshots,
  snapshotDocument,
  snapshotRendererOf,
  themeStylesheetOf,
  type SnapshotPage,
} from '../http/page-snapshots';
import { isApiRequest, malformedPathOf } from '../http/request-path';

/** Where the web app's Vite build puts its assets (its `base`; docs/behaviour.md#api). */
export const ASSET_PREFIX = '/app/dist/';

export interface WebAppOptions {
  /** The web app's build folder (apps/web/dist). */
  webDist: string;
  /** Enabled culture codes: a leading /es/ in a path still names a known page. */
  cultures: readonly string[];
  /** What the landing pages' snapshots are rendered from (docs/behaviour.md#page-snapshots). */
  snapshots?: SnapshotSource;
}

export interface SnapshotSource {
  /** The culture a page shows in when its address names none. */
  defaultCulture: string;
  /** The case's theme: its stylesheet loads with a snapshot. */
  theme: string;
  /** Start-up's answers for a culture, as the API gives them. */
  answers(culture: string): StartUpAnswers;
  /** Whether the form's landing page still shows (no deadline closing it has passed). */
  isOpen(formType: FormType | undefined, now: Date): boolean;
  now(): Date;
}

/**
 * The pages with a snapshot: each form's landing page and the site root, the pages a claimant
 * arrives on, which show the same to everyone until a deadline closes them.
 */
const SNAPSHOT_ROUTES = new Map(
  ROUTES.filter((route) => route.kind === 'form' && !route.requiresAuthorization).map((route) => [
    route.path,
    route.formType,
  ]),
);

function snapshotPages(source: SnapshotSource, cultures: readonly string[]): SnapshotPage[] {
  return [...SNAPSHOT_ROUTES.keys()].flatMap((pathname) => [
    { address: pathname, culture: source.defaultCulture },
    ...cultures.map((culture) => ({ address: `${pathname}?culture=${culture}`, culture })),
  ]);
}

/** The address a snapshot is kept under: the path, with a query of one culture or none. */
function snapshotAddress(request: FastifyRequest, pathname: string): string | undefined {
  if (!SNAPSHOT_ROUTES.has(pathname)) return undefined;
  const search = request.url.slice(pathname.length);
  if (search === '' || search === '?') return pathname;
  const query = new URLSearchParams(search);
  const culture = query.get('culture');
  if (culture === null || [...query.keys()].length !== 1) return undefined;
  return `${pathname}?culture=${culture}`;
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
 * browser accepts it, and index.html compressed as well. A landing page's index.html carries
 * the page's snapshot once it has been rendered (docs/behaviour.md#page-snapshots).
 */
export default fp<WebAppOptions>(
  async (app, options) => {
    const { built, sendIndex: sendApp } = await serveBuiltApp(app, {
      dist: options.webDist,
      prefix: ASSET_PREFIX,
      notBuiltPage: NOT_BUILT_PAGE(options.webDist),
    });

    const source = options.snapshots;
    const snapshots =
      source === undefined
        ? undefined
        : new PageSnapshots({
            renderer: snapshotRendererOf(options.webDist),
            pages: snapshotPages(source, options.cultures),
            answers: (culture) => source.answers(culture),
            log: app.log,
          });
    if (snapshots !== undefined && built && snapshots.available) {
      // Rendered once the server is up, off its thread; until then pages go without.
      app.addHook('onReady', async () => {
        void snapshots.render();
      });
      app.addHook('onClose', () => snapshots.stop());
    }

    /** The landing page's snapshot in index.html, when the page has one at this address. */
    const snapshotVariant = (
      request: FastifyRequest,
      pathname: string,
    ): IndexVariant | undefined => {
      if (source === undefined || snapshots === undefined) return undefined;
      const address = snapshotAddress(request, pathname);
      if (address === undefined) return undefined;
      if (!source.isOpen(SNAPSHOT_ROUTES.get(pathname), source.now())) return undefined;
      const snapshot = snapshots.snapshot(address);
      if (snapshot === undefined) return undefined;
      return {
        key: address,
        async apply(index) {
          const stylesheet = await themeStylesheetOf(options.webDist, ASSET_PREFIX, source.theme);
          // A snapshot without its theme's stylesheet would paint unstyled.
          if (stylesheet === undefined) return null;
          return snapshotDocument(index, { ...snapshot, stylesheets: [stylesheet] });
        },
      };
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
      if (!known) return sendApp(request, reply, 404);
      return sendApp(request, reply, 200, snapshotVariant(request, pathname));
    });
  },
  { name: 'web-app' },
);
