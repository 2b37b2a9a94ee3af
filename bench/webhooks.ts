/**
 * Webhook delivery on PostgreSQL: throughput (events/s from commit to a local receiver) and the
 * latency from commit to receipt (p50/p99), next to a baseline run in the same process: the
 * same bodies POSTed straight to the receiver with the same concurrency, no database at all.
 *
 *   npm run bench:webhooks            (DATABASE_URL defaults to the local test database)
 */
import http from 'node:http';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../src/core/config.js';
import { openDatabase } from '../src/core/db.js';
import { EnvironmentClock, systemClock } from '../src/core/clock.js';
import { ClientService } from '../src/auth/service.js';
import { Outbox } from '../src/events/outbox.js';
import { WebhookFaultSettings } from '../src/events/fault-settings.js';
import { DeliveryWorker } from '../src/events/worker.js';
import { HttpSender } from '../src/events/sender.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);
const BATCH = 100;
const LATENCY_SAMPLES = 300;
const LOAD_EMITTERS = 4;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 3);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `bench_${Date.now().toString(36)}`;

const receipts = new Map<string, number>();
let onReceipt: () => void = () => undefined;
const receiver = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    receipts.set(String(request.headers['webhook-id'] ?? `raw-${receipts.size}`), performance.now());
    response.writeHead(200).end();
    onReceipt();
  });
});
receiver.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;

function untilReceived(count: number): Promise<void> {
  return new Promise((resolve) => {
    onReceipt = () => receipts.size >= count && resolve();
    onReceipt();
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const body = JSON.stringify({ event_id: 'evt_x', type: 'payment_succeeded', occurred_at: new Date().toISOString(), data: { id: 'pay_x', status: 'captured', reference: 'bench' } });

/** Baseline: the same POSTs with 100 in flight at a time, straight to the receiver. */
async function baseline(): Promise<number> {
  const sender = new HttpSender();
  const started = performance.now();
  for (let sent = 0; sent < EVENTS; sent += BATCH) {
    await Promise.all(Array.from({ length: BATCH }, () => sender.send({ url, environment: 'sandbox', headers: {}, body })));
  }
  return EVENTS / ((performance.now() - started) / 1000);
}

const config = loadConfig({ DATABASE_URL, DATABASE_SCHEMA: SCHEMA, LOG_LEVEL: 'silent' });
const database = await openDatabase(config);
const log = pino({ level: 'silent' });
const { platformId } = await new ClientService(database.db, systemClock).create({ environment: 'sandbox', platformName: 'bench' });
const clock = new EnvironmentClock(systemClock);
const outbox = new Outbox(clock, new WebhookFaultSettings()); // no faults: a platform's are off until set
const commits = new Map<string, number>();

async function emitBatch(size: number): Promise<void> {
  const ids: string[] = [];
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < size; i++) {
      ids.push(
        await outbox.record(trx, {
          environment: 'sandbox',
          platformId,
          type: 'payment_succeeded',
          objectId: 'pay_bench',
          data: { id: 'pay_bench', status: 'captured', reference: 'bench' },
          occurredAt: systemClock.now(),
          destination: url,
        }),
      );
    }
  });
  const committed = performance.now();
  for (const id of ids) commits.set(id, committed);
}

try {
  const rawRate = await baseline();
  receipts.clear();

  const workers = [0, 1].map(() => new DeliveryWorker(database, clock, new HttpSender(), log, { batchSize: 100 }));

  // Throughput: a backlog of committed events drained by two workers.
  const emitStarted = performance.now();
  for (let emitted = 0; emitted < EVENTS; emitted += BATCH) await emitBatch(BATCH);
  const emitRate = EVENTS / ((performance.now() - emitStarted) / 1000);
  const started = performance.now();
  const done = untilReceived(EVENTS);
  await Promise.all(workers.map((worker) => worker.start()));
  await done;
  const rate = EVENTS / ((performance.now() - started) / 1000);

  // Latency: one event per transaction at a steady pace, commit to receipt.
  receipts.clear();
  commits.clear();
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    await emitBatch(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await untilReceived(LATENCY_SAMPLES);
  const latencies = [...commits].map(([id, committed]) => receipts.get(id)! - committed);

  // Latency under load: emitters commit batches of 10 side by side for a few seconds while the
  // workers deliver, so commit-to-receipt is measured at the sustained rate the outbox accepts.
  receipts.clear();
  commits.clear();
  const loadStarted = performance.now();
  await Promise.all(
    Array.from({ length: LOAD_EMITTERS }, async () => {
      while (performance.now() - loadStarted < LOAD_SECONDS * 1000) await emitBatch(10);
    }),
  );
  const offeredRate = commits.size / ((performance.now() - loadStarted) / 1000);
  await untilReceived(commits.size);
  const loadedLatencies = [...commits].map(([id, committed]) => receipts.get(id)! - committed);
  await Promise.all(workers.map((worker) => worker.stop()));

  const results = {
    events: EVENTS,
    baseline_raw_posts_per_s: Math.round(rawRate),
    committed_events_per_s: Math.round(emitRate),
    delivered_events_per_s: Math.round(rate),
    ratio_to_baseline: Number((rate / rawRate).toFixed(2)),
    commit_to_receipt_ms: { p50: Number(percentile(latencies, 50).toFixed(1)), p99: Number(percentile(latencies, 99).toFixed(1)) },
    under_load: {
      events: commits.size,
      committed_events_per_s: Math.round(offeredRate),
      commit_to_receipt_ms: { p50: Number(percentile(loadedLatencies, 50).toFixed(1)), p99: Number(percentile(loadedLatencies, 99).toFixed(1)) },
    },
    targets: { events_per_s: 2000, p99_ms: 200 },
  };
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
} finally {
  await database.close();
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await admin.end();
  receiver.close();
  receiver.closeAllConnections();
}
