import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
import { ServerProcess, type TimedResponse } from './api-process.js';
import { waitUntil } from './postgres-instance.js';
import { purchase } from './purchase.js';
import { startReceiver } from './receiver.js';

/**
 * A deployment of several API processes and background workers (`npm run worker`) as child
 * processes on one database, under load, one API and one worker SIGKILLed midway; then what every
 * process agrees on is read back. The API processes run neither jobs nor deliveries
 * (WEBHOOK_WORKER=off JOB_WORKER=off): the workers do, coordinating through the database.
 */
export interface DeploymentOptions {
  /** DATABASE_URL of every process (a server, or a pooler in front of it). */
  databaseUrl: string;
  /** DATABASE_DIRECT_URL, when DATABASE_URL is a pooler. */
  directUrl?: string;
  /** Where the test reads the outcome: a plain connection to the database. */
  checkUrl: string;
  apis: number;
  workers: number;
  /** Buyers paying at once, each through one API, and how many payments each makes. */
  buyers: number;
  paymentsPerBuyer: number;
  /** How long a process may take to start on a loaded machine. */
  slowMs: number;
}

export interface DeploymentReport {
  /** Answers of processes never killed that were not 2xx, or requests to them that got no answer. */
  failedAtSurvivors: string[];
  /** Requests to the killed API that got no answer (a client sends the next payment elsewhere). */
  refusedAtKilled: number;
  /** Payments completed (authorized through a process that lived through the payment). */
  paid: string[];
  /** payment_succeeded events per paid payment, as the API lists them. */
  succeededEvents: Map<string, number>;
  /** Webhooks received per event id. */
  receivedPerEvent: Map<string, number>;
  /** Event ids received more than once whose first receipt came before the worker was killed (in flight then), or was read just after it died. */
  duplicatesInFlightAtKill: string[];
  /** Scheduled jobs done (the simulator's notifications and the like: the workers' work), every one due during the load among them. */
  jobsDone: number;
  /** Captures booked per paid payment (the ledger). */
  capturesPerPayment: Map<string, number>;
  /** The sandbox clock each surviving API answers after an advance made through one of them (ms ahead of real time). */
  clockAheadMs: number[];
  advancedSeconds: number;
  /** Every process still alive at the end, except the two killed. */
  survivorsAlive: boolean;
  outputs: () => string;
}

const BASE_URL = 'http://payments.test';
/** How long after the killed worker's exit a webhook it sent may still be read here (see the killer). */
const KILL_READ_GRACE_MS = 2_000;

export async function runDeployment(options: DeploymentOptions): Promise<DeploymentReport> {
  const client = { id: `sandbox_${randomBytes(6).toString('hex')}`, secret: randomBytes(24).toString('base64url') };
  const env = {
    DATABASE_URL: options.databaseUrl,
    ...(options.directUrl ? { DATABASE_DIRECT_URL: options.directUrl } : {}),
    // One deployment: one public URL (token audiences) and one sandbox client for all.
    BASE_URL,
    SANDBOX_CLIENT_ID: client.id,
    SANDBOX_CLIENT_SECRET: client.secret,
    RATE_LIMIT_PER_SECOND: '0',
  };
  const receiver = await startReceiver();
  const processes: ServerProcess[] = [];
  const check = new pg.Client({ connectionString: options.checkUrl });
  try {
    // The first applies the migrations; the others start together.
    const first = await ServerProcess.start({ env: { ...env, WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' }, startTimeoutMs: options.slowMs });
    processes.push(first);
    const rest = await Promise.all([
      ...Array.from({ length: options.apis - 1 }, () => ServerProcess.start({ env: { ...env, WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' }, startTimeoutMs: options.slowMs })),
      ...Array.from({ length: options.workers }, () => ServerProcess.start({ script: 'src/worker.ts', env, startTimeoutMs: options.slowMs })),
    ]);
    processes.push(...rest);
    const apis = processes.slice(0, options.apis);
    const workers = processes.slice(options.apis);
    const killedApi = apis[0]!;
    const killedWorker = workers[0]!;

    const tokenAnswer = await first.request('POST', '/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: client.id, client_secret: client.secret, audience: `${BASE_URL}/sandbox` },
    });
    if (tokenAnswer.status !== 200) throw new Error(`token: ${tokenAnswer.status} ${tokenAnswer.text}`);
    const token: string = tokenAnswer.body.access_token;

    const failedAtSurvivors: string[] = [];
    let refusedAtKilled = 0;
    const paid: string[] = [];
    /** Processes a request got no answer from: a client sends its next payment elsewhere. */
    const unreachable = new Set<ServerProcess>();
    /** Wraps a process so that each of its answers and failures is judged. */
    const judged = (api: ServerProcess) =>
      new Proxy(api, {
        get(target, property) {
          if (property !== 'request') return Reflect.get(target, property);
          return async (...args: Parameters<ServerProcess['request']>): Promise<TimedResponse> => {
            try {
              const answer = await target.request(...args);
              if (answer.status >= 300 && target !== killedApi) failedAtSurvivors.push(`${args[0]} ${args[1]}: ${answer.status} ${answer.text}`);
              return answer;
            } catch (error) {
              unreachable.add(target);
              if (target === killedApi) refusedAtKilled += 1;
              else failedAtSurvivors.push(`${args[0]} ${args[1]}: no answer (${String((error as Error).cause ?? error)})`);
              throw error;
            }
          };
        },
      });

    let workerKilledAt = Infinity;
    let started = 0;
    // DEPLOYMENT_DEBUG=1: the phases of the run on stderr, with the payments started and paid and the webhooks received.
    const say = (what: string) => process.env.DEPLOYMENT_DEBUG && console.error(new Date().toISOString(), what, started, paid.length, receiver.received.length);
    const total = options.buyers * options.paymentsPerBuyer;
    const buyer = async (index: number) => {
      let api = apis[index % apis.length]!;
      for (let n = 0; n < options.paymentsPerBuyer; n++) {
        // A client whose API went away sends its next payment to another one.
        if (unreachable.has(api)) api = apis.find((each) => !unreachable.has(each))!;
        const reference = `many-${index}-${n}`;
        started += 1;
        // A failure is recorded by `judged` (and counted against a survivor); the buyer goes on.
        await purchase(judged(api), token, reference, receiver.url).then(
          (id) => paid.push(id),
          () => undefined,
        );
      }
    };
    const killer = async () => {
      await waitUntil(() => started >= total / 3, 10 * options.slowMs, 'a third of the load sent');
      await killedApi.kill();
      say('api killed');
      await waitUntil(() => receiver.received.length > 0 || started >= (2 * total) / 3, 10 * options.slowMs, 'webhooks under way');
      await killedWorker.kill();
      // A receipt is timed when this process reads it, which on a loaded machine may be a moment
      // after the killed worker sent it (and died before it could record it): such a webhook is
      // sent again once its lease runs out, and was in flight at the kill all the same.
      workerKilledAt = performance.now() + KILL_READ_GRACE_MS;
      say('worker killed');
    };
    await Promise.all([...Array.from({ length: options.buyers }, (_, index) => buyer(index)), killer()]);
    say('load done');
    const loadEndedAt = new Date();
    await check.connect();

    const survivors = processes.filter((each) => each !== killedApi && each !== killedWorker);
    const survivingApi = apis.find((each) => each !== killedApi)!;
    const events = async (paymentId: string) => {
      const answer = await judged(survivingApi).request('GET', `/sandbox/events?object_id=${paymentId}`, { token });
      return (answer.body.data as { event_id: string; type: string }[]).filter((event) => event.type === 'payment_succeeded');
    };
    // Every payment's webhook arrives: a delivery the killed worker held is taken over once its lease runs out.
    const succeededIds = async () => (await Promise.all(paid.map(events))).flat().map((event) => event.event_id);
    await waitUntil(
      async () => {
        const ids = await succeededIds();
        const received = new Set(receiver.received.map((each) => String(each.headers['webhook-id'])));
        return ids.length >= paid.length && ids.every((id) => received.has(id));
      },
      3 * options.slowMs,
      'every payment_succeeded delivered',
    );
    say('delivered');
    // Every job that fell due during the load is done (one the killed worker held, once its lease ran out).
    const pendingJobs = async () =>
      Number((await check.query<{ count: string }>(`SELECT count(*) FROM scheduled_jobs WHERE state = 'pending' AND due_at <= $1`, [loadEndedAt])).rows[0]!.count);
    await waitUntil(async () => (await pendingJobs()) === 0, 3 * options.slowMs, 'every job due during the load done');
    const jobsDone = Number((await check.query<{ count: string }>(`SELECT count(*) FROM scheduled_jobs WHERE state = 'done' AND done_at <= $1`, [new Date()])).rows[0]!.count);
    const succeededEvents = new Map<string, number>();
    for (const id of paid) succeededEvents.set(id, (await events(id)).length);
    const receivedPerEvent = new Map<string, number>();
    const firstReceipt = new Map<string, number>();
    for (const each of receiver.received) {
      const id = String(each.headers['webhook-id']);
      receivedPerEvent.set(id, (receivedPerEvent.get(id) ?? 0) + 1);
      if (!firstReceipt.has(id)) firstReceipt.set(id, each.at);
    }
    const duplicatesInFlightAtKill = [...receivedPerEvent].filter(([id, count]) => count > 1 && firstReceipt.get(id)! < workerKilledAt).map(([id]) => id);

    const captures = await check.query<{ payment_id: string; count: string }>(`SELECT payment_id, count(*) FROM ledger_entries WHERE kind = 'capture' AND payment_id = ANY($1) GROUP BY payment_id`, [paid]);
    const capturesPerPayment = new Map(paid.map((id) => [id, Number(captures.rows.find((row) => row.payment_id === id)?.count ?? 0)]));

    const advancedSeconds = 3_600;
    say('captures read');
    const advanced = await judged(survivingApi).request('POST', '/sandbox/simulations/clock/advance', { token, body: { seconds: advancedSeconds } });
    if (advanced.status !== 200) throw new Error(`advance: ${advanced.status} ${advanced.text}`);
    // Each process follows the advance by NOTIFY: soon, not at once.
    const clockAheadMs: number[] = [];
    for (const api of apis.filter((each) => each !== killedApi)) {
      let ahead = 0;
      const read = async () => {
        const answer = await judged(api).request('GET', '/sandbox/simulations/clock', { token });
        ahead = new Date(answer.body.now).getTime() - Date.now();
        return ahead > (advancedSeconds - 60) * 1000;
      };
      await waitUntil(read, options.slowMs, 'the advance seen').catch(() => undefined);
      clockAheadMs.push(ahead);
    }
    return {
      failedAtSurvivors,
      refusedAtKilled,
      paid,
      succeededEvents,
      receivedPerEvent,
      duplicatesInFlightAtKill,
      jobsDone,
      capturesPerPayment,
      clockAheadMs,
      advancedSeconds,
      survivorsAlive: survivors.every((each) => each.alive) && !killedApi.alive && !killedWorker.alive,
      outputs: () => processes.map((each, index) => `--- process ${index}\n${each.output()}`).join('\n'),
    };
  } finally {
    await check.end().catch(() => undefined);
    for (const each of processes) await each.stop();
    await receiver.close();
  }
}

/**
 * What a deployment run must show: no failed request at the processes that lived, every payment
 * paid but those the killed API left unanswered, each captured and announced once, each webhook
 * received once (again only if the killed worker had it in flight), the clock advance seen by all.
 * Answers the failure context (figures and every process's output) for further checks.
 */
export function expectDeploymentHeld(report: DeploymentReport, payments: number, more = ''): string {
  const context = `${JSON.stringify({ failed: report.failedAtSurvivors, refused: report.refusedAtKilled, paid: report.paid.length })}\n${report.outputs()}\n${more}`;
  expect(report.failedAtSurvivors, context).toEqual([]);
  expect(report.survivorsAlive, context).toBe(true);
  expect(report.paid.length, context).toBeGreaterThanOrEqual(payments - report.refusedAtKilled);
  expect(report.paid.length, context).toBeGreaterThanOrEqual(payments / 2);
  expect(report.jobsDone, context).toBeGreaterThan(0);
  expect([...report.capturesPerPayment.values()].every((count) => count === 1), context).toBe(true);
  expect([...report.succeededEvents.values()].every((count) => count === 1), context).toBe(true);
  const receivedTwice = [...report.receivedPerEvent].filter(([, count]) => count > 1).map(([id]) => id);
  expect(receivedTwice.filter((id) => !report.duplicatesInFlightAtKill.includes(id)), context).toEqual([]);
  for (const ahead of report.clockAheadMs) expect(ahead, context).toBeGreaterThan((report.advancedSeconds - 60) * 1000);
  return context;
}
