import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from './db.js';
import { PollingLoop } from './polling-loop.js';

/** One pass at a time among the processes that share a PostgreSQL server (workers, API processes with JOB_WORKER on). */
export const PASS_LOCK = 'statistics of changed tables';

/**
 * Keeps the planner's statistics of our tables where the database does not: PGlite runs no
 * autovacuum, and a PostgreSQL server may have it turned off. A table never analysed is planned on
 * guesses that stay wrong as it grows (a few rows pending, so a join reads every pending job where
 * a lookup by its key would do). As autovacuum would, a table is analysed once the rows changed
 * since its last ANALYZE pass 50 plus a tenth of the table; one table per statement, so that no
 * statement holds a core for long.
 */
export class StatisticsKeeper {
  private readonly loop: PollingLoop;

  constructor(
    private readonly db: Db,
    private readonly embedded: boolean,
    log: FastifyBaseLogger,
    pollMs = 10_000,
  ) {
    this.loop = new PollingLoop(() => this.analyzeChanged(), pollMs, log, 'statistics of changed tables');
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Analyses the tables of our schema that changed enough since their last ANALYZE, unless autovacuum does or another process is at it; their names. */
  async analyzeChanged(): Promise<string[]> {
    // The embedded database has one process and one connection: no lock, and no transaction holding that connection for the whole pass.
    if (this.embedded) return analyzeTables(this.db);
    // A lock of the transaction's, as a pooler in transaction mode (PgBouncer) keeps a session's lock on no connection of ours.
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ ours: boolean }>`select case when current_setting('autovacuum') = 'off' then pg_try_advisory_xact_lock(hashtext(${PASS_LOCK})) else false end as ours`.execute(trx);
      return rows[0]!.ours ? analyzeTables(trx) : [];
    });
  }
}

async function analyzeTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ schema: string; name: string }>`select schemaname as schema, relname as name from pg_stat_user_tables
    where schemaname = current_schema() and n_mod_since_analyze > 50 + 0.1 * n_live_tup order by relname`.execute(db);
  for (const { schema, name } of rows) await sql`analyze ${sql.id(schema, name)}`.execute(db);
  return rows.map((row) => row.name);
}
