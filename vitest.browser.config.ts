import { defineConfig } from 'vitest/config';

/** The browser tests (test/browser/): Debian's Chromium through playwright-core, one file at a time. */
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 1,
    // Once in CI (2026-11-26) Chromium's page stopped answering a click for 30 s ("waiting for the
    // element to be stable") in a walk that passed in every other run, loaded or not; a test that
    // fails twice running is a real failure, and the first failure is still printed.
    retry: 1,
    reporters: ['default'],
  },
});
