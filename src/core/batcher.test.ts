import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.js';

class InputRefused extends Error {}

/**
 * A batcher that doubles numbers and records every batch it was given. A negative number is an
 * input it refuses (retried alone); 13 takes the whole batch down (not retried); 99 is answered twice.
 */
function doubling(maxSize = 100) {
  const batches: number[][] = [];
  const batcher = new Batcher(
    async (inputs: number[]) => {
      batches.push(inputs);
      if (inputs.includes(13)) throw new Error('the database is down');
      if (inputs.some((input) => input < 0)) throw new InputRefused(`cannot double ${inputs.filter((input) => input < 0).join(', ')}`);
      return inputs.flatMap((input) => (input === 99 ? [198, 198] : [input * 2]));
    },
    maxSize,
    (error) => error instanceof InputRefused,
  );
  return { batcher, batches };
}

describe('Batcher', () => {
  it('runs the calls of one turn as one batch and answers each call with its own output', async () => {
    const { batcher, batches } = doubling();
    const outputs = await Promise.all([1, 2, 3].map((input) => batcher.run(input)));
    expect(outputs).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('runs a call made alone by itself, and calls of a later turn in a batch of their own', async () => {
    const { batcher, batches } = doubling();
    expect(await batcher.run(5)).toBe(10);
    expect(await Promise.all([batcher.run(6), batcher.run(7)])).toEqual([12, 14]);
    expect(batches).toEqual([[5], [6, 7]]);
  });

  it('sends a batch as soon as it is full', async () => {
    const { batcher, batches } = doubling(2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((input) => batcher.run(input)))).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('retries a failed batch one call at a time: only the failing call fails', async () => {
    const { batcher, batches } = doubling();
    const results = await Promise.allSettled([1, -2, 3].map((input) => batcher.run(input)));
    expect(results).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: new InputRefused('cannot double -2') },
      { status: 'fulfilled', value: 6 },
    ]);
    expect(batches).toEqual([[1, -2, 3], [1], [-2], [3]]);
  });

  it('fails every call of a batch at once, without retrying, on any other error', async () => {
    const { batcher, batches } = doubling();
    const results = await Promise.allSettled([1, 13, 3].map((input) => batcher.run(input)));
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(batches).toEqual([[1, 13, 3]]);
  });

  it('fails every call when the batch answers another number of outputs than it had inputs', async () => {
    const { batcher } = doubling();
    const results = await Promise.allSettled([1, 99].map((input) => batcher.run(input)));
    expect(results).toEqual([1, 2].map(() => ({ status: 'rejected', reason: new Error('a batch of 2 calls answered 3 outputs') })));
  });
});
