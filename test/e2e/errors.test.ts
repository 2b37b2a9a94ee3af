import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type Response, type TestPlatform, type TestServer } from '../helpers/harness.js';

let server: TestServer;
let platform: TestPlatform;
let token: string;

/** Every line the server logs, parsed. */
const logLines: Record<string, unknown>[] = [];
let logText = '';
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logText += chunk.toString();
    for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    callback();
  },
});

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'info' }, { logger: { stream: logStream } });
  platform = await server.platform();
  token = await platform.token('sandbox');
});
afterAll(() => server?.close());

const MB = 1024 * 1024;

/** A problem+json answer with every member of section 6 and the trace id of the response header. */
function expectProblem(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const traceId = response.headers.get('trace-id');
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  expect(response.body).toMatchObject({
    type: `https://payments.dev/problems/${code}`,
    title: expect.any(String),
    status,
    detail: expect.any(String),
    code,
    trace_id: traceId,
  });
  expect(response.body.title.length).toBeGreaterThan(0);
  expect(response.body.detail.length).toBeGreaterThan(0);
}

const postToken = (raw: string, contentType: string) =>
  server.request('POST', '/oauth/token', { raw, headers: { 'content-type': contentType } });

/** A JSON object serialised to exactly `bytes` bytes. */
function jsonOfSize(bytes: number): string {
  const skeleton = JSON.stringify({ pad: '' });
  return JSON.stringify({ pad: 'x'.repeat(bytes - skeleton.length) });
}

describe('what works', () => {
  it('puts a distinct trace-id header on every response, success and error alike', async () => {
    const responses = await Promise.all([
      server.request('GET', '/healthz'),
      server.request('GET', '/sandbox/accounts', { token }),
      server.request('GET', '/.well-known/jwks.json'),
      server.request('GET', '/no/such/route'),
      server.request('GET', '/sandbox/accounts'),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 404, 401]);
    const ids = responses.map((response) => response.headers.get('trace-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('ignores a trace-id sent by the client: the server picks its own', async () => {
    const response = await server.request('GET', '/healthz', { headers: { 'trace-id': 'chosen-by-client', 'request-id': 'also-chosen' } });
    expect(response.headers.get('trace-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('logs each request with the trace_id of its trace-id header', async () => {
    const response = await server.request('GET', '/sandbox/accounts?first=abc', { token });
    const traceId = response.headers.get('trace-id');
    await vi.waitFor(() => {
      const lines = logLines.filter((line) => line.trace_id === traceId);
      expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
      expect(lines.find((line) => line.code === 'validation_error')).toMatchObject({ status: 400 });
      expect(lines.find((line) => line.msg === 'request completed')).toMatchObject({ res: { statusCode: 400 } });
    }, { timeout: 5_000 });
  });

  it('accepts the page sizes at both bounds, 1 and 100', async () => {
    for (const first of [1, 100]) {
      const response = await server.request('GET', `/sandbox/accounts?first=${first}`, { token });
      expect(response.status).toBe(200);
    }
  });

  it('reads an empty JSON body as {} on operations whose body is optional', async () => {
    const empty = { raw: '', headers: { 'content-type': 'application/json' }, token };
    expect((await server.request('POST', '/sandbox/webhook-secret/rotate', empty)).status).toBe(200);
    expect((await server.request('POST', '/sandbox/simulations/payouts/run', empty)).status).toBe(200);
    // Past the body: an unknown event is 404, not a 400 for the empty body.
    expectProblem(await server.request('POST', '/sandbox/events/evt_01J00000000000000000000000/redeliver', empty), 404, 'not_found');
  });

  it.each(['application/json; charset=utf-8', 'application/json; charset=UTF-8', 'application/json;charset="utf-8"'])('reads a JSON body sent as %s', async (contentType) => {
    const rotated = await server.request('POST', '/sandbox/webhook-secret/rotate', { raw: '{}', headers: { 'content-type': contentType }, token });
    expect(rotated.status).toBe(200);
  });

  it('reads a JSON body of exactly 1 MB', async () => {
    const response = await postToken(jsonOfSize(MB), 'application/json');
    // Read and judged on its members (grant_type is missing), not refused for its size.
    expectProblem(response, 400, 'invalid_request');
  });
});

describe('what is refused', () => {
  it('answers an unknown route with 404 route_not_found', async () => {
    expectProblem(await server.request('GET', '/no/such/route'), 404, 'route_not_found');
    expectProblem(await server.request('POST', '/sandbox/nothing-here', { body: {} }), 404, 'route_not_found');
  });

  it('answers a known path with a wrong method with 405 and an Allow header', async () => {
    const deleteToken = await server.request('DELETE', '/oauth/token');
    expectProblem(deleteToken, 405, 'method_not_allowed');
    expect(deleteToken.headers.get('allow')).toBe('POST');

    const putAccounts = await server.request('PUT', '/sandbox/accounts', { token, body: {} });
    expectProblem(putAccounts, 405, 'method_not_allowed');
    expect(putAccounts.headers.get('allow')).toBe('GET, HEAD');

    const postAccount = await server.request('POST', `/accounts/${platform.platformId}`, { body: {} });
    expectProblem(postAccount, 405, 'method_not_allowed');
    expect(postAccount.headers.get('allow')).toBe('GET, HEAD');
  });

  it('refuses malformed JSON with 400 malformed_request', async () => {
    expectProblem(await postToken('{"grant_type": ', 'application/json'), 400, 'malformed_request');
    expectProblem(await postToken(' ', 'application/json'), 400, 'malformed_request');
  });

  it('refuses an empty JSON body where a body is required with 400 naming the missing fields', async () => {
    const response = await server.request('POST', '/sandbox/payments', { raw: '', headers: { 'content-type': 'application/json' }, token });
    expectProblem(response, 400, 'validation_error');
    expect(response.body.errors.map((error: { pointer: string }) => error.pointer)).toEqual(expect.arrayContaining(['/amount_minor', '/currency', '/reference']));
  });

  it.each(['application/json; charset=latin1', 'application/json; charset=ISO-8859-1', 'application/json; charset="utf-16"', 'application/json; charset='])(
    'refuses a JSON body sent as %s with 415',
    async (contentType) => {
      const raw = JSON.stringify({ grant_type: 'client_credentials', client_id: platform.sandbox.clientId, client_secret: platform.sandbox.clientSecret });
      expectProblem(await postToken(raw, contentType), 415, 'unsupported_media_type');
      expectProblem(await server.request('POST', '/sandbox/webhook-secret/rotate', { raw: '{}', headers: { 'content-type': contentType }, token }), 415, 'unsupported_media_type');
    },
  );

  it('refuses bodies of a media type the route does not read with 415', async () => {
    expectProblem(await postToken('grant_type=client_credentials', 'text/plain'), 415, 'unsupported_media_type');
    expectProblem(await postToken('<grant_type/>', 'application/xml'), 415, 'unsupported_media_type');
    // A string body without a content-type: fetch labels it text/plain.
    expectProblem(await server.request('POST', '/oauth/token', { raw: '{}' }), 415, 'unsupported_media_type');
  });

  it('refuses a JSON body one byte over 1 MB with 413', async () => {
    expectProblem(await postToken(jsonOfSize(MB + 1), 'application/json'), 413, 'payload_too_large');
  });

  it.each([
    ['0', 'must be at least 1'],
    ['101', 'must be at most 100'],
    ['-1', 'must be at least 1'],
    ['abc', 'must be integer'],
    ['1.5', 'must be integer'],
  ])('refuses first=%s with 400 pointing at /first', async (first) => {
    const response = await server.request('GET', `/sandbox/accounts?first=${first}`, { token });
    expectProblem(response, 400, 'validation_error');
    expect(response.body.errors).toHaveLength(1);
    expect(response.body.errors[0]).toMatchObject({ pointer: '/first', detail: expect.any(String) });
  });

  it('refuses an unknown query parameter, listing every bad parameter', async () => {
    const response = await server.request('GET', '/sandbox/accounts?limit=10', { token });
    expectProblem(response, 400, 'validation_error');
    expect(response.body.errors).toEqual([expect.objectContaining({ pointer: '/limit' })]);

    const two = await server.request('GET', '/sandbox/accounts?limit=10&first=0', { token });
    expectProblem(two, 400, 'validation_error');
    expect(two.body.errors.map((error: { pointer: string }) => error.pointer).sort()).toEqual(['/first', '/limit']);
  });

  it('answers a URL with broken percent-encoding (400) and an over-long identifier (404) as problems', async () => {
    expectProblem(await server.request('GET', '/sandbox/accounts/%zz', { token }), 400, 'malformed_request');
    expectProblem(await server.request('GET', `/sandbox/accounts/acc_${'x'.repeat(200)}`, { token }), 404, 'not_found');
  });

  it('refuses text no database column can hold (NUL, an unpaired surrogate) in a body, a query or a path, naming each field', async () => {
    const payment = {
      amount_minor: 100,
      currency: 'EUR',
      reference: 'a\u0000b',
      description: 'half an emoji \ud83d',
      customer: { first_name: 'Ada', address: { line1: '\udc00 Main Street' } },
      integration: { type: 'hosted' },
      urls: { redirect: 'https://shop.example/return' },
    };
    // JSON.stringify writes an unpaired surrogate as a \u escape: the body is valid JSON, not valid text.
    const body = await server.request('POST', '/sandbox/payments', { token, raw: JSON.stringify(payment), headers: { 'content-type': 'application/json' } });
    expectProblem(body, 400, 'validation_error');
    expect(body.body.errors).toEqual([
      { pointer: '/reference', code: 'invalid_text', detail: 'must not contain the NUL character (U+0000)' },
      { pointer: '/description', code: 'invalid_text', detail: 'must be well-formed Unicode text (it has an unpaired surrogate)' },
      { pointer: '/customer/address/line1', code: 'invalid_text', detail: 'must be well-formed Unicode text (it has an unpaired surrogate)' },
    ]);
    const query = await server.request('GET', '/sandbox/payments?reference=%00', { token });
    expectProblem(query, 400, 'validation_error');
    expect(query.body.errors).toEqual([{ pointer: '/reference', in: 'query', code: 'invalid_text', detail: 'must not contain the NUL character (U+0000)' }]);
    for (const path of ['/sandbox/payments/pay_%00', '/sandbox/events/%00', '/sandbox/applications/%00', '/sandbox/accounts/%00']) {
      const response = await server.request('GET', path, { token });
      expectProblem(response, 400, 'validation_error');
      expect(response.body.errors).toEqual([expect.objectContaining({ in: 'params', detail: 'must not contain the NUL character (U+0000)' })]);
    }
    // A surrogate pair (an emoji) is text like any other.
    const emoji = await server.request('POST', '/sandbox/payments', { token, body: { ...payment, reference: 'order 😀', description: undefined, customer: undefined } });
    expect(emoji.status).toBe(201);
    expect(emoji.body.reference).toBe('order 😀');
  });
});

describe('bounded cost of bad input', () => {
  /** A JSON object of `count` members no schema knows. */
  const unknownMembers = (count: number) => JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, 1])));
  const postJson = (path: string, raw: string, options: { token?: string } = {}) =>
    server.request('POST', path, { raw, headers: { 'content-type': 'application/json' }, ...options });
  /** Nested arrays, `levels` deep. */
  const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

  it('refuses eight 500 KB bodies of 50,000 unknown members at once on each route, with a short 400 naming BODY_MAX_MEMBERS, while /healthz answers', async () => {
    const body = unknownMembers(50_000);
    expect(body.length).toBeGreaterThan(500_000);
    const sent = [...Array(8)].flatMap(() => [postJson('/hpp/callbacks/3ds', body), postJson('/sandbox/payments', body, { token })]);
    const [answers, health] = await Promise.all([Promise.all(sent), server.request('GET', '/healthz')]);
    expect(health.status).toBe(200);
    for (const answer of answers) {
      expectProblem(answer, 400, 'malformed_request');
      expect(answer.body.detail).toBe('The JSON body holds more than 1000 members and array elements (BODY_MAX_MEMBERS)');
      expect(answer.text.length).toBeLessThan(1_000);
    }
  });

  it('reads 1000 members (the bound) and lists the first 50 invalid fields with errors_total counting them all', async () => {
    const callback = await postJson('/hpp/callbacks/3ds', unknownMembers(1000));
    expectProblem(callback, 400, 'validation_error');
    // 1000 unknown members and the 4 required ones missing.
    expect(callback.body.errors).toHaveLength(50);
    expect(callback.body.errors_total).toBe(1004);
    expect(callback.body.detail).toMatch(/^1004 invalid fields in the body: (\/\w+, ){49}\/\w+ and 954 more$/);
    expect(callback.text.length).toBeLessThan(10_000);
    expectProblem(await postJson('/hpp/callbacks/3ds', unknownMembers(1001)), 400, 'malformed_request');

    // The same list in the query, and none of errors_total while every error is listed.
    const query = await server.request('GET', `/sandbox/accounts?${Array.from({ length: 60 }, (_, index) => `p${index}=1`).join('&')}`, { token });
    expectProblem(query, 400, 'validation_error');
    expect(query.body.errors).toHaveLength(50);
    expect(query.body.errors[0]).toEqual({ pointer: '/p0', in: 'query', code: 'not_allowed', detail: 'is not an allowed field' });
    expect(query.body.errors_total).toBe(60);
    const few = await server.request('GET', '/sandbox/accounts?p=1', { token });
    expect(few.body.errors).toHaveLength(1);
    expect(few.body).not.toHaveProperty('errors_total');
  });

  it('refuses nesting deeper than 16 levels, however deep, as a 400 naming BODY_MAX_DEPTH, not a stack overflow', async () => {
    expectProblem(await postJson('/hpp/callbacks/3ds', nested(16)), 400, 'validation_error');
    for (const body of [nested(17), nested(100_000), '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)]) {
      const answer = await postJson('/hpp/callbacks/3ds', body);
      expectProblem(answer, 400, 'malformed_request');
      expect(answer.body.detail).toBe('The JSON body nests objects and arrays more than 16 levels deep (BODY_MAX_DEPTH)');
    }
  });

  it('refuses a form of more than 1000 fields with a 400 naming BODY_MAX_MEMBERS', async () => {
    const form = (count: number) => Array.from({ length: count }, (_, index) => `f${index}=1`).join('&');
    const read = await postToken(`grant_type=client_credentials&${form(999)}`, 'application/x-www-form-urlencoded');
    expectProblem(read, 400, 'invalid_request');
    const refused = await postToken(`grant_type=client_credentials&${form(1000)}`, 'application/x-www-form-urlencoded');
    expectProblem(refused, 400, 'malformed_request');
    expect(refused.body.detail).toBe('The form holds more than 1000 fields (BODY_MAX_MEMBERS)');
  });
});

describe('text', () => {
  const payment = { amount_minor: 100, currency: 'EUR', integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } };

  it('refuses bytes that are not UTF-8 in a JSON body with 400, instead of storing U+FFFD', async () => {
    const body = (reference: Buffer) => Buffer.concat([Buffer.from(`${JSON.stringify(payment).slice(0, -1)},"reference":"`), reference, Buffer.from('"}')]);
    const refused = await server.request('POST', '/sandbox/payments', { token, raw: body(Buffer.from([0x63, 0x61, 0x66, 0xc3, 0x28])), headers: { 'content-type': 'application/json' } });
    expectProblem(refused, 400, 'malformed_request');
    expect(refused.body.detail).toBe('The body is not valid UTF-8');
    const created = await server.request('POST', '/sandbox/payments', { token, raw: body(Buffer.from('café')), headers: { 'content-type': 'application/json' } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.reference).toBe('café');
  });

  it.each([
    ['a bell (C0 control)', '\u0007'],
    ['a line feed', '\n'],
    ['a C1 control', '\u0085'],
    ['a right-to-left override', '\u202E'],
    ['a first-strong isolate', '\u2068'],
    ['a zero-width space', '\u200B'],
    ['a zero-width joiner', '\u200D'],
    ['a word joiner', '\u2060'],
    ['a byte order mark', '\uFEFF'],
  ])('refuses %s in every field a page or a bank statement shows, naming each', async (_name, character) => {
    const text = `ab${character}cd`;
    const body = {
      ...payment,
      reference: text,
      description: text,
      remittance_info: text,
      customer: { first_name: text, address: { line1: text } },
      routing: { merchants: [{ type: 'seller', id: `acc_${'0'.repeat(26)}`, amount_minor: 100, processing_fee_contribution: 0, reference: text }] },
    };
    const answer = await server.request('POST', '/sandbox/payments', { token, body });
    expectProblem(answer, 400, 'validation_error');
    expect(answer.body.errors.map((error: { pointer: string }) => error.pointer).sort()).toEqual(
      ['/customer/address/line1', '/customer/first_name', '/description', '/reference', '/remittance_info', '/routing/merchants/0/reference'].sort(),
    );
    const refund = await server.request('POST', '/sandbox/refunds', { token, body: { payment_id: `pay_${'0'.repeat(26)}`, description: 'Refund', reference: text } });
    expectProblem(refund, 400, 'validation_error');
    expect(refund.body.errors).toEqual([{ pointer: '/reference', code: 'invalid_plain_line', detail: 'must be one line of text without control, line-break, bidirectional or zero-width characters' }]);
  });

  it('accepts letters of any script, accents and emoji in those fields', async () => {
    const text = 'Zoë – Ünal 😀 عربي';
    const created = await server.request('POST', '/sandbox/payments', { token, body: { ...payment, reference: text, description: text, customer: { first_name: 'Zoë' } } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.reference).toBe(text);
  });
});

describe('who may not see it', () => {
  it('never writes the Authorization header, client secrets or ?token= values to the log', async () => {
    const resourceToken = 'hpp-resource-token-9f3c2a';
    const basic = Buffer.from(`${platform.sandbox.clientId}:${platform.sandbox.clientSecret}`).toString('base64');
    const responses = [
      await server.request('GET', `/sandbox/accounts?token=${resourceToken}`, { token }),
      await server.request('GET', `/pay/pay_01J00000000000000000000000?first=1&token=${resourceToken}`, { token }),
      await server.request('GET', `/sandbox/accounts?after=x&token=${resourceToken}&first=1`, { token }),
      await server.request('POST', '/oauth/token', {
        raw: new URLSearchParams({ grant_type: 'client_credentials', audience: server.config.sandboxBaseUrl }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      }),
      await server.request('POST', '/oauth/token', {
        body: { grant_type: 'client_credentials', client_id: platform.sandbox.clientId, client_secret: platform.sandbox.clientSecret, audience: 'nope' },
      }),
    ];
    expect(responses.map((response) => response.status)).toEqual([400, 404, 400, 200, 400]);
    const last = responses.at(-1)!.headers.get('trace-id');
    await vi.waitFor(() => expect(logLines.some((line) => line.trace_id === last && line.msg === 'request completed')).toBe(true), { timeout: 5_000 });

    for (const response of responses) {
      const traceId = response.headers.get('trace-id');
      expect(logLines.filter((line) => line.trace_id === traceId).length).toBeGreaterThan(0);
      expect(response.text).not.toContain(resourceToken);
    }
    expect(logText).toContain('token=[redacted]');
    for (const secret of [token, token.split('.')[2]!, basic, platform.sandbox.clientSecret, resourceToken]) {
      expect(logText).not.toContain(secret);
    }
  });

  it('does not echo the bad value of a field back in the problem', async () => {
    const response = await server.request('GET', '/sandbox/accounts?first=4111111111111111', { token });
    expectProblem(response, 400, 'validation_error');
    expect(response.text).not.toContain('4111111111111111');
  });
});
