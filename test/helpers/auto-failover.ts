import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './harness.js';
import { AS_ROOT, ownedFolder, POSTGRES_BIN, waitUntil } from './postgres-instance.js';

/** pg_auto_failover's command, when installed (`.ci/run` installs Debian's pg-auto-failover-cli and postgresql-NN-auto-failover). */
export const PG_AUTOCTL = ['/usr/bin/pg_autoctl', ...(POSTGRES_BIN ? [path.join(POSTGRES_BIN, 'pg_autoctl')] : [])].find((file) => existsSync(file));

/**
 * How fast the monitor gives up on a node: it checks every second and, once the node has not
 * answered for 10 s and its keeper is silent, takes it for lost (the primary: fails over; the
 * secondary: the primary stops waiting for it); a primary that cannot be told to step down is
 * waited for 3 s. The defaults, 20 s and 30 s, are for networks that hiccup; 10 s is still long
 * enough that a node starved of CPU on a loaded machine is not taken for lost while it is not.
 */
const MONITOR_SETTINGS = {
  health_check_period: 1000,
  health_check_timeout: 2000,
  health_check_max_retries: 2,
  health_check_retry_delay: 500,
  node_considered_unhealthy_timeout: 10_000,
  primary_demote_timeout: 3000,
};

interface Node {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
}

/**
 * A pg_auto_failover formation of a test's own, in a temporary folder: a monitor and two
 * PostgreSQL nodes (a primary and its synchronous secondary: replication-quorum makes the
 * primary's synchronous_standby_names `ANY 1 (…)`), each kept by its `pg_autoctl run` as a child
 * process of its own group (as the postgres user when the tests run as root). Killing a node's
 * group is a machine lost: its keeper and its PostgreSQL end at once.
 */
export class AutoFailoverFormation {
  private readonly nodes: Node[] = [];

  private constructor(
    private readonly folder: string,
    private readonly monitorPort: number,
  ) {}

  static async create(timeoutMs: number): Promise<AutoFailoverFormation> {
    const formation = new AutoFailoverFormation(await ownedFolder('auto-failover'), await freePort());
    try {
      const monitor = await formation.run('monitor', ['create', 'monitor', '--pgport', String(formation.monitorPort)], formation.monitorPort);
      await waitUntil(async () => (await formation.monitorQuery('SELECT 1 FROM pgautofailover.formation')).length > 0, timeoutMs, `the monitor running:\n${monitor.output()}`);
      for (const [name, value] of Object.entries(MONITOR_SETTINGS)) await formation.monitorQuery(`ALTER SYSTEM SET pgautofailover.${name} = ${value}`);
      await formation.monitorQuery('SELECT pg_reload_conf()');
      await formation.addNode('node1', timeoutMs, (states) => states.node1 === 'single');
      await formation.addNode('node2', timeoutMs, (states) => states.node1 === 'primary' && states.node2 === 'secondary');
    } catch (error) {
      await formation.remove();
      throw error;
    }
    return formation;
  }

  /** Every node in a URL as the service takes it: the one that accepts writes is used. */
  get url(): string {
    return `postgres://postgres@${this.nodes.filter((node) => node.name !== 'monitor').map((node) => `127.0.0.1:${node.port}`).join(',')}/postgres?target_session_attrs=read-write`;
  }

  /** A node's own URL (the `postgres` database as the superuser). */
  urlOf(name: string): string {
    return `postgres://postgres@127.0.0.1:${this.node(name).port}/postgres`;
  }

  /** Each node's state as the monitor last heard it reported, by name. */
  async states(): Promise<Record<string, string>> {
    const rows = await this.monitorQuery<{ nodename: string; reportedstate: string; goalstate: string }>('SELECT nodename, reportedstate, goalstate FROM pgautofailover.node');
    // A node is in a state once it reached the goal the monitor assigned.
    return Object.fromEntries(rows.map((row) => [row.nodename, row.reportedstate === row.goalstate ? row.reportedstate : `${row.reportedstate}→${row.goalstate}`]));
  }

  /** SIGKILLs the node's keeper and PostgreSQL (its whole process group). */
  async kill(name: string): Promise<void> {
    const { child } = this.node(name);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
  }

  output(): string {
    return this.nodes.map((node) => `--- ${node.name}\n${node.output()}`).join('\n');
  }

  async remove(): Promise<void> {
    for (const node of [...this.nodes].reverse()) await this.kill(node.name).catch(() => undefined);
    await rm(this.folder, { recursive: true, force: true });
  }

  private node(name: string): Node {
    return this.nodes.find((node) => node.name === name)!;
  }

  private async addNode(name: string, timeoutMs: number, ready: (states: Record<string, string>) => boolean): Promise<void> {
    const port = await freePort();
    const monitorUrl = `postgres://autoctl_node@127.0.0.1:${this.monitorPort}/pg_auto_failover?sslmode=disable`;
    const node = await this.run(name, ['create', 'postgres', '--pgport', String(port), '--name', name, '--monitor', monitorUrl], port);
    await waitUntil(async () => ready(await this.states()), timeoutMs, `${name} in the formation:\n${node.output()}`);
  }

  /** `pg_autoctl <create …> --run` in the foreground, as a process group of its own. */
  private async run(name: string, create: string[], port: number): Promise<Node> {
    const pgdata = path.join(this.folder, name);
    const args = [...create, '--pgdata', pgdata, '--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl', '--pgctl', path.join(POSTGRES_BIN!, 'pg_ctl'), '--run'];
    const env = { PATH: `${POSTGRES_BIN}:${process.env.PATH ?? ''}`, XDG_CONFIG_HOME: path.join(this.folder, 'config'), XDG_DATA_HOME: path.join(this.folder, 'state'), HOME: this.folder };
    const [file, argv] = AS_ROOT ? ['runuser', ['-u', 'postgres', '--', 'env', ...Object.entries(env).map(([key, value]) => `${key}=${value}`), PG_AUTOCTL!, ...args]] : [PG_AUTOCTL!, args];
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, ...env } });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const node = { name, port, child, output: () => output };
    this.nodes.push(node);
    return node;
  }

  private async monitorQuery<R extends Record<string, unknown>>(text: string): Promise<R[]> {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${this.monitorPort}/pg_auto_failover` });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query<R>(text)).rows;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
