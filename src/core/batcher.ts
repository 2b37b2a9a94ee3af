interface Call<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs the calls made during one turn of the event loop as one batch: calls are queued, and once
 * the turn's I/O callbacks have run (setImmediate) the queue goes to `runBatch` together. Under load
 * one statement then serves many requests (one round trip, one plan, one commit) instead of one
 * each; a call made alone waits only for the end of the current turn.
 */
export class Batcher<In, Out> {
  private readonly queue: TurnQueue<Call<In, Out>>;

  /**
   * `runBatch` answers one output per input, in the inputs' order, and must be all-or-nothing (a
   * single statement). A batch reaching `maxSize` goes at once: smaller batches let the database
   * work on one while the process prepares the next. A batch that fails with an error for which
   * `retryAlone` is true (an input the database refused) is retried one call at a time, so that
   * only the failing call fails; any other error (the database is down) fails every call at once.
   */
  constructor(
    private readonly runBatch: (inputs: In[]) => Promise<Out[]>,
    maxSize: number,
    private readonly retryAlone: (error: unknown) => boolean,
  ) {
    this.queue = new TurnQueue(maxSize, (batch) => void this.settle(batch));
  }

  run(input: In): Promise<Out> {
    return new Promise((resolve, reject) => this.queue.push({ input, resolve, reject }));
  }

  private async settle(batch: Call<In, Out>[]): Promise<void> {
    try {
      const outputs = await this.runBatch(batch.map((call) => call.input));
      if (outputs.length !== batch.length) throw new Error(`a batch of ${batch.length} calls answered ${outputs.length} outputs`);
      batch.forEach((call, i) => call.resolve(outputs[i]!));
    } catch (error) {
      if (batch.length > 1 && this.retryAlone(error)) for (const call of batch) void this.settle([call]);
      else for (const call of batch) call.reject(error);
    }
  }
}

/**
 * Hands over together the items pushed during one turn of the event loop: once the turn's I/O
 * callbacks have run (setImmediate), or at once when `maxSize` are waiting.
 */
export class TurnQueue<Item> {
  private items: Item[] = [];

  constructor(
    private readonly maxSize: number,
    private readonly take: (items: Item[]) => void,
  ) {}

  push(item: Item): void {
    this.items.push(item);
    if (this.items.length >= this.maxSize) this.flush();
    else if (this.items.length === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const items = this.items;
    if (items.length === 0) return;
    this.items = [];
    this.take(items);
  }
}

/** The rows one statement read for a batch, in the order of the keys asked (undefined where none was found): a Batcher's answers. */
export function inOrderOf<Row>(keys: readonly string[], rows: readonly Row[], keyOf: (row: Row) => string): (Row | undefined)[] {
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => byKey.get(key));
}
