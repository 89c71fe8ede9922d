import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';

/**
 * The production bundle of the server: src/server.ts and everything it imports into
 * `outDir`/server.js, the file production runs with plain `node` (no TypeScript compiler loaded
 * at run time). The workspace packages (@claims/core, TypeScript sources) are bundled in; every
 * other package stays an import resolved from node_modules, as native modules (better-sqlite3)
 * must. A module the server imports only when a setting asks for it (the bucket stores, with
 * the AWS SDK) goes into a chunk of its own beside server.js, loaded with it. The bundle sits
 * beside src/ at the same depth, so paths the server derives from its own file (the repository
 * root in config.ts) are the same from either.
 */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const externalPackages: Plugin = {
  name: 'external-packages',
  setup(context) {
    // A bare specifier names a package; only the workspace's own are bundled.
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@claims/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds the bundle into `outDir`, emptied first; resolves with esbuild's account of it. */
export async function buildServerBundle(outDir: string): Promise<Metafile> {
  await rm(outDir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { server: path.join(SERVER_DIR, 'src', 'server.ts') },
    outdir: outDir,
    // Chunks beside server.js, at its depth: see above.
    chunkNames: '[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [externalPackages],
    logLevel: 'warning',
    metafile: true,
  });
  return result.metafile;
}
