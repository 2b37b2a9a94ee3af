import type { FastifyInstance, HTTPMethods } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Type } from 'typebox';
import type { Config } from '../core/config.js';
import { ALL_SCOPES } from '../core/auth.js';
import { PROBLEMS } from '../core/errors.js';

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
          detail: Type.String(),
          in: Type.Optional(Type.String({ enum: ['query', 'params', 'headers'], description: 'Where the field is, when not in the body' })),
        }),
      ),
    ),
  },
  { $id: 'Problem', description: 'RFC 9457 problem details' },
);

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

/** The problem answers a route can give, from what it declares. */
function problemResponses(route: { scope?: string; hasInput: boolean; hasParams: boolean; idempotent: boolean }) {
  const responses: Record<string, unknown> = {};
  if (route.hasInput) responses['400'] = problemResponse('Invalid input; errors lists every bad field');
  if (route.scope) {
    responses['401'] = problemResponse('Missing, expired or other-environment access token');
    responses['403'] = problemResponse(`The token lacks the scope ${route.scope}`);
    responses['429'] = problemResponse('Rate limited; see Retry-After');
  }
  if (route.hasParams) responses['404'] = problemResponse('No such object for this platform in this environment');
  if (route.idempotent) {
    responses['409'] = problemResponse('A request with the same Idempotency-Key is in flight, or the state does not allow it');
    responses['422'] = problemResponse('Business rule broken, or Idempotency-Key reused with another body');
  }
  responses['500'] = problemResponse('Unexpected failure; quote the trace id');
  return responses;
}

const SANDBOX_PREFIX = '/sandbox';

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
        { url: config.baseUrl, description: 'live' },
        { url: config.sandboxBaseUrl, description: 'sandbox' },
      ],
      components: {
        securitySchemes: {
          oauth2: {
            type: 'oauth2',
            flows: {
              clientCredentials: {
                tokenUrl: `${config.authUrl}/oauth/token`,
                scopes: Object.fromEntries(ALL_SCOPES.map((scope) => [scope, scope])),
              },
            },
          },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url, route }) => {
      const routeConfig = (route.config ?? {}) as { scope?: string; documentedBody?: unknown };
      const method = [route.method].flat()[0];
      // The sandbox mount repeats the live routes; the servers list says where each lives. A route
      // of the sandbox alone (a simulation control) is listed with the sandbox server alone.
      const sandboxOnly = url.startsWith(`${SANDBOX_PREFIX}/`) && !app.hasRoute({ method: method as HTTPMethods, url: url.slice(SANDBOX_PREFIX.length) });
      const hide = (url.startsWith(`${SANDBOX_PREFIX}/`) && !sandboxOnly) || url.startsWith('/docs') || (schema as { hide?: boolean } | undefined)?.hide;
      const hasInput = Boolean(routeConfig.documentedBody || (schema && (schema.body || schema.querystring || schema.params)));
      // Idempotency-Key is honoured on the authenticated POSTs only (not on /oauth/token).
      const problems = problemResponses({
        scope: routeConfig.scope,
        hasInput,
        hasParams: Boolean(schema?.params),
        idempotent: method === 'POST' && Boolean(routeConfig.scope),
      });
      const declared = (schema?.response ?? {}) as Record<string, unknown>;
      const transformed: Record<string, unknown> = {
        ...schema,
        hide,
        response: { ...problems, ...successFromProduces(declared, (schema as { produces?: string[] } | undefined)?.produces), ...declared },
      };
      if (routeConfig.scope) transformed.security = [{ oauth2: [routeConfig.scope] }];
      if (sandboxOnly) transformed.servers = [{ url: config.sandboxBaseUrl, description: 'sandbox only' }];
      if (routeConfig.documentedBody) transformed.body = routeConfig.documentedBody;
      return { schema: transformed as typeof schema, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
