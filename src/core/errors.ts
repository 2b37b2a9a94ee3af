import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { ErrorObject } from 'ajv';
import { FORMAT_ERRORS } from './formats.js';
import type { FieldErrorCode } from './field-errors.js';
import { isDatabaseUnavailable } from './database-errors.js';
import { newTraceId } from './ids.js';

/** The closed list of problems the API answers with: code → status and title. */
export const PROBLEMS = {
  validation_error: { status: 400, title: 'The request is not valid' },
  malformed_request: { status: 400, title: 'The request could not be read' },
  invalid_cursor: { status: 400, title: 'The cursor is not valid for this list' },
  invalid_request: { status: 400, title: 'The token request is not valid' },
  invalid_scope: { status: 400, title: 'The requested scope is not allowed' },
  unsupported_grant_type: { status: 400, title: 'The grant type is not supported' },
  invalid_client: { status: 401, title: 'Client authentication failed' },
  unauthenticated: { status: 401, title: 'An access token is required' },
  invalid_token: { status: 401, title: 'The access token is not valid' },
  insufficient_scope: { status: 403, title: 'The access token lacks the required scope' },
  not_found: { status: 404, title: 'The resource does not exist' },
  route_not_found: { status: 404, title: 'No such route' },
  method_not_allowed: { status: 405, title: 'The method is not allowed on this route' },
  request_timeout: { status: 408, title: 'The request did not arrive in time' },
  conflict: { status: 409, title: 'The resource is not in a state that allows this' },
  idempotency_in_flight: { status: 409, title: 'A request with this Idempotency-Key is still being processed' },
  gone: { status: 410, title: 'The resource has expired' },
  payload_too_large: { status: 413, title: 'The request body is too large' },
  unsupported_media_type: { status: 415, title: 'The media type is not supported' },
  business_rule: { status: 422, title: 'The request breaks a business rule' },
  idempotency_key_reused: { status: 422, title: 'The Idempotency-Key was used with another request' },
  rate_limited: { status: 429, title: 'Too many requests' },
  headers_too_large: { status: 431, title: 'The request headers are too large' },
  internal_error: { status: 500, title: 'Something went wrong on our side' },
  service_unavailable: { status: 503, title: 'The service is temporarily unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemCode = keyof typeof PROBLEMS;

export interface FieldError {
  pointer: string;
  /** What is wrong, for clients to word in their language (core/field-errors). */
  code: FieldErrorCode;
  detail: string;
  /** The values the code names (FIELD_ERROR_CODES), such as a length's limit. */
  params?: Record<string, string | number>;
  /** Where the field is when it is not in the body. */
  in?: 'query' | 'params' | 'headers';
}

export interface ApiErrorOptions {
  detail?: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
  /** Extra members of the problem body (RFC 6749 error and error_description, for instance). */
  extra?: Record<string, unknown>;
  /** What caused it, for the log line only. */
  cause?: unknown;
}

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ProblemCode,
    readonly options: ApiErrorOptions = {},
  ) {
    super(options.detail ?? PROBLEMS[code].title, { cause: options.cause });
    this.name = 'ApiError';
    this.status = PROBLEMS[code].status;
  }
}

/** The most bad fields a 400 lists: a body of 50,000 unknown members is not answered with 50,000 entries. */
export const MAX_LISTED_ERRORS = 50;

/**
 * A 400 naming every bad field, or the first MAX_LISTED_ERRORS of them with `errors_total`
 * saying how many there are; `where` is the part of the request they are in.
 */
export function invalidFields(errors: FieldError[], where = 'body'): ApiError {
  const count = errors.length === 1 ? '1 invalid field' : `${errors.length} invalid fields`;
  const listed = errors.slice(0, MAX_LISTED_ERRORS);
  const more = errors.length > listed.length ? ` and ${errors.length - listed.length} more` : '';
  return new ApiError('validation_error', {
    detail: `${count} in the ${where}: ${listed.map((e) => e.pointer).join(', ')}${more}`,
    errors: listed,
    ...(more ? { extra: { errors_total: errors.length } } : {}),
  });
}

export function notFound(what: string): ApiError {
  return new ApiError('not_found', { detail: `${what} does not exist` });
}

/** A restart or a failover of the database server takes seconds: a client retries after this many. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

/** The database cannot serve now (down, restarting, failing over): a 503 the client retries. */
export function databaseUnavailable(cause: unknown): ApiError {
  return new ApiError('service_unavailable', {
    detail: 'The database is not reachable right now; retry shortly',
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    cause,
  });
}

export const PROBLEM_TYPE_BASE = 'https://payments.dev/problems/';

export function problemBody(error: ApiError, traceId: string) {
  const { code } = error;
  return {
    type: `${PROBLEM_TYPE_BASE}${code}`,
    title: PROBLEMS[code].title,
    status: error.status,
    detail: error.message,
    code,
    trace_id: traceId,
    ...(error.options.errors ? { errors: error.options.errors } : {}),
    ...error.options.extra,
  };
}

export function sendProblem(reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.options.headers ?? {})) reply.header(name, value);
  // Set here too: errors Fastify raises before any hook runs (a bad URL) never pass the trace-id hook.
  reply.header('trace-id', reply.request.id);
  return reply
    .code(error.status)
    .type('application/problem+json')
    .send(problemBody(error, reply.request.id));
}

function escapePointer(segment: string): string {
  return POINTER_SPECIAL.test(segment) ? segment.replace(/~/g, '~0').replace(/\//g, '~1') : segment;
}
const POINTER_SPECIAL = /[~/]/;

/** What is wrong with a field, before it is placed at a pointer. */
export type FieldProblem = Pick<FieldError, 'code' | 'detail' | 'params'>;

const limited = (code: FieldErrorCode, limit: unknown, detail: string): FieldProblem => ({ code, detail, params: { limit: Number(limit) } });

/** An Ajv error as a code, a detail and params; errors of the server's own (text, rule) carry them in their params. */
function describe(error: ErrorObject): FieldProblem {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { code: 'required', detail: 'is required' };
    case 'additionalProperties':
      return { code: 'not_allowed', detail: 'is not an allowed field' };
    case 'format':
      return FORMAT_ERRORS[String(params.format)] ?? { code: 'invalid', detail: `must match format ${String(params.format)}` };
    case 'type':
      return { code: 'wrong_type', detail: `must be ${String(params.type)}` };
    case 'enum':
      return { code: 'not_one_of', detail: `must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}` };
    case 'const':
      return { code: 'not_one_of', detail: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'minLength':
      return limited('too_short', params.limit, `must be at least ${String(params.limit)} characters`);
    case 'maxLength':
      return limited('too_long', params.limit, `must be at most ${String(params.limit)} characters`);
    case 'minimum':
      return limited('too_small', params.limit, `must be at least ${String(params.limit)}`);
    case 'maximum':
      return limited('too_large', params.limit, `must be at most ${String(params.limit)}`);
    case 'minItems':
      return limited('too_few_items', params.limit, `must have at least ${String(params.limit)} items`);
    case 'maxItems':
      return limited('too_many_items', params.limit, `must have at most ${String(params.limit)} items`);
    case 'uniqueItems':
      return { code: 'duplicate_items', detail: error.message ?? 'must not have duplicate items' };
    case 'pattern':
      return { code: 'pattern_mismatch', detail: `must match ${String(params.pattern)}` };
    case 'text':
    case 'rule':
      return { code: params.code as FieldErrorCode, detail: error.message ?? 'is not valid', ...(params.values ? { params: params.values as FieldError['params'] } : {}) };
    default:
      return { code: 'invalid', detail: error.message ?? 'is not valid' };
  }
}

// In a u-flag pattern a surrogate pair is one code point, so only an unpaired surrogate matches.
const LONE_SURROGATE = /\p{Surrogate}/u;

/** What a PostgreSQL text value cannot hold: the NUL character, and an unpaired UTF-16 surrogate (not Unicode text). */
export function textProblem(value: string): string | undefined {
  if (value.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(value)) return 'must be well-formed Unicode text (it has an unpaired surrogate)';
  return undefined;
}

/**
 * Every string of a request part (body, query or path parameters) that no text column can store,
 * as Ajv errors at its JSON Pointer, so that it is answered 400 with the schema's own errors.
 */
export function textErrors(data: unknown, instancePath = '', found: ErrorObject[] = []): ErrorObject[] {
  if (typeof data === 'string') {
    const message = textProblem(data);
    if (message) found.push({ keyword: 'text', instancePath, schemaPath: '#', params: { code: 'invalid_text' satisfies FieldErrorCode }, message });
  } else if (data !== null && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) {
      // Only text can be wrong here: numbers and booleans are not given a pointer they would not use.
      if (typeof value === 'string' || (value !== null && typeof value === 'object')) textErrors(value, `${instancePath}/${escapePointer(key)}`, found);
    }
  }
  return found;
}

/** Turns Ajv's errors into one entry per bad field, with a JSON Pointer to the field. */
export function fieldErrors(errors: ErrorObject[], prefix = ''): FieldError[] {
  const seen = new Map<string, FieldError>();
  for (const error of errors) {
    // Union branches report the same field several times; anyOf/oneOf's own summary adds nothing.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const params = error.params as Record<string, unknown>;
    let pointer = prefix + error.instancePath;
    if (error.keyword === 'required') pointer += `/${escapePointer(String(params.missingProperty))}`;
    if (error.keyword === 'additionalProperties') pointer += `/${escapePointer(String(params.additionalProperty))}`;
    if (!seen.has(pointer)) seen.set(pointer, { pointer: pointer || '/', ...describe(error) });
  }
  return [...seen.values()];
}

const FASTIFY_CODES: Record<string, ProblemCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'malformed_request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_request',
  FST_INVALID_JSON_BODY: 'malformed_request',
  FST_ERR_CTP_EMPTY_TYPE: 'unsupported_media_type',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
  FST_PARTS_LIMIT: 'payload_too_large',
  FST_FILES_LIMIT: 'validation_error',
  FST_FIELDS_LIMIT: 'payload_too_large',
  FST_PROTO_VIOLATION: 'malformed_request',
  FST_ERR_VALIDATION: 'validation_error',
};

const VALIDATION_LOCATION: Record<string, string> = { body: '', querystring: '', params: '', headers: '' };

/** The client closed its connection before its request arrived in full: Node fails the request's stream with ECONNRESET "aborted". */
function isClientAbort(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'ECONNRESET' && message === 'aborted';
}

/** Maps anything thrown into one ApiError: the single place errors become HTTP answers. */
export function toApiError(error: FastifyError | Error): ApiError {
  if (error instanceof ApiError) return error;
  const fastifyError = error as FastifyError & { validationContext?: string };
  if (fastifyError.validation) {
    const context = fastifyError.validationContext ?? 'body';
    const errors = fieldErrors(fastifyError.validation as ErrorObject[], VALIDATION_LOCATION[context] ?? '');
    const where = context === 'body' ? 'body' : context === 'querystring' ? 'query parameters' : context === 'params' ? 'path parameters' : context;
    return invalidFields(
      errors.map((entry) => (context === 'body' ? entry : { ...entry, in: context === 'querystring' ? 'query' : context })),
      where,
    );
  }
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return new ApiError(mapped, { detail: fastifyError.message });
  if (error instanceof SyntaxError) return new ApiError('malformed_request', { detail: 'The body is not valid JSON' });
  // Before the database's errors: its ECONNRESET is the client's here, not an outage.
  if (isClientAbort(error)) return new ApiError('malformed_request', { detail: 'The client closed the connection before its request arrived in full' });
  if (isDatabaseUnavailable(error)) return databaseUnavailable(error);
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const generic = (Object.keys(PROBLEMS) as ProblemCode[]).find((code) => PROBLEMS[code].status === status);
    if (generic) return new ApiError(generic, { detail: fastifyError.message });
  }
  return new ApiError('internal_error', { detail: 'The request failed unexpectedly; quote the trace id when reporting it' });
}

/**
 * Fastify's `frameworkErrors` option: errors raised while routing, before any hook runs (a URL
 * with bad percent-encoding, an over-long path parameter), answered like every other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const apiError =
    error.code === 'FST_ERR_BAD_URL'
      ? new ApiError('malformed_request', { detail: 'The URL path has a percent-encoded sequence that cannot be decoded' })
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new ApiError('not_found', { detail: 'No object has an identifier this long' })
        : toApiError(error);
  request.log.info({ code: apiError.code, status: apiError.status }, apiError.message);
  void sendProblem(reply, apiError);
}

/** One line on why a 503 was answered: expected while the database is away, so no stack trace. */
function reasonOf(error: ApiError): string {
  const { cause } = error;
  return cause instanceof Error ? cause.message : error.message;
}

/** The log line of an error answered: a warning for a 503 (the database away: no stack trace), an error with its stack for another 5xx, info for a 4xx. */
export function logProblem(log: FastifyBaseLogger, apiError: ApiError, error: unknown): void {
  if (apiError.status === 503) log.warn({ code: apiError.code, status: 503, reason: reasonOf(apiError) }, apiError.message);
  else if (apiError.status >= 500) log.error({ err: error }, 'request failed');
  else log.info({ code: apiError.code, status: apiError.status }, apiError.message);
}

/** What Node refuses before any route runs, by its error code; anything else is a malformed request line or header. */
function connectionProblem(code: string | undefined): ApiError {
  if (code === 'HPE_HEADER_OVERFLOW') return new ApiError('headers_too_large', { detail: 'The request line and headers are larger than the server reads' });
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return new ApiError('request_timeout', { detail: 'The request line, headers or body did not arrive in time' });
  return new ApiError('malformed_request', { detail: 'The request line or a header is not valid HTTP' });
}

/**
 * Fastify's `clientErrorHandler`: a request Node refuses before Fastify sees it (a malformed
 * request line or header, headers over the size limit, a request not complete in time) is
 * answered as a problem too, written on the socket, which is then closed.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const apiError = connectionProblem(error.code);
  const traceId = newTraceId();
  this.log.info({ trace_id: traceId, code: apiError.code, status: apiError.status, reason: error.code }, apiError.message);
  // As Node's own answer: not in the middle of an answer already begun on this connection (pipelining).
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const body = JSON.stringify(problemBody(apiError, traceId));
    const head = [`HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}`, 'content-type: application/problem+json', `content-length: ${Buffer.byteLength(body)}`, `trace-id: ${traceId}`, 'connection: close'];
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy();
}

const METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Installs the one error handler and the 404/405 handler on the root instance. Call it before
 * any route is registered: a shadow router learns every route so that a known path with an
 * unknown method is told apart (405) from an unknown path (404).
 */
export function installErrorHandling(app: FastifyInstance): void {
  const shadow = FindMyWay({ ignoreTrailingSlash: true });
  const noop = () => undefined;
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (METHODS.includes(method as HTTPMethod) && !shadow.hasRoute(method as HTTPMethod, route.url)) {
        shadow.on(method as HTTPMethod, route.url, noop);
      }
    }
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error);
    logProblem(request.log, apiError, error);
    return sendProblem(reply, apiError);
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((method) => method !== request.method && shadow.find(method, url) !== null);
    if (allowed.length > 0) {
      const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
      return sendProblem(
        reply,
        new ApiError('method_not_allowed', {
          detail: `${request.method} is not allowed on ${url}; allowed: ${allow.join(', ')}`,
          headers: { allow: allow.join(', ') },
        }),
      );
    }
    return sendProblem(reply, new ApiError('route_not_found', { detail: `${request.method} ${url} is not a route of this API` }));
  });
}
