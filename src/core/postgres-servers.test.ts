import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from './postgres-servers.js';

/** Where pg itself would connect with a URL, and as whom. */
function asPgReadsIt(url: string) {
  const { host, port, user, password, database } = new pg.Client({ connectionString: url });
  return { host, port, user, password, database };
}

describe('parseDatabaseUrl: what works', () => {
  it('reads several servers in order, each with its own port or none', () => {
    const list = parseDatabaseUrl('postgres://app:s3cret@db1.internal:5432,db2.internal,10.0.0.7:5433/payments?target_session_attrs=read-write');
    expect(list.servers).toEqual([
      { host: 'db1.internal', port: 5432 },
      { host: 'db2.internal', port: undefined },
      { host: '10.0.0.7', port: 5433 },
    ]);
    expect(list.targetSessionAttrs).toBe('read-write');
  });

  it('gives pg one URL per server, with the same user, password, database and parameters, and without target_session_attrs', () => {
    const list = parseDatabaseUrl('postgresql://app:p%40ss@h1:5432,h2:5433/payments?sslmode=disable&target_session_attrs=primary&application_name=api');
    expect(list.servers.map((server) => list.urlFor(server))).toEqual([
      'postgresql://app:p%40ss@h1:5432/payments?sslmode=disable&application_name=api',
      'postgresql://app:p%40ss@h2:5433/payments?sslmode=disable&application_name=api',
    ]);
    // …which pg's own parser reads as expected.
    expect(asPgReadsIt(list.urlFor(list.servers[1]!))).toEqual({ user: 'app', password: 'p@ss', host: 'h2', port: 5433, database: 'payments' });
  });

  it('defaults to any server, and leaves a one-server URL as it was', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/test';
    const list = parseDatabaseUrl(url);
    expect(list.targetSessionAttrs).toBe('any');
    expect(list.servers).toEqual([{ host: '127.0.0.1', port: 5432 }]);
    expect(list.urlFor(list.servers[0]!)).toBe(url);
  });

  it('reads IPv6 addresses in brackets and Unix socket directories, and writes them back so pg reads them', () => {
    const list = parseDatabaseUrl('postgres://u@[::1]:5432,%2Fvar%2Frun%2Fpostgresql:5433,[fe80::2]/db?target_session_attrs=any');
    expect(list.servers).toEqual([
      { host: '::1', port: 5432 },
      { host: '/var/run/postgresql', port: 5433 },
      { host: 'fe80::2', port: undefined },
    ]);
    expect(list.servers.map((server) => asPgReadsIt(list.urlFor(server)))).toMatchObject([
      { host: '::1', port: 5432, database: 'db' },
      { host: '/var/run/postgresql', port: 5433, database: 'db' },
      { host: 'fe80::2', database: 'db' },
    ]);
  });

  it('keeps a URL without a host (the socket given by a parameter) as it was', () => {
    const list = parseDatabaseUrl('postgres:///payments?host=/tmp&target_session_attrs=read-write');
    expect(list.servers).toEqual([{ host: '', port: undefined }]);
    expect(list.urlFor(list.servers[0]!)).toBe('postgres:///payments?host=/tmp');
  });
});

describe('parseDatabaseUrl: what is refused', () => {
  it.each([
    ['mysql://h1,h2/db', /postgres:\/\/ or postgresql:\/\//],
    ['postgres://h1,,h2/db', /server "" that is not host\[:port\]/],
    ['postgres://h1:0,h2/db', /port 0 outside 1–65535/],
    ['postgres://h1:65536/db', /port 65536 outside 1–65535/],
    ['postgres://h1:54x/db', /server "h1:54x" that is not host\[:port\]/],
    ['postgres://h1,h2/db?target_session_attrs=read-only', /target_session_attrs must be one of any, read-write, primary, not "read-only"/],
  ])('%s', (url, message) => {
    expect(() => parseDatabaseUrl(url)).toThrow(message);
  });
});
