import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Environment } from '../../src/core/config.js';
import { newId } from '../../src/core/ids.js';
import { apiPath, startServer, type Response, type TestPlatform, type TestServer } from '../helpers/harness.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

interface Listed {
  id: string;
  created_at: string;
}

/** Inserts merchant accounts straight into the table; `createdAt(i)` dates the i-th. */
async function insertMerchants(platform: TestPlatform, environment: Environment, count: number, createdAt: (index: number) => Date): Promise<Listed[]> {
  const rows = Array.from({ length: count }, (_, index) => ({
    environment,
    id: newId('acc'),
    platform_id: platform.platformId,
    type: 'merchant' as const,
    display_name: `Merchant ${index}`,
    created_at: createdAt(index),
  }));
  await server.app.database.db.insertInto('accounts').values(rows).execute();
  return rows.map((row) => ({ id: row.id, created_at: row.created_at.toISOString() }));
}

/** Newest first: created_at descending, then id descending. */
function newestFirst(items: Listed[]): string[] {
  return [...items]
    .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
    .map((item) => item.id);
}

async function platformAccount(platform: TestPlatform, environment: Environment): Promise<Listed> {
  const response = await server.request('GET', apiPath(environment, `/accounts/${platform.platformId}`), { token: await platform.token(environment) });
  expect(response.status).toBe(200);
  return response.body;
}

function list(platform: TestPlatform, environment: Environment, query: string): Promise<Response> {
  return platform.token(environment).then((token) => server.request('GET', apiPath(environment, `/accounts${query}`), { token }));
}

/** Follows the cursors to the end; `between` runs before each following page is asked for. */
async function walk(platform: TestPlatform, environment: Environment, first: number, between?: () => Promise<unknown>) {
  const pages: string[][] = [];
  let after: string | undefined;
  do {
    const response = await list(platform, environment, `?first=${first}${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    expect(response.status).toBe(200);
    pages.push(response.body.data.map((item: Listed) => item.id));
    after = response.body.cursor;
    if (after) expect(response.body.data).toHaveLength(first);
    if (after && between) await between();
  } while (after);
  return pages;
}

function expectInvalidCursor(response: Response) {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(response.body.code).toBe('invalid_cursor');
  expect(response.body.trace_id).toBe(response.headers.get('trace-id'));
}

/** 45 merchants an hour before now, a second apart, with runs of equal created_at to exercise the id tie-break. */
const spread = (index: number) => new Date(server.clock.now().getTime() - 3_600_000 + Math.floor(index / 3) * 1000);

describe('what works', () => {
  it('pages 46 accounts by 10, newest first, without repeats or gaps, the last page without cursor', async () => {
    const platform = await server.platform();
    const merchants = await insertMerchants(platform, 'sandbox', 45, spread);
    const expected = newestFirst([...merchants, await platformAccount(platform, 'sandbox')]);

    const pages = await walk(platform, 'sandbox', 10);
    expect(pages.map((page) => page.length)).toEqual([10, 10, 10, 10, 6]);
    const ids = pages.flat();
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expected);
    expect(ids[0]).toBe(platform.platformId);
  });

  it('gives 20 items by default and ends without cursor when the last page is exactly full', async () => {
    const platform = await server.platform();
    await insertMerchants(platform, 'sandbox', 45, spread);

    const firstPage = await list(platform, 'sandbox', '');
    expect(firstPage.body.data).toHaveLength(20);
    expect(firstPage.body.cursor).toEqual(expect.any(String));

    const pages = await walk(platform, 'sandbox', 23);
    expect(pages.map((page) => page.length)).toEqual([23, 23]);

    const single = await list(platform, 'sandbox', '?first=100');
    expect(single.body.data).toHaveLength(46);
    expect(single.body).not.toHaveProperty('cursor');
    expect(pages.flat()).toEqual(single.body.data.map((item: Listed) => item.id));
  });

  it('neither repeats nor skips an originally listed account when accounts are added between pages', async () => {
    const platform = await server.platform();
    await insertMerchants(platform, 'sandbox', 45, spread);
    const original = (await list(platform, 'sandbox', '?first=100')).body.data.map((item: Listed) => item.id);

    let batch = 0;
    const newer: string[] = [];
    const older: Listed[] = [];
    const pages = await walk(platform, 'sandbox', 10, async () => {
      // Accounts arrive while the integrator pages: newer than everything listed (offset paging
      // would shift the originals and repeat them), and older than everything (still ahead).
      batch++;
      const now = server.clock.now().getTime();
      newer.push(...(await insertMerchants(platform, 'sandbox', 3, (index) => new Date(now + batch * 1000 + index))).map((item) => item.id));
      older.push(...(await insertMerchants(platform, 'sandbox', 1, () => new Date(now - 7_200_000 - batch * 1000))));
    });
    const ids = pages.flat();
    expect(batch).toBe(4);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => original.includes(id))).toEqual(original);
    expect(ids.filter((id) => newer.includes(id))).toEqual([]);
    expect(ids.slice(original.length)).toEqual(newestFirst(older));
    expect(ids).toHaveLength(original.length + older.length);

    const after = await list(platform, 'sandbox', '?first=100');
    expect(after.body.data).toHaveLength(46 + newer.length + older.length);
  });
});

describe('what is refused', () => {
  it('refuses a cursor with one character of its payload or of its signature changed', async () => {
    const platform = await server.platform();
    await insertMerchants(platform, 'sandbox', 5, spread);
    const { cursor } = (await list(platform, 'sandbox', '?first=2')).body;
    const [payload, signature] = cursor.split('.');
    const change = (text: string, index: number) => text.slice(0, index) + (text[index] === 'x' ? 'y' : 'x') + text.slice(index + 1);

    for (const tampered of [`${change(payload, 5)}.${signature}`, `${payload}.${change(signature, 21)}`, `${payload}.${change(signature, 0)}`]) {
      expectInvalidCursor(await list(platform, 'sandbox', `?first=2&after=${encodeURIComponent(tampered)}`));
    }
    // The untouched cursor still works.
    expect((await list(platform, 'sandbox', `?first=2&after=${encodeURIComponent(cursor)}`)).status).toBe(200);
  });

  it('refuses a cursor that is not one, and one of the wrong length', async () => {
    const platform = await server.platform();
    for (const cursor of ['abc', 'a.b', 'x'.repeat(1025)]) {
      const response = await list(platform, 'sandbox', `?after=${cursor}`);
      expect(response.status).toBe(400);
      expect(['invalid_cursor', 'validation_error']).toContain(response.body.code);
    }
  });
});

describe('who may not see it', () => {
  it("refuses another platform's cursor, and lists only the caller's own accounts", async () => {
    const mine = await server.platform();
    const theirs = await server.platform();
    await insertMerchants(mine, 'sandbox', 5, spread);
    const theirMerchants = await insertMerchants(theirs, 'sandbox', 5, spread);

    const theirCursor = (await list(theirs, 'sandbox', '?first=2')).body.cursor;
    expectInvalidCursor(await list(mine, 'sandbox', `?first=2&after=${encodeURIComponent(theirCursor)}`));

    const ids = (await list(mine, 'sandbox', '?first=100')).body.data.map((item: Listed) => item.id);
    expect(ids).toHaveLength(6);
    for (const merchant of theirMerchants) expect(ids).not.toContain(merchant.id);
    expect(ids).not.toContain(theirs.platformId);
  });

  it('keeps the live and the sandbox lists apart, cursors included', async () => {
    const platform = await server.platform();
    const sandbox = await insertMerchants(platform, 'sandbox', 4, spread);
    const live = await insertMerchants(platform, 'live', 3, spread);

    const sandboxIds = (await list(platform, 'sandbox', '?first=100')).body.data.map((item: Listed) => item.id);
    const liveIds = (await list(platform, 'live', '?first=100')).body.data.map((item: Listed) => item.id);
    expect(sandboxIds).toEqual(newestFirst([...sandbox, await platformAccount(platform, 'sandbox')]));
    expect(liveIds).toEqual(newestFirst([...live, await platformAccount(platform, 'live')]));

    const liveCursor = (await list(platform, 'live', '?first=1')).body.cursor;
    expectInvalidCursor(await list(platform, 'sandbox', `?first=1&after=${encodeURIComponent(liveCursor)}`));
    const sandboxMerchant = await server.request('GET', apiPath('live', `/accounts/${sandbox[0]!.id}`), { token: await platform.token('live') });
    expect(sandboxMerchant.status).toBe(404);
  });
});
