import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Fails a production build that puts zod in the browser's code. The site checks the server's
 * answers against packages/core's schemas in development only (src/lib/api-client.ts), so zod
 * has no place in a production chunk; it gets there when a schema in a module the browser
 * imports is built by something the bundler cannot prove free of side effects (a method of
 * another schema, a property read, a call inside an arrow), and every page then carries about
 * 25 KB gzip more. The message names the chunks, so the schema can be found and rewritten.
 */
function leavesZodOut(): Plugin {
  let production = true;
  return {
    name: 'claims:leaves-zod-out',
    apply: 'build',
    configResolved(config) {
      // The snapshot renderer (src/snapshot.tsx) runs on the server, where zod costs nothing.
      production = config.mode !== 'development' && !config.build.ssr;
    },
    generateBundle(_options, bundle) {
      if (!production) return;
      const chunks = Object.values(bundle)
        .filter((output) => output.type === 'chunk')
        .filter((chunk) =>
          Object.keys(chunk.modules).some((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id)),
        )
        .map((chunk) => chunk.fileName);
      if (chunks.length > 0) {
        this.error(
          `zod is in the browser's code (${chunks.join(', ')}): a schema of packages/core that the site imports is kept as if it had side effects; build it from calls of z only (z.optional(schema), not schema.optional()), with constants rather than property reads, and with named functions rather than arrows for refine`,
        );
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server serves the built assets under /app/dist/ (docs/behaviour.md#api).
  base: '/app/dist/',
  plugins: [react(), leavesZodOut()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  // The snapshot renderer (src/snapshot.tsx, built by `vite build --ssr`) is one bundle with
  // its dependencies inside, so the server loads it from dist-snapshot/ alone. (Only for that
  // build: the tests load the dependencies as they are.)
  ...(isSsrBuild === true
    ? { publicDir: false, ssr: { noExternal: true, target: 'node' as const } }
    : {}),
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks and stylesheets each entry and lazy module needs,
    // for the size benchmarks (bench/) and for anyone tracing a route's JavaScript.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router change seldom: a chunk of their own stays cached across
            // releases of the site.
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|zustand)[\\/]/,
              priority: 2,
            },
            // Everything else every page needs, in one chunk rather than a dozen small ones.
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
      },
      treeshake: {
        // packages/core builds its zod schemas at module level. Building a schema has no side
        // effect, so a page that imports a constant or a function from such a module does not
        // need zod unless it uses a schema.
        manualPureFunctions: ['z'],
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
}));
