import { existsSync } from 'node:fs';
import { loadConfig } from '../core/config.js';
import { openDatabase, type Database } from '../core/db.js';

/**
 * Opens the database itself (DATABASE_URL or the embedded database in DATA_DIR, .env read if
 * present), not the API: for the commands that administer what every API call needs first
 * (clients, encryption keys).
 */
export async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const database = await openDatabase(loadConfig());
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
