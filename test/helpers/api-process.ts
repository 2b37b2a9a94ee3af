import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './harness.js';
import { waitUntil } from './postgres-instance.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ProcessOptions {
  /** Environment of the process (DATABASE_URL…) on top of a port, a data folder and a sandbox client. */
  env?: Record<string, string>;
  /** `src/main.ts` (the API, the default) or `src/worker.ts` (background work only, no port). */
  script?: 'src/main.ts' | 'src/worker.ts';
  /** How long start-up may take on a loaded machine. */
  startTimeoutMs?: number;
}

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  /** From sending the request to the whole answer read. */
  ms: number;
}

/**
 * The server (or `npm run worker`) as a child process, as it runs in production: a test sees it
 * survive what would end it (its exit is recorded, never hidden), and reads its JSON log lines.
 * It is given a sandbox client (SANDBOX_CLIENT_ID/SECRET) so a test can get tokens at once.
 */
export class ServerProcess {
  readonly logLines: Record<string, unknown>[] = [];
  exit: { code: number | null; signal: string | null } | undefined;

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    private readonly port: number,
    private readonly dataDir: string,
    private readonly client: { id: string; secret: string },
  ) {
    let pending = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) this.logLines.push(parseLine(line));
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => this.logLines.push({ stderr: chunk }));
    child.on('exit', (code, signal) => (this.exit = { code, signal }));
  }

  static async start(options: ProcessOptions = {}): Promise<ServerProcess> {
    const script = options.script ?? 'src/main.ts';
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payments-process-'));
    const client = { id: `sandbox_${randomBytes(6).toString('hex')}`, secret: randomBytes(24).toString('base64url') };
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SANDBOX_CLIENT_ID: client.id,
      SANDBOX_CLIENT_SECRET: client.secret,
      ...options.env,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const server = new ServerProcess(child, `http://127.0.0.1:${port}`, port, dataDir, client);
    try {
      await waitUntil(() => server.exit === undefined && server.started(script), options.startTimeoutMs ?? 120_000, `${script} started`);
    } catch (error) {
      await server.stop();
      throw new Error(`${(error as Error).message}; exit ${JSON.stringify(server.exit)}; output:\n${server.output().slice(-4000)}`);
    }
    return server;
  }

  private started(script: string): boolean {
    if (script === 'src/worker.ts') return this.logLines.some((line) => typeof line.msg === 'string' && line.msg.includes('worker started'));
    return this.logLines.some((line) => typeof line.msg === 'string' && line.msg.startsWith('Server listening'));
  }

  /** Whether the process is still running. */
  get alive(): boolean {
    return this.exit === undefined;
  }

  /** Everything it wrote, for a failure message. */
  output(): string {
    return this.logLines.map((line) => JSON.stringify(line)).join('\n');
  }

  async request<T = any>(method: string, pathname: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    const response = await fetch(`${this.url}${pathname}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await response.text();
    const ms = performance.now() - started;
    const body = (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    return { status: response.status, headers: response.headers, body: body as T, text, ms };
  }

  /** A token request for the sandbox client the process was given (answered as it is, 200 or not). */
  tokenRequest(): Promise<Answer<{ access_token: string }>> {
    return this.request('POST', '/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: this.client.id, client_secret: this.client.secret, audience: `http://localhost:${this.port}/sandbox` },
    });
  }

  /** A sandbox access token; fails unless it is issued. */
  async token(): Promise<string> {
    const answer = await this.tokenRequest();
    if (answer.status !== 200) throw new Error(`token request answered ${answer.status}: ${answer.text}`);
    return answer.body.access_token;
  }

  /** SIGTERM, then SIGKILL if it has not ended within 15 s; removes its data folder. */
  async stop(): Promise<void> {
    if (this.alive) {
      const ended = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      const killer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
      await ended;
      clearTimeout(killer);
    }
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

function parseLine(line: string): Record<string, unknown> {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return { text: line };
  }
}
