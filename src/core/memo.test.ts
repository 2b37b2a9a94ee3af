import { describe, expect, it } from 'vitest';
import { memoized } from './memo.js';

describe('memoized', () => {
  it('computes a key once while it is remembered, undefined answers included', () => {
    const asked: string[] = [];
    const check = memoized((key) => {
      asked.push(key);
      return key === 'bad' ? 'refused' : undefined;
    });
    expect([check('good'), check('bad'), check('good'), check('bad')]).toEqual([undefined, 'refused', undefined, 'refused']);
    expect(asked).toEqual(['good', 'bad']);
  });

  it('forgets the least recently asked key beyond its size', () => {
    const asked: string[] = [];
    const check = memoized((key) => asked.push(key), 2);
    check('a');
    check('b');
    check('a');
    check('c');
    check('a');
    check('b');
    expect(asked).toEqual(['a', 'b', 'c', 'b']);
  });

  it('computes keys longer than its bound every time, and remembers nothing that threw', () => {
    let calls = 0;
    const check = memoized((key) => {
      calls += 1;
      if (key === 'oops') throw new Error('no');
      return key.length;
    }, 10, 4);
    check('longer');
    check('longer');
    expect(() => check('oops')).toThrow('no');
    expect(() => check('oops')).toThrow('no');
    expect(calls).toBe(4);
  });
});
