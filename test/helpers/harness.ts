import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, audienceOf, type Config, type Environment } from '../../src/core/config.js';
import { openDatabase } from '../../src/core/db.js';
import { ManualClock } from '../../src/core/clock.js';
import { buildApp, type App } from '../../src/server.js';

/** Which database the suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else embedded PGlite. */
export const DATABASE = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

export interface TestPlatform {
  platformId: string;
  sandbox: Credentials;
  live: Credentials;
  /** An access token for the environment, optionally narrowed to some scopes. */
  token(environment?: Environment, scope?: string): Promise<string>;
}

export interface Response<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** A raw body sent as is (with its own content-type header). */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

export interface TestServer {
  app: App;
  config: Config;
  clock: ManualClock;
  url: string;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<Response<T>>;
  platform(): Promise<TestPlatform>;
  close(): Promise<void>;
}

/** Builds the real server on a fresh database, listening on a real port. */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payments-test-'));
  const schema = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const config = loadConfig({
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  const clock = new ManualClock();
  const database = await openDatabase(config, { inMemory: true });
  const app = await buildApp({ config, clock, database, logger: false });
  await app.app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;

  async function request<T = any>(method: string, pathname: string, options: RequestOptions = {}): Promise<Response<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${url}${pathname}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  async function issue(credentials: Credentials, environment: Environment, scope?: string): Promise<string> {
    const response = await request('POST', '/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: credentials.clientId, client_secret: credentials.clientSecret, audience: audienceOf(config, environment), ...(scope ? { scope } : {}) },
    });
    if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${response.text}`);
    return response.body.access_token;
  }

  async function platform(): Promise<TestPlatform> {
    const sandbox = await app.services.clients.create({ environment: 'sandbox', platformName: 'Test platform' });
    const live = await app.services.clients.create({ environment: 'live', platformId: sandbox.platformId });
    const credentials = {
      sandbox: { clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      live: { clientId: live.clientId, clientSecret: live.clientSecret },
    };
    const tokens = new Map<string, string>();
    return {
      platformId: sandbox.platformId,
      ...credentials,
      async token(environment: Environment = 'sandbox', scope?: string) {
        const key = `${environment} ${scope ?? ''}`;
        if (!tokens.has(key)) tokens.set(key, await issue(credentials[environment], environment, scope));
        return tokens.get(key)!;
      },
    };
  }

  return {
    app,
    config,
    clock,
    url,
    request,
    platform,
    async close() {
      await app.close();
      if (process.env.TEST_DATABASE_URL) {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The path of a platform API route in an environment: live at the base URL, sandbox under /sandbox. */
export function apiPath(environment: Environment, pathname: string): string {
  return environment === 'live' ? pathname : `/sandbox${pathname}`;
}
