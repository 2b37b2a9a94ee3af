import { Type, type Static } from 'typebox';
import { StringEnum } from '../core/formats.js';

/**
 * The token request. Members are checked by the service, not by the schema, so that a bad
 * request gets the RFC 6749 error codes (invalid_request, unsupported_grant_type) integrators'
 * OAuth libraries understand. client_id and client_secret may come in HTTP Basic instead.
 */
export const TokenRequest = Type.Object(
  {
    grant_type: Type.Optional(Type.String({ description: 'client_credentials' })),
    client_id: Type.Optional(Type.String()),
    client_secret: Type.Optional(Type.String()),
    audience: Type.Optional(Type.String({ description: 'The live API base URL or the sandbox API base URL' })),
    scope: Type.Optional(Type.String({ description: 'Space-separated scopes narrowing those of the client' })),
  },
  { additionalProperties: true },
);
export type TokenRequest = Static<typeof TokenRequest>;

/**
 * The token request as the OpenAPI document shows it: what a valid request holds. (The route's
 * own schema lets anything through to the service, which answers in RFC 6749's terms.)
 */
export const DocumentedTokenRequest = Type.Object(
  {
    grant_type: StringEnum(['client_credentials'] as const, { description: 'The only grant: client credentials' }),
    client_id: Type.Optional(Type.String({ minLength: 1, description: 'Unless sent in HTTP Basic' })),
    client_secret: Type.Optional(Type.String({ minLength: 1, description: 'Unless sent in HTTP Basic' })),
    audience: Type.String({ format: 'uri', description: 'The sandbox API base URL for a sandbox client, the live one for a live client' }),
    scope: Type.Optional(Type.String({ description: "Space-separated scopes narrowing the client's; all of them when absent" })),
  },
  {
    additionalProperties: false,
    examples: [{ grant_type: 'client_credentials', client_id: 'sandbox_3f2a9c1e5b7d40a1c2e3f4a5', client_secret: 'secret_s4ndb0xS3cretF0rD0cs', audience: 'https://api.payments.test/sandbox' }],
  },
);

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  scope: Type.String(),
});

export const Jwks = Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) });

export const AuthorizationServerMetadata = Type.Object({
  issuer: Type.String(),
  token_endpoint: Type.String(),
  jwks_uri: Type.String(),
  grant_types_supported: Type.Array(Type.String()),
  token_endpoint_auth_methods_supported: Type.Array(Type.String()),
  token_endpoint_auth_signing_alg_values_supported: Type.Array(Type.String()),
  response_types_supported: Type.Array(Type.String()),
  scopes_supported: Type.Array(Type.String()),
});

