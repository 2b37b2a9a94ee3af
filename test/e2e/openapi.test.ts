import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AJV_FORMATS } from '../../src/core/formats.js';
import { EVENT_TYPES } from '../../src/events/outbox.js';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';

/**
 * The served OpenAPI document is exact enough for generators and fuzzers: an external linter
 * (Redocly, with the rules of redocly.yaml) finds nothing, every request-body example is a valid
 * request, and the formats, bounds, required members, answers and webhooks are all stated.
 */
const BASE_URL = 'https://api.payments.test';

let server: TestServer;
let platform: TestPlatform;
let document: any;

beforeAll(async () => {
  // A deployment's own host names: the linter rightly flags localhost and example.com servers.
  server = await startServer({ BASE_URL });
  platform = await server.platform();
  document = (await server.request('GET', '/openapi.json')).body;
});
afterAll(() => server?.close());

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** A GET as a client sends it, the body's bytes as they travel (no decoding). */
function rawGet(pathname: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(`${server.url}${pathname}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, bytes: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('serving the document and the reference page', () => {
  it('sends the document compressed as accepted, tagged, and 304 to a client that has it', async () => {
    const brotli = await rawGet('/openapi.json', { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(brotli.bytes).toString())).toEqual(document);
    expect(brotli.bytes.length).toBeLessThan(JSON.stringify(document).length / 5);
    const gzip = await rawGet('/openapi.json', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.bytes).toString())).toEqual(document);
    const plain = await rawGet('/openapi.json', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.bytes.toString())).toEqual(document);
    const etag = String(brotli.headers.etag);
    expect(gzip.headers.etag).toBe(etag);
    const unchanged = await rawGet('/openapi.json', { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(unchanged.status).toBe(304);
    expect(unchanged.bytes.length).toBe(0);
  });

  it('compresses the reference page’s script and preloads the document while the scripts load', async () => {
    const script = await rawGet('/docs/assets/swagger-ui-bundle.js', { 'accept-encoding': 'br' });
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('public, max-age=300');
    expect((await rawGet('/docs/assets/swagger-ui-bundle.js', { 'if-none-match': String(script.headers.etag) })).status).toBe(304);
    const page = await rawGet('/docs', {});
    expect(page.bytes.toString()).toContain('<link rel="preload" href="/openapi.json" as="fetch" crossorigin="anonymous">');
    expect(page.bytes.toString()).toMatch(/<script src="\/docs\/assets\/swagger-ui-bundle\.js" defer><\/script>/);
  });
});

function operations(): { where: string; operation: any }[] {
  return Object.entries(document.paths as Record<string, any>).flatMap(([pathname, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ where: `${method.toUpperCase()} ${pathname}`, operation: item[method] })),
  );
}

const runFile = promisify(execFile);

async function redoclyLint(file: string): Promise<{ totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string; location: { pointer: string }[] }[] }> {
  const cli = path.resolve('node_modules/@redocly/cli/bin/cli.js');
  const { stdout } = await runFile(process.execPath, [cli, 'lint', file, '--config', path.resolve('redocly.yaml'), '--format', 'json'], {
    // No telemetry, no update check: the linter must not reach out (no network in CI beyond the registry).
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    timeout: 90_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout.slice(stdout.indexOf('{')));
}

describe('the OpenAPI document', () => {
  it('passes redocly lint with no error and no warning', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'openapi-lint-'));
    try {
      const file = path.join(directory, 'openapi.json');
      await writeFile(file, JSON.stringify(document, null, 2));
      const report = await redoclyLint(file);
      const problems = report.problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 120_000);

  it('gives every JSON request body an example that its own schema accepts', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, formats: AJV_FORMATS });
    ajv.addSchema({ $id: 'openapi', components: document.components });
    let checked = 0;
    for (const { where, operation } of operations()) {
      for (const [mediaType, media] of Object.entries((operation.requestBody?.content ?? {}) as Record<string, any>)) {
        if (mediaType === 'multipart/form-data') continue; // a file has no example
        const examples = media.example !== undefined ? [media.example] : Object.values(media.examples ?? {}).map((entry: any) => entry.value);
        expect(examples.length, `${where} ${mediaType}`).toBeGreaterThan(0);
        const schema = JSON.parse(JSON.stringify(media.schema).replaceAll('"#/components/', '"openapi#/components/'));
        const validate = ajv.compile(schema);
        for (const example of examples) {
          expect(validate(example) ? [] : validate.errors, `${where} ${mediaType}`).toEqual([]);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it("takes the payment creation example as a real request, and answers with the hosted page's link", async () => {
    const example = document.paths['/payments'].post.requestBody.content['application/json'].example;
    const created = await server.request('POST', '/sandbox/payments', { token: await platform.token(), body: example });
    expect(created.status).toBe(201);
    expect(created.body._links.hosted_page.href).toMatch(/\/pay\/pay_/);
    expect(document.paths['/payments'].post.responses['201'].content['application/json'].schema.properties._links.required).toEqual(['self', 'hosted_page']);
  });

  it('states the named formats by a list or a pattern, and the real bounds', () => {
    const create = document.paths['/payments'].post.requestBody.content['application/json'].schema;
    expect(create.properties.currency.enum).toEqual(expect.arrayContaining(['EUR', 'JPY', 'USD']));
    expect(create.properties.currency.enum).not.toContain('XYZ');
    expect(create.properties.amount_minor).toMatchObject({ minimum: 0, maximum: 99_999_999 });
    expect(create.else.properties.amount_minor.minimum).toBe(1); // a one-off payment charges at least 1
    const tokenize = document.paths['/hpp/payments/{payment_id}/tokenize'].post.requestBody.content['application/json'].schema;
    expect(tokenize.properties.value).toMatchObject({ format: 'card-number', pattern: '^[0-9]{13,19}$' });
    expect(tokenize.properties.token_data.properties.cvv).toMatchObject({ format: 'cvv', pattern: '^[0-9]{3,4}$' });
    const businessType = document.paths['/smo/application/business-type'].post.requestBody.content['application/json'].schema;
    expect(businessType.properties.country_code.enum).toEqual(expect.arrayContaining(['DE', 'ES', 'FR']));
    expect(businessType.properties.country_code.enum).not.toContain('XX');
    // Every named format in the document carries its list or pattern.
    const bare: string[] = [];
    JSON.stringify(document, (_key, value) => {
      if (value && typeof value === 'object' && typeof value.format === 'string' && !['email', 'binary'].includes(value.format) && !value.enum && !value.pattern) bare.push(value.format);
      return value;
    });
    expect(bare).toEqual([]);
  });

  it('states the token request, the optional start body and every answer a route gives', () => {
    const token = document.paths['/oauth/token'].post.requestBody.content['application/json'].schema;
    expect(token.required).toEqual(['grant_type', 'audience']);
    expect(token.properties.grant_type.enum).toEqual(['client_credentials']);
    expect(document.paths['/hpp/payments/{payment_id}/start'].post.requestBody.required).toBe(false);
    expect(document.paths['/payments'].post.requestBody.required).toBe(true);
    expect(Object.keys(document.paths['/simulator/bank'].get.responses)).toEqual(expect.arrayContaining(['200', '404']));
    expect(Object.keys(document.paths['/readyz'].get.responses)).toContain('503');
    expect(Object.keys(document.paths['/payments'].post.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '409', '413', '415', '422', '429', '503']));
    expect(Object.keys(document.paths['/healthz'].get.responses)).not.toContain('503');
  });

  it('lists the sandbox server first and the platform API before operations, the simulator and the pages', () => {
    expect(document.servers[0]).toEqual({ url: `${BASE_URL}/sandbox`, description: 'sandbox' });
    const tags = document.tags.map((tag: { name: string }) => tag.name);
    expect(tags.slice(0, 2)).toEqual(['auth', 'payments']);
    expect(tags.slice(-4)).toEqual(['operations', 'simulator', 'hosted payment page', 'hosted onboarding']);
    // The paths follow the tags' order.
    const tagOrder = operations().map(({ operation }) => tags.indexOf(operation.tags[0]));
    expect(tagOrder).toEqual([...tagOrder].sort((a, b) => a - b));
    expect(Object.keys(document.paths)[0]).toBe('/oauth/token');
  });

  it('describes every event type as a webhook with its payload', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    const succeeded = document.webhooks.payment_succeeded.post;
    const body = succeeded.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['event_id', 'type', 'occurred_at', 'data']);
    expect(body.properties.type).toMatchObject({ const: 'payment_succeeded' });
    expect(body.properties.data.required).toEqual(['id', 'status', 'reference']);
    expect(succeeded.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(document.webhooks.transfer_completed.post.requestBody.content['application/json'].schema.properties.data.properties).toHaveProperty('payout_id');
  });
});
