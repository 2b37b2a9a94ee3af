import { LruMap } from 'toad-cache';

/**
 * `compute` remembered for the last `max` keys it was asked, for pure functions of a text that
 * requests repeat (a platform sends the same return URL with every payment; reads show the same
 * page token again). Keys longer than `longest` UTF-16 units are computed every time, so the memory
 * it holds stays bounded whatever callers send. Callers share a result: it must be immutable (a
 * string, a boolean) and fit to be kept that long. What threw is not remembered.
 */
export function memoized<Result>(compute: (key: string) => Result, max = 1_024, longest = 2_048): (key: string) => Result {
  const remembered = new LruMap<{ result: Result }>(max);
  return (key) => {
    if (key.length > longest) return compute(key);
    const hit = remembered.get(key);
    if (hit) return hit.result;
    const result = compute(key);
    remembered.set(key, { result });
    return result;
  };
}
