import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { requester, type RequestOptions, type Response } from './harness.js';
import { runApi, runScript, type Started } from './processes.js';
import { generateKey } from '../../src/core/encryption-keys.js';

/** The processes of one test file share a database, so they share its encryption key, as the machines of a deployment would. */
const ENCRYPTION_KEY = generateKey();

export interface ProcessOptions {
  /** Environment of the process (DATABASE_URL…) on top of a port, a data folder, the encryption key and a sandbox client. */
  env?: Record<string, string>;
  /** `src/main.ts` (the API, the default) or `src/worker.ts` (background work only, no port). */
  script?: 'src/main.ts' | 'src/worker.ts';
  /** How long start-up may take on a loaded machine. */
  startTimeoutMs?: number;
  /** Where an earlier process of the same deployment ran (its port, data folder and client): a restart after `kill`. */
  after?: ServerProcess;
  /** The log line that says it started; by default the API's "Server listening" or the worker's "worker started". */
  startedWhen?: RegExp;
}

/** An answer, with how long it took from sending the request to the whole body read. */
export type TimedResponse<T = any> = Response<T> & { ms: number };

/**
 * The API (or `npm run worker`) as a child process, as it runs in production, logging JSON at info
 * level: a test sees it outlive what would end it, and reads its log lines. It has a sandbox client
 * of its own (SANDBOX_CLIENT_ID/SECRET), so a test gets tokens at once.
 */
export class ServerProcess {
  private readonly send: ReturnType<typeof requester>;

  private constructor(
    private readonly proc: Started,
    readonly url: string,
    private readonly port: number,
    private readonly dataDir: string,
    private readonly client: { id: string; secret: string },
  ) {
    this.send = requester(url);
  }

  static async start(options: ProcessOptions = {}): Promise<ServerProcess> {
    const script = options.script ?? 'src/main.ts';
    const { after } = options;
    const dataDir = after?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'payments-process-')));
    const client = after?.client ?? { id: `sandbox_${randomBytes(6).toString('hex')}`, secret: randomBytes(24).toString('base64url') };
    const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, ENCRYPTION_KEY, LOG_LEVEL: 'info', SANDBOX_CLIENT_ID: client.id, SANDBOX_CLIENT_SECRET: client.secret, ...options.env };
    // A worker listens on no port: it keeps its predecessor's number, or none.
    const { proc, port } = script === 'src/main.ts' ? await runApi(env, dataDir, after?.port) : { proc: runScript(script, [], env, dataDir), port: after?.port ?? 0 };
    const server = new ServerProcess(proc, `http://127.0.0.1:${port}`, port, dataDir, client);
    try {
      await proc.waitFor(options.startedWhen ?? (script === 'src/worker.ts' ? /worker started/ : /"msg":"Server listening/), options.startTimeoutMs ?? 120_000);
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }

  /** Whether the process is still running. */
  get alive(): boolean {
    return this.proc.child.exitCode === null && this.proc.child.signalCode === null;
  }

  /** Waits until its output shows `pattern`. */
  async waitFor(pattern: RegExp, timeoutMs = 120_000): Promise<void> {
    await this.proc.waitFor(pattern, timeoutMs);
  }

  /** Everything it wrote, for a failure message. */
  output(): string {
    return this.proc.output();
  }

  /** Its log lines; a line that is not JSON (a crash's stack trace, say) is `{ text }`. */
  logLines(): Record<string, unknown>[] {
    return this.proc
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          return { text: line };
        }
      });
  }

  async request<T = any>(method: string, pathname: string, options: RequestOptions = {}): Promise<TimedResponse<T>> {
    const started = performance.now();
    const response = await this.send<T>(method, pathname, options);
    return { ...response, ms: performance.now() - started };
  }

  /** A token request for the process's sandbox client, answered as it is (200 or not). */
  tokenRequest(): Promise<TimedResponse<{ access_token: string }>> {
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

  /** Ends the process (its whole process group) with SIGKILL, as a crash would; its data folder stays for the next one. */
  kill(): Promise<void> {
    return this.proc.kill();
  }

  /** Ends the process (its whole process group) and deletes its data folder. */
  async stop(): Promise<void> {
    await this.proc.kill();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
