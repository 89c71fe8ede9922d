import { defineConfig } from 'vitest/config';

// One file at a time: each file drives a Chromium, and the machine has two cores.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'artifacts/**'],
    globalSetup: ['support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
