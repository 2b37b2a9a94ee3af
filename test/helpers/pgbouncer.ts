import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './harness.js';
import { AS_ROOT, ownedFolder, waitUntil, type PostgresInstance } from './postgres-instance.js';

/** Debian's PgBouncer, when installed (`.ci/run` installs it). */
export const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((file) => existsSync(file));

/**
 * PgBouncer in transaction mode in front of a server of a test's own, on a free port of
 * 127.0.0.1, every database of the server passed through, trust authentication. It runs in the
 * foreground as a child process (as the postgres user when the tests run as root: PgBouncer
 * refuses root).
 */
export class PgBouncer {
  private constructor(
    private readonly child: ChildProcess,
    private readonly folder: string,
    readonly port: number,
    private readonly log: () => string,
  ) {}

  static async start(server: PostgresInstance, poolSize = 20): Promise<PgBouncer> {
    const folder = await ownedFolder('pgbouncer');
    const port = await freePort();
    const ini = [
      '[databases]',
      `* = host=127.0.0.1 port=${server.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${folder}`,
      'auth_type = trust',
      `auth_file = ${path.join(folder, 'userlist.txt')}`,
      'admin_users = postgres',
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 1000',
      '',
    ].join('\n');
    await writeFile(path.join(folder, 'userlist.txt'), '"postgres" ""\n');
    await writeFile(path.join(folder, 'pgbouncer.ini'), ini);
    const [file, args] = AS_ROOT ? ['runuser', ['-u', 'postgres', '--', PGBOUNCER!, path.join(folder, 'pgbouncer.ini')]] : [PGBOUNCER!, [path.join(folder, 'pgbouncer.ini')]];
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const bouncer = new PgBouncer(child, folder, port, () => output);
    try {
      await waitUntil(async () => (await bouncer.admin('SHOW VERSION')).length > 0, 30_000, `pgbouncer listening:\n${output}`);
    } catch (error) {
      await bouncer.stop();
      throw error;
    }
    return bouncer;
  }

  /** A URL of a database of the server, through the pooler. */
  urlOf(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${encodeURIComponent(database)}`;
  }

  /** A statement of PgBouncer's admin console (SHOW STATS…); answers the rows. */
  async admin(statement: string): Promise<Record<string, unknown>[]> {
    const client = new pg.Client({ connectionString: this.urlOf('pgbouncer') });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query(statement)).rows;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  output(): string {
    return this.log();
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      // SIGTERM: PgBouncer stops at once (SIGINT would wait for its clients); runuser and it are one process group.
      process.kill(-this.child.pid!, 'SIGTERM');
      await exited;
    }
    await rm(this.folder, { recursive: true, force: true });
  }
}
