import { parseCommandArgs, type Command } from './command.js';
import { withDatabase } from './database.js';

/** A deployment's step before its API processes start: the schema is brought up to date once, by one process. */
export const migrateCommand: Command = {
  name: 'migrate',
  summary: 'Apply the database migrations not yet applied, then exit',
  usage: `Usage:
  payments migrate [--wait]
      Applies every database migration not yet applied (the API and the worker do the same at their
      start; a deployment runs this once before them, as a job of its own) and checks that the
      encryption keys open the data. Opens the database itself (DATABASE_URL or DATA_DIR, .env
      read), as \`clients\` does.

      --wait   while the database cannot be reached (not started yet, restarting, failing over),
               try again, one line on stderr per attempt, instead of failing at once`,
  async run(args, context) {
    const { values } = parseCommandArgs(args, { wait: { type: 'boolean' } }, { min: 0, max: 0 });
    const { sql } = await import('kysely');
    const versions = await withDatabase(async (database) => (await sql<{ version: string }>`SELECT version FROM schema_migrations ORDER BY version`.execute(database.db)).rows, {
      waitForDatabase: values.wait ?? false,
    });
    context.print(`The database schema is up to date: ${versions.length} migrations applied, the last ${versions.at(-1)?.version ?? 'none'}.`);
    return 0;
  },
};
