import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';

/** A statement of those sent together: its text, its values, and its name when it is prepared (unnamed: parsed again each time). */
export interface PipelinedStatement {
  text: string;
  values: readonly unknown[];
  name?: string;
}

/** The part of pg's connection (its extended-protocol messages) that statements sent together use. */
interface Wire {
  stream: { cork(): void; uncork(): void };
  parsedStatements: Record<string, string>;
  parse(message: { text: string; name?: string }): void;
  bind(message: { statement?: string; values: (string | Buffer | null)[] }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { portal: string }): void;
  sync(): void;
  on(event: 'parseComplete', listener: () => void): void;
  off(event: 'parseComplete', listener: () => void): void;
}

/** What pg's Query does with the server's answers, used as it is: one result per statement, accumulated in order. */
interface QueryHandlers {
  callback?: (error: Error | null, result?: pg.QueryResult | pg.QueryResult[]) => void;
  handleError(error: Error, connection: Wire): void;
  handleReadyForQuery(connection: Wire): void;
}

/**
 * Statements sent to a PostgreSQL server in one round trip, as the extended query protocol's
 * messages with a single Sync at the end (a pipeline): each named statement is parsed once per
 * connection (then only bound and executed, its plan kept), each value sent as a parameter, never
 * written into the text. The server runs them in order and, once one fails, skips the rest up to
 * the Sync (a COMMIT among them too): all or nothing, in an implicit transaction when none is open.
 * `text` is what the query is known as (the statements' texts, for counts and logs). Answers every
 * statement's result, as pg answers a text of several statements.
 */
export class Pipelined extends pg.Query {
  /** The statements this one asked the server to parse, in order, as their ParseComplete come back (a name undefined: unnamed). */
  private parsing: PipelinedStatement[] = [];
  private readonly onParsed: () => void;
  private wire?: Wire;

  constructor(
    text: string,
    private readonly statements: readonly PipelinedStatement[],
  ) {
    super({ text });
    this.onParsed = () => {
      const { name, text } = this.parsing.shift()!;
      if (name !== undefined) this.wire!.parsedStatements[name] = text;
    };
    this.submit = (connection) => this.send(connection as unknown as Wire) as never;
    const handlers = this as unknown as QueryHandlers;
    const handleError = handlers.handleError.bind(this);
    const handleReadyForQuery = handlers.handleReadyForQuery.bind(this);
    handlers.handleError = (error, connection) => {
      // After the server's error no ParseComplete follows; after another (pg's query_timeout), the
      // server goes on and the ParseComplete still to come are followed until its ReadyForQuery.
      if (error instanceof pg.DatabaseError) this.stopListening();
      handleError(error, connection);
    };
    handlers.handleReadyForQuery = (connection) => {
      this.stopListening();
      handleReadyForQuery(connection);
    };
  }

  /** Sends the statements on `client`; answers their results once the server has answered them all, or the first error. */
  sentOn(client: pg.PoolClient): Promise<pg.QueryResult | pg.QueryResult[]> {
    return new Promise((resolve, reject) => {
      (this as unknown as QueryHandlers).callback = (error, result) => (error ? reject(error) : resolve(result!));
      void client.query(this);
    });
  }

  /** Writes every message at once (corked); a value pg cannot send fails the query before anything is written. */
  private send(wire: Wire): Error | null {
    let values: (string | Buffer | null)[][];
    try {
      values = this.statements.map((statement) => statement.values.map((value) => pgUtils.prepareValue(value)));
    } catch (error) {
      return error as Error;
    }
    this.wire = wire;
    const parsed = new Set<string>();
    this.parsing = [];
    wire.on('parseComplete', this.onParsed);
    wire.stream.cork();
    try {
      this.statements.forEach((statement, index) => {
        const { text, name } = statement;
        if (name === undefined || !(name in wire.parsedStatements || parsed.has(name))) {
          wire.parse({ text, name });
          this.parsing.push(statement);
          if (name !== undefined) parsed.add(name);
        }
        wire.bind({ statement: name, values: values[index]! });
        wire.describe({ type: 'P', name: '' });
        wire.execute({ portal: '' });
      });
      wire.sync();
    } finally {
      wire.stream.uncork();
    }
    return null;
  }

  private stopListening(): void {
    this.wire?.off('parseComplete', this.onParsed);
  }
}
