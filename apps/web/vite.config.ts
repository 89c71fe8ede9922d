import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The server serves the built assets under /app/dist/ (docs/behaviour.md#api).
  base: '/app/dist/',
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
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
});
