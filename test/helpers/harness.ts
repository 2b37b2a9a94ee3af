import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, audienceOf, type Config, type Environment } from '../../src/core/config.js';
import { openDatabase } from '../../src/core/db.js';
import { ManualClock } from '../../src/core/clock.js';
import { newId } from '../../src/core/ids.js';
import { buildApp, type App, type AppOptions } from '../../src/server.js';
import { listeningSocket, portOf } from './ports.js';

/** Which database the suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else embedded PGlite. */
export const DATABASE = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** A port nothing listens on now (to be refused, or named before a start that holds it at once). */
export async function freePort(): Promise<number> {
  const held = await holdPort(0);
  await held.release();
  return held.port;
}

/** A port bound on 127.0.0.1 until released: nobody else takes it meanwhile (a server listens on it right after). */
async function holdPort(port: number): Promise<{ port: number; release(): Promise<void> }> {
  const server = await listeningSocket(port);
  return { port: portOf(server), release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
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

function schemaName(): string {
  return `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

async function dropSchema(schema: string): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) return;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/**
 * Data that outlives one server: a directory (the embedded database on disk, blobs) and, on
 * PostgreSQL, a schema. Servers, the CLI and spawned processes started on it share the data.
 */
export interface DataStore {
  dataDir: string;
  schema: string;
  /** The environment variables that point a process at this store. */
  env: Record<string, string>;
  remove(): Promise<void>;
}

export async function createDataStore(): Promise<DataStore> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payments-store-'));
  const schema = schemaName();
  return {
    dataDir,
    schema,
    env: { DATA_DIR: dataDir, ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}) },
    async remove() {
      await dropSchema(schema);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface StartOptions {
  /** pino options for the app's logger (a `stream` to capture lines); by default nothing is logged. */
  logger?: AppOptions['logger'];
  /** Start on this store (embedded database on disk) and leave it in place on close. */
  store?: DataStore;
  /** Listen on this port (known before start, e.g. to name it in BASE_URL); a free one by default. */
  port?: number;
  /** How dashboard passwords are hashed: cheaper than OWASP's settings by default, as tests sign in often. */
  passwordSettings?: AppOptions['passwordSettings'];
}

/** scrypt at N=2^12 (4 MiB): a sign-in in tests costs milliseconds, not OWASP's 128 MiB and a large part of a second. */
const TEST_PASSWORD_SETTINGS = { N: 2 ** 12, r: 8, p: 1 };

/** Requests to a server at `url`, answered with their parsed bodies. */
export function requester(url: string) {
  return async function request<T = any>(method: string, pathname: string, options: RequestOptions = {}): Promise<Response<T>> {
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
  };
}

/** Builds the real server on a fresh database (or a given store), listening on a real port. */
export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestServer> {
  // Held while the app is built (seconds on a loaded machine), released just before it listens.
  const held = await holdPort(options.port ?? 0);
  const { port } = held;
  const { store } = options;
  const dataDir = store?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'payments-test-')));
  const schema = store?.schema ?? schemaName();
  const config = loadConfig({
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  const clock = new ManualClock();
  const app = await (async () => {
    try {
      const database = await openDatabase(config, { inMemory: !store });
      return await buildApp({ config, clock, database, logger: options.logger ?? false, passwordSettings: options.passwordSettings ?? TEST_PASSWORD_SETTINGS });
    } finally {
      await held.release();
    }
  })();
  await app.app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;

  const request = requester(url);

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
    // Tokens are reused while the server's clock (which tests move) is within their lifetime.
    const tokens = new Map<string, { token: string; expiresAt: number }>();
    return {
      platformId: sandbox.platformId,
      ...credentials,
      async token(environment: Environment = 'sandbox', scope?: string) {
        const key = `${environment} ${scope ?? ''}`;
        const now = clock.now().getTime();
        const cached = tokens.get(key);
        if (cached && cached.expiresAt > now + 60_000) return cached.token;
        const token = await issue(credentials[environment], environment, scope);
        tokens.set(key, { token, expiresAt: now + config.accessTokenTtlSeconds * 1000 });
        return token;
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
      if (store) return;
      await dropSchema(schema);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The path of a platform API route in an environment: live at the base URL, sandbox under /sandbox. */
export function apiPath(environment: Environment, pathname: string): string {
  return environment === 'live' ? pathname : `/sandbox${pathname}`;
}

/** A merchant account of the platform written straight to the database: routable, never onboarded (no payouts). */
export async function addMerchantAccount(server: TestServer, platformId: string, name = 'Band', environment: Environment = 'sandbox'): Promise<string> {
  const id = newId('acc');
  await server.app.database.db.insertInto('accounts').values({ environment, id, platform_id: platformId, type: 'merchant', display_name: name, created_at: server.clock.now() }).execute();
  return id;
}
