import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { DEFAULT_PAGE_SIZE, Pager, type Keyset } from './pagination.js';

const pager = new Pager('test-secret');
const LIST = 'accounts:sandbox:acc_01J0000000000000000000000A';
const position: Keyset = { createdAt: new Date('2024-05-01T10:20:30.456Z'), id: 'acc_01HXZ5T9Q2W3E4R5T6Y7U8I9O0' };

function expectInvalidCursor(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('invalid_cursor');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).options.errors).toEqual([{ pointer: '/after', code: 'invalid_cursor', detail: expect.any(String) }]);
    return;
  }
  throw new Error('the cursor was accepted');
}

/** The cursor with one character at `index` replaced by another character of the base64url alphabet. */
function changeAt(cursor: string, index: number): string {
  const replacement = cursor[index] === 'A' ? 'B' : 'A';
  return cursor.slice(0, index) + replacement + cursor.slice(index + 1);
}

describe('what works', () => {
  it('round-trips a position through an opaque base64url cursor', () => {
    const cursor = pager.encode(LIST, position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(cursor).not.toContain(position.id);
    expect(pager.decode(LIST, cursor)).toEqual(position);
  });

  it('is understood by another process holding the same secret', () => {
    expect(new Pager('test-secret').decode(LIST, pager.encode(LIST, position))).toEqual(position);
  });

  it('pages by fetching one row more than asked, with a cursor only while more remain', async () => {
    const rows = Array.from({ length: 5 }, (_, index) => ({ id: `row_${5 - index}`, created_at: new Date(Date.UTC(2024, 0, 5 - index)) }));
    const fetch = async (limit: number, after: Keyset | undefined) => {
      const start = after ? rows.findIndex((row) => row.id === after.id) + 1 : 0;
      return rows.slice(start, start + limit);
    };
    const limits: number[] = [];
    const tracked = async (limit: number, after: Keyset | undefined) => {
      limits.push(limit);
      return fetch(limit, after);
    };
    const first = await pager.page('rows', { first: 2 }, tracked, (row) => row.id);
    expect(first.data).toEqual(['row_5', 'row_4']);
    const second = await pager.page('rows', { first: 2, after: first.cursor }, tracked, (row) => row.id);
    expect(second.data).toEqual(['row_3', 'row_2']);
    const last = await pager.page('rows', { first: 2, after: second.cursor }, tracked, (row) => row.id);
    expect(last).toEqual({ data: ['row_1'] });
    expect(limits).toEqual([3, 3, 3]);

    const exact = await pager.page('rows', { first: 5 }, fetch, (row) => row.id);
    expect(exact.cursor).toBeUndefined();
    await pager.page('rows', {}, tracked, (row) => row.id);
    expect(limits.at(-1)).toBe(DEFAULT_PAGE_SIZE + 1);
  });
});

describe('what is refused', () => {
  it('refuses a cursor with any single character of its payload or signature changed', () => {
    const cursor = pager.encode(LIST, position);
    for (let index = 0; index < cursor.length; index++) {
      if (cursor[index] === '.') continue;
      expectInvalidCursor(() => pager.decode(LIST, changeAt(cursor, index)));
    }
  });

  it('refuses a cursor whose payload was rewritten, even re-encoded cleanly', () => {
    const [payload, signature] = pager.encode(LIST, position).split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...decoded, t: '2030-01-01T00:00:00.000Z' })).toString('base64url');
    expectInvalidCursor(() => pager.decode(LIST, `${forged}.${signature}`));
  });

  it.each(['', '.', 'abc', 'abc.', '.abc', 'a.b.c', 'not a cursor at all', `${'A'.repeat(40)}.${'B'.repeat(22)}`])(
    'refuses the malformed cursor %j',
    (cursor) => expectInvalidCursor(() => pager.decode(LIST, cursor)),
  );

  it('refuses a cursor signed with another secret', () => {
    expectInvalidCursor(() => pager.decode(LIST, new Pager('other-secret').encode(LIST, position)));
  });
});

describe('who may not see it', () => {
  it('refuses a cursor of another list: another platform, environment or filter', () => {
    const cursor = pager.encode(LIST, position);
    for (const other of ['accounts:sandbox:acc_01J0000000000000000000000B', 'accounts:live:acc_01J0000000000000000000000A', 'payments:sandbox:acc_01J0000000000000000000000A', `${LIST}:x`]) {
      expectInvalidCursor(() => pager.decode(other, cursor));
    }
  });
});
