import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compressBody, pickBody, type EncodedBodies } from './content-encoding';

/**
 * Serving a Vite build (the claimant's web app, the administrators' console): its hashed
 * assets with long cache lifetimes, and its index.html for the app's pages.
 */
/** index.html made into a page of its own (a page snapshot: page-snapshots.ts). */
export interface IndexVariant {
  /** Names the variant: its compressed copies are kept under this key. */
  key: string;
  /** The page made from index.html, or null to send index.html as it is. */
  apply(index: string): Promise<string | null>;
}

export interface BuiltApp {
  /** Whether the build's index.html exists (checked at start-up). */
  built: boolean;
  /**
   * Sends index.html, or the variant of it, with the status, compressed when the browser
   * accepts it; 503 with `notBuiltPage` when the app has not been built.
   */
  sendIndex(
    request: FastifyRequest,
    reply: FastifyReply,
    statusCode: number,
    variant?: IndexVariant,
  ): Promise<FastifyReply>;
}

export interface BuiltAppOptions {
  /** The build folder. */
  dist: string;
  /** The URL path the build's files are served under, ending in "/". */
  prefix: string;
  /** The folder served under `prefix`, when only part of the build is (default: `dist`). */
  filesRoot?: string;
  /** The text answered while the build is missing. */
  notBuiltPage: string;
  /** Only the first @fastify/static of an app may decorate the reply. */
  decorateReply?: boolean;
}

export async function serveBuiltApp(
  app: FastifyInstance,
  options: BuiltAppOptions,
): Promise<BuiltApp> {
  const indexFile = path.join(options.dist, 'index.html');
  const built = existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, {
      root: options.filesRoot ?? options.dist,
      prefix: options.prefix,
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      decorateReply: options.decorateReply ?? true,
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
  // compressed copies, and those of each variant, are made again only when it changes.
  let index: { source: Buffer; bodies: EncodedBodies } | undefined;
  const variants = new Map<string, { source: Buffer; bodies: EncodedBodies }>();
  const indexBodies = async (variant: IndexVariant | undefined): Promise<EncodedBodies> => {
    const source = await readFile(indexFile);
    if (index === undefined || !index.source.equals(source)) {
      index = { source, bodies: compressBody(source) };
    }
    if (variant === undefined) return index.bodies;
    const made = variants.get(variant.key);
    if (made !== undefined && made.source.equals(source)) return made.bodies;
    const page = await variant.apply(source.toString('utf8'));
    const bodies = page === null ? index.bodies : compressBody(Buffer.from(page));
    variants.set(variant.key, { source, bodies });
    return bodies;
  };

  return {
    built,
    async sendIndex(request, reply, statusCode, variant) {
      if (!built) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(options.notBuiltPage);
      }
      const { body, encoding } = pickBody(
        await indexBodies(variant),
        request.headers['accept-encoding'],
      );
      if (encoding !== null) reply.header('content-encoding', encoding);
      return reply
        .code(statusCode)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .send(body);
    },
  };
}
