import { defineConfig } from 'vitest/config';

/**
 * The server suite runs on SQLite, and again on PostgreSQL when TEST_DATABASE_URL is set
 * (docs/architecture.md#tests). Each test file builds its own app over its own temporary data
 * folder and, on PostgreSQL, its own schema, so files run in parallel without meeting.
 */
const databases = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** Tests that never open the database give the same answer on both, so they run once. */
const DATABASE_FREE = [
  'src/admin/day-range.test.ts',
  'src/captcha/**',
  'src/db/group-commit.test.ts',
  'scripts/server-bundle.test.ts',
  'src/paypal/**',
  'src/uploads/**',
  'src/antivirus/**',
  'src/case/csv.test.ts',
  'src/case/load-case.test.ts',
  'src/config.test.ts',
  'src/fraud/disposable-domains.test.ts',
  // Start the server as processes of their own, on databases of their own.
  'src/ops/shutdown.test.ts',
  'src/ops/two-instances.test.ts',
  'src/plugins/error-handler.test.ts',
  'src/routes/altcha-routes.test.ts',
  'src/routes/paypal-routes.test.ts',
  'src/services/purge-timer.test.ts',
  'src/services/submission-check.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: databases.map((database) => ({
      extends: true,
      test: {
        name: database,
        include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
        exclude: database === 'sqlite' ? [] : DATABASE_FREE,
        env: { TEST_DB: database },
      },
    })),
  },
});
