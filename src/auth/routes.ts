import type { FastifyInstance, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import { formBodyOptions } from '../core/body-shape.js';
import type { Config } from '../core/config.js';
import { ALL_SCOPES } from '../core/auth.js';
import { AuthorizationServerMetadata, Jwks, DocumentedTokenRequest, TokenRequest, TokenResponse } from './schemas.js';
import { oauthError, type KeyStore, type TokenService } from './service.js';

interface Deps {
  config: Config;
  tokens: TokenService;
  keys: KeyStore;
}

function basicCredentials(request: FastifyRequest): { id: string; secret: string } | undefined {
  const header = request.headers.authorization;
  if (!header?.toLowerCase().startsWith('basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw oauthError('invalid_request', 'HTTP Basic credentials must be client_id:client_secret');
  // RFC 6749 §2.3.1: both parts are form-urlencoded before base64.
  const formDecoded = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      throw oauthError('invalid_request', 'HTTP Basic credentials are not valid form-urlencoded text');
    }
  };
  return { id: formDecoded(decoded.slice(0, colon)), secret: formDecoded(decoded.slice(colon + 1)) };
}

function requireString(body: TokenRequest, name: keyof TokenRequest): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '') throw oauthError('invalid_request', `${name} is required`, { pointer: `/${name}`, code: 'required' });
  return value;
}

export async function authRoutes(app: FastifyInstance, { config, tokens, keys }: Deps): Promise<void> {
  await app.register(formbody, formBodyOptions(config.bodyShape));

  app.post(
    '/oauth/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Issue an access token (OAuth 2.0 client credentials)',
        description: 'JSON or application/x-www-form-urlencoded; client credentials in the body or in HTTP Basic.',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        body: TokenRequest,
        response: { 200: TokenResponse },
      },
      config: { documentedBody: DocumentedTokenRequest },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as TokenRequest;
      const grantType = requireString(body, 'grant_type');
      if (grantType !== 'client_credentials') {
        throw oauthError('unsupported_grant_type', `grant_type ${grantType} is not supported; use client_credentials`, { pointer: '/grant_type', code: 'not_one_of' });
      }
      const basic = basicCredentials(request);
      if (basic && (body.client_id || body.client_secret)) {
        throw oauthError('invalid_request', 'Send the client credentials either in HTTP Basic or in the body, not both');
      }
      const clientId = basic?.id ?? requireString(body, 'client_id');
      const clientSecret = basic?.secret ?? requireString(body, 'client_secret');
      const audience = requireString(body, 'audience');
      const token = await tokens.issue({ clientId, clientSecret, audience, scope: body.scope });
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return token;
    },
  );

  app.get('/.well-known/jwks.json', { schema: { tags: ['auth'], summary: 'Public keys that sign access tokens', response: { 200: Jwks } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return keys.jwks();
  });

  app.get(
    '/.well-known/oauth-authorization-server',
    { schema: { tags: ['auth'], summary: 'Authorization server metadata (RFC 8414)', response: { 200: AuthorizationServerMetadata } } },
    async () => ({
      issuer: config.authUrl,
      token_endpoint: `${config.authUrl}/oauth/token`,
      jwks_uri: `${config.authUrl}/.well-known/jwks.json`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      token_endpoint_auth_signing_alg_values_supported: ['ES256'],
      response_types_supported: [],
      scopes_supported: [...ALL_SCOPES],
    }),
  );
}
