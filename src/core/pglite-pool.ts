import type { PGlite, Results } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { answerOfTogether, togetherIn } from './statements.js';

/**
 * Presents one embedded PGlite database as the pool Kysely's PostgresDialect expects.
 * PGlite is a single connection, so a checked-out client holds it exclusively until
 * released: a transaction never interleaves with another request's statements.
 */
export class PGlitePool implements PostgresPool {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly pglite: PGlite) {}

  connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.queue.then(() => this.client(release));
    this.queue = this.queue.then(() => released);
    return acquired;
  }

  private client(release: () => void): PostgresPoolClient {
    const pglite = this.pglite;
    // Kysely only passes a cursor when streaming, which this project does not do.
    return {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        // Several statements: only the simple protocol (exec) takes them in one call.
        const together = togetherIn(parameters);
        const result = together ? (answerOfTogether(await pglite.exec(together.withValuesWritten()), together) as Results<R>) : await pglite.query<R>(sql, parameters as unknown[]);
        const { command } = result as { command?: PostgresQueryResult<R>['command'] };
        return {
          command: command ?? 'SELECT',
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release,
    } as PostgresPoolClient;
  }

  async end(): Promise<void> {
    await this.queue;
    await this.pglite.close();
  }
}
