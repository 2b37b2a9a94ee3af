import { sql } from 'kysely';
import type { Caller } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import { SIMULATOR_NOTIFICATION_JOB } from '../../processor/simulator/store.js';

type Tenant = Pick<Caller, 'platformId' | 'environment'>;

/** What kind of scheduled work falls due, how much of it, and when the first of it does. */
export interface DueWork {
  kind: string;
  count: number;
  earliest: Date;
}

/** The kinds of scheduled work the page names (the others are the product's own housekeeping of an object). */
const SHOWN_KINDS = ['payment_expiry', 'refunds.send', 'payouts.cutoff', 'payouts.send', 'onboarding.compliance_decision'];

/** The simulator's notifications as the work they end: a SEPA collection settling, a refund or a payout arriving. */
const SIMULATED_OUTCOMES = { collection: 'sepa_settlement', refund: 'refunds.arrival', payout: 'payouts.arrival' } as const;

/**
 * The tenant's scheduled work pending on its sandbox clock until `until` (what the platform's clock
 * moved to then would run; anything overdue too), per kind: its jobs from scheduled_jobs, and its
 * webhook deliveries waiting for an attempt (first attempts and retries apart). Other platforms'
 * work is never counted, and never runs when this platform's clock moves.
 */
export async function dueUntil(db: Db, tenant: Tenant, until: Date): Promise<DueWork[]> {
  const pending = db
    .selectFrom('scheduled_jobs as job')
    .where('job.state', '=', 'pending')
    .where('job.environment', '=', tenant.environment)
    .where('job.platform_id', '=', tenant.platformId)
    .where('job.due_at', '<=', until);
  const jobs = await pending
    .select((eb) => ['job.kind', eb.fn.countAll<number>().as('count'), eb.fn.min('job.due_at').as('earliest')])
    .where('job.kind', 'in', SHOWN_KINDS)
    .groupBy('job.kind')
    .execute();
  const webhooks = await db
    .selectFrom('webhook_deliveries as delivery')
    .select((eb) => [
      sql<string>`case when ${eb.ref('delivery.attempt_count')} > 0 then 'webhook.retry' else 'webhook.delivery' end`.as('kind'),
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('delivery.next_attempt_at').as('earliest'),
    ])
    .where('delivery.state', '=', 'pending')
    .where('delivery.next_attempt_at', '<=', until)
    .where('delivery.platform_id', '=', tenant.platformId)
    .where('delivery.environment', '=', tenant.environment)
    .groupBy('kind')
    .execute();
  // The simulator's notifications of the tenant's collections, refunds and payouts (its own records say which movement each is).
  const simulated = await pending
    .innerJoin(sql<{ processor_reference: string; kind: keyof typeof SIMULATED_OUTCOMES }>`simulator_movements`.as('movement'), 'movement.processor_reference', 'job.subject_id')
    .select((eb) => ['movement.kind', eb.fn.countAll<number>().as('count'), eb.fn.min('job.due_at').as('earliest')])
    .where('job.kind', '=', SIMULATOR_NOTIFICATION_JOB)
    .groupBy('movement.kind')
    .execute();
  const outcomes = simulated.map(({ kind, ...row }) => ({ kind: SIMULATED_OUTCOMES[kind], ...row }));
  return [...jobs, ...outcomes, ...webhooks]
    .map((row) => ({ kind: row.kind, count: Number(row.count), earliest: new Date(row.earliest as Date | string) }))
    .sort((a, b) => a.earliest.getTime() - b.earliest.getTime() || a.kind.localeCompare(b.kind));
}
