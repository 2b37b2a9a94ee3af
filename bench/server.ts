import { loadConfig } from '../src/core/config.js';
import { openDatabase } from '../src/core/db.js';
import { buildApp } from '../src/server.js';

/**
 * Our server as the benchmarks run it: no logs, no rate limit, a free port; on PostgreSQL in a
 * throw-away schema, or (with DATA_DIR in `env`) on the embedded database. `env` adds settings.
 */
export async function benchServer(databaseUrl: string, schema: string, env: Record<string, string> = {}) {
  const where = env.DATA_DIR ? {} : { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema };
  const config = loadConfig({ ...where, LOG_LEVEL: 'silent', RATE_LIMIT_PER_SECOND: '0', PORT: '0', ...env });
  const database = await openDatabase(config);
  const { app, services, close } = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { config, services, close, db: database.db, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}
