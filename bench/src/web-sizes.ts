import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Where the server serves the web build (docs/behaviour.md#api: code chunks load from /app/dist/).
 */
export const ASSET_PREFIX = '/app/dist/';

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface AssetSizes {
  js: Sizes;
  css: Sizes;
  jsFiles: string[];
  cssFiles: string[];
}

const ZERO: Sizes = { raw: 0, gzip: 0, brotli: 0 };

function add(a: Sizes, b: Sizes): Sizes {
  return { raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli };
}

/** The asset paths index.html loads before any script runs: its module script, preloads and stylesheets. */
export function entryAssets(indexHtml: string): string[] {
  const found = new Set<string>();
  const tag = /<(script|link)\b[^>]*>/gi;
  for (const [element] of indexHtml.matchAll(tag)) {
    const src = /\b(?:src|href)\s*=\s*["']([^"']+)["']/i.exec(element)?.[1];
    if (src === undefined || !src.startsWith(ASSET_PREFIX)) continue;
    if (
      /^<link/i.test(element) &&
      !/\brel\s*=\s*["'](?:stylesheet|modulepreload)["']/i.test(element)
    )
      continue;
    found.add(src);
  }
  return [...found];
}

/**
 * Compressed sizes of the web build's files, as a server would send them precompressed:
 * gzip at level 9 and brotli at quality 11, both from node:zlib. Each file is read and
 * compressed once.
 */
export class BuildSizes {
  private readonly cache = new Map<string, Sizes>();

  constructor(readonly distDir: string) {}

  /** Sizes of one asset, by its URL path (/app/dist/assets/x.js). */
  of(assetPath: string): Sizes {
    const cached = this.cache.get(assetPath);
    if (cached !== undefined) return cached;
    if (!assetPath.startsWith(ASSET_PREFIX)) {
      throw new Error(`asset path "${assetPath}" is not under ${ASSET_PREFIX}`);
    }
    const file = path.join(this.distDir, assetPath.slice(ASSET_PREFIX.length));
    const bytes = readFileSync(file);
    const sizes = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }).length,
    };
    this.cache.set(assetPath, sizes);
    return sizes;
  }

  /** The JavaScript and CSS among `assetPaths`, summed; other files (images, fonts) are left out. */
  summarise(assetPaths: Iterable<string>): AssetSizes {
    const unique = [...new Set(assetPaths)].sort();
    const jsFiles = unique.filter((asset) => /\.m?js$/.test(asset));
    const cssFiles = unique.filter((asset) => asset.endsWith('.css'));
    return {
      js: jsFiles.reduce((total, asset) => add(total, this.of(asset)), ZERO),
      css: cssFiles.reduce((total, asset) => add(total, this.of(asset)), ZERO),
      jsFiles,
      cssFiles,
    };
  }
}

export interface RouteSizes {
  route: string;
  /** Where the page ended up (a guard may have redirected it). */
  finalPath: string;
  sizes: AssetSizes;
}

export interface ThemeSizes {
  theme: string;
  /** Which routes were loaded, in words. */
  surveyed: string;
  routes: RouteSizes[];
  /** The route that loads the most JavaScript (gzip). */
  heaviest: RouteSizes;
}

export function heaviestRoute(routes: readonly RouteSizes[]): RouteSizes {
  const [first, ...rest] = routes;
  if (first === undefined) throw new Error('no route was measured');
  return rest.reduce(
    (heaviest, route) => (route.sizes.js.gzip > heaviest.sizes.js.gzip ? route : heaviest),
    first,
  );
}
