import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/browser/**', 'node_modules/**'],
    // Generous: on a machine loaded well beyond its 2 cores a child process took over 30 s to start (CI, 2026-11-26).
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // The child processes tests start run the production build, made once here.
    globalSetup: ['test/helpers/build-once.ts'],
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
  },
});
