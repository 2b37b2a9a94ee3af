import type { Transport } from './transport.js';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  /** The API URL the token is for (the environment's API URL, e.g. https://api.example.com/sandbox). */
  audience: string;
  /** Narrower scopes than the client's, space-separated. */
  scope?: string;
}

interface Cached {
  token: string;
  expiresAt: number;
  /** Refetch from this time on, ahead of expiry, so no request carries a token about to lapse. */
  refreshAt: number;
}

/** The most a token is refreshed ahead of its expiry; short-lived tokens are refreshed at half their lifetime. */
const REFRESH_AHEAD_MS = 60_000;

/** Fetches access tokens (OAuth 2.0 client credentials), caches them and refreshes them before they expire. */
export class TokenManager {
  private cached: Cached | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly transport: Transport,
    private readonly credentials: ClientCredentials,
    private readonly now: () => number,
  ) {}

  /** A valid token: the cached one while fresh, else a new one (one request however many callers wait). */
  async token(): Promise<string> {
    if (this.cached && this.now() < this.cached.refreshAt) return this.cached.token;
    this.pending ??= this.fetch().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Forgets the cached token (the API refused it): the next call fetches another. */
  invalidate(token: string): void {
    if (this.cached?.token === token) this.cached = undefined;
  }

  private async fetch(): Promise<string> {
    const { clientId, clientSecret, audience, scope } = this.credentials;
    const issuedAt = this.now();
    const answer = await this.transport.send<{ access_token: string; expires_in: number }>('POST', this.transport.hostUrl('/oauth/token'), {
      body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, audience, ...(scope ? { scope } : {}) },
    });
    const lifetimeMs = answer.data.expires_in * 1000;
    this.cached = {
      token: answer.data.access_token,
      expiresAt: issuedAt + lifetimeMs,
      refreshAt: issuedAt + lifetimeMs - Math.min(REFRESH_AHEAD_MS, lifetimeMs / 2),
    };
    return this.cached.token;
  }
}
