import { randomBytes } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, importJWK, jwtVerify, decodeProtectedHeader, errors as joseErrors, type CryptoKey, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock.js';
import type { Config, Environment } from '../core/config.js';
import { audienceOf, environmentOfAudience } from '../core/config.js';
import type { Tables } from '../core/db.js';
import { ApiError, type FieldError } from '../core/errors.js';
import { newId, randomSecret } from '../core/ids.js';
import { ALL_SCOPES, invalidToken, isScope, type Caller, type Scope, type TokenVerifier } from '../core/auth.js';
import { hashSecret as hashWith, verifySecret, type ScryptSettings } from '../core/scrypt.js';
import * as repo from './repository.js';

const ALG = 'ES256';
const PLATFORM_CLAIM = 'platform_id';
/** Marks a token the server minted for itself (TokenService.mint): its subject is no client. */
const MINTED_CLAIM = 'minted';

// ---- client secrets ----

/**
 * Client secrets are 256 random bits, not passwords a person chose: no guessing gets near them, so
 * the slow hash only adds depth and keeps its earlier cost (N=2^14). Dashboard passwords use
 * OWASP's (src/dashboard/passwords.ts).
 */
const CLIENT_SECRET_SETTINGS: ScryptSettings = { N: 2 ** 14, r: 8, p: 1 };

function hashSecret(secret: string): Promise<string> {
  return hashWith(secret, CLIENT_SECRET_SETTINGS);
}

// ---- platforms and clients ----

/** How long a process trusts what it last read of a client (revoked, scopes) before reading it again. */
export const CLIENT_STATUS_TTL_MS = 5_000;

export interface NewClient {
  platformId: string;
  clientId: string;
  clientSecret: string;
  environment: Environment;
  scopes: string[];
}

export interface CreateClientInput {
  environment: Environment;
  scopes?: string[];
  /** An existing platform; when absent a new platform is created with platformName. */
  platformId?: string;
  platformName?: string;
  clientId?: string;
  clientSecret?: string;
  name?: string;
}

export class ClientService {
  /** Each client's scopes as last read (null once revoked), and when (the server's clock, not a sandbox environment's). */
  private readonly status = new Map<string, { scopes: ReadonlySet<string> | null; readAt: number }>();

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly clock: Clock,
  ) {}

  async create(input: CreateClientInput): Promise<NewClient> {
    const scopes = input.scopes ?? [...ALL_SCOPES];
    const unknown = scopes.filter((scope) => !isScope(scope));
    if (unknown.length > 0) throw new Error(`unknown scopes: ${unknown.join(', ')}`);
    const clientId = input.clientId ?? `${input.environment}_${randomBytes(12).toString('hex')}`;
    const clientSecret = input.clientSecret ?? `secret_${randomSecret()}`;
    const secretHash = await hashSecret(clientSecret);
    const now = this.clock.now();
    const platformId = await this.db.transaction().execute(async (trx) => {
      let id = input.platformId;
      if (id) {
        if (!(await repo.findPlatform(trx, id))) throw new Error(`platform ${id} does not exist`);
      } else {
        id = newId('acc');
        await repo.insertPlatform(trx, { id, name: input.platformName ?? 'My platform', created_at: now });
      }
      await repo.insertClient(trx, {
        id: clientId,
        platform_id: id,
        environment: input.environment,
        secret_hash: secretHash,
        scopes,
        name: input.name ?? '',
        created_at: now,
        revoked_at: null,
      });
      return id;
    });
    return { platformId, clientId, clientSecret, environment: input.environment, scopes };
  }

  /**
   * Makes sure the client of SANDBOX_/LIVE_CLIENT_ID exists with this secret and every scope.
   * Both bootstrap clients belong to one platform, the first one created.
   */
  async ensureBootstrapClients(clients: Config['bootstrapClients']): Promise<void> {
    let platformId: string | undefined;
    for (const client of clients) {
      const existing = await repo.findClient(this.db, client.clientId);
      if (existing) {
        platformId ??= existing.platform_id;
        if (!(await verifySecret(client.clientSecret, existing.secret_hash))) {
          const secretHash = await hashSecret(client.clientSecret);
          await this.db.updateTable('clients').set({ secret_hash: secretHash, scopes: [...ALL_SCOPES] }).where('id', '=', client.clientId).execute();
        }
        continue;
      }
      const created = await this.create({
        environment: client.environment,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        platformId,
        platformName: 'Bootstrap platform',
        name: 'bootstrap',
      });
      platformId = created.platformId;
    }
  }

  /** Revokes the client: no new token, and its tokens refused by every process within CLIENT_STATUS_TTL_MS. */
  async revoke(clientId: string): Promise<boolean> {
    this.status.delete(clientId);
    return repo.revokeClient(this.db, clientId, this.clock.now());
  }

  /** The scopes the client has now, null if it was revoked or does not exist. */
  async currentScopes(clientId: string): Promise<ReadonlySet<string> | null> {
    const now = this.clock.now().getTime();
    const known = this.status.get(clientId);
    if (known && now - known.readAt < CLIENT_STATUS_TTL_MS) return known.scopes;
    const client = await repo.findClient(this.db, clientId);
    const scopes = client && !client.revoked_at ? new Set(client.scopes) : null;
    this.status.set(clientId, { scopes, readAt: now });
    return scopes;
  }

  /** Authenticates a client by id and secret; every failure is the same invalid_client. */
  async authenticate(clientId: string, clientSecret: string): Promise<repo.ClientRow> {
    const client = await repo.findClient(this.db, clientId);
    const valid = client && !client.revoked_at && (await verifySecret(clientSecret, client.secret_hash));
    if (!client || !valid) {
      throw new ApiError('invalid_client', {
        detail: 'Unknown client or wrong secret',
        headers: { 'www-authenticate': 'Basic realm="oauth"' },
        extra: { error: 'invalid_client', error_description: 'Unknown client or wrong secret' },
      });
    }
    return client;
  }
}

// ---- signing keys and tokens ----

interface LoadedKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

/** The asymmetric signing keys, kept in the database so every process signs and verifies alike. */
export class KeyStore {
  private keys = new Map<string, LoadedKey>();
  private current: LoadedKey | undefined;
  private lastReload = 0;

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly clock: Clock,
  ) {}

  /** Loads the keys, creating the first one at first start. */
  async init(): Promise<void> {
    await this.reload();
    if (this.current) return;
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomSecret(12);
    await repo.insertSigningKey(this.db, {
      kid,
      alg: ALG,
      private_jwk: { ...(await exportJWK(privateKey)) },
      public_jwk: { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' },
      created_at: this.clock.now(),
    });
    await this.reload();
  }

  private async reload(): Promise<void> {
    const rows = await repo.listSigningKeys(this.db);
    const keys = new Map<string, LoadedKey>();
    for (const row of rows) {
      keys.set(row.kid, {
        kid: row.kid,
        privateKey: (await importJWK(row.private_jwk as JWK, row.alg)) as CryptoKey,
        publicKey: (await importJWK(row.public_jwk as JWK, row.alg)) as CryptoKey,
        publicJwk: row.public_jwk as JWK,
      });
    }
    this.keys = keys;
    this.current = rows[0] ? keys.get(rows[0].kid) : undefined;
    this.lastReload = Date.now();
  }

  signingKey(): LoadedKey {
    if (!this.current) throw new Error('KeyStore.init() was not called');
    return this.current;
  }

  /** A key by id; an unknown id re-reads the table (at most once a second) for keys made by other processes. */
  async publicKey(kid: string): Promise<CryptoKey | undefined> {
    if (!this.keys.has(kid) && Date.now() - this.lastReload > 1000) await this.reload();
    return this.keys.get(kid)?.publicKey;
  }

  jwks(): { keys: JWK[] } {
    return { keys: [...this.keys.values()].map((key) => key.publicJwk) };
  }
}

export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

const TOKEN_CACHE_LIMIT = 10_000;

export class TokenService implements TokenVerifier {
  /** Verified tokens until they expire, so a request does not pay a signature check each time. */
  private readonly verified = new Map<string, { caller: Caller; expiresAt: number; minted: boolean }>();

  constructor(
    private readonly config: Config,
    private readonly keys: KeyStore,
    private readonly clients: ClientService,
    private readonly clock: Clock,
  ) {}

  async issue(input: { clientId: string; clientSecret: string; audience: string; scope?: string }): Promise<IssuedToken> {
    const client = await this.clients.authenticate(input.clientId, input.clientSecret);
    const environment = environmentOfAudience(this.config, input.audience);
    if (!environment) {
      throw oauthError('invalid_request', `audience must be ${this.config.baseUrl} (live) or ${this.config.sandboxBaseUrl} (sandbox)`, { pointer: '/audience', code: 'not_one_of' });
    }
    if (environment !== client.environment) {
      throw oauthError('invalid_request', `This client belongs to the ${client.environment} environment; use audience ${audienceOf(this.config, client.environment)}`, { pointer: '/audience', code: 'not_one_of' });
    }
    const scopes = this.grantedScopes(client.scopes, input.scope);
    const ttl = this.config.accessTokenTtlSeconds;
    const accessToken = await this.sign({ platformId: client.platform_id, environment, subject: client.id, scopes, ttlSeconds: ttl });
    return { access_token: accessToken, token_type: 'Bearer', expires_in: ttl, scope: scopes.join(' ') };
  }

  /**
   * A short-lived token the server mints for itself, to call its own API as a platform in an
   * environment (the dashboard's sandbox scenarios): no client and no secret behind it, so its
   * subject (e.g. `dashboard:usr_…`) is not looked up among the clients; it lapses after ttlSeconds.
   */
  mint(input: { platformId: string; environment: Environment; subject: string; scopes: readonly Scope[]; ttlSeconds: number }): Promise<string> {
    return this.sign({ ...input, scopes: [...input.scopes], minted: true });
  }

  private async sign(input: { platformId: string; environment: Environment; subject: string; scopes: string[]; ttlSeconds: number; minted?: boolean }): Promise<string> {
    const key = this.keys.signingKey();
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ scope: input.scopes.join(' '), [PLATFORM_CLAIM]: input.platformId, ...(input.minted ? { [MINTED_CLAIM]: true } : {}) })
      .setProtectedHeader({ alg: ALG, kid: key.kid, typ: 'at+jwt' })
      .setIssuer(this.config.authUrl)
      .setSubject(input.subject)
      .setAudience(audienceOf(this.config, input.environment))
      .setIssuedAt(now)
      .setExpirationTime(now + input.ttlSeconds)
      .setJti(randomSecret(16))
      .sign(key.privateKey);
  }

  private grantedScopes(clientScopes: string[], requested: string | undefined): string[] {
    if (requested === undefined || requested.trim() === '') return clientScopes;
    const wanted = [...new Set(requested.trim().split(/\s+/))];
    const refused = wanted.filter((scope) => !clientScopes.includes(scope));
    if (refused.length > 0) {
      throw oauthError('invalid_scope', `This client may not request: ${refused.join(' ')}`, { pointer: '/scope', code: 'scope_not_allowed' });
    }
    return wanted;
  }

  async verify(token: string): Promise<Caller> {
    const nowMs = this.clock.now().getTime();
    const cached = this.verified.get(token);
    if (cached && cached.expiresAt > nowMs) return cached.minted ? cached.caller : this.asTheClientIsNow(cached.caller);
    if (cached) this.verified.delete(token);

    const { caller, minted } = await this.verifySignature(token, nowMs);
    if (this.verified.size >= TOKEN_CACHE_LIMIT) this.evictExpired(nowMs);
    return minted ? caller : this.asTheClientIsNow(caller);
  }

  /** A token says what its client could do when it was issued: a revoked client's tokens are refused, a narrowed one's narrowed. */
  private async asTheClientIsNow(caller: Caller): Promise<Caller> {
    const scopes = await this.clients.currentScopes(caller.clientId);
    if (!scopes) throw invalidToken('The client of this access token was revoked');
    const granted = [...caller.scopes];
    if (granted.every((scope) => scopes.has(scope))) return caller;
    return { ...caller, scopes: new Set(granted.filter((scope) => scopes.has(scope))) };
  }

  private async verifySignature(token: string, nowMs: number): Promise<{ caller: Caller; minted: boolean }> {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      throw invalidToken('The access token is not a JWT');
    }
    const key = kid ? await this.keys.publicKey(kid) : undefined;
    if (!key) throw invalidToken('The access token was not signed by this server');
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: this.config.authUrl,
        algorithms: [ALG],
        currentDate: new Date(nowMs),
        requiredClaims: ['exp', 'sub', 'aud', PLATFORM_CLAIM],
      });
      const audience = [payload.aud].flat()[0] ?? '';
      const environment = environmentOfAudience(this.config, audience);
      if (!environment) throw invalidToken('The access token is for another audience');
      const caller: Caller = {
        platformId: String(payload[PLATFORM_CLAIM]),
        environment,
        clientId: String(payload.sub),
        scopes: new Set(String(payload.scope ?? '').split(' ').filter(Boolean)),
      };
      const minted = payload[MINTED_CLAIM] === true;
      this.verified.set(token, { caller, expiresAt: (payload.exp ?? 0) * 1000, minted });
      return { caller, minted };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw invalidToken('The access token has expired');
      throw invalidToken('The access token is not valid');
    }
  }

  private evictExpired(nowMs: number): void {
    for (const [token, entry] of this.verified) {
      if (entry.expiresAt <= nowMs || this.verified.size >= TOKEN_CACHE_LIMIT) this.verified.delete(token);
    }
  }
}

export type OAuthErrorCode = 'invalid_request' | 'invalid_scope' | 'unsupported_grant_type';

/** An RFC 6749 §5.2 error inside a problem body. */
export function oauthError(error: OAuthErrorCode, description: string, field?: Pick<FieldError, 'pointer' | 'code'>): ApiError {
  return new ApiError(error, {
    detail: description,
    ...(field ? { errors: [{ ...field, detail: description }] } : {}),
    extra: { error, error_description: description },
  });
}

export type { Scope };
