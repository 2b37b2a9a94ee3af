import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Environment } from '../../src/core/config.js';
import { apiPath, createDataStore, DATABASE, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { payByCard } from '../helpers/money.js';
import { DEFAULT_STREAM_LIMITS } from '../../src/events/stream.js';
import { openStream, type OpenStream } from '../helpers/stream.js';
import { eventually } from '../helpers/receiver.js';

/** Waits for `promise`, failing after `ms`. */
async function settles(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms)));
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

let server: TestServer;
let platform: TestPlatform;
let other: TestPlatform;
const open: OpenStream[] = [];

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  other = await server.platform();
});
afterAll(() => server?.close());
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});

async function stream(owner: TestPlatform, options: { query?: string; lastEventId?: string; environment?: Environment } = {}) {
  const headers: Record<string, string> = options.lastEventId ? { 'last-event-id': options.lastEventId } : {};
  const environment = options.environment ?? 'sandbox';
  const opened = await openStream(`${server.url}${apiPath(environment, '/events/stream')}${options.query ?? ''}`, await owner.token(environment), headers);
  open.push(opened);
  return opened;
}

/** The platform's sandbox events recorded so far, oldest first (GET /events pages newest first). */
async function recordedIds(owner: TestPlatform): Promise<string[]> {
  const response = await server.request('GET', '/sandbox/events?first=100', { token: await owner.token() });
  expect(response.status).toBe(200);
  return response.body.data.map((event: { event_id: string }) => event.event_id).reverse();
}

const idsOf = (messages: OpenStream['messages']) => messages.map((message) => message.id);

describe('GET /events/stream', () => {
  it("sends the events of the platform's API calls in order, as their webhook payloads, never another platform's", async () => {
    const before = (await recordedIds(platform)).length;
    const mine = await stream(platform);
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(mine.headers['trace-id']).toMatch(/^[0-9a-f]{32}$/);

    await payByCard(server, platform, { amount_minor: 1_000, reference: 'stream-1' });
    await payByCard(server, other, { amount_minor: 2_000, reference: 'other-1' });
    await payByCard(server, platform, { amount_minor: 1_500, reference: 'stream-2' }, '4000000000000002');
    await payByCard(server, other, { amount_minor: 2_500, reference: 'other-2' });

    const recorded = (await recordedIds(platform)).slice(before);
    expect(recorded.length).toBeGreaterThanOrEqual(2);
    await mine.waitFor(recorded.length);
    expect(idsOf(mine.messages)).toEqual(recorded);
    expect(mine.messages.map((message) => [message.payload.type, message.payload.data.reference])).toEqual([
      ['payment_succeeded', 'stream-1'],
      ['payment_failed', 'stream-2'],
    ]);
    // The payload is exactly what GET /events/{id} shows of the event (and what a webhook carries).
    const first = mine.messages[0]!;
    const read = await server.request('GET', `/sandbox/events/${first.id}`, { token: await platform.token() });
    const { deliveries: _deliveries, ...envelope } = read.body;
    expect(first.payload).toEqual(envelope);
    // The other platform's stream has its own two, and none of these.
    const theirs = await stream(other, { lastEventId: (await recordedIds(other))[0] });
    await theirs.waitFor(1);
    expect(theirs.messages.every((message) => !recorded.includes(message.id!))).toBe(true);
  });

  it('resumes after Last-Event-ID without gap or duplicate, then goes on live', async () => {
    const first = await stream(platform);
    await payByCard(server, platform, { amount_minor: 1_000, reference: 'resume-1' });
    await payByCard(server, platform, { amount_minor: 1_000, reference: 'resume-2' });
    await first.waitFor(2);
    first.close();
    const seen = idsOf(first.messages);

    // Missed while disconnected:
    await payByCard(server, platform, { amount_minor: 1_000, reference: 'resume-3' });
    await payByCard(server, platform, { amount_minor: 1_000, reference: 'resume-4' });
    const resumed = await stream(platform, { lastEventId: seen[0] });
    await resumed.waitFor(3);
    await payByCard(server, platform, { amount_minor: 1_000, reference: 'resume-5' });
    await resumed.waitFor(4);

    const references = resumed.messages.map((message) => message.payload.data.reference);
    expect(references).toEqual(['resume-2', 'resume-3', 'resume-4', 'resume-5']);
    expect(resumed.messages[0]!.id).toBe(seen[1]);
    const all = await recordedIds(platform);
    expect(idsOf(resumed.messages)).toEqual(all.slice(all.indexOf(seen[0]!) + 1));
  });

  it('sends only the types asked for', async () => {
    const failures = await stream(platform, { query: '?types=payment_failed,refund_completed' });
    await payByCard(server, platform, { amount_minor: 1_000, reference: 'typed-1' });
    await payByCard(server, platform, { amount_minor: 1_000, reference: 'typed-2' }, '4000000000000002');
    await payByCard(server, platform, { amount_minor: 1_000, reference: 'typed-3' });
    await payByCard(server, platform, { amount_minor: 1_000, reference: 'typed-4' }, '4000000000000002');
    await failures.waitFor(2);
    expect(failures.messages.map((message) => [message.payload.type, message.payload.data.reference])).toEqual([
      ['payment_failed', 'typed-2'],
      ['payment_failed', 'typed-4'],
    ]);

    const unknownType = await server.request('GET', '/sandbox/events/stream?types=payment_succeeded,nothing', { token: await platform.token() });
    expect(unknownType.status).toBe(400);
  });

  it('refuses what it cannot stream: no token, the other environment, an unknown Last-Event-ID, too many streams', async () => {
    expect((await server.request('GET', '/sandbox/events/stream')).status).toBe(401);
    const live = await server.request('GET', '/sandbox/events/stream', { token: await platform.token('live') });
    expect(live.status).toBe(401);
    await payByCard(server, other, { amount_minor: 1_000, reference: 'theirs' });
    const theirs = (await recordedIds(other))[0]!;
    const foreign = await server.request('GET', '/sandbox/events/stream', { token: await platform.token(), headers: { 'last-event-id': theirs } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.detail).toContain(theirs);

    // The streams of the tests before are closed by now, or soon (the server notices a closed connection).
    for (let i = 0; i < DEFAULT_STREAM_LIMITS.perClient; i++) await expect.poll(async () => (await stream(platform)).status, { timeout: 10_000 }).toBe(200);
    const beyond = await server.request('GET', '/sandbox/events/stream', { token: await platform.token() });
    expect(beyond.status).toBe(429);
    expect(beyond.headers.get('retry-after')).toBe('5');
    // A closed stream frees its place.
    open.pop()!.close();
    await expect.poll(async () => (await stream(platform)).status, { timeout: 10_000 }).toBe(200);
  });

  it('serves the live environment at the base URL, with live events only', async () => {
    const live = await stream(platform, { environment: 'live' });
    expect(live.status).toBe(200);
    const sandbox = await stream(platform);
    await payByCard(server, platform, { amount_minor: 1_000, reference: 'sandbox-only' });
    await sandbox.waitFor(1);
    expect(live.messages).toEqual([]);
  });

  it('sends heartbeats, and ends the stream at the first one after its client is revoked', async () => {
    const own = await startServer();
    try {
      own.app.services.streams.limits.heartbeatMs = 200;
      const owner = await own.platform();
      const opened = await openStream(`${own.url}/sandbox/events/stream`, await owner.token());
      await eventually(async () => opened.comments.filter((comment) => comment === 'heartbeat').length >= 2);
      await own.app.services.clients.revoke(owner.sandbox.clientId);
      // Every process re-reads a client within 5 s: the token stops working then, and the stream ends.
      await settles(opened.ended, 15_000);
      const again = await own.request('GET', '/sandbox/events/stream', { token: await owner.token() });
      expect(again.status).toBe(401);
    } finally {
      await own.close();
    }
  });

  it('ends open streams when the server stops', async () => {
    const own = await startServer();
    const owner = await own.platform();
    const opened = await openStream(`${own.url}/sandbox/events/stream`, await owner.token());
    expect(opened.status).toBe(200);
    const started = Date.now();
    await own.close();
    await opened.ended;
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe.skipIf(DATABASE !== 'postgres')('across API processes', () => {
  it('streams from one process the events committed by another', async () => {
    const store = await createDataStore();
    // One deployment: the same database and public URL (so a token of one is good at the other).
    const env = { BASE_URL: 'http://payments.test' };
    const first = await startServer(env, { store });
    const second = await startServer(env, { store });
    try {
      const owner = await first.platform();
      const opened = await openStream(`${second.url}/sandbox/events/stream`, await owner.token());
      expect(opened.status).toBe(200);
      await payByCard(first, owner, { amount_minor: 1_000, reference: 'elsewhere-1' });
      await payByCard(first, owner, { amount_minor: 1_000, reference: 'elsewhere-2' }, '4000000000000002');
      await opened.waitFor(2);
      expect(opened.messages.map((message) => [message.payload.type, message.payload.data.reference])).toEqual([
        ['payment_succeeded', 'elsewhere-1'],
        ['payment_failed', 'elsewhere-2'],
      ]);
      opened.close();
    } finally {
      await second.close();
      await first.close();
      await store.remove();
    }
  });
});
