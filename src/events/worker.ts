import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock.js';
import type { Database, Tables } from '../core/db.js';
import { addSeconds } from '../core/time.js';
import { formatDateTime } from '../core/time.js';
import * as repo from './repository.js';
import { nextDelaySeconds, parseRetryAfter } from './retry.js';
import type { Outcome, Sender } from './sender.js';
import { newWebhookSecret, signatureHeader } from './signing.js';
import { DELIVERY_TIMEOUT_MS } from './sender.js';
import { PollingLoop } from '../core/polling-loop.js';

export interface WorkerOptions {
  batchSize?: number;
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
  private readonly loop: PollingLoop;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    private readonly clock: Clock,
    private readonly sender: Sender,
    log: FastifyBaseLogger,
    options: WorkerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 100;
    this.loop = new PollingLoop(() => this.runDue(), options.pollMs ?? 1000, log, 'webhook delivery');
  }

  private get db(): Kysely<Tables> {
    return this.database.db;
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(repo.OUTBOX_CHANNEL, () => this.loop.wake());
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    await this.loop.stop();
  }

  /** Delivers everything due now; answers how many attempts were made. */
  async runDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const now = this.clock.now();
      // The lease outlives the longest possible delivery, so no other worker takes it meanwhile.
      const claimed = await repo.claimDue(this.db, now, addSeconds(now, (DELIVERY_TIMEOUT_MS / 1000) * 6), this.batchSize);
      if (claimed.length === 0) return total;
      const results = await Promise.all(claimed.map((delivery) => this.attempt(delivery)));
      await this.db.transaction().execute((trx) => repo.recordAttempts(trx, results));
      total += claimed.length;
      if (claimed.length < this.batchSize) return total;
    }
  }

  private async secretsFor(delivery: repo.ClaimedDelivery, now: Date): Promise<string[]> {
    let { secret, previous_secret: previous, previous_expires_at: previousExpiresAt } = delivery;
    if (!secret) {
      const tenant = { platformId: delivery.platform_id, environment: delivery.environment };
      ({ secret, previous_secret: previous, previous_expires_at: previousExpiresAt } = await repo.ensureSecret(this.db, tenant, newWebhookSecret(), now));
    }
    return previous && previousExpiresAt && previousExpiresAt > now ? [secret, previous] : [secret];
  }

  private async attempt(delivery: repo.ClaimedDelivery): Promise<repo.AttemptResult> {
    const attemptedAt = this.clock.now();
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
    });
    return this.result(delivery, attemptedAt, outcome);
  }

  private result(delivery: repo.ClaimedDelivery, attemptedAt: Date, outcome: Outcome): repo.AttemptResult {
    const base = { deliveryId: delivery.id, attemptedAt, statusCode: outcome.statusCode, durationMs: outcome.durationMs };
    const succeeded = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    if (succeeded) return { ...base, error: null, state: 'succeeded', nextAttemptAt: null };
    const error = outcome.error ?? `answered ${outcome.statusCode}`;
    const delay = nextDelaySeconds(delivery.attempt_count + 1, parseRetryAfter(outcome.retryAfter, attemptedAt));
    if (delay === undefined) return { ...base, error, state: 'failed', nextAttemptAt: null };
    return { ...base, error, state: 'pending', nextAttemptAt: addSeconds(attemptedAt, delay) };
  }
}
