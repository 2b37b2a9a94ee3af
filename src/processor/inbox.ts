import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../core/db.js';
import type { EnvironmentClock } from '../core/clock.js';
import type { Environment } from '../core/config.js';
import { newId } from '../core/ids.js';
import { scheduleJob } from '../core/jobs.js';
import type { NotifiedObject, PartnerName, ProcessorNotification } from './boundary.js';

/** The job that applies a stored notification (subject: its inbox id). */
export const NOTIFICATION_JOB = 'processor.notification';

/** What applying a notification found: applied; no object of ours has its references; the object had ended already. */
export type NotificationResult = 'applied' | 'unknown' | 'final';

/**
 * Applies a notification about one kind of object, in the job's transaction. `timeIn`: the time it
 * is applied at on an environment's clock (the object's): the job's own time when the object is of
 * the job's environment (the simulator's notifications), else that environment's now.
 */
export type NotificationApplier = (trx: Db, notification: ProcessorNotification, timeIn: (environment: Environment) => Date) => Promise<NotificationResult>;

/**
 * The sandbox's shortcut to a processor's movement (a collection, a refund, a payout): the processor
 * decides it now with this outcome and its notification is applied in the caller's transaction.
 * Answers false when the movement had been reported already.
 */
export type MovementReporter = (trx: Db, processorReference: string, outcome: ProcessorNotification['outcome'], now: Date) => Promise<boolean>;

/**
 * The processors' notifications: stored in one transaction before they are acknowledged (receive),
 * then applied once each by the job runner (apply). The partner's own event key makes the same
 * notification twice one row. One that concerns no object of ours, or an object that had ended,
 * is kept with its result and logged, never refused: the partner would only send it again.
 */
export class NotificationInbox {
  private readonly appliers = new Map<NotifiedObject, NotificationApplier>();

  constructor(
    private readonly clock: EnvironmentClock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The feature that owns a kind of object applies its notifications. */
  handle(object: NotifiedObject, applier: NotificationApplier): void {
    this.appliers.set(object, applier);
  }

  /**
   * Stores the notifications not stored already, each with the job that applies it, in the caller's
   * transaction (see receiveNotifications).
   */
  receive(trx: Db, processor: PartnerName, notifications: ProcessorNotification[], environment: Environment, now: Date): Promise<void> {
    return receiveNotifications(trx, processor, notifications, environment, now);
  }

  /** The sandbox's shortcuts: a notification stored and applied at once, in the caller's transaction, as its job would apply it. */
  async receiveNow(trx: Db, processor: PartnerName, notification: ProcessorNotification, environment: Environment, now: Date): Promise<void> {
    for (const id of await storeNotifications(trx, processor, [notification], now)) await this.apply(trx, id, now, environment);
  }

  /** The job: the notification applied by the feature that owns its object, its result kept. */
  async apply(trx: Db, id: string, at: Date, environment: Environment): Promise<void> {
    const row = await trx.selectFrom('processor_notifications').selectAll().where('id', '=', id).where('applied_at', 'is', null).forUpdate().executeTakeFirst();
    if (!row) return;
    const applier = this.appliers.get(row.notification.object);
    const timeIn = (objectEnvironment: Environment) => (objectEnvironment === environment ? at : this.clock.now(objectEnvironment));
    const result = applier ? await applier(trx, row.notification, timeIn) : 'unknown';
    await trx.updateTable('processor_notifications').set({ applied_at: at, result }).where('id', '=', id).execute();
    if (result !== 'applied') {
      this.log.warn({ notification: id, processor: row.processor, event_key: row.event_key, object: row.notification.object, kind: row.notification.kind, result }, 'processor notification kept without effect');
    }
  }
}

/**
 * Stores a partner's notifications not stored already, each with the job that applies it, in the
 * caller's transaction. `environment`: whose clock the jobs run on (a partner's route does not know
 * which environment an object belongs to; the job applies it on the object's). Any process may
 * store them (the CLI importing a bank statement too): the job runner applies them.
 */
export async function receiveNotifications(trx: Db, processor: PartnerName, notifications: ProcessorNotification[], environment: Environment, now: Date): Promise<void> {
  for (const id of await storeNotifications(trx, processor, notifications, now)) await scheduleJob(trx, { environment, kind: NOTIFICATION_JOB, subjectId: id, dueAt: now }, now);
}

/** Stores the notifications not stored already (the partner's event key); answers the new rows' ids. */
async function storeNotifications(trx: Db, processor: PartnerName, notifications: ProcessorNotification[], now: Date): Promise<string[]> {
  if (notifications.length === 0) return [];
  const rows = notifications.map((notification) => ({ id: newId('ntf'), processor, event_key: notification.eventKey, notification, received_at: now, applied_at: null, result: null }));
  const stored = await trx
    .insertInto('processor_notifications')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['processor', 'event_key']).doNothing())
    .returning('id')
    .execute();
  return stored.map(({ id }) => id);
}
