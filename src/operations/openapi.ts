import type { FastifyInstance, HTTPMethods } from 'fastify';
import swagger from '@fastify/swagger';
import { Type } from 'typebox';
import type { Config } from '../core/config.js';
import { ALL_SCOPES } from '../core/auth.js';
import { MAX_LISTED_ERRORS, PROBLEMS } from '../core/errors.js';
import { FIELD_ERROR_CODES } from '../core/field-errors.js';
import { finishDocument } from './openapi-document.js';
import { CompressedBody } from './compressed.js';

export const Problem = Type.Object(
  {
    type: Type.String({ format: 'uri' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String({ enum: Object.keys(PROBLEMS) }),
    trace_id: Type.String(),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          pointer: Type.String({ description: 'JSON Pointer to the bad field' }),
          code: Type.String({ enum: Object.keys(FIELD_ERROR_CODES), description: 'What is wrong, stable: word it in your language by this code, not by detail' }),
          detail: Type.String(),
          params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), { description: 'The values the code names, such as limit of too_long' })),
          in: Type.Optional(Type.String({ enum: ['query', 'params', 'headers'], description: 'Where the field is, when not in the body' })),
        }),
      ),
    ),
    errors_total: Type.Optional(Type.Integer({ description: `How many fields are invalid, present when errors lists only the first ${MAX_LISTED_ERRORS}` })),
    error: Type.Optional(Type.String({ description: 'The RFC 6749 error code (token endpoint) or RFC 6750 error (invalid_token, insufficient_scope)' })),
    error_description: Type.Optional(Type.String()),
  },
  { $id: 'Problem', description: 'RFC 9457 problem details' },
);

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

/** Who may call a route, which decides how it is authorized and the problems that follow. */
type Access = 'platform' | 'token endpoint' | 'payment page' | 'page callback' | 'onboarding' | 'metrics' | 'operator' | 'public';

function accessOf(url: string, scope: string | undefined): Access {
  if (scope) return 'platform';
  if (url === '/oauth/token') return 'token endpoint';
  if (url.startsWith('/hpp/payments/')) return 'payment page';
  if (url.startsWith('/hpp/callbacks/')) return 'page callback';
  if (url.startsWith('/smo/application') || url === '/merchants/application') return 'onboarding';
  if (url === '/metrics') return 'metrics';
  if (url.startsWith('/operator/')) return 'operator';
  return 'public';
}

interface RouteFacts {
  access: Access;
  scope?: string;
  hasInput: boolean;
  /** The route reads a body if one is sent: it declares one, or its method carries one (an optional body of none is {}). */
  readsBody: boolean;
  /** The path, the query or the body names an object that may not exist. */
  namesObject: boolean;
  idempotent: boolean;
  /** The route reads the database (or the processor), which may be unreachable: 503 with Retry-After. */
  needsBackend: boolean;
}

/** The problem answers a route can give, from what it declares and who calls it. */
function problemResponses(route: RouteFacts) {
  const responses: Record<string, unknown> = {};
  const add = (status: number, description: string) => (responses[status] = problemResponse(description));
  if (route.hasInput || route.idempotent) add(400, 'Invalid input (an Idempotency-Key too long, too); errors lists every bad field');
  if (route.readsBody) {
    add(413, 'The body is too large (JSON 1 MB, a document 10 MB, an onboarding file 4 MB)');
    add(415, 'The body is not of a content type this route takes (JSON in a charset other than UTF-8, too)');
  }
  switch (route.access) {
    case 'platform':
      add(401, 'Missing, expired, revoked or other-environment access token');
      add(403, `The token lacks the scope ${route.scope}`);
      add(429, 'Rate limited; see Retry-After');
      if (route.namesObject) add(404, 'No such object for this platform in this environment');
      if (route.idempotent) {
        add(409, 'A request with the same Idempotency-Key is in flight, or the state does not allow it');
        add(422, 'Business rule broken, or Idempotency-Key reused with another body');
      }
      break;
    case 'token endpoint':
      add(401, 'Unknown client or wrong secret (invalid_client)');
      add(429, 'Too many token requests from this address; see Retry-After');
      break;
    case 'payment page':
    case 'page callback':
      add(401, 'Missing or wrong payment page token (or 3-D Secure authentication token)');
      add(409, 'The payment is not in a state that allows this step');
      add(410, 'The payment expired: its page is gone and the payment canceled');
      break;
    case 'onboarding':
      add(401, 'Missing, expired or replaced onboarding token');
      add(409, 'A step this one needs is missing, or the application was submitted');
      add(429, 'Rate limited; see Retry-After');
      if (route.namesObject) add(404, 'No such document or representative in this application');
      break;
    case 'metrics':
      add(401, 'Missing or wrong metrics token');
      add(404, 'No METRICS_TOKEN is set: metrics are served on the listener of METRICS_PORT alone');
      break;
    case 'operator':
      add(401, 'Missing or wrong operator token (OPERATOR_TOKEN)');
      add(404, 'No such object, or no OPERATOR_TOKEN is set: the operator API answers nobody');
      if (route.readsBody) add(422, 'The file is not a camt.053.001.08 statement this server reads');
      break;
    case 'public':
      if (route.namesObject) add(404, 'No such object');
  }
  add(500, 'Unexpected failure; quote the trace id');
  if (route.needsBackend) add(503, 'The database or the payment processor is unreachable, or the server is shutting down; retry after Retry-After');
  return responses;
}

/** How each kind of route is authorized, but a platform route (its OAuth scope); [] for none. */
function securityOf(access: Exclude<Access, 'platform'>, url: string): unknown[] {
  // The client credentials go in the body ({}: no other authorization) or in HTTP Basic (RFC 6749 §2.3.1).
  if (access === 'token endpoint') return [{}, { clientBasic: [] }];
  if (access === 'payment page') return [{ paymentPageToken: [] }, { paymentPageTokenQuery: [] }];
  if (access === 'onboarding') return [{ onboardingToken: [] }];
  if (access === 'metrics') return [{ metricsToken: [] }];
  if (access === 'operator') return [{ operatorToken: [] }];
  // The bank sends the buyer back with the page's token; the 3-D Secure server authenticates with the svc_token of its body.
  if (access === 'page callback' && url.includes('account-verification')) return [{ paymentPageTokenQuery: [] }];
  return [];
}

const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({ maxLength: 255, description: 'Makes a retry safe: the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true)' }),
  ),
});

/** A stable operationId from the method and the path: GET /payments/{payment_id} is getPaymentsByPaymentId. */
function operationId(method: string, url: string): string {
  const words = url.split('/').filter(Boolean).map((segment) => (segment.startsWith(':') ? `by_${segment.slice(1)}` : segment));
  const camel = words.flatMap((word) => word.split(/[^a-zA-Z0-9]+/)).filter(Boolean).map((word) => word[0]!.toUpperCase() + word.slice(1));
  return method.toLowerCase() + camel.join('');
}

const SANDBOX_PREFIX = '/sandbox';
/** Routes answered from memory (the process, its keys, the reference files): never a 503. */
const SERVED_FROM_MEMORY = /^\/(healthz|metrics|\.well-known\/|reference\/)/;

/** The host of a route served once for both environments (the authorization server, the files and onboarding hosts, the pages). */
function hostOf(config: Config, url: string): string {
  if (url === '/oauth/token' || url.startsWith('/.well-known/')) return config.authUrl;
  if (url.startsWith('/v2/documents')) return config.filesUrl;
  if (url.startsWith('/smo/') || url === '/onboarding') return config.onboardingUrl;
  return config.baseUrl;
}

/**
 * A route answering something other than JSON (a page, an image, a file, metrics) declares only
 * `produces`; its 200 answer is documented from that, so every route shows what success looks like.
 */
function successFromProduces(declared: Record<string, unknown>, produces: string[] | undefined): Record<string, unknown> {
  if (!produces?.length || Object.keys(declared).some((status) => /^[23]\d\d$/.test(status))) return {};
  const content = Object.fromEntries(produces.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));
  return { 200: { description: `The ${produces.join(' or ')} content`, content } };
}

/** OpenAPI 3.1 generated from the route schemas, served at /openapi.json and rendered at /docs. */
export async function installOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  app.addSchema(Problem);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Payments and merchant onboarding API',
        version: '1.0.0',
        description:
          'Every path is served on the live base URL and, for sandbox, under the sandbox base URL. ' +
          'Documents live on the files host under /v2. Errors are application/problem+json.',
      },
      servers: [
        { url: config.sandboxBaseUrl, description: 'sandbox' },
        { url: config.baseUrl, description: 'live' },
      ],
      components: {
        securitySchemes: {
          oauth2: {
            type: 'oauth2',
            description: 'Client credentials (RFC 6749 §4.4); the token request also names its audience: the sandbox or the live base URL (on /docs, added for you)',
            flows: {
              clientCredentials: {
                tokenUrl: `${config.authUrl}/oauth/token`,
                scopes: Object.fromEntries(ALL_SCOPES.map((scope) => [scope, scope])),
              },
            },
          },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'An access token from POST /oauth/token, pasted as is; its scopes must include the operation\'s',
          },
          paymentPageToken: { type: 'http', scheme: 'bearer', description: "The payment's resource token: the token parameter of its _links.hosted_page" },
          paymentPageTokenQuery: { type: 'apiKey', in: 'query', name: 'token', description: 'The payment page token as the token query parameter' },
          clientBasic: { type: 'http', scheme: 'basic', description: 'client_id and client_secret, each form-urlencoded (RFC 6749 §2.3.1)' },
          onboardingToken: { type: 'http', scheme: 'bearer', description: "The onboarding token: the token parameter of the application's _links.onboarding" },
          operatorToken: {
            type: 'http',
            scheme: 'bearer',
            description: "The server's OPERATOR_TOKEN, for whoever runs it (not a platform token): payout files and bank statements; unset, the operator API answers nobody",
          },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description: "The server's METRICS_TOKEN, for whoever runs it (not a platform token); without one set, metrics are served only on a listener of their own (METRICS_PORT, on 127.0.0.1 by default)",
          },
        },
      },
    },
    transformObject: (documentObject) => finishDocument((documentObject as { openapiObject: Record<string, unknown> }).openapiObject),
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url, route }) => {
      const routeConfig = (route.config ?? {}) as { scope?: string; documentedBody?: unknown; optionalBody?: boolean };
      const method = [route.method].flat()[0];
      // The sandbox mount repeats the live routes; the servers list says where each lives. A route
      // of the sandbox alone (a simulation control) is listed with the sandbox server alone.
      const underSandbox = url.startsWith(`${SANDBOX_PREFIX}/`);
      const sandboxOnly = underSandbox && !app.hasRoute({ method: method as HTTPMethods, url: url.slice(SANDBOX_PREFIX.length) });
      // A route of one mount only, outside the sandbox: served once, for both environments.
      const servedOnce = !underSandbox && !app.hasRoute({ method: method as HTTPMethods, url: `${SANDBOX_PREFIX}${url}` });
      const hide = (underSandbox && !sandboxOnly) || url.startsWith('/docs') || (schema as { hide?: boolean } | undefined)?.hide;
      const hasBody = Boolean(routeConfig.documentedBody || schema?.body);
      const hasInput = hasBody || Boolean(schema && (schema.querystring || schema.params));
      const requiredQuery = (schema?.querystring as { required?: string[] } | undefined)?.required ?? [];
      const access = accessOf(url, routeConfig.scope);
      // Idempotency-Key is honoured on the authenticated POSTs only (not on /oauth/token).
      const idempotent = method === 'POST' && access === 'platform';
      const problems = problemResponses({
        access,
        scope: routeConfig.scope,
        hasInput,
        readsBody: hasBody || ['POST', 'PUT', 'PATCH'].includes(method ?? 'GET'),
        namesObject: Boolean(schema?.params) || (method === 'POST' && hasBody) || requiredQuery.some((name) => name.endsWith('_id') || name === 'country_code' || name === 'token'),
        idempotent,
        needsBackend: !SERVED_FROM_MEMORY.test(url),
      });
      const declared = (schema?.response ?? {}) as Record<string, unknown>;
      const transformed: Record<string, unknown> = {
        ...schema,
        hide,
        operationId: operationId(method ?? 'GET', url),
        security: access === 'platform' ? [{ oauth2: [routeConfig.scope] }, { bearerAuth: [] }] : securityOf(access, url),
        response: { ...problems, ...successFromProduces(declared, (schema as { produces?: string[] } | undefined)?.produces), ...declared },
      };
      if (idempotent && !schema?.headers) transformed.headers = IdempotencyHeaders;
      if (sandboxOnly) transformed.servers = [{ url: config.sandboxBaseUrl, description: 'sandbox only' }];
      else if (servedOnce) transformed.servers = [{ url: hostOf(config, url), description: 'both environments: the token decides' }];
      if (routeConfig.documentedBody) transformed.body = routeConfig.documentedBody;
      if (routeConfig.optionalBody) transformed['x-optional-body'] = true;
      return { schema: transformed as typeof schema, url };
    },
  });
  // The same document for the life of the process: made, compressed and tagged once; a browser revalidates it (304).
  const document = new CompressedBody(() => Buffer.from(JSON.stringify(app.swagger())), 'application/json; charset=utf-8');
  app.get('/openapi.json', { schema: { hide: true } }, async (request, reply) => document.send(request, reply, 'public, no-cache'));
}
