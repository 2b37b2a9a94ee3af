/**
 * Runs the calls made during one turn of the event loop as one batch: calls are queued, and once
 * the turn's I/O callbacks have run (setImmediate) the queue goes to `runBatch` together. Under load
 * one statement then serves many requests (one round trip, one plan, one commit) instead of one
 * each; a call made alone waits only for the end of the current turn.
 *
 * A failed batch is retried one input at a time, so an input that fails fails only its own call.
 * That is safe only for a `runBatch` that is all-or-nothing, such as a single statement.
 */
export class Batcher<In, Out> {
  private queue: { input: In; resolve: (output: Out) => void; reject: (error: unknown) => void }[] = [];

  /**
   * `runBatch` answers one output per input, in the inputs' order. A batch reaching `maxSize` goes at
   * once: smaller batches let the database work on one while the process prepares the next.
   */
  constructor(
    private readonly runBatch: (inputs: In[]) => Promise<Out[]>,
    private readonly maxSize: number,
  ) {}

  run(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (this.queue.length >= this.maxSize) this.flush();
      else if (this.queue.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    void this.settle(batch);
  }

  private async settle(batch: Batcher<In, Out>['queue']): Promise<void> {
    let outputs: Out[];
    try {
      outputs = await this.runBatch(batch.map((call) => call.input));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const call of batch) void this.settle([call]);
      return;
    }
    batch.forEach((call, i) => call.resolve(outputs[i]!));
  }
}
