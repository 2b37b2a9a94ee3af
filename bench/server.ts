import { loadConfig } from '../src/core/config.js';
import { openDatabase } from '../src/core/db.js';
import { buildApp } from '../src/server.js';

/** Our server as the benchmarks run it: PostgreSQL in a throw-away schema, no logs, no rate limit, a free port; `env` adds settings. */
export async function benchServer(databaseUrl: string, schema: string, env: Record<string, string> = {}) {
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, LOG_LEVEL: 'silent', RATE_LIMIT_PER_SECOND: '0', PORT: '0', ...env });
  const database = await openDatabase(config);
  const { app, services, close } = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { config, services, close, db: database.db, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}
