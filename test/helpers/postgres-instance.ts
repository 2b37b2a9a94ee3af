import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './harness.js';

/**
 * PostgreSQL servers of a test's own, for faults that must not touch the suite's shared server:
 * stopping or restarting it, a primary with a streaming standby, promoting the standby. Each
 * instance is a data directory made by initdb in a temporary folder, listening on 127.0.0.1 at
 * a free port (and its Unix socket in that folder), with trust authentication.
 *
 *   const primary = await PostgresInstance.create({ name: 'primary' });
 *   await primary.start();
 *   const standby = await primary.createStandby('standby');    // streaming, started
 *   await primary.setSynchronousStandbys(['standby']);          // commits wait for it
 *   ... process.env.DATABASE_URL = `postgres://postgres@${primary.address},${standby.address}/postgres?target_session_attrs=read-write`
 *   await primary.stop('immediate'); await standby.promote();
 *   await standby.remove(); await primary.remove();              // in afterAll
 *
 * The server programs are found in PG_BIN or /usr/lib/postgresql/<newest>/bin; a test file checks
 * POSTGRES_BIN first and skips when there is none. PostgreSQL refuses to run as root, so when the
 * tests run as root the programs run as the `postgres` user (runuser) and the folder is theirs.
 */

const run = promisify(execFile);
const COMMAND_TIMEOUT_MS = 120_000;

function findBinDir(): string | undefined {
  if (process.env.PG_BIN) return existsSync(path.join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((version) => /^\d+$/.test(version)).sort((a, b) => Number(b) - Number(a));
  return versions.map((version) => path.join(root, version, 'bin')).find((dir) => existsSync(path.join(dir, 'initdb')));
}

/** The folder of initdb, pg_ctl and pg_basebackup, or undefined when PostgreSQL is not installed. */
export const POSTGRES_BIN = findBinDir();

export const AS_ROOT = process.getuid?.() === 0;

/** The postgres user's uid and gid, when the tests run as root. */
function postgresOwner(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** A server program run as the postgres user (runuser when the tests run as root). */
async function postgresCommand(program: string, args: string[]): Promise<string> {
  const binary = path.join(POSTGRES_BIN!, program);
  const [file, argv] = AS_ROOT ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  try {
    const { stdout } = await run(file, argv, { timeout: COMMAND_TIMEOUT_MS, encoding: 'utf8' });
    return stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${program} ${args.join(' ')} failed: ${(error as Error).message}\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/** A temporary folder the postgres user owns. */
export async function ownedFolder(name: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), `pg-${name}-`));
  if (AS_ROOT) {
    const { uid, gid } = postgresOwner();
    await chown(folder, uid, gid);
  }
  return folder;
}

/** Polls `condition` (a failure counts as false) every 100 ms until it holds; fails after timeoutMs. */
export async function waitUntil(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await Promise.resolve().then(condition).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type StopMode = 'smart' | 'fast' | 'immediate';

type Settings = Record<string, string | number | boolean>;

export interface InstanceOptions {
  /** Shown in logs and used as cluster_name, which a standby reports as its application_name (for synchronous_standby_names). */
  name?: string;
  /** postgresql.conf settings on top of the defaults below (fsync=off, unless durability is what a test is about). */
  settings?: Settings;
}

const DEFAULT_SETTINGS: Settings = {
  fsync: false,
  full_page_writes: false,
  shared_buffers: '32MB',
  max_connections: 100,
  // What a primary needs to have streaming standbys.
  wal_level: 'replica',
  max_wal_senders: 10,
  hot_standby: true,
};

function settingLines(settings: Settings): string {
  const value = (setting: string | number | boolean) =>
    typeof setting === 'boolean' ? (setting ? 'on' : 'off') : typeof setting === 'number' ? String(setting) : `'${setting.replace(/'/g, "''")}'`;
  return `\n${Object.entries(settings).map(([name, setting]) => `${name} = ${value(setting)}`).join('\n')}\n`;
}

const HBA = ['local all all trust', 'local replication all trust', 'host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust', ''].join('\n');

/** How often a first start tries another port when the one picked was taken meanwhile. */
const PORT_TRIES = 5;

export class PostgresInstance {
  private running = false;
  private started = false;

  private constructor(
    readonly name: string,
    /** The temporary folder: the data directory, the server's log and its Unix socket. */
    readonly folder: string,
    private portNumber: number,
  ) {}

  get port(): number {
    return this.portNumber;
  }

  /** initdb in a new temporary folder; the instance is not started yet. */
  static async create(options: InstanceOptions = {}): Promise<PostgresInstance> {
    const name = options.name ?? 'primary';
    const instance = new PostgresInstance(name, await ownedFolder(name), await freePort());
    await postgresCommand('initdb', ['-D', instance.dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync']);
    await writeFile(path.join(instance.dataDir, 'pg_hba.conf'), HBA);
    await instance.configure({ ...DEFAULT_SETTINGS, ...options.settings });
    return instance;
  }

  get dataDir(): string {
    return path.join(this.folder, 'data');
  }

  get logFile(): string {
    return path.join(this.folder, 'server.log');
  }

  /** `127.0.0.1:port`, to put several servers in one URL. */
  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** A URL of the `postgres` database as the `postgres` superuser. */
  get url(): string {
    return this.urlOf('postgres');
  }

  /** A URL of a database of this server as the `postgres` superuser. */
  urlOf(database: string): string {
    return `postgres://postgres@${this.address}/${encodeURIComponent(database)}`;
  }

  /** Creates a database (a test's own, on a server tests share); answers its URL. */
  async createDatabase(name: string): Promise<string> {
    await this.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    return this.urlOf(name);
  }

  /** Appends settings to postgresql.conf (the last of a setting wins); they apply at the next start. */
  async configure(settings: Settings): Promise<void> {
    await appendFile(path.join(this.dataDir, 'postgresql.conf'), settingLines({ ...settings, port: this.port, listen_addresses: '127.0.0.1', unix_socket_directories: this.folder, cluster_name: this.name }));
  }

  private async pgCtl(args: string[]): Promise<void> {
    try {
      await postgresCommand('pg_ctl', ['-D', this.dataDir, '-w', '-t', String(COMMAND_TIMEOUT_MS / 1000), ...args]);
    } catch (error) {
      const log = await readFile(this.logFile, 'utf8').catch(() => '');
      throw new Error(`${this.name}: ${(error as Error).message}\n--- server log (end) ---\n${log.slice(-3000)}`);
    }
  }

  /**
   * Starts the server and waits until it accepts connections. PostgreSQL cannot be handed a bound
   * socket, so the port picked free at create may be taken by the first start: then it starts on
   * another one (later starts keep theirs: a restart must not move the server).
   */
  async start(): Promise<void> {
    for (let tries = 1; ; tries++) {
      try {
        await this.pgCtl(['-l', this.logFile, 'start']);
        break;
      } catch (error) {
        if (this.started || tries >= PORT_TRIES || !/could not bind|Address already in use/.test((error as Error).message)) throw error;
        this.portNumber = await freePort();
        await this.configure({});
      }
    }
    this.running = true;
    this.started = true;
  }

  /**
   * Stops the server: `fast` ends every session (their clients see 57P01) and shuts down cleanly,
   * `immediate` kills it like a crash (no shutdown checkpoint; recovery runs at the next start).
   */
  async stop(mode: StopMode = 'fast'): Promise<void> {
    await this.pgCtl(['-m', mode, 'stop']);
    this.running = false;
  }

  /** `pg_ctl restart`: stops (ending every session) and starts again, waiting until it accepts connections. */
  async restart(mode: StopMode = 'fast'): Promise<void> {
    await this.pgCtl(['-m', mode, '-l', this.logFile, 'restart']);
    this.running = true;
  }

  /** Makes a standby the primary (pg_ctl promote), waiting until it accepts writes. */
  async promote(): Promise<void> {
    await this.pgCtl(['promote']);
  }

  /**
   * A streaming standby of this running server, started: pg_basebackup -R (which writes
   * primary_conninfo and standby.signal) into a new folder, on its own port.
   */
  async createStandby(name = 'standby'): Promise<PostgresInstance> {
    const standby = new PostgresInstance(name, await ownedFolder(name), await freePort());
    await postgresCommand('pg_basebackup', ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', '-D', standby.dataDir, '-R', '-X', 'stream', '-c', 'fast']);
    // A standby copied after setSynchronousStandbys would, once promoted, wait for standbys of its own.
    const autoConf = path.join(standby.dataDir, 'postgresql.auto.conf');
    const lines = (await readFile(autoConf, 'utf8')).split('\n').filter((line) => !/^\s*synchronous_standby_names\b/.test(line));
    await writeFile(autoConf, lines.join('\n'));
    await standby.configure({});
    await standby.start();
    return standby;
  }

  /**
   * Makes commits on this primary wait until the first of these standbys (by name) has them
   * (synchronous_standby_names = 'FIRST 1 (…)', synchronous_commit on), and waits until one is
   * streaming synchronously. Call it after createStandby.
   */
  async setSynchronousStandbys(names: string[], timeoutMs = 60_000): Promise<void> {
    const list = names.map((name) => pg.escapeIdentifier(name)).join(', ');
    await this.query(`ALTER SYSTEM SET synchronous_standby_names = ${pg.escapeLiteral(`FIRST 1 (${list})`)}`);
    await this.query('SELECT pg_reload_conf()');
    await waitUntil(
      async () => (await this.query(`SELECT 1 FROM pg_stat_replication WHERE sync_state = 'sync' AND application_name = ANY($1)`, [names])).length > 0,
      timeoutMs,
      `${this.name}: a synchronous standby among ${names.join(', ')}`,
    );
  }

  /** Runs one statement on a connection of its own (to the `postgres` database, or another); answers the rows. */
  async query<R extends Record<string, unknown> = Record<string, unknown>>(text: string, values: unknown[] = [], database = 'postgres'): Promise<R[]> {
    const client = new pg.Client({ connectionString: this.urlOf(database) });
    client.on('error', () => undefined); // the server may be stopped under it
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** Stops the server if it runs (immediately) and deletes its folder. */
  async remove(): Promise<void> {
    if (this.running) await this.stop('immediate').catch(() => undefined);
    await rm(this.folder, { recursive: true, force: true });
  }
}
