#!/usr/bin/env node
// The production build: every TypeScript module of the server, the worker and the CLI compiled to
// JavaScript one file for one file (the layout stays, so the files read beside a module through
// `import.meta.url` — migrations, page and docs assets, reference data — are found), plus those
// files copied. `node dist/src/main.js` then runs with no TypeScript toolchain.
// Usage: node scripts/build.js [out-dir] (default dist; a folder inside the checkout, so that
// node_modules is found above it).
import { cp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['src', 'packages/client/src'];
const outDir = path.resolve(ROOT, process.argv[2] ?? 'dist');

const isTest = (file) => /\.test\.[cm]?[jt]s$/.test(file);
const isModule = (file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !isTest(file);

async function filesUnder(dir) {
  const entries = await readdir(path.join(ROOT, dir), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

await rm(outDir, { recursive: true, force: true });
const files = (await Promise.all(SOURCES.map(filesUnder))).flat();
await build({
  entryPoints: files.filter(isModule).map((file) => path.join(ROOT, file)),
  outdir: outDir,
  outbase: ROOT,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
});
const assets = files.filter((file) => !file.endsWith('.ts') && !isTest(file));
await Promise.all(assets.map((file) => cp(path.join(ROOT, file), path.join(outDir, file))));
process.stdout.write(`built ${files.filter(isModule).length} modules and ${assets.length} assets into ${path.relative(ROOT, outDir) || '.'}\n`);
