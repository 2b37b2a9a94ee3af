import { CompiledQuery, Kysely, type Compilable, type ConnectionProvider, type DatabaseConnection, type Dialect, type Driver, type KyselyConfig, type QueryId, type QueryResult, type UnknownRow } from 'kysely';
import pgUtils from 'pg/lib/utils.js';
import { cipherOf, openSealedColumns, StatementParameter, sealedValue } from './encryption.js';

/** Shapes kept per statement: a row argument's columns vary with the caller, within what the code writes. */
const MOST_SHAPES = 32;

interface Compiled {
  sql: string;
  /** A select: it writes nothing. */
  reads: boolean;
  /** The compiled query's parameters: a StatementParameter where a call's value goes, anything else as Kysely built it. */
  parameters: readonly unknown[];
}

type Arguments = Record<string, unknown>;

/** An argument that is a row (its own keys are columns, its values parameters): a plain object, neither a Date, an array, nor a Buffer. */
function isRow(value: unknown): value is Arguments {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** An argument that is rows (an insert's `values` of several): a non-empty array of rows. */
function isRows(value: unknown): value is Arguments[] {
  return Array.isArray(value) && value.length > 0 && value.every(isRow);
}

/** A Kysely expression (`sql`…``, a callback): part of the statement's text, not a value. */
function isExpression(value: unknown): boolean {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && 'toOperationNode' in value);
}

/** A row's columns with a value, for a shape; none when one is an expression. */
function columnsOf(row: Arguments): string | undefined {
  let columns = '(';
  for (const column in row) {
    if (isExpression(row[column])) return undefined;
    if (row[column] !== undefined) columns += `${column},`;
  }
  return `${columns})`;
}

/**
 * What a call's arguments change in the statement's text: each row argument's columns, and each rows
 * argument's count and columns (the rest are parameters). None when an argument is an expression:
 * that call's statement is built as it is.
 */
function shapeOf(args: Arguments): string | undefined {
  let shape = '';
  for (const name in args) {
    const value = args[name];
    if (isExpression(value)) return undefined;
    const rows = isRow(value) ? [value] : isRows(value) ? value : [];
    if (rows.length > 0) shape += `${name}${isRow(value) ? '' : `[${rows.length}]`}`;
    for (const row of rows) {
      const columns = columnsOf(row);
      if (columns === undefined) return undefined;
      shape += columns;
    }
  }
  return shape;
}

function rowOfParameters(name: string, row: Arguments, index?: number): Arguments {
  const standIns: Arguments = {};
  for (const column in row) if (row[column] !== undefined) standIns[column] = new StatementParameter(name, column, index);
  return standIns;
}

/** The arguments with each value (a row's: each column's) replaced by the parameter that stands for it. */
function placeholders(args: Arguments): Arguments {
  const standIns: Arguments = {};
  for (const name in args) {
    const value = args[name];
    if (isRow(value)) standIns[name] = rowOfParameters(name, value);
    else if (isRows(value)) standIns[name] = value.map((row, index) => rowOfParameters(name, row, index));
    else standIns[name] = new StatementParameter(name);
  }
  return standIns;
}

function valueOf(parameter: StatementParameter, args: Arguments): unknown {
  const value = args[parameter.argument];
  if (parameter.column === undefined) return value;
  const row = parameter.row === undefined ? value : (value as Arguments[])[parameter.row];
  return (row as Arguments)[parameter.column];
}

/**
 * A query Kysely builds and compiles once per shape, then runs with each call's values: building
 * and compiling a query again for every statement showed in the money path's profile.
 *
 * `build` is called with stand-ins for the arguments and must hand them to Kysely as values only
 * (no arithmetic or branching on them, no `in` with a list: `= any(eb.val(list))` takes a list as one
 * parameter), and must use nothing but its arguments: anything else is kept as it was on the first
 * call. An argument that is a plain object is a row (the columns an insert's `values` or an
 * update's `set` writes), one that is an array of them rows (an insert's `values` of several): their
 * columns with a value (and the rows' count) make the statement's shape, each shape compiled once.
 * A call with an expression among its arguments (`sql`…`` in a row) is built as it is. A value
 * written to a sealed column is sealed when the statement runs (SealingPlugin saw the stand-in);
 * results are opened by the plugin as any query's.
 */
export function compiledOnce<DB, Args extends object, Row>(build: (db: Kysely<DB>, args: Args) => Compilable<Row>) {
  const shapes = new Map<string, Compiled>();
  /** The statement of this call, compiled once per shape, not sent (to be read together with others: readTogether). */
  const statement = (db: Kysely<DB>, args: Args): CompiledQuery<Row> => {
    const cipher = cipherOf(db);
    const argsShape = shapeOf(args as Arguments);
    if (argsShape === undefined) return build(db, args).compile();
    // Compiled without the plugin, the statement would not know its sealed parameters.
    const shape = `${cipher ? 'sealing:' : ''}${argsShape}`;
    let compiled = shapes.get(shape);
    if (!compiled) {
      const query = build(db, placeholders(args as Arguments) as Args).compile();
      compiled = { sql: query.sql, reads: query.query.kind === 'SelectQueryNode', parameters: query.parameters };
      if (shapes.size < MOST_SHAPES) shapes.set(shape, compiled);
    }
    const parameters = compiled.parameters.map((parameter) => {
      if (!(parameter instanceof StatementParameter)) return parameter;
      const value = valueOf(parameter, args as Arguments);
      return cipher && parameter.sealedIn ? sealedValue(cipher, parameter.sealedIn.table, parameter.sealedIn.column, value) : value;
    });
    const query = CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<Row>;
    if (compiled.reads) readQueries.add(query.queryId);
    return query;
  };
  const run = (db: Kysely<DB>, args: Args): Promise<QueryResult<Row>> => db.executeQuery(statement(db, args));
  return Object.assign(run, { statement });
}

/**
 * A read that can share its round trip with others (readTogether): its statements, and its
 * answer from their rows, in order. Each statement sees what those before it did (a lock taken).
 */
export interface RowsRead<Out> {
  statements: readonly CompiledQuery[];
  answer(rows: UnknownRow[][]): Out;
}

/** The read of one statement, answered from its rows. */
export function readOf<Row, Out>(statement: CompiledQuery<Row>, answer: (rows: Row[]) => Out): RowsRead<Out> {
  return { statements: [statement], answer: ([rows]) => answer(rows as Row[]) };
}

/** The reads as one, answering each one's answer in order. */
export function readsOf<Out>(reads: readonly RowsRead<Out>[]): RowsRead<Out[]> {
  return {
    statements: reads.flatMap((read) => read.statements),
    answer: (rows) => {
      let at = 0;
      return reads.map((read) => read.answer(rows.slice(at, (at += read.statements.length))));
    },
  };
}

/** Two reads as one, answering both answers. */
export function bothOf<First, Second>(first: RowsRead<First>, second: RowsRead<Second>): RowsRead<[First, Second]> {
  return mapRead(readsOf<unknown>([first, second]), ([one, other]) => [one as First, other as Second]);
}

/** The read answering `change` of its answer. */
export function mapRead<Out, Changed>(read: RowsRead<Out>, change: (answer: Out) => Changed): RowsRead<Changed> {
  return { statements: read.statements, answer: (rows) => change(read.answer(rows)) };
}

/**
 * Sends the read's statements in one round trip (sentTogether) and answers from their rows, sealed
 * columns opened as any query's. The statements must only read (a lock they take is a read).
 */
export async function readTogether<Out>(db: Kysely<any>, read: RowsRead<Out>): Promise<Out> {
  const { statements } = read;
  if (statements.length === 0) return read.answer([]);
  if (statements.length === 1) return read.answer([(await db.executeQuery(statements[0]!)).rows as UnknownRow[]]);
  // Each statement answers its own rows: one already of several would shift the others'.
  if (statements.some((statement) => togetherIn(statement.parameters))) throw new Error('a read together takes single statements');
  const query = sentTogether(statements, statements.length);
  if (statements.every((statement) => onlyReads(statement.queryId))) readQueries.add(query.queryId);
  const { rows } = await db.executeQuery<UnknownRow[]>(query);
  const cipher = cipherOf(db);
  if (cipher) for (const each of rows) openSealedColumns(cipher, each);
  return read.answer(rows);
}

/** The statements compiledOnce runs that only read, by their query ids: Kysely's plugins see no more of them. */
const readQueries = new WeakSet<QueryId>();

/** Whether the statement of this query id only reads (a select compiledOnce ran), for SharedTransactions. */
export function onlyReads(queryId: QueryId): boolean {
  return readQueries.has(queryId);
}

/** Begins the text of statements sent together (sentTogether). */
const STATEMENTS_TOGETHER = '/* statements together */';

/**
 * Statements sent together (sentTogether), carried to the connection as their query's one
 * parameter: a PostgreSQL server takes them prepared, in one round trip (pipelined, one Sync);
 * PGlite as one text with their values written in (withValuesWritten).
 */
export class Together {
  /** `answered`: how many of the last statements' results are answered; one is answered as a plain result, several as one row of rows each (readTogether). */
  constructor(
    readonly statements: readonly CompiledQuery[],
    readonly answered = 1,
  ) {}

  /** The statements as one text for the simple query protocol (PGlite's exec), each one's parameters written in as literals, as pg would have sent them. */
  withValuesWritten(): string {
    return `${STATEMENTS_TOGETHER}\n${this.statements.map(withValuesWritten).join(SEPARATOR)}`;
  }
}

/** The statements sent together that a query carries, if it is such a query (sentTogether). */
export function togetherIn(parameters: readonly unknown[] | undefined): Together | undefined {
  const first = parameters?.[0];
  return parameters?.length === 1 && first instanceof Together ? first : undefined;
}

/**
 * The statements as one query, sent in one round trip, all or nothing: the text counts and names
 * them (statementsIn); the statements go as its one parameter (Together). Statements sent together
 * already are taken one by one. The last `answered` statements' results are answered (by default
 * the last's alone, or what the last statement, itself sent together, answers).
 */
export function sentTogether(statements: readonly CompiledQuery[], answered = togetherIn(statements.at(-1)?.parameters)?.answered ?? 1): CompiledQuery {
  const each = statements.flatMap((statement) => togetherIn(statement.parameters)?.statements ?? [statement]);
  return CompiledQuery.raw(`${STATEMENTS_TOGETHER}\n${each.map((statement) => statement.sql).join(SEPARATOR)}`, [new Together(each, answered)]);
}

/** What a connection answers for statements sent together, from each one's result: the last's, or the last `answered` ones' rows as rows (Together). */
export function answerOfTogether<Result extends { rows: unknown[] }>(results: Result[], together: Together): Result | { command: 'SELECT'; rowCount: number; rows: unknown[][] } {
  if (together.answered === 1) return results.at(-1)!;
  const rows = results.slice(-together.answered).map((result) => result.rows);
  return { command: 'SELECT', rowCount: rows.length, rows };
}

/** Between statements sent together. */
const SEPARATOR = ';\n/* next */\n';

/** How many statements a text sent holds: several when they were sent together (for the counts of benchmarks and tests). */
export function statementsIn(text: string): number {
  return text.startsWith(STATEMENTS_TOGETHER) ? text.split(SEPARATOR).length : 1;
}

/** A statement's text with its parameters written in; one without any (a raw statement) as it is. */
function withValuesWritten({ sql, parameters }: CompiledQuery): string {
  if (parameters.length === 0) return sql;
  return sql.replace(/\$(\d+)/g, (_placeholder, position: string) => literal(parameters[Number(position) - 1]));
}

/** A value as the literal of the text pg would have sent for it (as an untyped literal, it takes the type of where it goes, as a parameter does). */
function literal(value: unknown): string {
  const text = pgUtils.prepareValue(value);
  if (text === null) return 'null';
  if (Buffer.isBuffer(text)) return `${quoted(`\\x${text.toString('hex')}`)}::bytea`;
  // The simple protocol's text ends at a NUL: refused as PostgreSQL refuses it in a parameter (isDataError).
  if (text.includes('\0')) throw Object.assign(new Error('a text value holds a NUL character (0x00)'), { code: '22021' });
  return quoted(text);
}

/** A text as a string literal: as pg's escapeLiteral writes it (backslashes in an E'' literal, whatever standard_conforming_strings says), without its loop over every character. */
function quoted(text: string): string {
  const doubled = text.replaceAll("'", "''");
  return text.includes('\\') ? ` E'${doubled.replaceAll('\\', '\\\\')}'` : `'${doubled}'`;
}

/**
 * `db` as it is, but for its statements: each is built (plugins included) and kept in
 * `statements` instead of being sent, answered with no rows.
 */
export function keepingStatements<DB>(db: Kysely<DB>, statements: CompiledQuery[]): Kysely<DB> {
  const keeping: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery) => {
      statements.push(query);
      return { rows: [] as R[] };
    },
    streamQuery: () => {
      throw new Error('a statement kept to be sent together cannot stream');
    },
  };
  return withConnectionProvider(db, { provideConnection: (consume) => consume(keeping) });
}

/** `db` (its plugins included) with its statements going through the connection `wrap` answers for the one it would use. */
export function throughConnection<DB>(db: Kysely<DB>, wrap: (connection: DatabaseConnection) => DatabaseConnection): Kysely<DB> {
  const executor = db.getExecutor();
  return withConnectionProvider(db, { provideConnection: (consume) => executor.provideConnection((connection) => consume(wrap(connection))) });
}

function withConnectionProvider<DB>(db: Kysely<DB>, provider: ConnectionProvider): Kysely<DB> {
  const executor = db.getExecutor().withConnectionProvider(provider);
  // Kysely's own props (config, driver, dialect) are private: only the executor is used to run queries.
  return new Kysely<DB>({ config: {} as KyselyConfig, driver: {} as Driver, dialect: {} as Dialect, executor });
}
