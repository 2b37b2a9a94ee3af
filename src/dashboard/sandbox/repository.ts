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

/** The scheduled jobs about the tenant's own objects, by the table that holds each kind's subject. */
const OWNED_KINDS = {
  payments: ['payment_expiry'],
  refunds: ['refunds.send'],
  payouts: ['payouts.send'],
  applications: ['onboarding.compliance_decision'],
} as const;

/** The simulator's notifications as the work they end: a SEPA collection settling, a refund or a payout arriving. */
const SIMULATED_OUTCOMES = { collection: 'sepa_settlement', refund: 'refunds.arrival', payout: 'payouts.arrival' } as const;

/** The daily payout cut-off: one job per environment, paying out every platform's due transfers. */
const SHARED_KINDS = ['payouts.cutoff'];

/**
 * The tenant's scheduled work pending until `until` (what a clock moved to then would run; anything
 * overdue too), per kind: its jobs from scheduled_jobs, and its webhook deliveries waiting for an
 * attempt (first attempts and retries apart). Other platforms' work is never counted.
 */
export async function dueUntil(db: Db, tenant: Tenant, until: Date): Promise<DueWork[]> {
  const jobs = await db
    .selectFrom('scheduled_jobs as job')
    .select((eb) => ['job.kind', eb.fn.countAll<number>().as('count'), eb.fn.min('job.due_at').as('earliest')])
    .where('job.state', '=', 'pending')
    .where('job.environment', '=', tenant.environment)
    .where('job.due_at', '<=', until)
    .where((eb) =>
      eb.or([
        eb('job.kind', 'in', SHARED_KINDS),
        ...Object.entries(OWNED_KINDS).map(([table, kinds]) =>
          eb.and([
            eb('job.kind', 'in', [...kinds]),
            eb.exists(
              eb
                .selectFrom(table as keyof typeof OWNED_KINDS)
                .select(sql.lit(1).as('one'))
                .whereRef('id', '=', 'job.subject_id')
                .where('platform_id', '=', tenant.platformId)
                .where('environment', '=', tenant.environment),
            ),
          ]),
        ),
      ]),
    )
    .groupBy('job.kind')
    .execute();
  const webhooks = await db
    .selectFrom('webhook_deliveries as delivery')
    .innerJoin('events', 'events.id', 'delivery.event_id')
    .select((eb) => [
      sql<string>`case when ${eb.ref('delivery.attempt_count')} > 0 then 'webhook.retry' else 'webhook.delivery' end`.as('kind'),
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('delivery.next_attempt_at').as('earliest'),
    ])
    .where('delivery.state', '=', 'pending')
    .where('delivery.next_attempt_at', '<=', until)
    .where('events.platform_id', '=', tenant.platformId)
    .where('events.environment', '=', tenant.environment)
    .groupBy('kind')
    .execute();
  // The simulator's notifications of the tenant's collections, refunds and payouts (its own records say which movement each is).
  const simulated = await db
    .withTables<{ simulator_movements: { reference: string; processor_reference: string; kind: keyof typeof SIMULATED_OUTCOMES } }>()
    .selectFrom('scheduled_jobs as job')
    .innerJoin('simulator_movements as movement', 'movement.processor_reference', 'job.subject_id')
    .select((eb) => ['movement.kind', eb.fn.countAll<number>().as('count'), eb.fn.min('job.due_at').as('earliest')])
    .where('job.kind', '=', SIMULATOR_NOTIFICATION_JOB)
    .where('job.state', '=', 'pending')
    .where('job.environment', '=', tenant.environment)
    .where('job.due_at', '<=', until)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('payments').select(sql.lit(1).as('one')).whereRef('payments.processor_reference', '=', 'movement.processor_reference').where('payments.platform_id', '=', tenant.platformId)),
        eb.exists(eb.selectFrom('refunds').select(sql.lit(1).as('one')).whereRef('refunds.id', '=', 'movement.reference').where('refunds.platform_id', '=', tenant.platformId)),
        eb.exists(eb.selectFrom('payouts').select(sql.lit(1).as('one')).whereRef('payouts.id', '=', 'movement.reference').where('payouts.platform_id', '=', tenant.platformId)),
      ]),
    )
    .groupBy('movement.kind')
    .execute();
  const outcomes = simulated.map(({ kind, ...row }) => ({ kind: SIMULATED_OUTCOMES[kind], ...row }));
  return [...jobs, ...outcomes, ...webhooks]
    .map((row) => ({ kind: row.kind, count: Number(row.count), earliest: new Date(row.earliest as Date | string) }))
    .sort((a, b) => a.earliest.getTime() - b.earliest.getTime() || a.kind.localeCompare(b.kind));
}
