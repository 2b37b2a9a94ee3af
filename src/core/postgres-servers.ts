import pg from 'pg';
import { ServerRefusedError } from './database-errors.js';

/**
 * Which server a connection may use, as libpq's target_session_attrs: `any` server, one that
 * accepts writes (`read-write`: transaction_read_only is off), or one not in recovery (`primary`).
 */
export type TargetSessionAttrs = 'any' | 'read-write' | 'primary';
const TARGET_SESSION_ATTRS: readonly string[] = ['any', 'read-write', 'primary'] satisfies TargetSessionAttrs[];

export interface ServerAddress {
  /** A host name, an IP address (IPv6 without brackets), or a Unix socket directory. */
  host: string;
  /** Unset: pg's default (PGPORT, else 5432). */
  port: number | undefined;
}

/** What DATABASE_URL names: its servers in order, which kind to accept, and the URL for one server. */
export interface ServerList {
  servers: ServerAddress[];
  targetSessionAttrs: TargetSessionAttrs;
  /** The URL pg is given for one of the servers: the same URL with only that host, and no target_session_attrs. */
  urlFor(server: ServerAddress): string;
}

const URL_PARTS = /^(postgres(?:ql)?:\/\/)([^/?#]*)([^?#]*)(?:\?([^#]*))?(#.*)?$/i;
const SERVER = /^(?:\[([^\]]*)\]|([^:]*))(?::(\d*))?$/;

function parseServer(text: string, listed: number): ServerAddress {
  const parts = SERVER.exec(text);
  const host = decodeURIComponent(parts?.[1] ?? parts?.[2] ?? '');
  const port = parts?.[3] ? Number(parts[3]) : undefined;
  if (!parts || (listed > 1 && host === '')) throw new Error(`DATABASE_URL names a server "${text}" that is not host[:port]`);
  if (port !== undefined && !(port >= 1 && port <= 65_535)) throw new Error(`DATABASE_URL names a port ${parts[3]} outside 1–65535`);
  return { host, port };
}

function formatServer({ host, port }: ServerAddress): string {
  const name = host.includes(':') ? `[${host}]` : host.startsWith('/') ? encodeURIComponent(host) : host;
  return port === undefined ? name : `${name}:${port}`;
}

/** `host:port` for error messages. */
function describeServer({ host, port }: ServerAddress): string {
  return `${host || 'localhost'}:${port ?? 'default port'}`;
}

/**
 * Reads a libpq-style URL that may name several servers, `postgres://user@h1:5432,h2:5433/db?target_session_attrs=read-write`
 * (pg itself takes one host only). The user, database and every other parameter apply to each server.
 */
export function parseDatabaseUrl(url: string): ServerList {
  const parts = URL_PARTS.exec(url);
  if (!parts) throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
  const [, scheme, authority = '', pathname = '', query, fragment = ''] = parts;
  const at = authority.lastIndexOf('@');
  const userinfo = authority.slice(0, at + 1);
  const listed = authority.slice(at + 1).split(',');
  const servers = listed.map((text) => parseServer(text, listed.length));

  const parameters = query === undefined ? [] : query.split('&');
  const isAttrs = (parameter: string) => decodeURIComponent(parameter.split('=')[0] ?? '') === 'target_session_attrs';
  const attrs = parameters.filter(isAttrs).map((parameter) => decodeURIComponent(parameter.slice(parameter.indexOf('=') + 1)));
  const targetSessionAttrs = attrs.at(-1) ?? 'any';
  if (!TARGET_SESSION_ATTRS.includes(targetSessionAttrs)) {
    throw new Error(`DATABASE_URL target_session_attrs must be one of ${TARGET_SESSION_ATTRS.join(', ')}, not "${targetSessionAttrs}"`);
  }
  const others = parameters.filter((parameter) => !isAttrs(parameter));
  const rest = `${pathname}${others.length > 0 ? `?${others.join('&')}` : ''}${fragment}`;
  return {
    servers,
    targetSessionAttrs: targetSessionAttrs as TargetSessionAttrs,
    urlFor: (server) => `${scheme}${userinfo}${formatServer(server)}${rest}`,
  };
}

/** A pg client bound to the server a ServerSelector chose, which it checks on connecting. */
export type SelectedClient = pg.Client & { readonly server: ServerAddress };

/**
 * Chooses the server of each new connection among DATABASE_URL's: the last one that was accepted,
 * else the next in the list. A connection that cannot be made, or whose server is not of the kind
 * target_session_attrs asks for, fails with ServerRefusedError and moves the choice on to the next
 * server, so that after a failover new connections find the promoted standby within a few tries.
 */
export class ServerSelector {
  private preferred = 0;
  /** pg.Client bound to this selector; pg.Pool's `Client` option takes it. */
  readonly Client: new (config?: pg.ClientConfig) => SelectedClient;

  constructor(private readonly list: ServerList) {
    const selector = this;
    this.Client = class extends pg.Client {
      readonly server: ServerAddress;

      constructor(config: pg.ClientConfig = {}) {
        const server = selector.current();
        super({ ...config, connectionString: list.urlFor(server) });
        this.server = server;
        // A broken connection fails its queries and pg marks it unusable; unheard, the 'error'
        // event would end the process as well.
        this.on('error', () => undefined);
      }

      override connect(): Promise<pg.Client>;
      override connect(callback: (error: Error | null, client?: pg.Client) => void): void;
      override connect(callback?: (error: Error | null, client?: pg.Client) => void): Promise<pg.Client> | void {
        const connected = selector.open(this, () => super.connect()).then(() => this);
        if (!callback) return connected;
        connected.then((client) => callback(null, client), (error: Error) => callback(error));
      }
    };
  }

  /** How many servers there are: how often a new connection is tried before giving up. */
  get attempts(): number {
    return this.list.servers.length;
  }

  private current(): ServerAddress {
    return this.list.servers[this.preferred]!;
  }

  private refused(server: ServerAddress): void {
    const index = this.list.servers.indexOf(server);
    // Only the first of many connections refused by the same server moves the choice on.
    if (index === this.preferred) this.preferred = (index + 1) % this.list.servers.length;
  }

  private async open(client: SelectedClient, connect: () => Promise<unknown>): Promise<void> {
    let connected = false;
    try {
      await connect();
      connected = true;
      await this.check(client);
    } catch (error) {
      this.refused(client.server);
      if (connected) await client.end().catch(() => undefined);
      throw new ServerRefusedError(`cannot use the database server ${describeServer(client.server)}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Refuses a server that is not of the kind target_session_attrs asks for. */
  private async check(client: pg.Client): Promise<void> {
    const wanted = this.list.targetSessionAttrs;
    if (wanted === 'any') return;
    const { rows } = await client.query<{ in_recovery: boolean; read_only: string }>(
      `SELECT pg_is_in_recovery() AS in_recovery, current_setting('transaction_read_only') AS read_only`,
    );
    const { in_recovery: inRecovery, read_only: readOnly } = rows[0]!;
    if (wanted === 'primary' && inRecovery) throw new Error('it is a standby (target_session_attrs=primary)');
    if (wanted === 'read-write' && readOnly === 'on') throw new Error('it is read-only (target_session_attrs=read-write)');
  }

  /**
   * Runs `open` (which makes one new connection) until a server accepts, at most once per server;
   * only ServerRefusedError is tried again.
   */
  async firstAccepting<T>(open: () => Promise<T>): Promise<T> {
    for (let left = this.attempts; ; left--) {
      try {
        return await open();
      } catch (error) {
        if (left <= 1 || !isRefusal(error)) throw error;
      }
    }
  }

  /** A connected client on the first server that accepts. */
  connect(config: pg.ClientConfig): Promise<SelectedClient> {
    return this.firstAccepting(async () => {
      const client = new this.Client(config);
      await client.connect();
      return client;
    });
  }
}

/** A refusal, also when pg.Pool wrapped it in its connection-timeout error. */
function isRefusal(error: unknown): boolean {
  return error instanceof ServerRefusedError || (error as { cause?: unknown } | null)?.cause instanceof ServerRefusedError;
}
