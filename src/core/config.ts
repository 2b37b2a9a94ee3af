import { PROCESSOR_NAMES, type ProcessorName } from '../processor/boundary.js';
import path from 'node:path';
import { isCurrency } from './formats.js';
import { parseKey } from './encryption-keys.js';
import { payoutRailSettings, type PayoutRailSettings } from '../payouts/sepa-file/config.js';

export type Environment = 'live' | 'sandbox';
export const ENVIRONMENTS: readonly Environment[] = ['live', 'sandbox'];

export interface BootstrapClient {
  environment: Environment;
  clientId: string;
  clientSecret: string;
}

/** An S3-compatible bucket for document bytes (S3_BUCKET and its companions). */
export interface S3Settings {
  bucket: string;
  /** S3_ENDPOINT, e.g. http://127.0.0.1:9000 for MinIO; unset for AWS. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_PREFIX: a folder inside the bucket, ending in "/" (default none). */
  prefix: string;
}

/** The keys data is sealed with at rest (see src/core/encryption-keys.ts). */
export interface EncryptionSettings {
  /** ENCRYPTION_KEY then ENCRYPTION_PREVIOUS_KEYS (comma-separated): the current key first. */
  keys: Buffer[];
  /** ENCRYPTION_KEY_FILE, else DATA_DIR/encryption.key (made at the first start when no key is given). */
  keyFile: string;
  keyFileGiven: boolean;
}

export interface Config {
  port: number;
  host: string;
  /** LISTEN_FD: a socket already listening, inherited from whatever started the process (systemd's socket activation passes 3), served instead of binding PORT and HOST; PORT still names the port in the default URLs. */
  listenFd: number | undefined;
  baseUrl: string;
  sandboxBaseUrl: string;
  authUrl: string;
  filesUrl: string;
  onboardingUrl: string;
  dataDir: string;
  encryption: EncryptionSettings;
  /** Where document bytes go instead of DATA_DIR/blobs, when S3_BUCKET is set. */
  s3: S3Settings | undefined;
  /** postgres://… switches from the embedded PGlite to a PostgreSQL server. */
  databaseUrl: string | undefined;
  /**
   * DATABASE_DIRECT_URL: where what needs a session of its own connects (LISTEN, the migrations'
   * advisory lock), when DATABASE_URL is a pooler in transaction mode (PgBouncer); unset, DATABASE_URL.
   */
  databaseDirectUrl: string | undefined;
  /** Schema to use on a PostgreSQL server (tests give each run its own). */
  databaseSchema: string | undefined;
  /** How long opening a connection to the PostgreSQL server may take before the request is answered 503 (DATABASE_CONNECT_TIMEOUT_SECONDS, default 5). */
  databaseConnectTimeoutSeconds: number;
  bootstrapClients: BootstrapClient[];
  accessTokenTtlSeconds: number;
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  /**
   * Whose X-Forwarded-For to believe for the client's address (TRUST_PROXY): nobody by default, so
   * a caller cannot pick the address the per-address limits count; `true` for any proxy (only when
   * every request comes through one), or the proxies' addresses and CIDRs, comma-separated.
   */
  trustProxy: boolean | string[];
  logLevel: string;
  maxDocumentBytes: number;
  maxJsonBytes: number;
  /** How many values and how deep a body may be, checked before it is parsed. */
  bodyShape: BodyShape;
  /** The HTTP server's timeouts and connection limits. */
  http: HttpLimits;
  /** Whether this process runs scheduled jobs (SEPA settlement…); JOB_WORKER=off leaves them to `npm run worker`. */
  jobWorker: boolean;
  /** ISO 4217 codes payments may use (SUPPORTED_CURRENCIES, comma-separated; default EUR). */
  supportedCurrencies: string[];
  /** The daily payout cut-off, UTC (PAYOUT_CUTOFF, HH:MM; default 15:00). */
  payoutCutoff: { hour: number; minute: number };
  /** Upper bound of a payment's amount_minor (MAX_AMOUNT_MINOR, default 99 999 999). */
  maxAmountMinor: number;
  /** How long a payment's hosted page can be paid before the payment is canceled (PAYMENT_TTL_SECONDS, default 3600). */
  paymentTtlSeconds: number;
  /** Whether this process delivers webhooks too (WEBHOOK_WORKER=off leaves it to `npm run worker`). */
  webhookWorker: boolean;
  shutdown: ShutdownSettings;
  /** How long each call to the built-in simulator takes (SIMULATOR_LATENCY_MS, default 0), as a real processor's would. */
  simulatorLatencyMs: number;
  /**
   * The key the simulator signs its notifications with (SIMULATOR_NOTIFICATION_KEY); unset, a
   * secret shared by the service's processes, which nobody outside knows.
   */
  simulatorNotificationKey: string | undefined;
  /** The partner taking each environment's payments: PROCESSOR (default simulator), overridden by LIVE_PROCESSOR / SANDBOX_PROCESSOR. */
  processors: Record<Environment, ProcessorName>;
  /**
   * The partner collecting each environment's SEPA Direct Debits: SEPA_PROCESSOR, overridden by
   * LIVE_SEPA_PROCESSOR / SANDBOX_SEPA_PROCESSOR; unset, the environment's processor (its cards').
   */
  sepaProcessors: Record<Environment, ProcessorName>;
  /** Adyen's settings, when an environment uses it (ADYEN_*). */
  adyen: AdyenSettings | undefined;
  /**
   * The creditor identifier SEPA Direct Debit mandates are collected under (SEPA_CREDITOR_ID; the
   * sandbox default is the German test identifier DE98ZZZ09999999999) and the creditor address a
   * mandate shows while the merchant's own registered address is unknown (SEPA_CREDITOR_ADDRESS).
   */
  sepaCreditor: { identifier: string; address: string };
  metrics: MetricsSettings;
  /** How each environment pays out (PAYOUT_RAIL…) and the files' folders (src/processor/sepa-file). */
  payouts: PayoutSettings;
  /** OPERATOR_TOKEN (at least 16 characters): the bearer of the operator's API (/operator/…); unset, that API answers nobody. */
  operatorToken: string | undefined;
}

export interface PayoutSettings extends PayoutRailSettings {
  /** PAYOUT_FILES_DIR: where each live pain.001 file is also written, for a bank client that picks files up. */
  filesDir: string | undefined;
  /** SANDBOX_PAYOUT_FILES_DIR: where each sandbox file is written instead; never PAYOUT_FILES_DIR, whose files the bank pays with real money. */
  sandboxFilesDir: string | undefined;
  /** BANK_STATEMENTS_DIR: where camt.053 statements dropped are read, then moved into its `imported` folder. */
  statementsDir: string | undefined;
}

export interface AdyenSettings {
  apiKey: string;
  merchantAccount: string;
  /** ADYEN_CHECKOUT_URL: the Checkout API's base, its version included. */
  checkoutUrl: string;
  /** ADYEN_HMAC_KEY, hex: the key notifications are signed with. */
  hmacKey: string;
  /** ADYEN_TIMEOUT_MS (default 30 000): how long a call waits for Adyen's answer before the attempt is left to the recovery job. */
  timeoutMs: number;
}

/** Who may read /metrics (src/operations/metrics.ts): nobody unless one of these is set. */
export interface MetricsSettings {
  /** METRICS_TOKEN (at least 16 characters): /metrics answers its bearer alone; unset, the API's own listener does not serve /metrics. */
  token: string | undefined;
  /** METRICS_PORT, on METRICS_HOST (default 127.0.0.1): a listener of its own serving /metrics (to the token's bearer when one is set). */
  listen: { host: string; port: number } | undefined;
}

/** The most a request body may hold, refused (400) before it is parsed: parsing and validating cost per value. */
export interface BodyShape {
  /** JSON object members and array elements, all levels together; form fields (BODY_MAX_MEMBERS, default 1000). */
  maxMembers: number;
  /** Objects and arrays nested in one another (BODY_MAX_DEPTH, default 16). */
  maxDepth: number;
}

/** What a client may hold of the server: each bound closes the connection (or answers 408/431) when passed. */
export interface HttpLimits {
  /** A request's line and headers must have arrived this long after the connection opened, or on a kept-alive one after the request's first byte (HTTP_HEADERS_TIMEOUT_SECONDS, default 20). */
  headersTimeoutSeconds: number;
  /** The whole request, headers and body (HTTP_REQUEST_TIMEOUT_SECONDS, default 60). */
  requestTimeoutSeconds: number;
  /** An idle keep-alive connection is closed after this (HTTP_KEEP_ALIVE_TIMEOUT_SECONDS, default 72: longer than a load balancer's usual 60). */
  keepAliveTimeoutSeconds: number;
  /** A connection with nothing sent or read for this long, in any state, is closed (HTTP_CONNECTION_TIMEOUT_SECONDS, default 60; 0 never). */
  connectionTimeoutSeconds: number;
  /** The request line and headers together (HTTP_MAX_HEADER_BYTES, default 16384): more is 431. */
  maxHeaderBytes: number;
  /** Open connections from one peer address; more are closed at once (HTTP_MAX_CONNECTIONS_PER_ADDRESS, default 256; 0 no limit). */
  maxConnectionsPerAddress: number;
}

/** How the process stops on SIGTERM or SIGINT. */
export interface ShutdownSettings {
  /** After this, whatever still runs is logged and the process exits 1 (SHUTDOWN_TIMEOUT_SECONDS, default 10). */
  timeoutSeconds: number;
  /** New requests are still served this long while readiness answers 503, so a load balancer can stop sending (SHUTDOWN_DRAIN_SECONDS, default 0). */
  drainSeconds: number;
  /** Webhook attempts in flight get this long; those still running are given back to the queue (SHUTDOWN_WEBHOOK_WAIT_SECONDS, default half the timeout). */
  webhookWaitSeconds: number;
}

type Env = Record<string, string | undefined>;

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function trustProxy(raw: string | undefined): boolean | string[] {
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  return raw.split(',').map((entry) => entry.trim()).filter(Boolean);
}

function timeOfDay(env: Env, name: string, fallback: string): { hour: number; minute: number } {
  const raw = env[name] || fallback;
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(raw);
  if (!match) throw new Error(`${name} must be a time of day HH:MM (UTC), got "${raw}"`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

function positive(env: Env, name: string, fallback: number): number {
  const value = integer(env, name, fallback);
  if (value < 1) throw new Error(`${name} must be at least 1, got "${env[name]}"`);
  return value;
}

/** The waits of a shutdown each end before its timeout, which would otherwise cut them short with exit code 1. */
function shutdownSettings(env: Env): ShutdownSettings {
  const timeoutSeconds = positive(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10);
  const settings = {
    timeoutSeconds,
    drainSeconds: integer(env, 'SHUTDOWN_DRAIN_SECONDS', 0),
    webhookWaitSeconds: integer(env, 'SHUTDOWN_WEBHOOK_WAIT_SECONDS', Math.floor(timeoutSeconds / 2)),
  };
  for (const [name, seconds] of [['SHUTDOWN_DRAIN_SECONDS', settings.drainSeconds], ['SHUTDOWN_WEBHOOK_WAIT_SECONDS', settings.webhookWaitSeconds]] as const) {
    if (seconds >= settings.timeoutSeconds) throw new Error(`${name} must be less than SHUTDOWN_TIMEOUT_SECONDS (${settings.timeoutSeconds}), got "${seconds}"`);
  }
  return settings;
}

function httpLimits(env: Env): HttpLimits {
  const limits = {
    headersTimeoutSeconds: positive(env, 'HTTP_HEADERS_TIMEOUT_SECONDS', 20),
    requestTimeoutSeconds: positive(env, 'HTTP_REQUEST_TIMEOUT_SECONDS', 60),
    keepAliveTimeoutSeconds: positive(env, 'HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', 72),
    connectionTimeoutSeconds: integer(env, 'HTTP_CONNECTION_TIMEOUT_SECONDS', 60),
    maxHeaderBytes: positive(env, 'HTTP_MAX_HEADER_BYTES', 16_384),
    maxConnectionsPerAddress: integer(env, 'HTTP_MAX_CONNECTIONS_PER_ADDRESS', 256),
  };
  // Node refuses a headers timeout longer than the request's.
  if (limits.headersTimeoutSeconds > limits.requestTimeoutSeconds) {
    throw new Error(`HTTP_HEADERS_TIMEOUT_SECONDS must not exceed HTTP_REQUEST_TIMEOUT_SECONDS (${limits.requestTimeoutSeconds}), got "${limits.headersTimeoutSeconds}"`);
  }
  return limits;
}

function metricsSettings(env: Env): MetricsSettings {
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters (e.g. `openssl rand -hex 32`)');
  const port = env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0) : undefined;
  return { token, listen: port === undefined ? undefined : { host: env.METRICS_HOST || '127.0.0.1', port } };
}

/** ISO 4217 codes whose minor unit is "N.A.": precious metals, bond-market units, SDR, test and no-currency codes. */
const NO_MINOR_UNIT = new Set(['XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XPD', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX']);

/** SUPPORTED_CURRENCIES: real ISO 4217 currencies, since amounts are counted in their minor units. */
function currencies(raw: string): string[] {
  const codes = raw.split(',').map((code) => code.trim().toUpperCase()).filter(Boolean);
  const refused = codes.filter((code) => !isCurrency(code) || NO_MINOR_UNIT.has(code));
  if (refused.length > 0) throw new Error(`SUPPORTED_CURRENCIES must name ISO 4217 currencies, not ${refused.join(', ')}`);
  return codes;
}

function s3Settings(env: Env): S3Settings | undefined {
  const bucket = env.S3_BUCKET;
  if (!bucket) return undefined;
  const accessKeyId = env.S3_ACCESS_KEY_ID || env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)');
  const prefix = env.S3_PREFIX ? `${env.S3_PREFIX.replace(/\/+$/, '')}/` : '';
  return { bucket, endpoint: env.S3_ENDPOINT ? trimSlash(env.S3_ENDPOINT) : undefined, region: env.S3_REGION || env.AWS_REGION || 'us-east-1', accessKeyId, secretAccessKey, prefix };
}

function bootstrapClients(env: Env): BootstrapClient[] {
  const clients: BootstrapClient[] = [];
  for (const environment of ENVIRONMENTS) {
    const prefix = environment.toUpperCase();
    const clientId = env[`${prefix}_CLIENT_ID`];
    const clientSecret = env[`${prefix}_CLIENT_SECRET`];
    if (clientId && clientSecret) clients.push({ environment, clientId, clientSecret });
    else if (clientId || clientSecret) throw new Error(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
  }
  return clients;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080);
  const origin = `http://localhost:${port}`;
  const baseUrl = trimSlash(env.BASE_URL || origin);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    listenFd: env.LISTEN_FD ? integer(env, 'LISTEN_FD', 0) : undefined,
    baseUrl,
    sandboxBaseUrl: trimSlash(env.SANDBOX_BASE_URL || `${baseUrl}/sandbox`),
    authUrl: trimSlash(env.AUTH_URL || baseUrl),
    filesUrl: trimSlash(env.FILES_URL || baseUrl),
    onboardingUrl: trimSlash(env.ONBOARDING_URL || baseUrl),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    encryption: encryptionSettings(env),
    s3: s3Settings(env),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseDirectUrl: env.DATABASE_DIRECT_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    databaseConnectTimeoutSeconds: positive(env, 'DATABASE_CONNECT_TIMEOUT_SECONDS', 5),
    bootstrapClients: bootstrapClients(env),
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 3600),
    rateLimitPerSecond: integer(env, 'RATE_LIMIT_PER_SECOND', 100),
    rateLimitBurst: integer(env, 'RATE_LIMIT_BURST', 200),
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    maxDocumentBytes: 10 * 1024 * 1024,
    maxJsonBytes: 1024 * 1024,
    bodyShape: { maxMembers: positive(env, 'BODY_MAX_MEMBERS', 1000), maxDepth: positive(env, 'BODY_MAX_DEPTH', 16) },
    http: httpLimits(env),
    webhookWorker: env.WEBHOOK_WORKER !== 'off',
    jobWorker: env.JOB_WORKER !== 'off',
    payoutCutoff: timeOfDay(env, 'PAYOUT_CUTOFF', '15:00'),
    supportedCurrencies: currencies(env.SUPPORTED_CURRENCIES || 'EUR'),
    maxAmountMinor: positive(env, 'MAX_AMOUNT_MINOR', 99_999_999),
    paymentTtlSeconds: positive(env, 'PAYMENT_TTL_SECONDS', 3600),
    shutdown: shutdownSettings(env),
    simulatorLatencyMs: integer(env, 'SIMULATOR_LATENCY_MS', 0),
    simulatorNotificationKey: env.SIMULATOR_NOTIFICATION_KEY || undefined,
    ...processorSettings(env),
    sepaCreditor: { identifier: env.SEPA_CREDITOR_ID || 'DE98ZZZ09999999999', address: env.SEPA_CREDITOR_ADDRESS || 'Friedrichstraße 100, 10117 Berlin, DE' },
    metrics: metricsSettings(env),
    payouts: { ...payoutRailSettings(env), filesDir: optionalPath(env.PAYOUT_FILES_DIR), sandboxFilesDir: optionalPath(env.SANDBOX_PAYOUT_FILES_DIR), statementsDir: optionalPath(env.BANK_STATEMENTS_DIR) },
    operatorToken: operatorToken(env),
  };
}

/** The configuration of a process starting: a missing or bad setting ends it with one line naming it (exit code 1), no stack trace. */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}

function optionalPath(value: string | undefined): string | undefined {
  return value ? path.resolve(value) : undefined;
}

function operatorToken(env: Env): string | undefined {
  const token = env.OPERATOR_TOKEN || undefined;
  if (token !== undefined && token.length < 16) throw new Error('OPERATOR_TOKEN must be at least 16 characters (e.g. `openssl rand -hex 32`)');
  return token;
}

function processorName(env: Env, name: string, fallback: ProcessorName): ProcessorName {
  const value = env[name] || fallback;
  if (!(PROCESSOR_NAMES as readonly string[]).includes(value)) throw new Error(`${name} must be one of ${PROCESSOR_NAMES.join(', ')}, got "${value}"`);
  return value as ProcessorName;
}

/** Which partner each environment uses, and Adyen's settings when one uses it: a missing one stops the start, named. */
function processorSettings(env: Env): Pick<Config, 'processors' | 'sepaProcessors' | 'adyen'> {
  const fallback = processorName(env, 'PROCESSOR', 'simulator');
  const processors = { live: processorName(env, 'LIVE_PROCESSOR', fallback), sandbox: processorName(env, 'SANDBOX_PROCESSOR', fallback) };
  const sepaFallback = (environment: Environment) => processorName(env, 'SEPA_PROCESSOR', processors[environment]);
  const sepaProcessors = { live: processorName(env, 'LIVE_SEPA_PROCESSOR', sepaFallback('live')), sandbox: processorName(env, 'SANDBOX_SEPA_PROCESSOR', sepaFallback('sandbox')) };
  if (![...Object.values(processors), ...Object.values(sepaProcessors)].includes('adyen')) return { processors, sepaProcessors, adyen: undefined };
  const missing = ['ADYEN_API_KEY', 'ADYEN_MERCHANT_ACCOUNT', 'ADYEN_HMAC_KEY'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`The adyen processor needs ${missing.join(', ')}`);
  if (!/^([0-9a-fA-F]{2})+$/.test(env.ADYEN_HMAC_KEY!)) throw new Error('ADYEN_HMAC_KEY must be hexadecimal, as Adyen shows it');
  const adyen = { apiKey: env.ADYEN_API_KEY!, merchantAccount: env.ADYEN_MERCHANT_ACCOUNT!, checkoutUrl: trimSlash(env.ADYEN_CHECKOUT_URL || 'https://checkout-test.adyen.com/v71'), hmacKey: env.ADYEN_HMAC_KEY!, timeoutMs: integer(env, 'ADYEN_TIMEOUT_MS', 30_000) };
  return { processors, sepaProcessors, adyen };
}

function encryptionSettings(env: Env): EncryptionSettings {
  const previous = (env.ENCRYPTION_PREVIOUS_KEYS ?? '').split(',').map((key) => key.trim()).filter(Boolean);
  if (previous.length > 0 && !env.ENCRYPTION_KEY) throw new Error('ENCRYPTION_PREVIOUS_KEYS needs ENCRYPTION_KEY (the current key)');
  const keys = [env.ENCRYPTION_KEY, ...previous].filter((key): key is string => Boolean(key));
  return {
    keys: keys.map((key, index) => parseKey(key, index === 0 ? 'ENCRYPTION_KEY' : 'Each key of ENCRYPTION_PREVIOUS_KEYS')),
    keyFile: path.resolve(env.ENCRYPTION_KEY_FILE || path.join(env.DATA_DIR || './data', 'encryption.key')),
    keyFileGiven: Boolean(env.ENCRYPTION_KEY_FILE),
  };
}

/** The audience a token must carry to be accepted by an environment's API. */
export function audienceOf(config: Config, environment: Environment): string {
  return environment === 'live' ? config.baseUrl : config.sandboxBaseUrl;
}

export function environmentOfAudience(config: Config, audience: string): Environment | undefined {
  const normalized = trimSlash(audience);
  return ENVIRONMENTS.find((environment) => audienceOf(config, environment) === normalized);
}
