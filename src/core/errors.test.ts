import { Writable } from 'node:stream';
import Fastify, { type FastifyError } from 'fastify';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ApiError, MAX_LISTED_ERRORS, PROBLEMS, fieldErrors, installErrorHandling, invalidFields, toApiError, type ProblemCode } from './errors.js';
import { ServerRefusedError } from './database-errors.js';

const INTERNALS = 'connect ECONNREFUSED 10.0.0.7:5432 password=hunter2 at /srv/app/src/payments/repository.ts:42';

/** A bare Fastify app with the project's error handling, logging into `lines`. */
async function appWithFailingRoute(lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  installErrorHandling(app);
  app.get('/boom', async () => {
    throw new Error(INTERNALS);
  });
  app.get('/database-gone', async () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' });
  });
  app.get('/typed', async () => {
    throw Object.assign(new TypeError("Cannot read properties of undefined (reading 'amount_minor')"), { statusCode: 502 });
  });
  await app.ready();
  return app;
}

describe('what works', () => {
  it('passes an ApiError through unchanged', () => {
    const error = new ApiError('conflict', { detail: 'The payment is already captured' });
    expect(toApiError(error)).toBe(error);
    expect(error.status).toBe(409);
  });

  it('maps every problem code to a 4xx or 5xx status and a title', () => {
    for (const [code, problem] of Object.entries(PROBLEMS)) {
      expect(problem.status, code).toBeGreaterThanOrEqual(400);
      expect(problem.status, code).toBeLessThan(600);
      expect(problem.title.length, code).toBeGreaterThan(0);
      expect(new ApiError(code as ProblemCode).message).toBe(problem.title);
    }
  });

  it('turns Ajv errors into one JSON Pointer per bad field, every bad field listed', () => {
    const ajv = new Ajv({ allErrors: true });
    const validate = ajv.compile({
      type: 'object',
      required: ['amount_minor', 'a/b~c'],
      additionalProperties: false,
      properties: { amount_minor: { type: 'integer' }, 'a/b~c': { type: 'string' }, urls: { type: 'object', properties: { webhook: { type: 'string', minLength: 5 } } } },
    });
    expect(validate({ extra: 1, urls: { webhook: 'x' } })).toBe(false);
    expect(fieldErrors(validate.errors!)).toEqual([
      { pointer: '/amount_minor', code: 'required', detail: 'is required' },
      { pointer: '/a~1b~0c', code: 'required', detail: 'is required' },
      { pointer: '/extra', code: 'not_allowed', detail: 'is not an allowed field' },
      { pointer: '/urls/webhook', code: 'too_short', detail: 'must be at least 5 characters', params: { limit: 5 } },
    ]);
  });

  it('maps a Fastify validation error to validation_error with the field errors', () => {
    const ajv = new Ajv({ allErrors: true });
    const validate = ajv.compile({ type: 'object', properties: { first: { type: 'integer', minimum: 1 } } });
    validate({ first: 0 });
    const error = Object.assign(new Error('querystring/first must be >= 1'), { validation: validate.errors, validationContext: 'querystring', statusCode: 400 });
    const mapped = toApiError(error);
    expect(mapped.code).toBe('validation_error');
    expect(mapped.options.errors).toEqual([{ pointer: '/first', code: 'too_small', detail: 'must be at least 1', params: { limit: 1 }, in: 'query' }]);
  });

  it('maps the framework errors of body parsing to their problems', () => {
    const fastifyError = (code: string, statusCode: number) => Object.assign(new Error(code), { code, statusCode }) as FastifyError;
    expect(toApiError(fastifyError('FST_ERR_CTP_INVALID_MEDIA_TYPE', 415)).code).toBe('unsupported_media_type');
    expect(toApiError(fastifyError('FST_ERR_CTP_BODY_TOO_LARGE', 413)).code).toBe('payload_too_large');
    expect(toApiError(fastifyError('FST_ERR_CTP_INVALID_JSON_BODY', 400)).code).toBe('malformed_request');
    expect(toApiError(new SyntaxError('Unexpected token } in JSON')).code).toBe('malformed_request');
    expect(toApiError(fastifyError('SOME_PLUGIN_NOT_FOUND', 404)).code).toBe('not_found');
  });
});

/** A pg server error as pg raises it: the message and the SQLSTATE. */
const serverError = (code: string, message = 'server error') => Object.assign(new Error(message), { code });
const socketError = (code: string, syscall = 'connect') => Object.assign(new Error(`${syscall} ${code} 10.0.0.7:5432`), { code, syscall });

describe('many invalid fields', () => {
  const errors = (count: number) => Array.from({ length: count }, (_, index) => ({ pointer: `/f${index}`, code: 'not_allowed' as const, detail: 'is not an allowed field' }));

  it(`lists every field up to ${MAX_LISTED_ERRORS}, without errors_total`, () => {
    const error = invalidFields(errors(MAX_LISTED_ERRORS));
    expect(error.options.errors).toHaveLength(MAX_LISTED_ERRORS);
    expect(error.options.extra).toBeUndefined();
    expect(error.message).toMatch(/^50 invalid fields in the body: \/f0, .*, \/f49$/);
  });

  it(`lists the first ${MAX_LISTED_ERRORS} of more, errors_total and the detail counting them all`, () => {
    const error = invalidFields(errors(50_004), 'query parameters');
    expect(error.options.errors).toEqual(errors(50));
    expect(error.options.extra).toEqual({ errors_total: 50_004 });
    expect(error.message).toMatch(/^50004 invalid fields in the query parameters: \/f0, .*, \/f49 and 49954 more$/);
  });
});

describe('a database that cannot serve', () => {
  it.each([
    ['the server shutting down (57P01)', serverError('57P01', 'terminating connection due to administrator command')],
    ['the server crashing (57P02)', serverError('57P02')],
    ['the server starting up (57P03)', serverError('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', serverError('08006')],
    ['a connection refused by the server (08001)', serverError('08001')],
    ['a write on a standby after a failover (25006)', serverError('25006', 'cannot execute INSERT in a read-only transaction')],
    ['too many connections (53300)', serverError('53300')],
    ['a refused TCP connection', socketError('ECONNREFUSED')],
    ['a reset connection', socketError('ECONNRESET', 'read')],
    ['a missing Unix socket', socketError('ENOENT')],
    ['a connection that broke', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') })],
    ['a pool with no connection free in time', new Error('timeout exceeded when trying to connect')],
    ['a query on a connection that already broke', new Error('Client has encountered a connection error and is not queryable')],
    ['a host name with several addresses, none answering', Object.assign(new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]), { code: 'ECONNREFUSED' })],
    ['every server of DATABASE_URL refusing', new ServerRefusedError('cannot use the database server db2:5432: it is read-only (target_session_attrs=read-write)')],
  ])('maps %s to 503 service_unavailable with Retry-After', (_what, error) => {
    const mapped = toApiError(error);
    expect(mapped.code).toBe('service_unavailable');
    expect(mapped.status).toBe(503);
    expect(mapped.options.headers).toEqual({ 'retry-after': '2' });
    expect(mapped.message).not.toMatch(/10\.0\.0\.7|db2|administrator|ECONN/);
  });

  it.each([
    ['a unique violation', serverError('23505')],
    ['bad input data', serverError('22P02')],
    ['a missing file', Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT', syscall: 'open' })],
    ['an error that only mentions a refused connection', new Error(INTERNALS)],
  ])('leaves %s a 500', (_what, error) => {
    expect(toApiError(error).code).toBe('internal_error');
  });

  it("maps the client's abandoned request (Node's ECONNRESET \"aborted\") to a 400, not to an outage", () => {
    const mapped = toApiError(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    expect(mapped.code).toBe('malformed_request');
    expect(mapped.message).toBe('The client closed the connection before its request arrived in full');
  });

  it('answers 503 problem+json with Retry-After, and logs one warning line without a stack trace', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appWithFailingRoute(lines);
    try {
      const response = await app.inject({ method: 'GET', url: '/database-gone' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json()).toMatchObject({ status: 503, code: 'service_unavailable', trace_id: response.headers['trace-id'] });
      expect(response.body).not.toContain('administrator');
      const logged = lines.filter((line) => (line.level as number) >= 40);
      expect(logged).toEqual([expect.objectContaining({ level: 40, code: 'service_unavailable', reason: 'terminating connection due to administrator command' })]);
      expect(JSON.stringify(logged)).not.toContain('stack');
    } finally {
      await app.close();
    }
  });
});

describe('who may not see it', () => {
  it('maps an unexpected error to internal_error without its message', () => {
    const mapped = toApiError(new Error(INTERNALS));
    expect(mapped.code).toBe('internal_error');
    expect(mapped.status).toBe(500);
    expect(mapped.message).not.toContain('hunter2');
    expect(JSON.stringify(mapped.options)).not.toContain('hunter2');
  });

  it('does not let a 5xx status on a thrown error through as a detail', () => {
    const mapped = toApiError(Object.assign(new Error(INTERNALS), { statusCode: 503 }));
    expect(mapped.code).toBe('internal_error');
    expect(mapped.message).not.toContain('ECONNREFUSED');
  });

  it('answers a failing handler with a bare 500 problem and logs the error under the trace id', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appWithFailingRoute(lines);
    try {
      for (const url of ['/boom', '/typed']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(500);
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
        const body = response.json();
        expect(body).toMatchObject({ status: 500, code: 'internal_error', trace_id: response.headers['trace-id'] });
        expect(Object.keys(body).sort()).toEqual(['code', 'detail', 'status', 'title', 'trace_id', 'type']);
        for (const leak of ['hunter2', 'ECONNREFUSED', 'repository.ts', 'amount_minor', 'TypeError', 'stack']) {
          expect(response.body).not.toContain(leak);
        }
      }
      const logged = lines.find((line) => line.level === 50 && line.msg === 'request failed');
      expect(logged).toBeDefined();
      expect(JSON.stringify(logged)).toContain('hunter2');
    } finally {
      await app.close();
    }
  });
});
