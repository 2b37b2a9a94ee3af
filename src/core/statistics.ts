import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from './db.js';
import { logFailure } from './database-errors.js';

/**
 * Keeps the planner's statistics of our tables where the database does not: PGlite runs no
 * autovacuum, and a PostgreSQL server may have it turned off. A table never analysed is planned on
 * guesses that stay wrong as it grows (a few rows pending, so a join reads every pending job where
 * a lookup by its key would do). As autovacuum would, a table is analysed once the rows changed
 * since its last ANALYZE pass 50 plus a tenth of the table.
 */
export class StatisticsKeeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly embedded: boolean,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = 10_000,
  ) {}

  async start(): Promise<void> {
    if (!this.embedded && !(await this.autovacuumOff())) return;
    this.timer = setInterval(() => {
      this.running ??= this.analyzeChanged()
        .then(() => undefined)
        .catch((error: unknown) => logFailure(this.log, error, {}, 'analysing changed tables failed'))
        .finally(() => (this.running = undefined));
    }, this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async autovacuumOff(): Promise<boolean> {
    const { rows } = await sql<{ off: boolean }>`select current_setting('autovacuum') = 'off' as off`.execute(this.db);
    return rows[0]!.off;
  }

  /** Analyses the tables of our schema that changed enough since their last ANALYZE; their names. */
  async analyzeChanged(): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`select relname as name from pg_stat_user_tables
      where schemaname = current_schema() and n_mod_since_analyze > 50 + 0.1 * n_live_tup order by relname`.execute(this.db);
    const names = rows.map((row) => row.name);
    for (const name of names) await sql`analyze ${sql.id(name)}`.execute(this.db);
    if (names.length > 0) this.log.debug({ tables: names }, 'tables analysed');
    return names;
  }
}
