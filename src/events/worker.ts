import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { EnvironmentClock } from '../core/clock.js';
import type { Database, Tables } from '../core/db.js';
import { addSeconds } from '../core/time.js';
import { formatDateTime } from '../core/time.js';
import * as repo from './repository.js';
import { nextDelaySeconds, parseRetryAfter } from './retry.js';
import type { Outcome, Sender } from './sender.js';
import { newWebhookSecret, signatureHeader } from './signing.js';
import { DELIVERY_TIMEOUT_MS, MAX_SOCKETS_PER_HOST } from './sender.js';
import { PollingLoop } from '../core/polling-loop.js';
import { settlesWithin } from '../core/shutdown.js';
import { logFailure, retryWhileUnavailable } from '../core/database-errors.js';

/** Outcomes wait at most this long for others to be recorded with them (one statement for many). */
const RECORD_WITHIN_MS = 20;
/**
 * A claim for a wake-up comes at least this long after the previous claim: under a stream of
 * events, each of which wakes the worker, one claim takes the deliveries of several instead of one
 * statement per event (on the embedded database a burst of refunds ran 30 % faster). An event after
 * a quiet spell is claimed at once, and so are the refills that drain a backlog.
 */
const CLAIM_GAP_MS = 20;

export interface WorkerOptions {
  /** Most deliveries claimed by one statement. */
  batchSize?: number;
  /** Most attempts in flight at once; a slot freed by a finished attempt is refilled at once. */
  concurrency?: number;
  /** How often to look for due retries when no notification arrives. */
  pollMs?: number;
}

/** The JSON envelope every webhook carries. */
export function envelope(delivery: Pick<repo.ClaimedDelivery, 'event_id' | 'type' | 'occurred_at' | 'data'>): string {
  return JSON.stringify({ event_id: delivery.event_id, type: delivery.type, occurred_at: formatDateTime(delivery.occurred_at), data: delivery.data });
}

/**
 * Delivers webhooks from the outbox. Any number of workers, in any number of processes, can run
 * against one database: each leases the deliveries it sends (FOR UPDATE SKIP LOCKED), so no
 * delivery is in flight twice at once. A worker wakes on NOTIFY and also polls for due retries.
 */
export class DeliveryWorker {
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly loop: PollingLoop;
  /** End the passes' waits for their attempts early: an event was written. */
  private readonly interrupts = new Set<() => void>();
  private unlisten: (() => Promise<void>) | undefined;
  /** Set while stop() waits: a pass claims nothing more and only sees its attempts in flight through. */
  private stopping = false;
  /**
   * Attempts in flight per receiver. One receiver holds at most as many slots as it has
   * connections: a slow one with a backlog leaves the other slots to the others.
   */
  private readonly perReceiver = new Map<string, number>();
  /**
   * The attempts running (no outcome yet) by delivery, each with what aborts it: what stop() gives
   * back when their wait is over, without waiting for their receivers.
   */
  private readonly attempting = new Map<number, AbortController>();
  private lastClaimAt = -Infinity;
  /** The tokens of this worker's claims that failed without an answer (releaseUnanswered). */
  private readonly unanswered = new Set<string>();

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    private readonly clock: EnvironmentClock,
    private readonly sender: Sender,
    private readonly log: FastifyBaseLogger,
    options: WorkerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 100;
    this.concurrency = options.concurrency ?? 2 * this.batchSize;
    this.pollMs = options.pollMs ?? 1000;
    this.loop = new PollingLoop(() => this.runDue(), this.pollMs, log, 'webhook delivery');
  }

  private get db(): Kysely<Tables> {
    return this.database.db;
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(repo.OUTBOX_CHANNEL, () => {
      for (const wake of this.interrupts) wake();
      this.loop.wake();
    });
    this.loop.start();
  }

  /**
   * Claims nothing more and waits for the attempts in flight, at most `waitMs`: those still running
   * then are aborted and given back to the queue, due again at once for any worker, unrecorded.
   */
  async stop({ waitMs = Infinity }: { waitMs?: number } = {}): Promise<void> {
    this.stopping = true;
    for (const wake of this.interrupts) wake();
    try {
      await this.unlisten?.();
      const stopped = this.loop.stop();
      if (waitMs !== Infinity && !(await settlesWithin(stopped, waitMs))) await this.giveBack(waitMs);
      await stopped;
    } finally {
      this.stopping = false;
    }
  }

  private async giveBack(waitedMs: number): Promise<void> {
    const deliveries = [...this.attempting.keys()];
    for (const abort of this.attempting.values()) abort.abort();
    this.attempting.clear();
    await this.release(deliveries, 'giving back webhook attempts failed');
    this.log.warn({ deliveries: deliveries.length }, `webhook attempts still running after ${waitedMs / 1000} s given back to the queue`);
  }

  /**
   * Delivers everything due now; answers how many attempts were made. Attempts run side by side,
   * up to `concurrency`. Once half a batch has finished (or the first outcome has waited 20 ms),
   * the outcomes are recorded in one statement and the free slots refilled with one claim, so a receiver that hangs until the
   * timeout holds up its own slot, not the deliveries claimed with it or committed after it;
   * a new event (NOTIFY) or the poll interval refills whatever slots are free at once.
   */
  async runDue(): Promise<number> {
    const refillAt = Math.max(1, Math.floor(this.batchSize / 2));
    const finished: repo.AttemptResult[] = [];
    let inFlight = 0;
    let total = 0;
    let onProgress = () => {};
    let woken = true; // a pass starts by claiming whatever is due
    for (;;) {
      const free = Math.min(this.batchSize, this.concurrency - inFlight);
      if (free > 0 && (woken || free >= refillAt) && !this.stopping) {
        const claimed = await this.claimAndAdmit(free, woken, inFlight + finished.length > 0);
        total += claimed.length;
        inFlight += claimed.length;
        for (const delivery of claimed) {
          const receiver = repo.receiverOf(delivery.url);
          const abort = new AbortController();
          this.attempting.set(delivery.id, abort);
          this.attempt(delivery, abort.signal).then(
            // An attempt given back meanwhile is not recorded: another worker has it again.
            (result) => {
              if (this.attempting.delete(delivery.id)) finished.push(result);
            },
            (error: unknown) => {
              this.attempting.delete(delivery.id);
              // Not recorded: the lease runs out and a later pass tries it again.
              logFailure(this.log, error, { delivery: delivery.id }, 'webhook attempt failed before sending');
            },
          ).finally(() => {
            inFlight--;
            const left = (this.perReceiver.get(receiver) ?? 1) - 1;
            if (left > 0) this.perReceiver.set(receiver, left);
            else this.perReceiver.delete(receiver);
            onProgress();
          });
        }
      }
      if (inFlight === 0 && finished.length === 0) return total;
      woken = false;
      if (inFlight > 0 && finished.length < refillAt) {
        woken = await this.settle(
          (listener) => (onProgress = listener),
          () => inFlight === 0 || finished.length >= refillAt,
          () => finished.length > 0,
        );
      }
      const batch = finished.splice(0);
      if (batch.length > 0) await this.record(batch);
    }
  }

  /**
   * Records outcomes in one statement. While the database is away (a restart or a failover takes
   * a second or so) it is tried again until the first of the leases runs out; then, or on any other
   * failure, the pass goes on seeing its other attempts through, and these deliveries are sent
   * again once their leases run out (at least once).
   */
  private async record(batch: repo.AttemptResult[]): Promise<void> {
    const leaseEnds = Math.min(...batch.map((result) => result.leaseUntil.getTime()));
    const context = { deliveries: batch.length };
    try {
      await retryWhileUnavailable(
        () => repo.recordAttempts(this.db, batch),
        (waitMs) => !this.stopping && Date.now() + waitMs < leaseEnds,
        (error, waitMs) => logFailure(this.log, error, { ...context, retry_in_ms: waitMs }, 'recording webhook attempts failed; tried again while their leases last'),
      );
    } catch (error) {
      logFailure(this.log, error, context, 'recording webhook attempts failed; they are sent again when their leases run out');
    }
  }

  /**
   * Waits until `done()` after an attempt finished, or until outcomes have waited RECORD_WITHIN_MS
   * to be recorded (answers false); or until a new event or the poll interval (answers true).
   */
  private settle(listen: (onProgress: () => void) => void, done: () => boolean, unrecorded: () => boolean): Promise<boolean> {
    return new Promise((resolve) => {
      let flush: NodeJS.Timeout | undefined;
      const finish = (woken: boolean) => {
        clearTimeout(timer);
        clearTimeout(flush);
        this.interrupts.delete(wake);
        listen(() => {});
        resolve(woken);
      };
      const wake = () => finish(true);
      const timer = setTimeout(wake, this.pollMs);
      const progress = () => {
        if (done()) finish(false);
        else if (!flush && unrecorded()) flush = setTimeout(() => finish(false), RECORD_WITHIN_MS);
      };
      this.interrupts.add(wake);
      listen(progress);
      progress();
    });
  }

  /**
   * Claims and admits. While the pass still has attempts to see through (in flight, or finished and
   * not yet recorded), a claim that fails is logged and claims nothing, so that those attempts are
   * still recorded; with nothing left to see through, the failure ends the pass.
   */
  private async claimAndAdmit(limit: number, woken: boolean, seeingThrough: boolean): Promise<repo.ClaimedDelivery[]> {
    try {
      return await this.admit(await this.claim(limit, woken));
    } catch (error) {
      if (!seeingThrough) throw error;
      logFailure(this.log, error, {}, 'claiming webhook deliveries failed; the attempts in flight are seen through');
      return [];
    }
  }

  /** `woken`: claimed for a wake-up (an event, the poll), kept CLAIM_GAP_MS after the last claim; a refill is claimed at once. */
  private async claim(limit: number, woken: boolean): Promise<repo.ClaimedDelivery[]> {
    const gap = this.lastClaimAt + CLAIM_GAP_MS - performance.now();
    if (woken && gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
    if (this.stopping) return []; // told to stop while it waited
    this.lastClaimAt = performance.now();
    await this.releaseUnanswered();
    // The lease outlives the longest possible delivery, so no other worker takes it meanwhile.
    const realNow = new Date();
    const lease = { now: realNow, until: addSeconds(realNow, (DELIVERY_TIMEOUT_MS / 1000) * 6), token: randomUUID() };
    const busy = [...this.perReceiver].filter(([, count]) => count >= MAX_SOCKETS_PER_HOST).map(([receiver]) => receiver);
    try {
      return await repo.claimDue(this.db, this.clock.base.now(), lease, limit, busy);
    } catch (error) {
      this.unanswered.add(lease.token); // its commit may have reached the server all the same
      throw error;
    }
  }

  /**
   * Gives back what the claims that got no answer may have leased: nobody attempts those deliveries,
   * and they would otherwise wait for their leases (a minute) after a failover or a restart.
   */
  private async releaseUnanswered(): Promise<void> {
    if (this.unanswered.size === 0) return;
    const tokens = [...this.unanswered];
    await repo.releaseClaims(this.db, tokens);
    for (const token of tokens) this.unanswered.delete(token);
  }

  /** The claimed deliveries this worker attempts now, up to each receiver's share; the rest go back at once. */
  private async admit(claimed: repo.ClaimedDelivery[]): Promise<repo.ClaimedDelivery[]> {
    const admitted: repo.ClaimedDelivery[] = [];
    const returned: number[] = [];
    for (const delivery of claimed) {
      const receiver = repo.receiverOf(delivery.url);
      const count = this.perReceiver.get(receiver) ?? 0;
      if (count >= MAX_SOCKETS_PER_HOST) {
        returned.push(delivery.id);
        continue;
      }
      this.perReceiver.set(receiver, count + 1);
      admitted.push(delivery);
    }
    await this.release(returned, "giving back webhook deliveries over a receiver's share failed");
    return admitted;
  }

  /** Gives leases back; if that fails (the database away), the deliveries wait for their leases to run out, and what called goes on. */
  private async release(deliveries: number[], failure: string): Promise<void> {
    await repo.releaseLeases(this.db, deliveries).catch((error: unknown) => logFailure(this.log, error, { deliveries: deliveries.length }, failure));
  }

  private async secretsFor(delivery: repo.ClaimedDelivery, now: Date): Promise<string[]> {
    let { secret, previous_secret: previous, previous_expires_at: previousExpiresAt } = delivery;
    if (!secret) {
      const tenant = { platformId: delivery.platform_id, environment: delivery.environment };
      ({ secret, previous_secret: previous, previous_expires_at: previousExpiresAt } = await repo.ensureSecret(this.db, tenant, newWebhookSecret(), now));
    }
    return previous && previousExpiresAt && previousExpiresAt > now ? [secret, previous] : [secret];
  }

  private async attempt(delivery: repo.ClaimedDelivery, signal: AbortSignal): Promise<repo.AttemptResult> {
    const attemptedAt = this.attemptTime(delivery);
    const body = envelope(delivery);
    // Receivers check webhook-timestamp against their own clocks to refuse replays: it is the
    // wall-clock time of sending, whatever clock schedules the attempts.
    const timestamp = Math.floor(Date.now() / 1000);
    const secrets = await this.secretsFor(delivery, attemptedAt);
    const outcome = await this.sender.send({
      url: delivery.url,
      environment: delivery.environment,
      body,
      headers: {
        'webhook-id': delivery.event_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(secrets, delivery.event_id, timestamp, body),
        'user-agent': 'payments-webhooks/1.0',
      },
      signal,
    });
    return this.result(delivery, attemptedAt, outcome);
  }

  /**
   * Live attempts happen now. A sandbox attempt happens when it fell due on its platform's clock, as
   * the sandbox's jobs run: a clock moved by three days runs those days' retries one after the other,
   * each scheduled from the one before, instead of one retry at the new time.
   */
  private attemptTime(delivery: repo.ClaimedDelivery): Date {
    const now = this.clock.now(delivery.environment, delivery.platform_id);
    return delivery.environment === 'sandbox' && delivery.next_attempt_at < now ? delivery.next_attempt_at : now;
  }

  private result(delivery: repo.ClaimedDelivery, attemptedAt: Date, outcome: Outcome): repo.AttemptResult {
    const base = { deliveryId: delivery.id, leaseUntil: delivery.lease_until, attemptedAt, statusCode: outcome.statusCode, durationMs: outcome.durationMs };
    const succeeded = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    if (succeeded) return { ...base, error: null, state: 'succeeded', nextAttemptAt: null };
    const error = outcome.error ?? `answered ${outcome.statusCode}`;
    // The wait counts from the end of the attempt: after a 10 s timeout, the first retry still waits its 5 s.
    const endedAt = new Date(attemptedAt.getTime() + outcome.durationMs);
    const delay = nextDelaySeconds(delivery.attempt_count + 1, parseRetryAfter(outcome.retryAfter, endedAt));
    if (delay === undefined) return { ...base, error, state: 'failed', nextAttemptAt: null };
    return { ...base, error, state: 'pending', nextAttemptAt: addSeconds(endedAt, delay) };
  }
}
