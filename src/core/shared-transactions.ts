import { CompiledQuery, type Kysely, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import type { Db, Tables } from './db.js';
import { ApiError } from './errors.js';
import { bothOf, keepingStatements, mapRead, onlyReads, readsOf, readTogether, sentTogether, throughConnection, type RowsRead } from './statements.js';
import { TurnQueue } from './batcher.js';

/**
 * Rows of one kind that the changes of a transaction write together, in one statement, just
 * before it commits (writeTogether): the events of a batch of steps, their ledger entries, their jobs.
 */
export interface Collector<Item> {
  /** Collectors write in rank order, lowest first: rows that others refer to (transfers before the ledger lines naming them), completions before new jobs. */
  readonly rank: number;
  /**
   * Writes the items. In a shared transaction the statements of every collector are sent together,
   * in one round trip (sentTogether): they are answered with no rows, so a flush must not depend
   * on its statements' results (a failure is an error of the statement, which rolls all back).
   */
  flush(trx: Db, items: Item[]): Promise<void>;
}

type Pending = Map<Collector<never>, unknown[]>;

/** The rows each transaction of SharedTransactions has yet to write, by the transaction given to the change. */
const pendingWrites = new WeakMap<object, Pending>();

/**
 * Writes `items` with `collector` now, or, inside a change run by SharedTransactions, together
 * with every change's items of the same collector just before the transaction commits. Nothing the
 * change reads later in the transaction may depend on them.
 */
export async function writeTogether<Item>(trx: Db, collector: Collector<Item>, items: Item[]): Promise<void> {
  if (items.length === 0) return;
  const pending = pendingWrites.get(trx);
  if (!pending) return collector.flush(trx, items);
  const list = pending.get(collector as Collector<never>);
  if (list) list.push(...items);
  else pending.set(collector as Collector<never>, [...items]);
}

/** The rows written together (writeTogether) in `trx` from now on, kept to be written later. */
function collectingIn(trx: Db): Pending {
  const pending: Pending = new Map();
  pendingWrites.set(trx, pending);
  return pending;
}

/** Runs `work` in `trx`, the rows it writes together (writeTogether) written when it has done. */
export async function writingTogether<T>(trx: Db, work: () => Promise<T>): Promise<T> {
  const pending = collectingIn(trx);
  const value = await work();
  await flushPending(trx, [pending]);
  return value;
}

/**
 * The pending rows of every collector, in rank order, written with one round trip (`then` too, a
 * statement that follows them): each collector's statements built first, then sent together.
 */
async function flushPending(trx: Db, all: Pending[], then?: CompiledQuery): Promise<void> {
  const merged: Pending = new Map();
  for (const pending of all) {
    for (const [collector, items] of pending) merged.set(collector, [...(merged.get(collector) ?? []), ...items]);
  }
  const statements: CompiledQuery[] = [];
  const keeping = keepingStatements(trx, statements);
  for (const [collector, items] of [...merged].sort(([a], [b]) => a.rank - b.rank)) await collector.flush(keeping, items as never[]);
  if (then) statements.push(then);
  if (statements.length > 1) await trx.executeQuery(sentTogether(statements));
  else if (statements.length === 1) await trx.executeQuery(statements[0]!);
}

/**
 * Whether a change ran nothing but reads that all succeeded: Kysely builds (transformQuery) and
 * answers (transformResult) every query of the change's transaction; a raw compiled statement is
 * answered without being built, so it counts as a write, unless compiledOnce ran it as a select.
 */
class ReadsOnly implements KyselyPlugin {
  private built = 0;
  private reads = 0;
  private answered = 0;

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.built += 1;
    if (node.kind === 'SelectQueryNode') this.reads += 1;
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.answered += 1;
    if (onlyReads(queryId)) {
      this.built += 1;
      this.reads += 1;
    }
    return result;
  }

  get clean(): boolean {
    return this.reads === this.built && this.answered === this.built;
  }
}

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

/**
 * Runs `work` in a transaction on a connection of its own, in two round trips fewer than Kysely's:
 * BEGIN goes with the transaction's first statement, and COMMIT with the rows written together
 * (`work` pushes them to `written`). Answers what `work` answered, once committed; anything that
 * fails rolls all back.
 */
async function inTransaction<T>(db: Kysely<Tables>, work: (trx: Db, written: Pending[]) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    let begun = false;
    const trx = throughConnection(connection, (inner) => ({
      executeQuery: (query) => {
        if (begun) return inner.executeQuery(query);
        begun = true;
        return inner.executeQuery(sentTogether([BEGIN, query]));
      },
      streamQuery: () => {
        throw new Error('a shared transaction streams no statement');
      },
    }));
    const written: Pending[] = [];
    try {
      const value = await work(trx, written);
      await flushPending(trx, written, COMMIT);
      return value;
    } catch (error) {
      // The error that ended the transaction is the answer (a key taken, a refusal), not a failed rollback's: a broken connection is discarded by the pool.
      if (begun) await connection.executeQuery(ROLLBACK).catch(() => undefined);
      throw error;
    }
  });
}

/** What a change is given: its transaction, its row locked (none when no row has its key), and what it needed read (Needs). */
export type Change<Row, T, Needed = undefined> = (trx: Db, locked: Row | undefined, needed: Needed) => Promise<T>;

/**
 * What a change reads once its row is locked, read for every change of its batch in one statement,
 * in the round trip that locks their rows: `read` answers one output per input, in order, and only
 * reads (a lock it takes is kept until the batch commits).
 */
export interface Needs<In, Out> {
  read: (trx: Db, inputs: In[]) => RowsRead<Out[]>;
  input: In;
}

interface Unit<Row> {
  key: string;
  change: Change<Row, unknown, unknown>;
  needs?: Needs<unknown, unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** What the units need, one statement per reader; answered by unit. */
function needsOf<Row>(trx: Db, units: Unit<Row>[]): RowsRead<Map<Unit<Row>, unknown>> {
  const byReader = new Map<Needs<unknown, unknown>['read'], Unit<Row>[]>();
  for (const unit of units) if (unit.needs) byReader.set(unit.needs.read, [...(byReader.get(unit.needs.read) ?? []), unit]);
  const groups = [...byReader.values()];
  const reads = readsOf([...byReader].map(([read, theirs]) => read(trx, theirs.map((unit) => unit.needs!.input))));
  return mapRead(reads, (outputs) => new Map(groups.flatMap((theirs, group) => theirs.map((unit, index) => [unit, outputs[group]![index]] as const))));
}

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Thrown inside a shared transaction to roll it back: a change failed after writing, or at the database. */
class BatchFailed extends Error {}

/**
 * Runs the changes asked for during one turn of the event loop in one transaction: one statement
 * locks every row the batch changes (`lock`, in key order, so that two batches never wait for each
 * other in a circle), then each change runs in turn on its locked row, with the same rules as
 * alone; the rows the changes write together (writeTogether) go in one statement per kind; one
 * commit. A change refused by a rule before it wrote anything (an ApiError) gets its own answer and
 * the others go on; a change that fails after writing, or at the database, rolls the batch back and
 * every change of it runs again alone, in a transaction of its own, so that a bad request never
 * fails a good one. Answers are given once the batch has committed.
 */
export class SharedTransactions<Row> {
  private readonly queue: TurnQueue<Unit<Row>>;

  /** `lock` locks the rows of these keys (sorted, distinct) and answers them by key, read with what the changes need (Needs). */
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly lock: (trx: Db, keys: string[]) => RowsRead<Map<string, Row>>,
    maxSize = 32,
  ) {
    this.queue = new TurnQueue(maxSize, (batch) => void (batch.length === 1 ? this.alone(batch[0]!) : this.together(batch)));
  }

  /** Runs `change` on the locked row of `key`, in a transaction shared with the turn's other changes; `needs`, what it reads first with theirs. */
  run<T, In = never, Out = undefined>(key: string, change: Change<Row, T, Out>, needs?: Needs<In, Out>): Promise<T> {
    return new Promise<T>((resolve, reject) =>
      this.queue.push({ key, change: change as Change<Row, unknown, unknown>, needs: needs as Needs<unknown, unknown> | undefined, resolve: resolve as (value: unknown) => void, reject }),
    );
  }

  /** One change in a transaction of its own. */
  private async alone(unit: Unit<Row>): Promise<void> {
    try {
      const value = await inTransaction(this.db, async (trx, written) => {
        written.push(collectingIn(trx));
        const [rows, needed] = await this.lockedWithNeeds(trx, [unit.key], [unit]);
        return unit.change(trx, rows.get(unit.key), needed.get(unit));
      });
      unit.resolve(value);
    } catch (error) {
      unit.reject(error);
    }
  }

  private async together(batch: Unit<Row>[]): Promise<void> {
    let settled: Settled[];
    try {
      settled = await inTransaction(this.db, async (trx, written) => {
        const [rows, needed] = await this.lockedWithNeeds(trx, [...new Set(batch.map((unit) => unit.key))].sort(), batch);
        const handedOut = new Set<string>();
        const results: Settled[] = [];
        for (const unit of batch) {
          // A row a change before this one may have changed is read again (it is locked already), with what the
          // change needs, what they wrote together written first.
          const again = handedOut.has(unit.key);
          if (again) await flushPending(trx, written.splice(0));
          const [locked, its] = again ? await this.lockedWithNeeds(trx, [unit.key], [unit]) : [rows, needed];
          handedOut.add(unit.key);
          results.push(await this.runShared(trx, unit, locked.get(unit.key), its.get(unit), written));
        }
        return results;
      });
    } catch {
      for (const unit of batch) void this.alone(unit);
      return;
    }
    batch.forEach((unit, index) => {
      const result = settled[index]!;
      if (result.ok) unit.resolve(result.value);
      else unit.reject(result.error);
    });
  }

  /** The rows of these keys locked and what the units need, in one round trip (the transaction's first: with its BEGIN). */
  private lockedWithNeeds(trx: Db, keys: string[], units: Unit<Row>[]): Promise<[Map<string, Row>, Map<Unit<Row>, unknown>]> {
    return readTogether(trx, bothOf(this.lock(trx, keys), needsOf(trx, units)));
  }

  private async runShared(trx: Db, unit: Unit<Row>, locked: Row | undefined, needed: unknown, written: Pending[]): Promise<Settled> {
    const reads = new ReadsOnly();
    const own = trx.withPlugin(reads);
    const pending = collectingIn(own);
    try {
      const value = await unit.change(own, locked, needed);
      written.push(pending);
      return { ok: true, value };
    } catch (error) {
      if (error instanceof ApiError && reads.clean) return { ok: false, error };
      throw new BatchFailed('a change of the batch failed after writing', { cause: error });
    }
  }
}
