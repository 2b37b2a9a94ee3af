/**
 * Payment initiation (without and with an Idempotency-Key, which is written with the payment in
 * its batched statement) and read on PostgreSQL, or on PGlite with BENCH_DATABASE=pglite, each next
 * to a bare baseline (bench/baselines.ts) run in the same process: a Fastify route that does one INSERT (for initiation)
 * or one SELECT by primary key (for read) with no auth, validation or domain logic, on the same
 * kind of database (on PGlite, one of its own). 50 connections, autocannon. Reads go round 1,000
 * rows (payments, and bare rows for the baseline), as a platform reads many payments, not one.
 *
 * The machine is shared, so each pair (baseline, then ours) runs back to back in several rounds and
 * the median of the rounds' ratios is reported, with every round's figures.
 *
 *   npm run bench:payments          (DATABASE_URL defaults to the local test database)
 *   npm run bench:payments:pglite   the same on the embedded database (PGlite), ours and the baseline's each its own
 *   BENCH_OUTSIDE=1 npm run bench:payments   from outside, as issue 30 measured: our server (as `npm start`
 *                                            runs it) and the baseline each in a process of its own, autocannon
 *                                            in this one; also reports each server's CPU per request
 */
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { audienceOf } from '../src/core/config.js';
import { benchPair, READ_ROWS } from './baselines.js';
import { cpuMs, EMBEDDED, OUTSIDE_NOTE, SCHEMA } from './server.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;

interface Figures {
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  /** With BENCH_OUTSIDE: the CPU time of the server's process (ours or the baseline's) per request. */
  cpu_ms_per_request?: number;
}

interface Round {
  ours: Figures;
  baseline: Figures;
  ratio: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function summary(rounds: Round[]) {
  return {
    ratio: median(rounds.map((round) => round.ratio)),
    p99_ms: median(rounds.map((round) => round.ours.p99_ms)),
    rounds,
  };
}

/** Loads a server for DURATION; `pid`: its process when it is a child (BENCH_OUTSIDE), whose CPU time is then measured. */
async function load(options: autocannon.Options, pid?: number): Promise<Figures> {
  const cpuAt = pid === undefined ? 0 : cpuMs(pid);
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  const figures = {
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  return pid === undefined ? figures : { ...figures, cpu_ms_per_request: Number(((cpuMs(pid) - cpuAt) / result.requests.total).toFixed(3)) };
}

const { server, bare, baseline, close } = await benchPair('payments');
const { config, services, db, url } = server;

try {
  const client = await services.clients.create({ environment: 'live', platformName: 'bench' });
  const tokenResponse = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, audience: audienceOf(config, 'live') }),
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const body = JSON.stringify({
    amount_minor: 2_500,
    currency: 'EUR',
    reference: 'bench',
    payment_method: { type: 'card' },
    integration: { type: 'hosted' },
    urls: { redirect: 'https://shop.example/return', webhook: 'https://shop.example/hooks' },
  });
  const initiate = async () => ((await (await fetch(`${url}/payments`, { method: 'POST', headers, body })).json()) as { id: string }).id;
  const ids: string[] = [];
  while (ids.length < READ_ROWS) ids.push(...(await Promise.all(Array.from({ length: 50 }, initiate))));
  /** Each request of a run reads the next of the rows. */
  const roundRobin = (pathOf: (index: number) => string): Pick<autocannon.Options, 'requests'> => {
    let next = 0;
    return { requests: [{ setupRequest: (request) => ({ ...request, path: pathOf(next++ % READ_ROWS) }) }] };
  };

  const analyze = () => Promise.all([bare.exec(`ANALYZE ${SCHEMA}.bare`), sql`ANALYZE payments`.execute(db)]);
  const compare = async (baselineOptions: autocannon.Options, oursOptions: autocannon.Options): Promise<Round> => {
    const baselineFigures = await load(baselineOptions, baseline.pid);
    const ours = await load(oursOptions, server.pid);
    return { ours, baseline: baselineFigures, ratio: Number((ours.requests_per_s / baselineFigures.requests_per_s).toFixed(2)) };
  };
  const initiation: Round[] = [];
  const keyedInitiation: Round[] = [];
  const read: Round[] = [];
  const bareInitiation: autocannon.Options = { url: `${baseline.url}/bare`, method: 'POST', headers: { 'content-type': 'application/json' }, body };
  /** Each request with a key of its own, as a client that retries safely sends. */
  const withKeys: Pick<autocannon.Options, 'requests'> = {
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...headers, 'idempotency-key': randomUUID() } }) }],
  };
  for (let round = 0; round < ROUNDS; round++) {
    initiation.push(await compare(bareInitiation, { url: `${url}/payments`, method: 'POST', headers, body }));
    keyedInitiation.push(await compare(bareInitiation, { url: `${url}/payments`, method: 'POST', headers, body, ...withKeys }));
    // Statistics as autovacuum keeps them on a running database (without them a table that grew
    // by thousands of rows during the bench may be planned as if it were still empty).
    await analyze();
    read.push(
      await compare(
        { url: baseline.url, ...roundRobin((index) => `/bare/row${index}`) },
        { url, headers: { authorization: `Bearer ${token}` }, ...roundRobin((index) => `/payments/${ids[index]}`) },
      ),
    );
  }

  process.stdout.write(
    `${JSON.stringify(
      {
        database: EMBEDDED ? 'pglite' : 'postgresql',
        connections: CONNECTIONS,
        seconds: DURATION,
        initiation: summary(initiation),
        initiation_with_idempotency_key: summary(keyedInitiation),
        read: summary(read),
        targets: { initiation_ratio: 0.7, read_ratio: 0.8, p99_ms: 50 },
        outside: OUTSIDE_NOTE,
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await close();
}
