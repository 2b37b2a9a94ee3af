import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Response, type TestServer } from '../helpers/harness.js';
import { dashboardUser } from '../helpers/dashboard.js';

let limited: TestServer;
let unlimited: TestServer;
/** Limited, behind a proxy on this machine whose X-Forwarded-For it believes. */
let behindProxy: TestServer;

beforeAll(async () => {
  [limited, unlimited, behindProxy] = await Promise.all([
    startServer({ RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: '3' }),
    startServer({ RATE_LIMIT_PER_SECOND: '0', RATE_LIMIT_BURST: '3' }),
    startServer({ RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: '3', TRUST_PROXY: '127.0.0.1' }),
  ]);
}, 180_000);
afterAll(() => Promise.all([limited?.close(), unlimited?.close(), behindProxy?.close()]));

/** An access token issued without going through the (rate-limited) token endpoint. */
async function tokenFor(server: TestServer): Promise<string> {
  const client = await server.app.services.clients.create({ environment: 'sandbox', platformName: 'Rate-limited platform' });
  const issued = await server.app.services.tokens.issue({ clientId: client.clientId, clientSecret: client.clientSecret, audience: server.config.sandboxBaseUrl });
  return issued.access_token;
}

const accounts = (server: TestServer, token: string) => server.request('GET', '/sandbox/accounts', { token });

function expectRateLimited(response: Response) {
  expect(response.status).toBe(429);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({ status: 429, code: 'rate_limited', trace_id: response.headers.get('trace-id') });
  expect(response.headers.get('retry-after')).toBe('1');
  expect(response.headers.get('ratelimit-limit')).toBe('3');
  expect(response.headers.get('ratelimit-remaining')).toBe('0');
  expect(Number(response.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
}

/**
 * Sends requests at once, so they all land well within the second it takes a token to come
 * back even on a busy machine; answers them ordered by status.
 */
async function together(requests: (() => Promise<Response>)[]): Promise<Response[]> {
  const responses = await Promise.all(requests.map((send) => send()));
  return responses.sort((a, b) => a.status - b.status);
}

const times = <T>(count: number, make: () => T): T[] => Array.from({ length: count }, make);

describe('what works', () => {
  it('lets a burst of 3 through, telling the client what remains', async () => {
    const token = await tokenFor(limited);
    const responses = await together(times(3, () => () => accounts(limited, token)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(responses.map((response) => response.headers.get('ratelimit-remaining')).sort()).toEqual(['0', '1', '2']);
    for (const response of responses) {
      expect(response.headers.get('ratelimit-limit')).toBe('3');
      expect(Number(response.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    }
  });

  it('is off with RATE_LIMIT_PER_SECOND=0: many quick requests pass, without RateLimit headers', async () => {
    const token = await tokenFor(unlimited);
    const responses = await together(times(12, () => () => accounts(unlimited, token)));
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(200));
    expect(responses[0]!.headers.get('ratelimit-limit')).toBeNull();
    const tokenRequests = await together(times(6, () => () => unlimited.request('POST', '/oauth/token', { body: {} })));
    expect(tokenRequests.map((response) => response.status)).toEqual(Array(6).fill(400));
  });
});

describe('what is refused', () => {
  it('answers the 4th quick request of a client with 429 rate_limited, Retry-After and RateLimit headers', async () => {
    const token = await tokenFor(limited);
    const responses = await together(times(4, () => () => accounts(limited, token)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 429]);
    expectRateLimited(responses[3]!);
  });

  it('limits the token endpoint per client address, as the trusted proxy gives it', async () => {
    const from = (address: string) => () => behindProxy.request('POST', '/oauth/token', { body: {}, headers: { 'x-forwarded-for': address } });
    const responses = await together(times(4, () => from('203.0.113.7')));
    // Refused for its missing members (400) while tokens remain, then for the rate (429).
    expect(responses.map((response) => response.status)).toEqual([400, 400, 400, 429]);
    expectRateLimited(responses[3]!);
    expect((await from('203.0.113.8')()).status).toBe(400);
  });

  it.each([
    ['the payment page', 'GET', '/pay/pay_01J00000000000000000000000?token=x', undefined, 20],
    ['the page API', 'GET', '/hpp/payments/pay_01J00000000000000000000000?token=x', undefined, 21],
    ['the 3-D Secure callback', 'POST', '/hpp/callbacks/3ds', {}, 22],
    ["the simulator's bank page", 'GET', '/simulator/bank?token=x', undefined, 23],
    ['the onboarding API', 'GET', '/smo/application', undefined, 24],
  ])('limits %s per client address', async (_name, method, path, body, host) => {
    const from = (address: string) => () => behindProxy.request(method, path, { body, headers: { 'x-forwarded-for': address } });
    const responses = await together(times(4, () => from(`203.0.113.${host}`)));
    expect(responses.slice(0, 3).map((response) => response.status)).not.toContain(429);
    expectRateLimited(responses[3]!);
    expect((await from(`198.51.100.${host}`)()).status).not.toBe(429);
  });

  it('limits the dashboard per client address while no one is signed in, not a signed-in session', async () => {
    const signInPage = () => behindProxy.request('GET', '/dashboard/sign-in', { headers: { 'x-forwarded-for': '203.0.113.250' } });
    const responses = await together(times(4, () => signInPage));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 429]);
    expect(responses[3]!.headers.get('retry-after')).toBe('1');
    expect(responses[3]!.headers.get('content-type')).toMatch(/^text\/html/);

    // Signed in (two requests without a session from this machine's address), then many pages at once.
    const { platformId } = await behindProxy.app.services.clients.create({ environment: 'sandbox', platformName: 'Dashboard platform' });
    const { client } = await dashboardUser(behindProxy, platformId, 'viewer');
    const pages = await Promise.all(times(6, () => client.get('/dashboard')));
    expect(pages.map((page) => page.status)).toEqual(Array(6).fill(200));
  });

  it('believes no X-Forwarded-For unless told to: a caller cannot escape the token endpoint limit by naming other addresses', async () => {
    let address = 0;
    const forged = () => limited.request('POST', '/oauth/token', { body: {}, headers: { 'x-forwarded-for': `198.51.100.${++address}` } });
    const responses = await together(times(4, () => forged));
    expect(responses.map((response) => response.status)).toEqual([400, 400, 400, 429]);
  });
});

describe('who may not see it', () => {
  it("does not charge one client's requests to another", async () => {
    const [first, second] = await Promise.all([tokenFor(limited), tokenFor(limited)]);
    const responses = await together(times(4, () => () => accounts(limited, first!)));
    expectRateLimited(responses[3]!);
    const other = await accounts(limited, second!);
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit-remaining')).toBe('2');
  });

  it('shares one bucket across the live and sandbox mounts and the files host for one client', async () => {
    const token = await tokenFor(limited);
    const responses = await together([
      () => limited.request('GET', '/sandbox/accounts', { token }),
      () => limited.request('GET', '/v2/documents', { token }),
      () => limited.request('GET', '/sandbox/accounts', { token }),
      () => limited.request('GET', '/v2/documents', { token }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 429]);
    expectRateLimited(responses[3]!);
  });
});
