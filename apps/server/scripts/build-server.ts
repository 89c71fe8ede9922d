import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build --workspace @claims/server`: bundles src/server.ts into dist/server.js, the
 * file production runs with plain `node` (no TypeScript compiler loaded at run time). The
 * workspace packages (@claims/core, TypeScript sources) are bundled in; every other package
 * stays an import resolved from node_modules, as native modules (better-sqlite3) must.
 * dist/ sits beside src/ at the same depth, so paths the server derives from its own file
 * (the repository root in config.ts) are the same from either.
 */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(SERVER_DIR, 'dist');

const externalPackages: Plugin = {
  name: 'external-packages',
  setup(context) {
    // A bare specifier names a package; only the workspace's own are bundled.
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@claims/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(OUT_DIR, { recursive: true, force: true });
const result = await build({
  entryPoints: [path.join(SERVER_DIR, 'src', 'server.ts')],
  outfile: path.join(OUT_DIR, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
});
const output =
  result.metafile.outputs[path.relative(process.cwd(), path.join(OUT_DIR, 'server.js'))];
console.log(
  `built ${path.relative(process.cwd(), path.join(OUT_DIR, 'server.js'))}${output === undefined ? '' : ` (${(output.bytes / 1000).toFixed(0)} KB)`}`,
);
