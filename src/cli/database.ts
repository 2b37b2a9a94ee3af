import { existsSync } from 'node:fs';
import type { Config } from '../core/config.js';
import type { Database } from '../core/db.js';

/**
 * Opens the database itself (DATABASE_URL or the embedded database in DATA_DIR, .env read if
 * present), not the API: for the commands that administer what every API call needs first
 * (clients, encryption keys). The database modules are loaded here, when such a command runs: they
 * take seconds to load, which every other command (and --help) would otherwise wait for.
 */
export async function withDatabase<T>(work: (database: Database, config: Config) => Promise<T>, { waitForDatabase = false } = {}): Promise<T> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const [{ loadConfig }, { openDatabase }, { generatedKeyLines }, { startWhenDatabaseAnswers }] = await Promise.all([
    import('../core/config.js'),
    import('../core/db.js'),
    import('../core/encryption-keys.js'),
    import('../core/starting.js'),
  ]);
  const config = loadConfig();
  const database = waitForDatabase ? await startWhenDatabaseAnswers(() => openDatabase(config), stderrWarnings) : await openDatabase(config);
  for (const line of generatedKeyLines(database.generatedKey)) process.stdout.write(`${line}\n`);
  try {
    return await work(database, config);
  } finally {
    await database.close();
  }
}

/** One line on stderr per wait for the database (`migrate --wait`). */
const stderrWarnings = {
  warn(context: Record<string, unknown>, message: string) {
    process.stderr.write(`${message} (attempt ${String(context.attempt)}, again in ${String(context.retry_in_ms)} ms: ${String(context.reason)})\n`);
  },
};
