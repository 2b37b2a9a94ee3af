import { Gauge, type Registry } from 'prom-client';
import { sql, type Kysely } from 'kysely';
import type { EnvironmentClock } from '../core/clock.js';
import type { Tables } from '../core/db.js';
import { ENVIRONMENTS, type Environment } from '../core/config.js';

/**
 * Gauges read from the database at each scrape, for what an operator alerts on beside the request
 * counts: whether the database answers, the webhook backlog and how late the oldest due work is.
 * They describe the whole deployment, so every API process reports the same values.
 */
export function installBacklogMetrics(registry: Registry, db: Kysely<Tables>, clock: EnvironmentClock): void {
  new Gauge({
    name: 'payments_database_up',
    help: 'Whether the database answered this scrape (1) or not (0)',
    registers: [registry],
    async collect() {
      this.set(await sql`SELECT 1`.execute(db).then(() => 1, () => 0));
    },
  });
  const labelNames = ['environment'] as const;
  new Gauge({
    name: 'payments_webhook_deliveries_pending',
    help: 'Webhook deliveries neither delivered nor given up',
    labelNames,
    registers: [registry],
    async collect() {
      await setPerEnvironment(this, async () => (await pendingDeliveries(db)).map((row) => ({ environment: row.environment, value: Number(row.count) })));
    },
  });
  new Gauge({
    name: 'payments_webhook_delivery_lag_seconds',
    help: 'How long the oldest pending webhook delivery has been due, in real time (0: none is due)',
    labelNames,
    registers: [registry],
    async collect() {
      await setPerEnvironment(this, async () => (await pendingDeliveries(db)).map((row) => lag(clock, row.environment, row.oldest)));
    },
  });
  new Gauge({
    name: 'payments_job_lag_seconds',
    help: 'How long the oldest pending scheduled job has been due, in real time (a platform’s advanced sandbox clock brings its jobs due earlier; 0: none is due)',
    labelNames,
    registers: [registry],
    async collect() {
      await setPerEnvironment(this, async () => {
        const rows = await db.selectFrom('scheduled_jobs').where('state', '=', 'pending').select((eb) => ['environment', eb.fn.min('real_due_at').as('oldest')]).groupBy('environment').execute();
        return rows.map((row) => lag(clock, row.environment, row.oldest));
      });
    },
  });
}

type Sample = { environment: Environment; value: number };

/** Every environment's value (0 where the query found none); none at all when the database does not answer (payments_database_up says so). */
async function setPerEnvironment(gauge: Gauge<'environment'>, read: () => Promise<Sample[]>): Promise<void> {
  gauge.reset();
  const samples = await read().catch(() => undefined);
  if (!samples) return;
  for (const environment of ENVIRONMENTS) gauge.set({ environment }, samples.find((sample) => sample.environment === environment)?.value ?? 0);
}

function pendingDeliveries(db: Kysely<Tables>) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .where('d.state', '=', 'pending')
    .select((eb) => ['e.environment', eb.fn.countAll<string>().as('count'), eb.fn.min('d.real_due_at').as('oldest')])
    .groupBy('e.environment')
    .execute();
}

function lag(clock: EnvironmentClock, environment: Environment, oldest: Date | string | null): Sample {
  const late = oldest === null ? 0 : (clock.base.now().getTime() - new Date(oldest).getTime()) / 1000;
  return { environment, value: Math.max(0, late) };
}
