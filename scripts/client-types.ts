/**
 * Writes packages/client/src/openapi.d.ts from the document this server serves at /openapi.json
 * (built in-process on an in-memory database, nothing listens): `npm run client:types`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/core/config.js';
import { openDatabase } from '../src/core/db.js';
import { ManualClock } from '../src/core/clock.js';
import { buildApp } from '../src/server.js';
import { TYPES_FILE, writeTypes } from '../packages/client/scripts/types-from-openapi.js';

async function servedDocument(): Promise<object> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payments-openapi-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, clock: new ManualClock(), database: await openDatabase(config, { inMemory: true }), logger: false });
  try {
    const answer = await app.app.inject({ method: 'GET', url: '/openapi.json' });
    if (answer.statusCode !== 200) throw new Error(`GET /openapi.json answered ${answer.statusCode}`);
    return answer.json();
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await writeTypes(await servedDocument());
process.stdout.write(`Wrote ${path.relative(process.cwd(), new URL(TYPES_FILE).pathname)}\n`);
