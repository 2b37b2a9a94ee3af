import { defineConfig } from 'vitest/config';

/** The browser tests (test/browser/): Debian's Chromium through playwright-core, one file at a time. */
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 1,
    reporters: ['default'],
  },
});
