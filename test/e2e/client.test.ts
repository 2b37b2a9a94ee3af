import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { audienceOf, type Environment } from '../../src/core/config.js';
import { freePort, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { recordEvent } from '../helpers/events.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';
import { PaymentsApiError, PaymentsClient, PaymentsConnectionError, WebhookVerificationError, type ClientOptions, type CreatePayment } from '../../packages/client/src/index.js';
import { TYPES_FILE, typesFromOpenApi } from '../../packages/client/scripts/types-from-openapi.js';

let server: TestServer;
let platform: TestPlatform;
let receiver: Receiver | undefined;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
});
afterAll(() => server?.close());
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

interface Sent {
  method: string;
  url: URL;
  headers: Headers;
}

/** A client of a platform, recording what it sends; `clock.ms` moves its own idea of the time. */
function clientOf(owner: TestPlatform, environment: Environment = 'sandbox', options: Partial<ClientOptions> = {}) {
  const sent: Sent[] = [];
  const clock = { ms: Date.now() };
  const recording: typeof fetch = async (input, init) => {
    sent.push({ method: init?.method ?? 'GET', url: new URL(String(input)), headers: new Headers(init?.headers) });
    return fetch(input, init);
  };
  const client = new PaymentsClient({
    baseUrl: server.url,
    environment,
    ...owner[environment],
    // The test server's public URL is http://localhost:PORT while it listens on 127.0.0.1.
    audience: audienceOf(server.config, environment),
    fetch: recording,
    now: () => clock.ms,
    ...options,
  });
  const tokenRequests = () => sent.filter((request) => request.url.pathname === '/oauth/token').length;
  return { client, sent, clock, tokenRequests };
}

const payment = (overrides: Partial<CreatePayment> = {}): CreatePayment => ({
  amount_minor: 2_500,
  currency: 'EUR',
  reference: 'client-order',
  integration: { type: 'hosted' },
  urls: { redirect: 'https://shop.example/return' },
  ...overrides,
});

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('tokens', () => {
  it('fetches a token once, reuses it, and fetches another shortly before it expires', async () => {
    const { client, tokenRequests, clock } = clientOf(platform);
    const first = await client.accessToken();
    await client.accounts.get(platform.platformId);
    await client.accounts.list().firstPage();
    expect(tokenRequests()).toBe(1);
    expect(await client.accessToken()).toBe(first);

    // A token lives ACCESS_TOKEN_TTL_SECONDS; 30 s before the end the client refreshes it on its own.
    clock.ms += (server.config.accessTokenTtlSeconds - 30) * 1000;
    await client.accounts.get(platform.platformId);
    expect(tokenRequests()).toBe(2);
    expect(await client.accessToken()).not.toBe(first);
  });

  it('fetches a new token once when the API refuses the cached one with 401, then retries the call', async () => {
    const { client, tokenRequests, sent } = clientOf(platform);
    await client.accounts.get(platform.platformId);
    expect(tokenRequests()).toBe(1);
    // The server's clock passes the token's expiry while the client still thinks it fresh.
    server.clock.advance(server.config.accessTokenTtlSeconds + 60);
    const account = await client.accounts.get(platform.platformId);
    expect(account.id).toBe(platform.platformId);
    expect(tokenRequests()).toBe(2);
    expect(sent.filter((request) => request.url.pathname.endsWith(`/accounts/${platform.platformId}`))).toHaveLength(3);
  });

  it('throws invalid_client for wrong credentials, and the token endpoint explains a client of the other environment', async () => {
    const wrong = clientOf(platform, 'sandbox', { clientSecret: 'not-the-secret' });
    const refused = await caught(wrong.client.payments.list().firstPage());
    expect(refused).toBeInstanceOf(PaymentsApiError);
    expect(refused).toMatchObject({ status: 401, code: 'invalid_client' });
    expect(wrong.tokenRequests()).toBe(1);

    const crossed = clientOf(platform, 'sandbox', { ...platform.live });
    const other = (await caught(crossed.client.accessToken())) as PaymentsApiError;
    expect(other).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(other.errors.map((field) => field.pointer)).toEqual(['/audience']);
  });
});

describe('creations', () => {
  it('sends an Idempotency-Key on every creation: a new one by default, the given one replayed', async () => {
    const owner = await server.platform();
    const { client, sent } = clientOf(owner);
    const one = await client.payments.create(payment({ reference: 'same-body' }));
    const two = await client.payments.create(payment({ reference: 'same-body' }));
    expect(one.id).not.toBe(two.id);
    const keys = sent.filter((request) => request.method === 'POST' && request.url.pathname === '/sandbox/payments').map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);

    const key = `order-${Date.now()}`;
    const first = await client.payments.create(payment({ reference: 'keyed' }), { idempotencyKey: key });
    const replay = await client.send('POST', '/payments', { body: payment({ reference: 'keyed' }), idempotencyKey: key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.data.id).toBe(first.id);
    const listed = await client.payments.list({ reference: 'keyed' }).toArray();
    expect(listed.map((item) => item.id)).toEqual([first.id]);
  });
});

describe('paging', () => {
  it('iterates every item across pages, following the cursors, newest first', async () => {
    const owner = await server.platform();
    const { client, sent } = clientOf(owner);
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      server.clock.advance(1);
      ids.push((await client.payments.create(payment({ reference: `page-${index}` }))).id);
    }
    const seen: string[] = [];
    for await (const item of client.payments.list({ first: 2 })) seen.push(item.id);
    expect(seen).toEqual([...ids].reverse());
    const listings = sent.filter((request) => request.method === 'GET' && request.url.pathname === '/sandbox/payments');
    expect(listings.map((request) => request.url.searchParams.has('after'))).toEqual([false, true, true]);

    const pages: number[] = [];
    for await (const page of client.payments.list({ first: 2 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([2, 2, 1]);
    expect(await client.payments.list({ first: 2 }).toArray(3)).toHaveLength(3);
  });
});

describe('errors', () => {
  it('throws PaymentsApiError with the status, code, trace id and every bad field', async () => {
    const { client } = clientOf(platform);
    // The generated types list the currencies and refuse this one: it is sent anyway, as an untyped caller would.
    const invalid = (await caught(client.payments.create(payment({ amount_minor: 0, currency: 'EURO' as never })))) as PaymentsApiError;
    expect(invalid).toBeInstanceOf(PaymentsApiError);
    expect(invalid.status).toBe(400);
    expect(invalid.code).toBe('validation_error');
    expect(invalid.trace_id).toMatch(/\S/);
    expect(invalid.errors.map((field) => field.pointer).sort()).toEqual(['/amount_minor', '/currency']);

    const missing = (await caught(client.payments.get('pay_00000000000000000000000000'))) as PaymentsApiError;
    expect(missing).toMatchObject({ status: 404, code: 'not_found', errors: [] });
    expect(missing.trace_id).toMatch(/\S/);
    expect(missing.trace_id).not.toBe(invalid.trace_id);
  });

  it('throws PaymentsConnectionError when no server answers', async () => {
    const port = await freePort();
    const client = new PaymentsClient({ baseUrl: `http://127.0.0.1:${port}`, clientId: 'x', clientSecret: 'y' });
    const error = await caught(client.payments.list().firstPage());
    expect(error).toBeInstanceOf(PaymentsConnectionError);
    expect((error as Error).message).toContain(`http://127.0.0.1:${port}/oauth/token`);
  });
});

describe('events and webhooks', () => {
  it('verifies a real delivery with the webhook secret, refuses it tampered, re-signed with another secret or late; lists, reads and redelivers the event', async () => {
    receiver = await startReceiver();
    const { client } = clientOf(platform);
    const eventId = await recordEvent(server, { platformId: platform.platformId, destination: receiver.url, type: 'payment_succeeded' });
    const [delivery] = await receiver.waitFor(1, 20_000);
    const { secret } = await client.webhooks.secret();

    const event = client.webhooks.verify(delivery!.body, delivery!.headers, secret);
    expect(event).toMatchObject({ event_id: eventId, type: 'payment_succeeded' });
    // The same check as the reference library's.
    expect(new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>)).toEqual(event);

    const tampered = delivery!.body.replace('payment_succeeded', 'payment_failed');
    expect(() => client.webhooks.verify(tampered, delivery!.headers, secret)).toThrow(WebhookVerificationError);
    const otherSecret = `whsec_${Buffer.from('another secret of 24 b!!').toString('base64')}`;
    expect(() => client.webhooks.verify(delivery!.body, delivery!.headers, otherSecret)).toThrow(WebhookVerificationError);
    const late = { ...delivery!.headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 600) };
    expect(() => client.webhooks.verify(delivery!.body, late, secret)).toThrow(WebhookVerificationError);
    expect(() => client.webhooks.verify(delivery!.body, { 'webhook-id': eventId }, secret)).toThrow(/webhook-timestamp/);

    const listed = await client.events.list({ type: 'payment_succeeded' }).toArray();
    expect(listed.map((item) => item.event_id)).toContain(eventId);
    const read = await client.events.get(eventId);
    expect(read.deliveries[0]).toMatchObject({ url: receiver.url });
    await eventually(async () => (await client.events.get(eventId)).deliveries[0]?.status === 'succeeded', 20_000);
    const redelivered = await client.events.redeliver(eventId);
    expect(redelivered.event_id).toBe(eventId);
    const [, again] = await receiver.waitFor(2, 20_000);
    expect(client.webhooks.verify(again!.body, again!.headers, secret).event_id).toBe(eventId);
  });

  it('rotates the webhook secret', async () => {
    const owner = await server.platform();
    const { client } = clientOf(owner);
    const before = await client.webhooks.secret();
    const rotated = await client.webhooks.rotateSecret();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(before.secret);
    expect(rotated.previous_secret_expires_at).not.toBeNull();
  });
});

describe('the rest of the API', () => {
  it('shows and moves the sandbox clock; live has none', async () => {
    const { client } = clientOf(platform);
    const before = await client.sandbox.clock.show();
    const moved = await client.sandbox.clock.advance(3 * 3600);
    expect(Date.parse(moved.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(3 * 3600 * 1000);
    expect(Date.parse((await client.sandbox.clock.show()).now)).toBeGreaterThanOrEqual(Date.parse(moved.now));
    const live = clientOf(platform, 'live').client;
    expect(await caught(live.sandbox.clock.show())).toMatchObject({ status: 404 });
  });

  it('reaches refunds, payouts, applications, accounts and any path of the document', async () => {
    const owner = await server.platform();
    const { client } = clientOf(owner);
    expect(await client.refunds.list().toArray()).toEqual([]);
    const unpaid = await client.payments.create(payment({ reference: 'no-payout' }));
    expect(await client.payouts.list({ payment_id: unpaid.id }).toArray()).toEqual([]);
    expect(await caught(client.payouts.get('0'.repeat(32)))).toMatchObject({ status: 404 });
    expect(await client.applications.list().toArray()).toEqual([]);
    expect((await client.accounts.list().toArray()).map((account) => account.id)).toContain(owner.platformId);
    const refused = (await caught(client.refunds.create({ payment_id: 'pay_00000000000000000000000000', description: 'Refund' }))) as PaymentsApiError;
    expect(refused.status).toBe(404);
    const scannable = await client.payments.create(payment({ integration: { type: 'hosted', generate_qr_code: true } }));
    const qr = await client.payments.qrCode(scannable.id);
    expect(Buffer.from(qr.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
    const countries = await client.request('GET', '/reference/countries');
    expect(JSON.stringify(countries)).toContain('DE');
    expect(await client.request('GET', '/healthz')).toEqual({ status: 'ok' });
    const live = clientOf(owner, 'live').client;
    expect((await live.accounts.get(owner.platformId)).id).toBe(owner.platformId);
  });
});

describe('generated types', () => {
  it('match the document the server serves at /openapi.json', async () => {
    const served = await server.request('GET', '/openapi.json');
    expect(served.status).toBe(200);
    const committed = await readFile(TYPES_FILE, 'utf8');
    const generated = await typesFromOpenApi(served.body);
    expect(committed === generated, 'packages/client/src/openapi.d.ts differs from /openapi.json: run `npm run client:types` and commit the result').toBe(true);
  });
});
