import { Type, type Static } from 'typebox';

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

