import type { EnvironmentClock } from '../core/clock.js';
import type { Db } from '../core/db.js';
import type { Environment } from '../core/config.js';
import { newId, type EventId } from '../core/ids.js';
import type { WebhookFaultSettings } from './fault-settings.js';
import { NO_FAULTS, planDeliveries, type WebhookFaults } from './faults.js';
import * as repo from './repository.js';
import { writeTogether, type Collector } from '../core/shared-transactions.js';

/** Every event type of the specification, and those decisions.md or this product add. */
export const EVENT_TYPES = [
  'payment_succeeded',
  'payment_failed',
  'payment_authentication_failed',
  'transfer_started',
  'transfer_updated',
  'transfer_completed',
  'refund_initiated',
  'refund_initiated_from_buyer',
  'transfer_received_from_creditor',
  'refund_completed',
  /** decisions §5: a refund the processor reports failed (data as refund_completed). */
  'refund_failed',
  /** Ours, as the specification has no chargeback event: the buyer's bank took a payment's money back (a card chargeback, a SEPA return). */
  'payment_charged_back',
  /** Ours: the bank sent a payout back (a returned SEPA credit transfer); its transfers wait again. */
  'payout_failed',
  'application_started',
  'application_submitted',
  'application_succeeded',
  'application_action_required',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface NewEvent {
  environment: Environment;
  platformId: string;
  type: EventType;
  /** The object the event is about (pay_, rfd_, tra_, app_…), for GET /events?object_id=. */
  objectId: string;
  data: Record<string, unknown>;
  /** When it happened on its platform's clock. */
  occurredAt: Date;
  /** The webhook URL to deliver to; without one the event is only kept for GET /events. */
  destination: string | null | undefined;
}

type OutboxWrite = { events: Parameters<typeof repo.writeOutbox>[1]; deliveries: Parameters<typeof repo.writeOutbox>[2] };

/** Events written together (a shared transaction's), with their deliveries; the delivery workers woken when one has any. */
const outboxWrites: Collector<OutboxWrite> = {
  rank: 4,
  async flush(trx, writes) {
    const deliveries = writes.flatMap((write) => write.deliveries);
    await repo.writeOutbox(trx, writes.flatMap((write) => write.events), deliveries, deliveries.length > 0 ? [repo.EVENTS_CHANNEL, repo.OUTBOX_CHANNEL] : [repo.EVENTS_CHANNEL]);
  },
};

/**
 * The transactional outbox. Services call record() with their own transaction, so the event is
 * committed with the change that caused it or not at all; the workers deliver it afterwards.
 */
export class Outbox {
  constructor(
    private readonly clock: EnvironmentClock,
    private readonly faults: WebhookFaultSettings,
  ) {}

  async record(trx: Db, event: NewEvent): Promise<EventId> {
    const [id] = await this.recordAll(trx, [event]);
    return id!;
  }

  /** Several events of one change (a payout's transfers' events), with their deliveries and wake-ups in one statement: answers their ids in order. */
  async recordAll(trx: Db, events: NewEvent[]): Promise<EventId[]> {
    if (events.length === 0) return [];
    const ids = events.map(() => newId('evt'));
    const rows = events.map((event, index) => ({
      id: ids[index]!,
      environment: event.environment,
      platform_id: event.platformId,
      type: event.type,
      object_id: event.objectId,
      data: event.data,
      occurred_at: event.occurredAt,
      created_at: event.occurredAt,
    }));
    const deliveries = events.flatMap((event, index) =>
      event.destination ? this.deliveries({ id: ids[index]!, environment: event.environment, platform_id: event.platformId }, event.destination, this.faultsOf(event)) : [],
    );
    await writeTogether(trx, outboxWrites, [{ events: rows, deliveries }]);
    return ids;
  }

  /** A delivery due now on the event's platform's clock (a moved sandbox clock moves its retries too); sent again on request, without faults. */
  async scheduleDelivery(trx: Db, event: Pick<repo.EventRow, 'id' | 'environment' | 'platform_id'>, url: string): Promise<void> {
    await repo.writeOutbox(trx, [], this.deliveries(event, url, NO_FAULTS), [repo.OUTBOX_CHANNEL]);
  }

  /** The webhook faults the event's sandbox platform asked for (none in live, ever). */
  private faultsOf(event: NewEvent): WebhookFaults {
    return event.environment === 'sandbox' ? this.faults.of(event.platformId) : NO_FAULTS;
  }

  private deliveries(event: Pick<repo.EventRow, 'id' | 'environment' | 'platform_id'>, url: string, faults: WebhookFaults) {
    const now = this.clock.now(event.environment, event.platform_id);
    return planDeliveries(faults, now).map(({ dueAt, injected }) => ({
      event_id: event.id,
      environment: event.environment,
      platform_id: event.platform_id,
      url,
      state: 'pending' as const,
      next_attempt_at: dueAt,
      lease_until: null,
      lease_token: null,
      created_at: now,
      completed_at: null,
      injected,
    }));
  }
}
