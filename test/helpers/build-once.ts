import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

const ROOT = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's production build is (`npm run build`'s output): the child processes of tests start from it. */
    buildDir: string;
  }
}

/**
 * Vitest's global set-up: one production build per test run, which every child process of every
 * test file starts from (a start through tsx took 30–60 s on a loaded machine). Inside the
 * checkout so that node_modules is found above it; a folder per run so that runs side by side
 * never rebuild under each other.
 */
export default async function buildOnce(project: TestProject): Promise<() => Promise<void>> {
  const buildDir = path.join(ROOT, '.test-build', `${process.pid}`);
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts/build.js'), buildDir]);
  project.provide('buildDir', buildDir);
  return () => rm(buildDir, { recursive: true, force: true });
}
