import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { capturedLog } from '../helpers/log.js';
import { DashboardClient, dashboardUser, PASSWORD } from '../helpers/dashboard.js';

/**
 * The server runs with its real logger at its most verbose level, every line captured; requests
 * carry credentials in every place a client or an attacker puts them. No secret reaches the log.
 */
let server: TestServer;
let platform: TestPlatform;
const log = capturedLog();

beforeAll(async () => {
  server = await startServer({}, { logger: log.logger });
  platform = await server.platform();
});
afterAll(() => server?.close());

const form = (fields: Record<string, string>) => ({
  raw: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('who may not see it', () => {
  it('never writes a credential to the log: not from query strings, headers, form or JSON bodies, nor any JWT', async () => {
    const jwt = await platform.token('sandbox');
    const liveJwt = await platform.token('live');
    const { clientSecret } = platform.sandbox;
    const secrets = {
      password: 'pw-7b1e3c0f-query',
      refreshToken: 'rt-2c9a81d4',
      apiKey: 'ak-5f0e2b77',
      code: 'code-91ad3e',
      cookie: 'cookie-a4c2e9d1',
      apiKeyHeader: 'xak-3e8b1c50',
      proxy: 'proxy-6d2f0a93',
      wrongSecret: 'wrong-secret-0c7d5e',
      wrongPassword: 'wrong-password-8e1f4a',
      resource: 'resource-token-2b6c9e',
    };
    const basic = Buffer.from(`${platform.sandbox.clientId}:${clientSecret}`).toString('base64');
    const { email } = await dashboardUser(server, platform.platformId, 'admin');

    const statuses = [
      // An event stream opened as a browser's EventSource would, the token in the query string.
      (await server.request('GET', `/sandbox/events/stream?access_token=${jwt}`)).status,
      (await server.request('GET', `/sandbox/events?client_secret=${clientSecret}&password=${secrets.password}&refresh_token=${secrets.refreshToken}`, { token: jwt })).status,
      (await server.request('GET', `/no/such/route?api_key=${secrets.apiKey}&code=${secrets.code}&key=${secrets.apiKey}&token=${secrets.resource}`)).status,
      (await server.request('GET', `/pay/pay_01J00000000000000000000000?token=${secrets.resource}`)).status,
      (await server.request('GET', `/sandbox/payments/${liveJwt}`, { token: jwt })).status,
      (await server.request('GET', '/sandbox/accounts', {
        headers: { authorization: `Bearer ${liveJwt}`, cookie: `session=${secrets.cookie}`, 'x-api-key': secrets.apiKeyHeader, 'proxy-authorization': `Basic ${secrets.proxy}` },
      })).status,
      // The token endpoint: a form body (right and wrong secret), HTTP Basic, a JSON body, malformed bodies.
      (await server.request('POST', '/oauth/token', form({ grant_type: 'client_credentials', client_id: platform.sandbox.clientId, client_secret: clientSecret, audience: server.config.sandboxBaseUrl }))).status,
      (await server.request('POST', '/oauth/token', form({ grant_type: 'client_credentials', client_id: platform.sandbox.clientId, client_secret: secrets.wrongSecret, audience: server.config.sandboxBaseUrl }))).status,
      (await server.request('POST', '/oauth/token', { ...form({ grant_type: 'client_credentials', audience: 'nope' }), headers: { ...form({}).headers, authorization: `Basic ${basic}` } })).status,
      (await server.request('POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: platform.sandbox.clientId, client_secret: secrets.wrongSecret, audience: 'nope' } })).status,
      (await server.request('POST', '/oauth/token', { raw: `{"grant_type":"client_credentials","client_secret":"${secrets.wrongSecret}"`, headers: { 'content-type': 'application/json' } })).status,
      (await server.request('POST', '/oauth/token', { raw: `client_secret=${secrets.wrongSecret}`, headers: { 'content-type': 'application/json' } })).status,
    ];
    // The dashboard's sign-in: a wrong password, then the right one.
    const browser = new DashboardClient(server.url);
    statuses.push((await browser.signIn(email, secrets.wrongPassword)).status, (await browser.signIn(email, PASSWORD)).status);
    const session = [...browser.cookies.values()];
    statuses.push((await browser.get('/dashboard')).status);

    expect(statuses).toEqual([401, 400, 404, 404, 404, 401, 200, 401, 400, 401, 400, 400, 401, 303, 200]);
    await vi.waitFor(() => expect(log.text().match(/"request completed"/g)?.length ?? 0).toBeGreaterThanOrEqual(statuses.length), { timeout: 10_000 });

    const everySecret = [jwt, liveJwt, ...[jwt, liveJwt].map((token) => token.split('.')[1]!), clientSecret, basic, PASSWORD, ...Object.values(secrets), ...session];
    expect(everySecret.filter((secret) => log.text().includes(secret))).toEqual([]);
    expect(log.text()).toContain('/sandbox/events/stream?access_token=[redacted]'); // the requests were logged
  });
});
