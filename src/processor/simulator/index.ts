import type { Kysely } from 'kysely';
import type { Config, Environment } from '../../core/config.js';
import type { Db, Tables } from '../../core/db.js';
import type { JobRunner } from '../../core/jobs.js';
import { sharedSecret } from '../../core/secrets.js';
import type { MovementReporter, NotificationInbox } from '../inbox.js';
import type { AdapterFactory } from '../registry.js';
import { simulatorNotificationReader } from './notifications.js';
import { SimulatorProcessor } from './processor.js';
import { decideMovementNow, SIMULATOR_NOTIFICATION_JOB, type SimulatorDb, type SimulatorTables } from './store.js';

/**
 * The simulator as an adapter: one instance per environment (its notifications come due on that
 * platform's clock), its notification reader, and the job that sends its notifications when
 * due, into the same inbox a real partner's notifications reach.
 */
export async function simulatorAdapter(db: Kysely<Tables>, config: Config) {
  // The simulator sees its own tables only (and the job table, its clock), as an outside party would.
  const own: SimulatorDb = db.withTables<SimulatorTables>();
  const instances = new Map<Environment, SimulatorProcessor>();
  const instance = (environment: Environment) => {
    if (!instances.has(environment)) instances.set(environment, new SimulatorProcessor(own, { baseUrl: config.baseUrl, latencyMs: config.simulatorLatencyMs, environment }));
    return instances.get(environment)!;
  };
  const factory: AdapterFactory = (environment) => {
    const simulator = instance(environment);
    return { name: 'simulator', cards: simulator, directDebit: simulator, payouts: simulator };
  };
  const key = config.simulatorNotificationKey ?? (await sharedSecret(db, 'simulator_notifications'));
  return {
    factory,
    reader: simulatorNotificationReader(key),
    /** The pages of its 3-D Secure server and bank serve both environments. */
    pages: instance('live'),
    /**
     * The sandbox's shortcut: decides a movement whose notification is still to come (a collection,
     * a refund, a payout) now, with the outcome asked for, and sends its notification into the
     * inbox, applied in the caller's transaction. Answers false when its notification was sent already.
     */
    reporter(inbox: NotificationInbox): MovementReporter {
      return async (trx, processorReference, outcome, clock, now) => {
        const own = trx as unknown as SimulatorDb;
        if (!(await decideMovementNow(own, processorReference, outcome, now))) return false;
        const due = (await instance('live').notificationOf(own, processorReference))!;
        await inbox.receiveNow(trx, 'simulator', due.notification, clock, now);
        return true;
      };
    },
    /** Sends each movement's notification when it comes due. */
    schedule(jobs: JobRunner, inbox: NotificationInbox): void {
      jobs.register(SIMULATOR_NOTIFICATION_JOB, async (trx: Db, processorReference, at, clock) => {
        const due = await instance('live').notificationOf(trx as unknown as SimulatorDb, processorReference);
        if (due) await inbox.receive(trx, 'simulator', [due.notification], clock, at);
      });
    },
  };
}
