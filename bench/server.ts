import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo, Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ClientService } from '../src/auth/service.js';
import { systemClock } from '../src/core/clock.js';
import { audienceOf, loadConfig } from '../src/core/config.js';
import { openDatabase } from '../src/core/db.js';
import { generateKey } from '../src/core/encryption-keys.js';
import { settlesWithin } from '../src/core/shutdown.js';
import { buildApp } from '../src/server.js';
import { statementsIn } from '../src/core/statements.js';
import { listeningSocket, portOf } from '../test/helpers/ports.js';

/**
 * Our server as the benchmarks run it: no logs, no rate limit, a free port; on PostgreSQL in a
 * throw-away schema, or (with DATA_DIR in `env`) on the embedded database. `env` adds settings.
 */
export type BenchServer = Awaited<ReturnType<typeof benchServer>>;

export async function benchServer(databaseUrl: string, schema: string, env: Record<string, string> = {}) {
  const where = env.DATA_DIR ? {} : { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema };
  const config = loadConfig({ ...where, LOG_LEVEL: 'silent', RATE_LIMIT_PER_SECOND: '0', PORT: '0', ...env });
  const database = await openDatabase(config);
  const { app, services, close } = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { config, services, close, db: database.db, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

export const CARD = { type: 'card', value: '4242424242424242', issuer: 'visa', token_data: { expiry_month: 12, expiry_year: new Date().getUTCFullYear() + 2, cvv: '123' } };

/** POSTs JSON; answers the body, or throws with the answer when it is not 2xx. */
export async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** The Authorization header of a new platform's sandbox client. */
export async function sandboxAuthorization(server: Pick<PairServer, 'config' | 'services' | 'url'>): Promise<Record<string, string>> {
  const client = await server.services.clients.create({ environment: 'sandbox', platformName: 'bench' });
  const granted = await post(`${server.url}/oauth/token`, { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, audience: audienceOf(server.config, 'sandbox') });
  return { authorization: `Bearer ${granted.access_token as string}` };
}

/** The Authorization header of a hosted page's link (its payment's resource token). */
export const pageAuthorization = (created: Record<string, unknown>) => ({
  authorization: `Bearer ${new URL((created._links as { hosted_page: { href: string } }).hosted_page.href).searchParams.get('token')!}`,
});

/** A sandbox card payment (`body` adds to a hosted EUR 25.00 one) paid on the hosted page's API and captured; answers its id. */
export async function capturedPayment(url: string, headers: Record<string, string>, body: Record<string, unknown> = {}): Promise<string> {
  const created = await post(`${url}/sandbox/payments`, { amount_minor: 2_500, currency: 'EUR', reference: 'bench', payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' }, ...body }, headers);
  const id = created.id as string;
  const token = pageAuthorization(created);
  await post(`${url}/hpp/payments/${id}/start`, {}, token);
  const tokenized = await post(`${url}/hpp/payments/${id}/tokenize`, CARD, token);
  const authorized = await post(`${url}/hpp/payments/${id}/authorize`, { token: tokenized.token }, token);
  if (authorized.status !== 'captured') throw new Error(`payment ${id} is ${String(authorized.status)}`);
  return id;
}

// ---- Our server and the bare baseline's database, side by side.

export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** BENCH_DATABASE=pglite: our server and the baseline each on an embedded database (PGlite) of its own. */
export const EMBEDDED = process.env.BENCH_DATABASE === 'pglite';
/** The throw-away schema, on PostgreSQL, of our server's tables and the baseline's (BENCH_SCHEMA: the bench's, told to its bare baseline's process). */
export const SCHEMA = process.env.BENCH_SCHEMA ?? `bench_${Date.now().toString(36)}`;

type Query = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

/** Told of each statement while countStatements counts. */
let statement: ((text: string) => void) | undefined;

/** The baseline's database: the PostgreSQL server through a pool (in the bench's schema), or a PGlite of its own. */
export interface BareDatabase {
  query: Query;
  /** Statements separated by semicolons, no parameters. */
  exec(text: string): Promise<unknown>;
  transaction(work: (query: Query) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export function postgresBaseline(): BareDatabase {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 20 });
  return {
    query: (text, params) => pool.query(text, params),
    exec: (text) => pool.query(text),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await work((text, params) => client.query(text, params));
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
      await pool.end();
    },
  };
}

async function pgliteBaseline(dataDir: string): Promise<BareDatabase> {
  const lite = await PGlite.create(dataDir);
  await lite.exec(`CREATE SCHEMA ${SCHEMA}`);
  return {
    query: (text, params) => lite.query(text, params),
    exec: (text) => lite.exec(text),
    transaction: async (work) => {
      // A transaction's statements do not go through PGlite.query: counted here (countStatements).
      await lite.transaction(async (tx) => {
        statement?.('BEGIN');
        await work((text, params) => (statement?.(text), tx.query(text, params)));
        statement?.('COMMIT');
      });
    },
    close: () => lite.close(),
  };
}

/**
 * Our server (`env` adds settings) and the bare baseline's database, both on the PostgreSQL server
 * (DATABASE_URL, in a throw-away schema) or, with BENCH_DATABASE=pglite, each on a PGlite of its
 * own in a temporary folder. The baseline's tables go in SCHEMA; `close` ends both and removes
 * what they made.
 */
export async function benchDatabases(env: Record<string, string> = {}) {
  const dataDir = EMBEDDED ? await mkdtemp(path.join(os.tmpdir(), 'bench-')) : undefined;
  const server = await benchServer(DATABASE_URL, SCHEMA, dataDir ? { ...env, DATA_DIR: path.join(dataDir, 'ours') } : env);
  const bare = dataDir ? await pgliteBaseline(path.join(dataDir, 'baseline')) : postgresBaseline();
  return {
    server,
    bare,
    async close() {
      await server.close();
      await bare.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Where a server answers; `pid` when it runs in a child process (BENCH_OUTSIDE), whose CPU time a run then measures. */
export interface Served {
  url: string;
  pid?: number;
}

/** Our server as the benches of a pair drive it: in this process (BenchServer) or a child's. */
export type PairServer = Pick<BenchServer, 'config' | 'db'> & { services: Pick<BenchServer['services'], 'clients'> } & Served;

/** Our server and a bare baseline, listening, with the baseline's database as this process reaches it; `close` ends them and removes what they made. */
export interface BenchPair<Baseline extends Served = Served> {
  server: PairServer;
  bare: BareDatabase;
  baseline: Baseline;
  close(): Promise<void>;
}

/** Our server and a baseline (`start` makes it listen on the bare database) in this process, on the databases of benchDatabases. */
export async function inProcessPair<Baseline extends Served & { app: FastifyInstance }>(start: (bare: BareDatabase) => Promise<Baseline>): Promise<BenchPair<Baseline>> {
  const databases = await benchDatabases();
  try {
    const baseline = await start(databases.bare);
    const close = async () => {
      await baseline.app.close();
      await databases.close();
    };
    return { ...databases, baseline, close };
  } catch (error) {
    await databases.close();
    throw error;
  }
}

/** A baseline's app listening in this process, on a free port. */
export async function listening(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/**
 * What a bench of the hosted page's flows works with: the pair's servers, a webhook receiver, a
 * sandbox client's Authorization and the body of a hosted payment of `method` whose webhooks go to
 * the receiver. `close` ends them all.
 */
export async function hostedFlowBench<Baseline extends Served>(pair: BenchPair<Baseline>, method: string) {
  const receiver = await webhookReceiver();
  const close = async () => {
    receiver.server.close();
    await pair.close();
  };
  try {
    const authorization = await sandboxAuthorization(pair.server);
    const payment = { amount_minor: 2_500, currency: 'EUR', reference: 'bench', payment_method: { type: method }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return', webhook: receiver.url } };
    return { ...pair.server, baseline: pair.baseline, receiver, authorization, payment, close };
  } catch (error) {
    await close();
    throw error;
  }
}

// ---- BENCH_OUTSIDE=1: each server in a process of its own, the clients in this one.

/** Issue 30's targets were measured "from outside": see outsidePair. */
export const OUTSIDE = process.env.BENCH_OUTSIDE === '1';

/** What an outside run's figures measure, said in its JSON (nothing in-process). */
export const OUTSIDE_NOTE = OUTSIDE
  ? {
      processes: 'ours (node --import tsx src/main.ts, as npm start) and the baseline (bench/bare-server.ts) each in a child process of its own; the clients in the bench process',
      cpu: "cpu_ms_per_*: the serving child's own CPU time (utime + stime of /proc/<pid>/stat), ours or the baseline's; the clients' is not in it",
      statements: 'statements_per_done, where reported: null, as the statements are sent by the children, not the bench process that counts them',
    }
  : undefined;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** How long a child may take to start (migrations included) on a loaded machine. */
const START_TIMEOUT_MS = 120_000;
/** How long a child may take to stop on SIGTERM (ours finishes its requests and workers) before SIGKILL. */
const STOP_TIMEOUT_MS = 15_000;
/** How much of a child's output is kept, for the message of a child that failed. */
const OUTPUT_KEPT = 64 * 1024;

/**
 * Issue 30's way to measure: our server as `npm start` runs it (PostgreSQL, in SCHEMA) and the
 * baseline named (bench/bare-server.ts) each in a child process of its own, the clients in this
 * process, which reaches our tables through a database of its own that serves nothing (clients made
 * on it, the benches' reads). A run measures the CPU time of the child it loads.
 */
export async function outsidePair(baseline: string): Promise<BenchPair> {
  if (EMBEDDED) throw new Error('BENCH_OUTSIDE=1 runs on PostgreSQL only: an embedded database (BENCH_DATABASE=pglite) is open in one process at a time');
  // This process's own connections to the bare tables; closed last, as they drop the schema.
  const bare = postgresBaseline();
  const closing: Array<() => Promise<void>> = [() => bare.close()];
  // Every step runs, whatever an earlier one threw: the schema is dropped last.
  const close = async () => {
    const failures: unknown[] = [];
    for (const step of closing.splice(0).reverse()) await step().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw failures[0];
  };
  try {
    const ours = await ourServerProcess({ DATABASE_URL, DATABASE_SCHEMA: SCHEMA, ENCRYPTION_KEY: generateKey(), LOG_LEVEL: 'warn', RATE_LIMIT_PER_SECOND: '0' });
    closing.push(ours.stop);
    const bareServer = await childProcess(['bench/bare-server.ts', baseline], { DATABASE_URL, BENCH_SCHEMA: SCHEMA }, /^bare baseline on (\S+)$/m);
    closing.push(bareServer.stop);
    const database = await openDatabase(ours.config);
    closing.push(() => database.close());
    const server = { config: ours.config, db: database.db, url: ours.url, pid: ours.pid, services: { clients: new ClientService(database.db, systemClock) } };
    return { server, bare, baseline: { url: bareServer.ready[1]!, pid: bareServer.pid }, close };
  } catch (error) {
    await close().catch((failure: unknown) => console.error('closing what had started failed too:', failure));
    throw error;
  }
}

/**
 * Our server as `npm start` runs it, with `settings`, on a socket bound here on a free port and
 * handed over (LISTEN_FD, as test/helpers/processes.ts's runApi does): its port is known from the
 * start. (The log line that names the port is at info level, where every request is logged too.)
 * Ready once it printed its start's announcement, which follows its listen.
 */
async function ourServerProcess(settings: Record<string, string>) {
  const socket = await listeningSocket(0);
  try {
    const env = { ...settings, PORT: String(portOf(socket)), LISTEN_FD: '3' };
    // BENCH_PROFILE: our server's CPU profile of its whole run, written to that folder as it stops.
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
    const child = await childProcess(['src/main.ts'], env, /^Payments API on /m, socket, profile);
    return { ...child, url: `http://127.0.0.1:${portOf(socket)}`, config: loadConfig(env) };
  } finally {
    // The child holds its own copy; this process must not accept on it.
    socket.close();
  }
}

/**
 * Runs `node --import tsx <flags> <args>` in the project's folder with PATH, HOME and `env` alone (as
 * benchServer's config is `env` alone), `socket` as its fd 3, and waits until its output matches
 * `ready` (answered). One that ends first or takes longer than START_TIMEOUT_MS fails with its output.
 */
async function childProcess(args: string[], env: Record<string, string>, ready: RegExp, socket?: Server, flags: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...flags, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT, ...env },
    // The listening socket's descriptor (a Node internal: the public API has none).
    stdio: ['ignore', 'pipe', 'pipe', ...(socket ? [(socket as unknown as { _handle: { fd: number } })._handle.fd] : [])],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_KEPT));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const name = args.join(' ');
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      if (!stopping) process.stderr.write(`${name} ended (${code ?? signal}); its output:\n${output}\n`);
      resolve();
    }),
  );
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  // Should this process end without `stop` (process.exit), the child does not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    stopping = true;
    process.off('exit', killOnExit);
    if (ended()) return;
    child.kill('SIGTERM');
    if (!(await settlesWithin(exited, STOP_TIMEOUT_MS))) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const until = Date.now() + START_TIMEOUT_MS;
  let match: RegExpMatchArray | null;
  while (!(match = output.match(ready))) {
    if (ended() || Date.now() > until) {
      const failure = ended() ? `${name} ended while starting (its output is above)` : `${name} did not start within ${START_TIMEOUT_MS / 1000} s; its output:\n${output}`;
      await stop();
      throw new Error(failure);
    }
    await delay(50);
  }
  return { pid: child.pid!, ready: match, stop };
}

/** Clock ticks per second, the unit of /proc/<pid>/stat's times. */
let ticksPerSecond: number | undefined;

/** CPU time (user and system, ms) used so far by this process or, given its pid, by a child. */
export function cpuMs(pid?: number): number {
  if (pid === undefined) {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
  return processCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

function processCpuMs(stat: string): number {
  // After the command's name in parentheses (which may hold spaces): state, …, utime (12th), stime (13th).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/**
 * CPU time (ms) used so far by the PostgreSQL server's processes on this machine, by pid (a pool's
 * connections live through a run, so the difference of two readings is the server's work between
 * them). Empty where there is no /proc or no local server (PGlite runs in the bench's process).
 */
export function databaseCpuMs(): Map<number, number> {
  const used = new Map<number, number>();
  if (EMBEDDED) return used;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes('(postgres)')) used.set(Number(entry), processCpuMs(stat));
    } catch {
      // the process ended while read
    }
  }
  return used;
}

/** The CPU time the database server's processes used since `before` (ms), or null where it cannot be read. */
export function databaseCpuSince(before: Map<number, number>): number | null {
  if (before.size === 0) return null;
  let total = 0;
  for (const [pid, now] of databaseCpuMs()) total += now - (before.get(pid) ?? 0);
  return total;
}

// ---- Concurrent buyers, each doing a flow of timed steps again and again.

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  /** Where a redirect (not followed) sends the client. */
  location?: string;
}

/** A request as a browser or client sends it, following no redirect: a body is JSON, or a form given as URLSearchParams. */
export async function send(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const json = body !== undefined && !(body instanceof URLSearchParams);
  const response = await fetch(url, {
    method,
    redirect: 'manual',
    headers: json ? { 'content-type': 'application/json', ...headers } : headers,
    body: json ? JSON.stringify(body) : (body as URLSearchParams | undefined),
  });
  const text = await response.text();
  const parsed = text && response.headers.get('content-type')?.startsWith('application/') ? (JSON.parse(text) as Record<string, unknown>) : {};
  return { status: response.status, body: parsed, location: response.headers.get('location') ?? undefined };
}

/** A JSON POST that answers whatever status came back. */
export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) => send('POST', url, body, headers);

/** Runs a step: its call, and the status it must answer. */
export type Step = (name: string, call: () => Promise<Answer>, expected: number) => Promise<Answer>;
/** One client's flow: its steps, each given what the previous ones answered; answers the id of what it made. */
export type Flow = (step: Step) => Promise<string>;

export interface Figures {
  done_per_s: number;
  /**
   * CPU time per flow done, less noisy than the rate on a shared machine: of the whole process
   * (server, baseline, clients, receiver), or with BENCH_OUTSIDE of the serving child alone.
   */
  cpu_ms_per_done: number;
  /** CPU time of the local PostgreSQL server's processes per flow done (all of them: ours or the baseline's, and any other work on it); null on PGlite. */
  database_cpu_ms_per_done: number | null;
  /** Every statement sent to a database while the flows ran (the server's workers' included), per flow done; null with BENCH_OUTSIDE (sent by another process). */
  statements_per_done: number | null;
  /** The round trips they took (statements sent together, sentTogether, take one); null with BENCH_OUTSIDE. */
  round_trips_per_done: number | null;
  errors: number;
  steps: Record<string, { p50_ms: number; p99_ms: number }>;
}

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!.toFixed(1));
};
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const ratio = (ours: Figures, bare: Figures) => Number((ours.done_per_s / bare.done_per_s).toFixed(2));

/**
 * `flows` clients, each running the flow again and again for `seconds`; `done` is told each flow's
 * id and when it ended. `pid`: the child process serving them (BENCH_OUTSIDE), whose CPU time is
 * measured instead of this process's and whose statements this process cannot count.
 */
export async function runFlows(
  flow: Flow,
  { flows, seconds, pid }: { flows: number; seconds: number; pid?: number },
  done: (id: string, at: number) => void = () => {},
): Promise<Figures> {
  const times: Record<string, number[]> = {};
  let count = 0;
  let errors = 0;
  const started = performance.now();
  const cpuAt = cpuMs(pid);
  const databaseAt = databaseCpuMs();
  const counting = pid === undefined;
  let statements = 0;
  let roundTrips = 0;
  const texts = new Map<string, number>();
  const stopCounting = counting
    ? countStatements((text) => {
        statements += statementsIn(text);
        roundTrips += 1;
        // BENCH_STATEMENTS: which statements, per flow done, most frequent first (on stderr).
        if (process.env.BENCH_STATEMENTS) texts.set(text.replace(/\s+/g, ' ').trim().slice(0, 90), (texts.get(text.replace(/\s+/g, ' ').trim().slice(0, 90)) ?? 0) + 1);
      })
    : () => {};
  const deadline = started + seconds * 1000;
  const step: Step = async (name, call, expected) => {
    const at = performance.now();
    const answer = await call();
    (times[name] ??= []).push(performance.now() - at);
    if (answer.status !== expected) throw new Error(`${name} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer;
  };
  const buyer = async () => {
    while (performance.now() < deadline) {
      try {
        const id = await flow(step);
        done(id, performance.now());
        count += 1;
      } catch (error) {
        errors += 1;
        if (errors === 1) console.error(error);
      }
    }
  };
  await Promise.all(Array.from({ length: flows }, buyer));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuMs(pid) - cpuAt;
  const databaseCpu = databaseCpuSince(databaseAt);
  stopCounting();
  if (process.env.BENCH_STATEMENTS && counting) console.error([...texts].sort((a, b) => b[1] - a[1]).map(([text, n]) => `${(n / count).toFixed(2).padStart(6)} ${text}`).join('\n'));
  const steps = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, { p50_ms: percentile(values, 50), p99_ms: percentile(values, 99) }]));
  const perDone = (total: number) => (counting ? Number((total / count).toFixed(1)) : null);
  return {
    done_per_s: Math.round(count / elapsed),
    cpu_ms_per_done: Number((cpu / count).toFixed(2)),
    database_cpu_ms_per_done: databaseCpu === null ? null : Number((databaseCpu / count).toFixed(2)),
    statements_per_done: perDone(statements), round_trips_per_done: perDone(roundTrips),
    errors,
    steps,
  };
}

/**
 * Counts every statement sent to a database (node-postgres clients and pools, and PGlite's query,
 * which our server's embedded pool uses) until the answered function is called, which restores them.
 */
export function countStatements(count: (text: string) => void): () => void {
  type Sender = Record<string, (this: unknown, ...args: unknown[]) => unknown>;
  // PGlite's exec runs the statements sent together (sentTogether).
  const senders: [Sender, string][] = [
    [pg.Client.prototype as unknown as Sender, 'query'],
    [PGlite.prototype as unknown as Sender, 'query'],
    [PGlite.prototype as unknown as Sender, 'exec'],
  ];
  const originals = senders.map(([prototype, method]) => prototype[method]!);
  statement = count;
  senders.forEach(([prototype, method], index) => {
    const original = originals[index]!;
    prototype[method] = function (this: unknown, ...args: unknown[]) {
      const text = args[0];
      count(typeof text === 'string' ? text : String((text as { text?: string }).text));
      return original.apply(this, args);
    };
  });
  return () => {
    statement = undefined;
    senders.forEach(([prototype, method], index) => (prototype[method] = originals[index]!));
  };
}


/** Counts the statements sent from now on; the function answered stops and answers their number and each text's (its beginning), most frequent first. */
export function statementTally(): () => { total: number; texts: Record<string, number> } {
  const texts = new Map<string, number>();
  const restore = countStatements((text) => {
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 100);
    texts.set(key, (texts.get(key) ?? 0) + statementsIn(text));
  });
  return () => {
    restore();
    return { total: [...texts.values()].reduce((sum, count) => sum + count, 0), texts: Object.fromEntries([...texts].sort((a, b) => b[1] - a[1])) };
  };
}

/** The delivery workers' claim: they send it on every wake-up, and a NOTIFY on the shared database (another schema's events too) wakes them. */
const BACKGROUND = /FROM webhook_deliveries d JOIN events e/;

/**
 * Runs the flow alone `runs` times and answers, per step, the fewest statements sent during it
 * (with their beginnings): whoever sent them, but for the delivery workers' claims; the fewest,
 * because a scheduled job's poll (once a second) may fall within a step.
 */
export async function statementsPerStep(flow: Flow, runs = 3): Promise<Record<string, { count: number; statements: string[] }>> {
  const fewest: Record<string, { count: number; statements: string[] }> = {};
  for (let run = 0; run < runs; run++) {
    const steps: Record<string, string[]> = {};
    let current: string | undefined;
    const restore = countStatements((text) => {
      if (current && !BACKGROUND.test(text)) (steps[current] ??= []).push(text.replace(/\s+/g, ' ').trim().slice(0, 100));
    });
    try {
      await flow(async (name, call, expected) => {
        current = name;
        steps[name] ??= [];
        try {
          const answer = await call();
          if (answer.status !== expected) throw new Error(`${name} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
          return answer;
        } finally {
          current = undefined;
        }
      });
    } finally {
      restore();
    }
    for (const [name, statements] of Object.entries(steps)) if (!fewest[name] || statements.length < fewest[name].count) fewest[name] = { count: statements.length, statements };
  }
  return fewest;
}

/** Receives the webhooks; remembers when each payment's `payment_succeeded` arrived. */
export async function webhookReceiver() {
  const succeeded = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString()) as { type: string; data: { id?: string } };
      if (event.type === 'payment_succeeded' && event.data.id) succeeded.set(event.data.id, performance.now());
      response.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  /** Waits until the `payment_succeeded` of every payment given arrived, or `timeoutMs` passed; answers how many are still missing. */
  const waitFor = async (ids: string[], timeoutMs = 30_000) => {
    const until = performance.now() + timeoutMs;
    const missing = () => ids.filter((id) => !succeeded.has(id)).length;
    while (missing() > 0 && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    return missing();
  };
  return { server, succeeded, waitFor, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks` };
}

/**
 * With BENCH_PROFILE and a name, the CPU profile of `work` (the server and its clients share the
 * process) goes to that folder as `name`.cpuprofile. From outside, our server's own process writes
 * its profile instead (ourServerProcess), and this process holds only the clients.
 */
export async function profiled<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  const folder = process.env.BENCH_PROFILE;
  if (!folder || !name || OUTSIDE) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(path.join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
