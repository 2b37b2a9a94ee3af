import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';
import type { Environment } from './config.js';

/** Every scope a client can hold (the specification's list plus events:read of the decisions and accounts:read_write, which sets branding). */
export const ALL_SCOPES = [
  'documents:read',
  'documents:read_write',
  'payments:read',
  'payments:read_write',
  'payments:*',
  'accounts:read',
  'accounts:read_write',
  'refunds:initiate',
  'refunds:read',
  'onboarding:initiate',
  'payouts:read',
  'events:read',
] as const;
export type Scope = (typeof ALL_SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (ALL_SCOPES as readonly string[]).includes(value);
}

/** X:read_write includes X:read; payments:* includes both payments scopes. */
export function grants(granted: ReadonlySet<string>, required: Scope): boolean {
  if (granted.has(required)) return true;
  const [area, level] = required.split(':') as [string, string];
  if (granted.has(`${area}:*`)) return true;
  return level === 'read' && granted.has(`${area}:read_write`);
}

/** Who is calling: the platform (tenant), the environment and the client, from a verified token. */
export interface Caller {
  platformId: string;
  environment: Environment;
  clientId: string;
  scopes: ReadonlySet<string>;
}

export interface TokenVerifier {
  /** Resolves the caller of a bearer token, or throws ApiError invalid_token. */
  verify(token: string): Promise<Caller>;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyContextConfig {
    /** The scope a route requires; a route with a scope requires a platform access token. */
    scope?: Scope;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw invalidToken('The Authorization header must be "Bearer <access token>"');
  return match[1];
}

/** No credentials at all: 401 with a bare Bearer challenge, no error code (RFC 6750 §3.1). */
export function missingToken(detail: string): ApiError {
  return new ApiError('unauthenticated', { detail, headers: { 'www-authenticate': 'Bearer' } });
}

export function invalidToken(detail: string): ApiError {
  return new ApiError('invalid_token', {
    detail,
    headers: { 'www-authenticate': `Bearer error="invalid_token", error_description="${detail.replace(/"/g, "'")}"` },
  });
}

/**
 * Requires a platform access token on every route of this scope that declares `config.scope`.
 * With an environment, the token must belong to it (the live and sandbox mounts); without one,
 * the token's own environment applies (hosts shared by both, such as the files host).
 */
export function requirePlatformToken(app: FastifyInstance, verifier: TokenVerifier, environment?: Environment): void {
  if (!app.hasRequestDecorator('caller')) app.decorateRequest('caller', null as unknown as Caller);
  app.addHook('onRequest', async (request) => {
    const scope = request.routeOptions.config.scope;
    if (!scope) return;
    const token = bearerToken(request);
    if (!token) throw missingToken('Send an access token from POST /oauth/token as "Authorization: Bearer <token>"');
    const caller = await verifier.verify(token);
    if (environment && caller.environment !== environment) {
      throw invalidToken(`The token was issued for the ${caller.environment} environment, not ${environment}`);
    }
    if (!grants(caller.scopes, scope)) {
      throw new ApiError('insufficient_scope', {
        detail: `This operation requires the scope ${scope}`,
        headers: { 'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
      });
    }
    request.caller = caller;
  });
}
