import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT, generateKeyPair, createRemoteJWKSet, jwtVerify, decodeProtectedHeader } from 'jose';
import { ALL_SCOPES } from '../../src/core/auth.js';
import { CLIENT_STATUS_TTL_MS } from '../../src/auth/service.js';
import { startServer, apiPath, type TestServer, type TestPlatform } from '../helpers/harness.js';

let server: TestServer;
let platform: TestPlatform;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
});
afterAll(() => server?.close());

const tokenBody = (credentials: { clientId: string; clientSecret: string }, audience: string, extra: Record<string, string> = {}) => ({
  grant_type: 'client_credentials',
  client_id: credentials.clientId,
  client_secret: credentials.clientSecret,
  audience,
  ...extra,
});

describe('what works', () => {
  it('issues a signed ES256 JWT with kid for JSON requests, verifiable with the published JWKS', async () => {
    const response = await server.request('POST', '/oauth/token', { body: tokenBody(platform.sandbox, server.config.sandboxBaseUrl) });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(response.body.scope.split(' ')).toContain('payments:read_write');
    const header = decodeProtectedHeader(response.body.access_token);
    expect(header.alg).toBe('ES256');
    expect(header.kid).toBeTruthy();
    const jwks = createRemoteJWKSet(new URL(`${server.url}/.well-known/jwks.json`));
    const { payload } = await jwtVerify(response.body.access_token, jwks, { issuer: server.config.authUrl, audience: server.config.sandboxBaseUrl });
    expect(payload).toMatchObject({ sub: platform.sandbox.clientId, platform_id: platform.platformId });
    expect(payload.jti).toBeTruthy();
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it('accepts form-encoded bodies and HTTP Basic client authentication', async () => {
    const form = new URLSearchParams({ grant_type: 'client_credentials', audience: server.config.baseUrl });
    const basic = Buffer.from(`${encodeURIComponent(platform.live.clientId)}:${encodeURIComponent(platform.live.clientSecret)}`).toString('base64');
    const response = await server.request('POST', '/oauth/token', {
      raw: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    });
    expect(response.status).toBe(200);
    const posted = await server.request('POST', '/oauth/token', {
      raw: new URLSearchParams(tokenBody(platform.live, server.config.baseUrl)).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(200);
  });

  it('narrows the granted scopes with scope', async () => {
    const response = await server.request('POST', '/oauth/token', { body: tokenBody(platform.sandbox, server.config.sandboxBaseUrl, { scope: 'accounts:read' }) });
    expect(response.status).toBe(200);
    expect(response.body.scope).toBe('accounts:read');
  });

  it('publishes RFC 8414 metadata and the JWKS', async () => {
    const metadata = await server.request('GET', '/.well-known/oauth-authorization-server');
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get('content-type')).toMatch(/^application\/json/);
    // RFC 8414 §2: issuer, token endpoint, JWKS, and what the token endpoint accepts.
    expect(metadata.body).toEqual({
      issuer: server.config.authUrl,
      token_endpoint: `${server.config.authUrl}/oauth/token`,
      jwks_uri: `${server.config.authUrl}/.well-known/jwks.json`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      token_endpoint_auth_signing_alg_values_supported: ['ES256'],
      response_types_supported: [],
      scopes_supported: [...ALL_SCOPES],
    });
    const jwks = await server.request('GET', '/.well-known/jwks.json');
    expect(jwks.body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.body.keys[0].d).toBeUndefined();
  });

  it('checks a token signature once and serves the verified token from a cache until it expires', async () => {
    const issued = await server.request('POST', '/oauth/token', { body: tokenBody(platform.sandbox, server.config.sandboxBaseUrl, { scope: 'accounts:read' }) });
    const token = issued.body.access_token;
    const keyLookups = vi.spyOn(server.app.services.keys, 'publicKey');
    try {
      for (let i = 0; i < 3; i++) expect((await server.request('GET', '/sandbox/accounts', { token })).status).toBe(200);
      expect(keyLookups).toHaveBeenCalledTimes(1);
      // A cached token stays bound to its expiry: one second past it, it is refused.
      server.clock.advance(3600);
      try {
        const expired = await server.request('GET', '/sandbox/accounts', { token });
        expect(expired.status).toBe(401);
        expect(expired.body.code).toBe('invalid_token');
      } finally {
        server.clock.advance(-3600);
      }
    } finally {
      keyLookups.mockRestore();
    }
  });

  it('stores a client secret only as a salted hash', async () => {
    const rows = await server.app.database.db.selectFrom('clients').selectAll().where('id', 'in', [platform.sandbox.clientId, platform.live.clientId]).execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const stored = JSON.stringify(row);
      expect(stored).not.toContain(platform.sandbox.clientSecret);
      expect(stored).not.toContain(platform.live.clientSecret);
    }
    expect(rows[0]!.secret_hash).not.toBe(rows[1]!.secret_hash);
  });

  it('lets a token of an environment call that environment', async () => {
    const sandbox = await server.request('GET', apiPath('sandbox', '/accounts'), { token: await platform.token('sandbox') });
    expect(sandbox.status).toBe(200);
    const live = await server.request('GET', apiPath('live', '/accounts'), { token: await platform.token('live') });
    expect(live.status).toBe(200);
  });
});

describe('what is refused', () => {
  const expectOAuthError = (response: { status: number; body: any; headers: Headers }, status: number, error: string) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body).toMatchObject({ status, error, code: error });
    expect(response.body.error_description).toBeTruthy();
    expect(response.body.trace_id).toBe(response.headers.get('trace-id'));
  };

  it('refuses the tokens of a revoked client, and narrows those of a narrowed one, within the status cache time', async () => {
    try {
      const client = await server.app.services.clients.create({ environment: 'sandbox', platformId: platform.platformId, name: 'to revoke' });
      const issued = await server.request('POST', '/oauth/token', { body: tokenBody(client, server.config.sandboxBaseUrl) });
      const token = issued.body.access_token;
      expect(issued.status, issued.text).toBe(200);
      expect((await server.request('GET', '/sandbox/payments', { token })).status).toBe(200);

      // Another process (the CLI) narrows the client: this one notices once what it read is CLIENT_STATUS_TTL_MS old.
      await server.app.database.db.updateTable('clients').set({ scopes: ['accounts:read'] }).where('id', '=', client.clientId).execute();
      expect((await server.request('GET', '/sandbox/payments', { token })).status).toBe(200);
      server.clock.advance(CLIENT_STATUS_TTL_MS / 1000);
      const narrowed = await server.request('GET', '/sandbox/payments', { token });
      expect(narrowed.status).toBe(403);
      expect(narrowed.body.code).toBe('insufficient_scope');
      expect((await server.request('GET', '/sandbox/accounts', { token })).status).toBe(200);

      // Revoked by this process: at once.
      expect(await server.app.services.clients.revoke(client.clientId)).toBe(true);
      const refused = await server.request('GET', '/sandbox/accounts', { token });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
      expectOAuthError(await server.request('POST', '/oauth/token', { body: tokenBody(client, server.config.sandboxBaseUrl) }), 401, 'invalid_client');
      expect(await server.app.services.clients.revoke(client.clientId)).toBe(false);
    } finally {
      server.clock.advance(-CLIENT_STATUS_TTL_MS / 1000);
    }
  });

  it('refuses HTTP Basic credentials that are not form-urlencoded text with invalid_request 400', async () => {
    const form = new URLSearchParams({ grant_type: 'client_credentials', audience: server.config.baseUrl }).toString();
    for (const credentials of [`${platform.live.clientId}:%E0%A4%A`, 'no-colon']) {
      const response = await server.request('POST', '/oauth/token', {
        raw: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
      });
      expectOAuthError(response, 400, 'invalid_request');
    }
  });

  it('refuses a wrong secret and an unknown client alike with invalid_client 401', async () => {
    const wrong = await server.request('POST', '/oauth/token', { body: tokenBody({ ...platform.sandbox, clientSecret: 'nope' }, server.config.sandboxBaseUrl) });
    expectOAuthError(wrong, 401, 'invalid_client');
    const unknown = await server.request('POST', '/oauth/token', { body: tokenBody({ clientId: 'who', clientSecret: 'nope' }, server.config.sandboxBaseUrl) });
    expectOAuthError(unknown, 401, 'invalid_client');
    expect(unknown.body.detail).toBe(wrong.body.detail);
    // RFC 6749 §5.2: a 401 for client authentication names the scheme to use.
    for (const response of [wrong, unknown]) expect(response.headers.get('www-authenticate')).toBe('Basic realm="oauth"');
  });

  it('refuses another grant type, a missing member, a foreign audience and an unknown scope', async () => {
    expectOAuthError(
      await server.request('POST', '/oauth/token', { body: tokenBody(platform.sandbox, server.config.sandboxBaseUrl, { grant_type: 'password' }) }),
      400,
      'unsupported_grant_type',
    );
    const missing = await server.request('POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: platform.sandbox.clientId, client_secret: platform.sandbox.clientSecret } });
    expectOAuthError(missing, 400, 'invalid_request');
    expect(missing.body.errors).toEqual([{ pointer: '/audience', code: 'required', detail: 'audience is required' }]);
    expectOAuthError(
      await server.request('POST', '/oauth/token', { body: tokenBody(platform.sandbox, 'https://elsewhere.example') }),
      400,
      'invalid_request',
    );
    expectOAuthError(
      await server.request('POST', '/oauth/token', { body: tokenBody(platform.sandbox, server.config.baseUrl) }),
      400,
      'invalid_request',
    );
    expectOAuthError(
      await server.request('POST', '/oauth/token', { body: tokenBody(platform.sandbox, server.config.sandboxBaseUrl, { scope: 'accounts:read admin' }) }),
      400,
      'invalid_scope',
    );
  });

  it('answers 401 without error code when no token is sent', async () => {
    const response = await server.request('GET', '/sandbox/accounts');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(response.body.code).toBe('unauthenticated');
  });

  it('answers 401 invalid_token for a token of the other environment', async () => {
    const response = await server.request('GET', '/accounts', { token: await platform.token('sandbox') });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('invalid_token');
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", error_description="${response.body.detail}"`,
    );
    const reverse = await server.request('GET', '/sandbox/accounts', { token: await platform.token('live') });
    expect(reverse.status).toBe(401);
  });

  it('answers 401 invalid_token for a tampered, a foreign-signed and an expired token', async () => {
    const token = await platform.token('sandbox');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, scope: 'payments:*', platform_id: 'acc_other' })).toString('base64url');
    const tampered = await server.request('GET', '/sandbox/accounts', { token: `${header}.${forged}.${signature}` });
    expect(tampered.status).toBe(401);
    expect(tampered.body.code).toBe('invalid_token');

    const { privateKey } = await generateKeyPair('ES256');
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: JSON.parse(Buffer.from(header!, 'base64url').toString()).kid }).sign(privateKey);
    expect((await server.request('GET', '/sandbox/accounts', { token: foreign })).status).toBe(401);
    expect((await server.request('GET', '/sandbox/accounts', { token: 'not-a-jwt' })).status).toBe(401);

    const fresh = await server.request('POST', '/oauth/token', { body: tokenBody(platform.sandbox, server.config.sandboxBaseUrl, { scope: 'accounts:read' }) });
    expect((await server.request('GET', '/sandbox/accounts', { token: fresh.body.access_token })).status).toBe(200);
    server.clock.advance(3601);
    try {
      const expired = await server.request('GET', '/sandbox/accounts', { token: fresh.body.access_token });
      expect(expired.status).toBe(401);
      expect(expired.body.detail).toMatch(/expired/);
      expect(expired.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="The access token has expired"');
    } finally {
      server.clock.advance(-3601);
    }
  });

  it('answers 403 insufficient_scope with the scope needed for a narrowed token', async () => {
    const narrowed = await platform.token('sandbox', 'payments:read');
    const response = await server.request('GET', '/sandbox/accounts', { token: narrowed });
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="accounts:read"');
    expect(response.body.code).toBe('insufficient_scope');
  });
});

describe('who may not see it', () => {
  it('shows each platform only its own accounts, and another platform’s account is a 404', async () => {
    const other = await server.platform();
    const mine = await server.request('GET', '/sandbox/accounts', { token: await platform.token() });
    expect(mine.body.data.map((account: { id: string }) => account.id)).toEqual([platform.platformId]);
    const foreign = await server.request('GET', `/sandbox/accounts/${other.platformId}`, { token: await platform.token() });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found');
  });
});

describe('bootstrap clients', () => {
  it('creates the SANDBOX_/LIVE_CLIENT_ID clients at start, with every scope, on one platform', async () => {
    const bootstrapped = await startServer({
      SANDBOX_CLIENT_ID: 'sandbox_bootstrap',
      SANDBOX_CLIENT_SECRET: 'sandbox-secret-1234567890',
      LIVE_CLIENT_ID: 'live_bootstrap',
      LIVE_CLIENT_SECRET: 'live-secret-1234567890',
    });
    try {
      const issue = (clientId: string, clientSecret: string, audience: string) =>
        bootstrapped.request('POST', '/oauth/token', { body: tokenBody({ clientId, clientSecret }, audience) });
      const sandbox = await issue('sandbox_bootstrap', 'sandbox-secret-1234567890', bootstrapped.config.sandboxBaseUrl);
      const live = await issue('live_bootstrap', 'live-secret-1234567890', bootstrapped.config.baseUrl);
      expect(sandbox.status).toBe(200);
      expect(live.status).toBe(200);
      expect(sandbox.body.scope.split(' ')).toEqual(expect.arrayContaining(['payments:read_write', 'refunds:initiate', 'onboarding:initiate', 'events:read']));
      const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
      expect(claims(sandbox.body.access_token).platform_id).toBe(claims(live.body.access_token).platform_id);
      expect((await issue('sandbox_bootstrap', 'wrong', bootstrapped.config.sandboxBaseUrl)).status).toBe(401);
    } finally {
      await bootstrapped.close();
    }
  });
});
