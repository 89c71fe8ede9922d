import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The server serves the console's built files under /admin/, apart from the claimant site.
  base: '/admin/',
  plugins: [react()],
  server: {
    proxy: { '/admin/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router change seldom: a chunk of their own stays cached.
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
      treeshake: {
        // packages/core builds its zod schemas at module level; building one has no side
        // effect, so a page that imports only constants or functions of a contract module
        // does not bring the schemas it does not use.
        manualPureFunctions: ['z'],
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
});
