import http from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeProtectedHeader } from 'jose';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ALL_SCOPES } from '../../src/core/auth.js';
import { DATABASE, createDataStore, startServer, type DataStore, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { PNG, download, pngFile, upload } from '../helpers/documents.js';
import { startReceiver } from '../helpers/receiver.js';
import { recordEvent } from '../helpers/events.js';
import { ROOT, runApi, runScript, stopStarted } from '../helpers/processes.js';


let server: TestServer;
let platform: TestPlatform;
const METRICS_TOKEN = 'metrics-token-4f1b9c2e7a';

beforeAll(async () => {
  server = await startServer({ METRICS_TOKEN });
  platform = await server.platform();
});
afterAll(() => server?.close());

// ---- processes started by these tests, stopped if a test fails half-way ----

const stores: DataStore[] = [];

afterEach(async () => {
  await stopStarted();
  for (const store of stores.splice(0)) await store.remove();
});

async function newStore(): Promise<DataStore> {
  const store = await createDataStore();
  stores.push(store);
  return store;
}

async function tokenRequest(url: string, body: Record<string, string>) {
  const response = await fetch(`${url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

// ---- the OpenAPI document ----

type Operation = { operationId?: string; security?: { oauth2: string[] }[]; responses: Record<string, any>; parameters?: unknown[]; requestBody?: unknown };
const PUBLIC_PATHS = ['/healthz', '/readyz', '/metrics', '/oauth/token', '/.well-known/jwks.json', '/.well-known/oauth-authorization-server'];
/** Routes authorized otherwise than by a platform token: public reference data, the payment page's resource token, the simulator, the onboarding token, the pages' public logos. */
const NOT_PLATFORM = /^\/(reference|hpp|simulator|smo|merchants|brand-logos|operator)\//;

function operations(document: { paths: Record<string, Record<string, Operation>> }) {
  return Object.entries(document.paths).flatMap(([pathname, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ pathname, method, operation })),
  );
}

describe('what works', () => {
  it('answers /healthz and /readyz', async () => {
    const health = await server.request('GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await server.request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });

  it('exposes Prometheus metrics labelled by route pattern, never by raw ids or query values', async () => {
    const token = await platform.token('sandbox');
    expect((await server.request('GET', `/sandbox/accounts/${platform.platformId}`, { token })).status).toBe(200);
    expect((await server.request('GET', '/sandbox/accounts/acc_00000000000000000000000000', { token })).status).toBe(404);
    expect((await server.request('GET', `/no/such/${platform.platformId}?token=secret-query-value`)).status).toBe(404);

    const metrics = await server.request('GET', '/metrics', { token: METRICS_TOKEN });
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(metrics.text).toContain('# TYPE http_requests_total counter');
    expect(metrics.text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(metrics.text).toMatch(/^http_requests_total\{method="GET",route="\/sandbox\/accounts\/:account_id",status="200"\} 1$/m);
    expect(metrics.text).toMatch(/^http_requests_total\{method="GET",route="\/sandbox\/accounts\/:account_id",status="404"\} 1$/m);
    expect(metrics.text).toMatch(/^http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/sandbox\/accounts\/:account_id",status="200"\} 1$/m);
    expect(metrics.text).toMatch(/^http_requests_total\{method="GET",route="unmatched",status="404"\} \d+$/m);
    expect(metrics.text).not.toContain(platform.platformId);
    expect(metrics.text).not.toContain('acc_00000000000000000000000000');
    expect(metrics.text).not.toContain('secret-query-value');
  });

  it('exports the backlog: database up, webhook deliveries pending and how late the oldest is, how late the oldest due job is', async () => {
    const quiet = await startServer({ METRICS_TOKEN, WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' });
    try {
      const gauges = async () => (await quiet.request('GET', '/metrics', { token: METRICS_TOKEN })).text;
      const idle = await gauges();
      expect(idle).toMatch(/^payments_database_up 1$/m);
      expect(idle).toMatch(/^payments_webhook_deliveries_pending\{environment="sandbox"\} 0$/m);
      expect(idle).toMatch(/^payments_job_lag_seconds\{environment="live"\} 0$/m);

      const own = await quiet.platform();
      await recordEvent(quiet, { platformId: own.platformId, destination: 'http://127.0.0.1:9/webhooks' });
      // Two hours on with no worker: the delivery, and the housekeeping job each start schedules due at once, have waited two hours.
      quiet.clock.advance(7200);
      const late = await gauges();
      const value = (name: string, environment: string) => Number(late.match(new RegExp(`^${name}\\{environment="${environment}"\\} (\\S+)$`, 'm'))?.[1]);
      expect(value('payments_webhook_deliveries_pending', 'sandbox')).toBe(1);
      expect(value('payments_webhook_deliveries_pending', 'live')).toBe(0);
      expect(value('payments_webhook_delivery_lag_seconds', 'sandbox')).toBeCloseTo(7200, -1);
      expect(value('payments_webhook_delivery_lag_seconds', 'live')).toBe(0);
      expect(value('payments_job_lag_seconds', 'sandbox')).toBeCloseTo(7200, -1);
      expect(value('payments_job_lag_seconds', 'live')).toBeCloseTo(7200, -1);
    } finally {
      await quiet.close();
    }
  });

  it('serves /metrics on a listener of its own, on 127.0.0.1, when METRICS_PORT is set; over https every answer carries HSTS', async () => {
    const own = await startServer({ METRICS_PORT: '0', BASE_URL: 'https://api.payments.test', WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' });
    try {
      expect(own.app.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const metrics = await fetch(`${own.app.metricsUrl}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('# TYPE http_requests_total counter');
      // The API's own listener: no token is set, so no metrics.
      const hidden = await own.request('GET', '/metrics');
      expect(hidden.status).toBe(404);
      expect(hidden.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      // Strict-Transport-Security on every answer: success, problem, page, redirect.
      const answers = [hidden, await own.request('GET', '/healthz'), await own.request('GET', '/sandbox/accounts'), await own.request('GET', '/dashboard'), await own.request('POST', '/healthz')];
      expect(answers.map((answer) => answer.status)).toEqual([404, 200, 401, 303, 405]);
      for (const answer of answers) expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await own.close();
    }
  });

  it('sends no HSTS when the base URL is plain http', async () => {
    for (const pathname of ['/healthz', '/sandbox/accounts', '/no/such/route']) {
      expect((await server.request('GET', pathname)).headers.get('strict-transport-security'), pathname).toBeNull();
    }
  });

  it('serves a valid OpenAPI 3.1 document of the public routes', async () => {
    const response = await server.request('GET', '/openapi.json');
    expect(response.status).toBe(200);
    const document = response.body;
    expect(document.openapi).toMatch(/^3\.1\./);

    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(() => validator.resolveRefs()).not.toThrow();

    for (const pathname of ['/oauth/token', '/accounts', '/accounts/{account_id}', '/v2/documents', '/healthz']) {
      expect(Object.keys(document.paths)).toContain(pathname);
    }
    // The sandbox first: where a reader tries things, and what a generated client calls by default.
    expect(document.servers.map((entry: { url: string }) => entry.url)).toEqual([server.config.sandboxBaseUrl, server.config.baseUrl]);
    // Every route, public ones included, documents its success answer and its problem answer.
    const problemRef = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
    for (const { pathname, method, operation } of operations(document)) {
      const where = `${method.toUpperCase()} ${pathname}`;
      expect(Object.keys(operation.responses).some((status) => /^[23]\d\d$/.test(status)), where).toBe(true);
      expect(operation.responses['500']?.content, where).toEqual(problemRef);
    }
    expect(document.components.schemas.Problem.required).toEqual(expect.arrayContaining(['type', 'title', 'status', 'detail', 'code', 'trace_id']));
  });

  it('documents each platform route with its scope and its problem answers', async () => {
    const document = (await server.request('GET', '/openapi.json')).body;
    const problemRef = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
    const platformOperations = operations(document).filter(({ pathname }) => !PUBLIC_PATHS.includes(pathname) && !NOT_PLATFORM.test(pathname));
    expect(platformOperations.length).toBeGreaterThanOrEqual(5);

    for (const { pathname, method, operation } of platformOperations) {
      const where = `${method.toUpperCase()} ${pathname}`;
      // The OAuth scope, or a bearer token pasted as is (which must carry that scope).
      expect(operation.security, where).toHaveLength(2);
      expect(operation.security![1], where).toEqual({ bearerAuth: [] });
      const [scope] = operation.security![0]!.oauth2;
      expect(ALL_SCOPES, where).toContain(scope);
      for (const status of ['401', '403', '429', '500']) expect(operation.responses[status]?.content, `${where} ${status}`).toEqual(problemRef);
      if (operation.parameters?.length || operation.requestBody) expect(operation.responses['400']?.content, `${where} 400`).toEqual(problemRef);
    }
    expect(document.paths['/accounts'].get.security).toEqual([{ oauth2: ['accounts:read'] }, { bearerAuth: [] }]);
    expect(document.paths['/accounts/{account_id}'].get.security).toEqual([{ oauth2: ['accounts:read'] }, { bearerAuth: [] }]);
    expect(document.paths['/accounts/{account_id}'].get.responses['404'].content).toEqual(problemRef);
    expect(document.paths['/v2/documents'].post.security).toEqual([{ oauth2: ['documents:read_write'] }, { bearerAuth: [] }]);
    expect(document.paths['/v2/documents'].get.security).toEqual([{ oauth2: ['documents:read'] }, { bearerAuth: [] }]);
    expect(document.paths['/oauth/token'].post.security).toEqual([{}, { clientBasic: [] }]); // the client credentials in the body, or HTTP Basic
    expect(document.paths['/metrics'].get.security).toEqual([{ metricsToken: [] }]);
    // The operator's routes (payout files, bank statements) answer the operator's token only.
    const operatorOperations = operations(document).filter(({ pathname }) => pathname.startsWith('/operator/'));
    expect(operatorOperations.length).toBeGreaterThanOrEqual(3);
    for (const { pathname, method, operation } of operatorOperations) expect(operation.security, `${method.toUpperCase()} ${pathname}`).toEqual([{ operatorToken: [] }]);
    expect(document.components.securitySchemes.metricsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(document.paths['/metrics'].get.responses)).toEqual(expect.arrayContaining(['200', '401', '404']));
    expect(Object.keys(document.paths['/oauth/token'].post.requestBody.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(document.paths['/oauth/token'].post.responses['400'].content).toEqual(problemRef);
  });

  it('documents how the pages, the onboarding steps and the token endpoint are authorized, what they answer, and where each lives', async () => {
    const document = (await server.request('GET', '/openapi.json')).body;
    const problemRef = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
    const statuses = (pathname: string, method: string) => Object.keys(document.paths[pathname][method].responses);
    const pageToken = [{ paymentPageToken: [] }, { paymentPageTokenQuery: [] }];
    for (const [pathname, method] of [['/hpp/payments/{payment_id}', 'get'], ['/hpp/payments/{payment_id}/authorize', 'post'], ['/hpp/payments/{payment_id}/mandate', 'post']] as const) {
      expect(document.paths[pathname][method].security, pathname).toEqual(pageToken);
      expect(statuses(pathname, method), pathname).toEqual(expect.arrayContaining(['401', '409', '410']));
      expect(document.paths[pathname][method].servers, pathname).toEqual([{ url: server.config.baseUrl, description: 'both environments: the token decides' }]);
    }
    expect(document.paths['/smo/application/submit'].post.security).toEqual([{ onboardingToken: [] }]);
    expect(statuses('/smo/application/submit', 'post')).toEqual(expect.arrayContaining(['401', '409']));
    expect(document.paths['/smo/application/submit'].post.servers).toEqual([{ url: server.config.onboardingUrl, description: 'both environments: the token decides' }]);
    expect(document.paths['/oauth/token'].post.responses['401'].content).toEqual(problemRef);
    expect(document.paths['/oauth/token'].post.servers).toEqual([{ url: server.config.authUrl, description: 'both environments: the token decides' }]);
    expect(statuses('/payments', 'post')).toEqual(expect.arrayContaining(['413', '415', '422']));
    // A POST whose body is optional reads one if sent: it too may be too large or of another media type.
    for (const pathname of ['/webhook-secret/rotate', '/events/{event_id}/redeliver', '/hpp/payments/{payment_id}/start', '/hpp/payments/{payment_id}/cancel']) {
      expect(statuses(pathname, 'post'), pathname).toEqual(expect.arrayContaining(['413', '415']));
    }
    expect(statuses('/hpp/callbacks/account-verification', 'get')).toEqual(expect.arrayContaining(['401', '410']));
    expect(statuses('/reference/business-types', 'get')).toContain('404');
    expect(document.paths['/payments'].post.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }));
    expect(document.components.schemas.Problem.properties).toHaveProperty('error_description');
    // One name per operation, for generated clients; no schema library's own markers anywhere.
    const ids = operations(document).map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('getPaymentsByPaymentId');
    expect(JSON.stringify(document)).not.toMatch(/"~\w+":/);
  });

  it('renders the API reference at /docs from its own assets, under a CSP that works on plain http', async () => {
    const docs = await server.request('GET', '/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
    expect(docs.text).toContain('id="swagger-ui"');
    const csp = docs.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('upgrade-insecure-requests');
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'docs.js', 'docs.css']) {
      expect((await server.request('GET', `/docs/assets/${asset}`)).status, asset).toBe(200);
    }
    expect((await server.request('GET', '/docs/assets/nothing.js')).status).toBe(404);
  });

  it('keeps every object, the clients and the signing key across a restart on the same data', async () => {
    const store = await newStore();
    // One base URL for both runs (the port changes): tokens name it as issuer and audience.
    const env = { BASE_URL: 'https://payments.test' };
    const first = await startServer(env, { store });
    const client = await first.app.services.clients.create({ environment: 'sandbox', platformName: 'Restarted platform' });
    const body = { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, audience: first.config.sandboxBaseUrl };
    const before = await tokenRequest(first.url, body);
    expect(before.status).toBe(200);
    const token = before.body.access_token as string;
    const uploadKey = { 'idempotency-key': 'restart-upload' };
    const uploaded = await upload(first, token, { type: 'other', tags: ['kept'], file: pngFile('kept.png') }, uploadKey);
    expect(uploaded.status).toBe(201);
    const documentBefore = await first.request('GET', `/v2/documents/${uploaded.body.id}`, { token });
    const eventId = await recordEvent(first, { platformId: client.platformId, destination: null });
    const secretBefore = (await first.request('GET', '/sandbox/webhook-secret', { token })).body.secret;
    await first.close();

    const second = await startServer(env, { store });
    try {
      // The key made at first start is read back from the database: a token signed before still verifies.
      expect((await second.request('GET', '/sandbox/accounts', { token })).status).toBe(200);
      expect(await second.app.database.db.selectFrom('signing_keys').select('kid').execute()).toEqual([{ kid: decodeProtectedHeader(token).kid }]);
      const after = await tokenRequest(second.url, { ...body, audience: second.config.sandboxBaseUrl });
      expect(after.status).toBe(200);
      expect(decodeProtectedHeader(after.body.access_token).kid).toBe(decodeProtectedHeader(token).kid);
      const accounts = await second.request('GET', '/sandbox/accounts', { token: after.body.access_token });
      expect(accounts.body.data.map((account: { id: string }) => account.id)).toEqual([client.platformId]);

      // Document metadata (database) and bytes (blob store under DATA_DIR), events, secrets and idempotency keys.
      expect((await second.request('GET', `/v2/documents/${uploaded.body.id}`, { token })).body).toEqual(documentBefore.body);
      const content = await download(second, token, uploaded.body.id);
      expect(content.bytes.equals(PNG)).toBe(true);
      const replayed = await upload(second, token, { type: 'other', tags: ['kept'], file: pngFile('kept.png') }, uploadKey);
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      expect(replayed.body).toEqual(uploaded.body);
      expect((await second.request('GET', `/sandbox/events/${eventId}`, { token })).body.event_id).toBe(eventId);
      expect((await second.request('GET', '/sandbox/webhook-secret', { token })).body.secret).toBe(secretBefore);
    } finally {
      await second.close();
    }
  });

  it(
    'runs as a process beside the CLI: credentials printed once, CLI clients honoured, exit 0 on SIGTERM',
    async () => {
      const store = await newStore();
      const start = async () => {
        const { proc, port, url } = await runApi({ ...store.env, LOG_LEVEL: 'info' }, store.dataDir);
        await proc.waitFor(/^Get a token: .*$/m);
        return { proc, port, url, audience: `http://localhost:${port}/sandbox` };
      };

      // First start on empty data: the URL and working sandbox credentials are printed.
      const first = await start();
      expect(first.proc.output()).toContain(`Payments API on http://localhost:${first.port}`);
      const clientId = first.proc.output().match(/^\s+client_id:\s+(\S+)$/m)?.[1];
      const clientSecret = first.proc.output().match(/^\s+client_secret:\s+(\S+)$/m)?.[1];
      expect(clientId).toBeTruthy();
      expect(clientSecret).toBeTruthy();
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
      const printed = { grant_type: 'client_credentials', client_id: clientId!, client_secret: clientSecret! };
      expect((await tokenRequest(first.url, { ...printed, audience: first.audience })).status).toBe(200);

      // The CLI beside the running server: on PostgreSQL the server sees its client at once; the
      // embedded database belongs to the server's process, so there the CLI refuses and says why.
      const beside = runScript('src/cli/main.ts', ['clients', 'create', '--environment', 'sandbox', '--name', 'beside'], store.env, store.dataDir);
      const besideExit = await beside.exited;
      const besideClients: string[] = [];
      if (DATABASE === 'pglite') {
        expect(besideExit).toBe(1);
        expect(beside.output()).toMatch(new RegExp(`embedded database in .* is open in process \\d+`));
        expect(beside.output()).not.toMatch(/client_secret:/);
      } else {
        expect(besideExit).toBe(0);
        const id = beside.output().match(/^client_id:\s+(\S+)$/m)![1]!;
        const secret = beside.output().match(/^client_secret:\s+(\S+)$/m)![1]!;
        expect((await tokenRequest(first.url, { grant_type: 'client_credentials', client_id: id, client_secret: secret, audience: first.audience })).status).toBe(200);
        besideClients.push(id);
      }
      first.proc.child.kill('SIGTERM');
      expect(await first.proc.exited).toBe(0);
      expect(first.proc.output()).toContain('shutting down');
      await expect(fetch(`${first.url}/healthz`)).rejects.toThrow();

      // The CLI adds a client with one scope; its secret is printed once.
      const cli = runScript('src/cli/main.ts', ['clients', 'create', '--environment', 'sandbox', '--scopes', 'accounts:read'], store.env, store.dataDir);
      expect(await cli.exited).toBe(0);
      const cliId = cli.output().match(/^client_id:\s+(\S+)$/m)?.[1];
      const cliSecret = cli.output().match(/^client_secret:\s+(\S+)$/m)?.[1];
      expect(cliId).toMatch(/^sandbox_/);
      expect(cliSecret).toBeTruthy();
      expect(cli.output()).toMatch(/^scopes:\s+accounts:read$/m);

      // Second start on the same data: no secret printed, both clients work, the CLI one narrowly.
      const second = await start();
      expect(second.proc.output()).toContain(`Sandbox clients: ${[clientId, ...besideClients, cliId].join(', ')}`);
      expect(second.proc.output()).not.toContain(clientSecret);
      expect(second.proc.output()).not.toContain(cliSecret);
      expect(second.proc.output()).not.toMatch(/client_secret:\s+\S/);
      expect((await tokenRequest(second.url, { ...printed, audience: second.audience })).status).toBe(200);
      const narrow = { grant_type: 'client_credentials', client_id: cliId!, client_secret: cliSecret!, audience: second.audience };
      const issued = await tokenRequest(second.url, narrow);
      expect(issued.status).toBe(200);
      expect(issued.body.scope).toBe('accounts:read');
      const auth = { authorization: `Bearer ${issued.body.access_token}` };
      expect((await fetch(`${second.url}/sandbox/accounts`, { headers: auth })).status).toBe(200);
      const documents = await fetch(`${second.url}/v2/documents`, { headers: auth });
      expect(documents.status).toBe(403);
      expect(((await documents.json()) as { code: string }).code).toBe('insufficient_scope');
      const wider = await tokenRequest(second.url, { ...narrow, scope: 'accounts:read payments:read' });
      expect(wider.status).toBe(400);
      expect(wider.body.error).toBe('invalid_scope');
      second.proc.child.kill('SIGTERM');
      expect(await second.proc.exited).toBe(0);

      // The CLI revokes the narrow client, once.
      const revoke = runScript('src/cli/main.ts', ['clients', 'revoke', cliId!], store.env, store.dataDir);
      expect(await revoke.exited).toBe(0);
      expect(revoke.output()).toContain(`Revoked ${cliId}.`);
      const listed = runScript('src/cli/main.ts', ['clients', 'list'], store.env, store.dataDir);
      expect(await listed.exited).toBe(0);
      expect(listed.output()).toMatch(new RegExp(`^${cliId}\tsandbox\tplatform acc_\\w+\trevoked\t`, 'm'));
      const again = runScript('src/cli/main.ts', ['clients', 'revoke', cliId!], store.env, store.dataDir);
      expect(await again.exited).toBe(1);
    },
  );
  it(
    'finishes a request in flight on SIGTERM, then exits 0',
    async () => {
      const store = await newStore();
      const { proc, port, url } = await runApi({ ...store.env, LOG_LEVEL: 'info' }, store.dataDir);
      await proc.waitFor(/^Get a token: .*$/m);
      const [, clientId] = await proc.waitFor(/^\s+client_id:\s+(\S+)$/m);
      const [, clientSecret] = await proc.waitFor(/^\s+client_secret:\s+(\S+)$/m);
      const issued = await tokenRequest(url, { grant_type: 'client_credentials', client_id: clientId!, client_secret: clientSecret!, audience: `http://localhost:${port}/sandbox` });

      // An upload whose body arrives in two halves, with SIGTERM in between.
      const boundary = 'shutdown-boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nother\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="late.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const tail = Buffer.concat([PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      const outgoing = http.request(`${url}/v2/documents`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${issued.body.access_token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + tail.length,
        },
      });
      const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
        outgoing.on('error', reject);
        outgoing.on('response', (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode!, body: text }));
        });
      });
      outgoing.write(head);
      await proc.waitFor(/"url":"\/v2\/documents".*"msg":"incoming request"/);

      proc.child.kill('SIGTERM');
      await proc.waitFor(/shutting down/);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(proc.child.exitCode).toBeNull(); // still waiting for the upload to finish
      outgoing.end(tail);
      const answer = await answered;
      expect(answer.status, answer.body).toBe(201);
      expect(await proc.exited).toBe(0);

      // The upload was stored before the process went away.
      const restarted = await startServer({}, { store });
      try {
        const id = JSON.parse(answer.body).id as string;
        const platformToken = await tokenRequest(restarted.url, { grant_type: 'client_credentials', client_id: clientId!, client_secret: clientSecret!, audience: restarted.config.sandboxBaseUrl });
        expect((await download(restarted, platformToken.body.access_token, id)).bytes.equals(PNG)).toBe(true);
      } finally {
        await restarted.close();
      }
    },
  );

  it(
    `runs \`npm run worker\` as a background process beside the API ${DATABASE === 'postgres' ? '(delivers webhooks)' : '(refused: the embedded database is the API’s)'}`,
    async () => {
      const store = await newStore();
      const api = await startServer({ WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' }, { store });
      const receiver = await startReceiver();
      try {
        const worker = runScript('src/worker.ts', [], { ...store.env, LOG_LEVEL: 'info' }, store.dataDir);
        if (DATABASE === 'pglite') {
          expect(await worker.exited).toBe(1);
          expect(worker.output()).toMatch(/embedded database in .* is open in process \d+/);
          return;
        }
        await worker.waitFor(/background worker started/);
        const platform = await api.platform();
        const id = await recordEvent(api, { platformId: platform.platformId, destination: receiver.url });
        const [delivery] = await receiver.waitFor(1);
        expect(delivery!.headers['webhook-id']).toBe(id);
        worker.child.kill('SIGTERM');
        expect(await worker.exited).toBe(0);
      } finally {
        await receiver.close();
        await api.close();
      }
    },
  );

  it('brings the schema up to date with `cli migrate` and exits, as a deployment’s migration step', async () => {
    const store = await newStore();
    const migrations = (await readdir(path.join(ROOT, 'src/core/migrations'))).sort();
    for (const run of ['on empty data', 'again: nothing left to apply']) {
      const migrate = runScript('src/cli/main.ts', ['migrate'], store.env, store.dataDir);
      expect(await migrate.exited, `${run}: ${migrate.output()}`).toBe(0);
      expect(migrate.output()).toContain(`The database schema is up to date: ${migrations.length} migrations applied, the last ${migrations.at(-1)}.`);
    }
  });
});

describe('what is refused', () => {
  it('answers /readyz with 503 once the database is unreachable, while /healthz still answers', async () => {
    const own = await startServer({ METRICS_TOKEN, WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' });
    // Every statement now fails as it would with the database server gone.
    const unreachable = vi
      .spyOn(own.app.database.db.getExecutor(), 'executeQuery')
      .mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    try {
      const ready = await own.request('GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(ready.body).toMatchObject({ code: 'service_unavailable', trace_id: ready.headers.get('trace-id') });
      expect(ready.text).not.toMatch(/pool|pglite|ECONN/i);
      expect((await own.request('GET', '/healthz')).status).toBe(200);
      // The metrics still answer, saying so; the backlog is unknown.
      const metrics = await own.request('GET', '/metrics', { token: METRICS_TOKEN });
      expect(metrics.status).toBe(200);
      expect(metrics.text).toMatch(/^payments_database_up 0$/m);
      expect(metrics.text).not.toMatch(/^payments_webhook_deliveries_pending\{/m);
      unreachable.mockRestore();
      expect((await own.request('GET', '/readyz')).status).toBe(200);
    } finally {
      unreachable.mockRestore();
      await own.close();
    }
  });

  it('answers /metrics only to the bearer of the metrics token', async () => {
    const platformToken = await platform.token('sandbox');
    for (const [headers, code] of [
      [{}, 'unauthenticated'],
      [{ authorization: 'Bearer metrics-token-4f1b9c2e7b' }, 'invalid_token'],
      [{ authorization: `Bearer ${platformToken}` }, 'invalid_token'],
      [{ authorization: `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}` }, 'invalid_token'],
    ] as const) {
      const refused = await server.request('GET', '/metrics', { headers });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(refused.body.code).toBe(code);
      expect(refused.text).not.toContain('http_requests_total');
    }
  });

  it('asks the metrics token on the listener of METRICS_PORT too, when one is set', async () => {
    const own = await startServer({ METRICS_PORT: '0', METRICS_TOKEN, WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' });
    try {
      expect((await fetch(`${own.app.metricsUrl}/metrics`)).status).toBe(401);
      expect((await fetch(`${own.app.metricsUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
      expect((await own.request('GET', '/metrics', { token: METRICS_TOKEN })).status).toBe(200);
      const elsewhere = await fetch(`${own.app.metricsUrl}/healthz`);
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    } finally {
      await own.close();
    }
  });

  it('answers /metrics, /healthz and /openapi.json to GET only', async () => {
    for (const pathname of ['/metrics', '/healthz', '/readyz', '/openapi.json']) {
      const response = await server.request('POST', pathname, { body: {} });
      expect(response.status).toBe(405);
      expect(response.body.code).toBe('method_not_allowed');
    }
  });
});

describe('who may not see it', () => {
  it('hides the sandbox duplicates and the documentation routes from the OpenAPI document', async () => {
    const document = (await server.request('GET', '/openapi.json')).body;
    const paths = Object.keys(document.paths);
    expect(paths.filter((pathname) => pathname.startsWith('/sandbox'))).toEqual([]);
    // A route of the sandbox alone is listed once, relative to the sandbox base URL, which alone serves it.
    const decision = document.paths['/simulations/applications/{application_id}/decision'];
    expect(decision.post.servers).toEqual([{ url: server.config.sandboxBaseUrl, description: 'sandbox only' }]);
    expect(decision.post.security).toEqual([{ oauth2: ['onboarding:initiate'] }, { bearerAuth: [] }]);
    expect(document.paths['/accounts'].get.servers).toBeUndefined();
    expect(paths.filter((pathname) => pathname.startsWith('/docs') || pathname === '/openapi.json')).toEqual([]);
  });
});
