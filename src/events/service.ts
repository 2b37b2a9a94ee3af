import type { Kysely } from 'kysely';
import type { Db, Tables } from '../core/db.js';
import { decide, UNKEYED, type Answer } from '../core/idempotency.js';
import type { Caller } from '../core/auth.js';
import type { Clock } from '../core/clock.js';
import { ApiError, invalidFields, notFound, type FieldError } from '../core/errors.js';
import type { Pager, PageRequest } from '../core/pagination.js';
import { addSeconds, formatDateTime } from '../core/time.js';
import type { Outbox, EventType } from './outbox.js';
import * as repo from './repository.js';
import { FAULTS_CHANNEL, type WebhookFaultSettings } from './fault-settings.js';
import { NO_FAULTS } from './faults.js';
import type { EventDetail, EventSummary, WebhookFaults, WebhookFaultsInput, WebhookSecret } from './schemas.js';
import { newWebhookSecret } from './signing.js';

const ROTATION_OVERLAP_SECONDS = 24 * 3600;
const optionalTime = (date: Date | null) => (date ? formatDateTime(date) : null);

function envelopeOf(row: repo.EventRow) {
  return { event_id: row.id, type: row.type as EventType, occurred_at: formatDateTime(row.occurred_at), data: row.data };
}

export class EventService {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly pager: Pager,
    private readonly outbox: Outbox,
  ) {}

  /** The caller's events, newest first; `delivery` (the dashboard's filter, not the API's) by where the latest delivery stands. */
  list(caller: Caller, query: PageRequest & { type?: EventType; object_id?: string; delivery?: repo.DeliveryFilter }) {
    const list = `events:${caller.environment}:${caller.platformId}:${query.type ?? ''}:${query.object_id ?? ''}${query.delivery ? `:${query.delivery}` : ''}`;
    return this.pager.page(
      list,
      query,
      (limit, after) => repo.listEvents(this.db, caller, { type: query.type, objectId: query.object_id, delivery: query.delivery }, limit, after),
      (row): EventSummary => ({ ...envelopeOf(row), delivery_status: row.delivery_state ?? null }),
    );
  }

  async get(caller: Caller, id: string, db: Db = this.db): Promise<EventDetail> {
    const event = await this.find(caller, id, db);
    const deliveries = await repo.deliveriesOf(db, event.id);
    const attempts = await repo.attemptsOf(db, deliveries.map((delivery) => delivery.id));
    return {
      ...envelopeOf(event),
      deliveries: deliveries.map((delivery) => ({
        url: delivery.url,
        status: delivery.state,
        attempt_count: delivery.attempt_count,
        next_attempt_at: delivery.state === 'pending' ? optionalTime(delivery.next_attempt_at) : null,
        created_at: formatDateTime(delivery.created_at),
        completed_at: optionalTime(delivery.completed_at),
        attempts: attempts
          .filter((attempt) => attempt.delivery_id === delivery.id)
          .map((attempt) => ({
            attempted_at: formatDateTime(attempt.attempted_at),
            status_code: attempt.status_code,
            duration_ms: attempt.duration_ms,
            error: attempt.error,
            ...(attempt.injected ? { injected: attempt.injected } : {}),
          })),
      })),
    };
  }

  /** A new delivery of the event, due now, to the URL of its latest delivery. */
  async redeliver(caller: Caller, id: string, answer: Answer<EventDetail> = UNKEYED): Promise<EventDetail> {
    const event = await this.find(caller, id);
    const [latest] = await repo.deliveriesOf(this.db, event.id);
    if (!latest) throw new ApiError('conflict', { detail: `Event ${id} had no webhook URL to deliver to` });
    return decide(this.db, answer, async (trx) => {
      await this.outbox.scheduleDelivery(trx, event, latest.url);
      return this.get(caller, id, trx);
    });
  }

  private async find(caller: Caller, id: string, db: Db = this.db): Promise<repo.EventRow> {
    const event = await repo.findEvent(db, caller, id);
    if (!event) throw notFound(`Event ${id}`);
    return event;
  }
}

function presentSecret(row: repo.SecretRow, now: Date): WebhookSecret {
  const overlapping = row.previous_expires_at && row.previous_expires_at > now;
  return { secret: row.secret, created_at: formatDateTime(row.created_at), previous_secret_expires_at: overlapping ? formatDateTime(row.previous_expires_at!) : null };
}

/** One signing secret per platform and environment; a rotation keeps the previous one valid for 24 h. */
export class WebhookSecretService {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly clock: Clock,
  ) {}

  async get(caller: Caller): Promise<WebhookSecret> {
    const now = this.clock.now();
    return presentSecret(await repo.ensureSecret(this.db, caller, newWebhookSecret(), now), now);
  }

  async rotate(caller: Caller, answer: Answer<WebhookSecret> = UNKEYED): Promise<WebhookSecret> {
    const now = this.clock.now();
    return decide(this.db, answer, async (trx) => {
      await repo.ensureSecret(trx, caller, newWebhookSecret(), now);
      return presentSecret(await repo.rotateSecret(trx, caller, newWebhookSecret(), now, addSeconds(now, ROTATION_OVERLAP_SECONDS)), now);
    });
  }
}

/** A fault on with nothing to do: a share of deliveries delayed by 0 seconds, or reordered within no window. */
function faultErrors(faults: WebhookFaults): FieldError[] {
  const needs = (ratio: keyof WebhookFaults, length: keyof WebhookFaults): FieldError[] =>
    faults[ratio] > 0 && faults[length] < 1 ? [{ pointer: `/${length}`, code: 'too_small', detail: `${length} must be at least 1 while ${ratio} is above 0`, params: { limit: 1 } }] : [];
  return [...needs('reorder_ratio', 'reorder_window_seconds'), ...needs('delay_ratio', 'delay_seconds')];
}

/**
 * The sandbox's webhook faults on demand, per platform (off until set): what share of its
 * deliveries the outbox sends twice, out of order, late (events/faults.ts). Never in live: the
 * routes exist on the sandbox mount alone, and the outbox reads them for sandbox events only.
 */
export class WebhookFaultService {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly clock: Clock,
    private readonly settings: WebhookFaultSettings,
  ) {}

  async get(caller: Caller): Promise<WebhookFaults> {
    const [row] = await repo.webhookFaultsOf(this.db, [caller.platformId]);
    if (!row) return { ...NO_FAULTS };
    const { platform_id: _platform, ...faults } = row;
    return faults;
  }

  async put(caller: Caller, input: WebhookFaultsInput, answer: Answer<WebhookFaults> = UNKEYED): Promise<WebhookFaults> {
    const faults = { ...NO_FAULTS, ...input };
    const errors = faultErrors(faults);
    if (errors.length > 0) throw invalidFields(errors);
    const saved = await decide(this.db, answer, async (trx) => {
      await repo.putWebhookFaults(trx, caller.platformId, { ...faults, updated_at: this.clock.now() }, FAULTS_CHANNEL);
      return faults;
    });
    this.settings.follow(caller.platformId, saved);
    return saved;
  }
}
