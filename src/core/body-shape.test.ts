import { describe, expect, it } from 'vitest';
import { checkJsonShape, formBodyOptions } from './body-shape.js';
import { ApiError } from './errors.js';

const shape = { maxMembers: 5, maxDepth: 3 };

/** The detail of the refusal, or undefined when the text passes. */
function refusal(check: () => unknown): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('malformed_request');
    return (error as ApiError).message;
  }
}

const json = (text: string) => refusal(() => checkJsonShape(text, shape));
const form = (text: string) => refusal(() => formBodyOptions(shape).parser(text));

describe('what works', () => {
  it('passes JSON at the bounds: 5 members and array elements, 3 levels', () => {
    for (const text of ['{"a":1,"b":[2],"c":{"d":null}}', '[[[]]]', '[1,2,3,4,5]', '{}', '[]', '"text"', '12', ' { "a" : [ { } ] } ']) {
      expect(json(text), text).toBeUndefined();
    }
  });

  it('skips strings whole: their commas, brackets and escaped quotes are not counted', () => {
    expect(json(JSON.stringify({ a: ',,,,,,[[[[{{{{', b: 'a \\" quote, and \\\\', c: '"]]]' }))).toBeUndefined();
    expect(json(JSON.stringify({ [`k${',['.repeat(50)}`]: 1 }))).toBeUndefined();
  });

  it('leaves malformed text to the parser', () => {
    for (const text of ['{"a":', '{"unterminated', ']]]]]]', ',']) expect(json(text), text).toBeUndefined();
  });

  it('parses a form of 5 fields as @fastify/formbody would, repeated names as arrays', () => {
    expect(formBodyOptions(shape).parser('a=1&a=2&b=%20x+y&c=&d')).toEqual({ a: ['1', '2'], b: ' x y', c: '', d: '' });
    expect(formBodyOptions(shape).parser('')).toEqual({});
  });
});

describe('what is refused', () => {
  it('refuses a 6th member or element, at any level, naming BODY_MAX_MEMBERS', () => {
    for (const text of ['{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6}', '[1,2,3,4,5,6]', '{"a":[1,2,3],"b":{"c":1,"d":2}}']) {
      expect(json(text), text).toBe('The JSON body holds more than 5 members and array elements (BODY_MAX_MEMBERS)');
    }
  });

  it('refuses a 4th level of nesting, however deep the text goes, naming BODY_MAX_DEPTH', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    for (const text of ['[[[[]]]]', '{"a":{"b":{"c":{}}}}', deep]) {
      expect(json(text), text.slice(0, 20)).toBe('The JSON body nests objects and arrays more than 3 levels deep (BODY_MAX_DEPTH)');
    }
  });

  it('refuses a form of 6 fields, naming BODY_MAX_MEMBERS', () => {
    expect(form('a=1&b=2&c=3&d=4&e=5&f=6')).toBe('The form holds more than 5 fields (BODY_MAX_MEMBERS)');
    expect(form('&&&&&')).toBe('The form holds more than 5 fields (BODY_MAX_MEMBERS)');
  });
});
