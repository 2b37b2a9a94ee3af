/**
 * The payout cut-off on PostgreSQL (issue 17): how long the daily cut-off takes to pay out every due
 * transfer, with 10,000 and then 100,000 due transfers spread over 1,000 accounts (each its own
 * platform's account, so that every one is payable), and whether the time grows linearly.
 *
 * The transfers are seeded with generated SQL, not through the API: one card payment made through
 * the hosted page's API is the template, and its payment and transfer rows are copied with new ids
 * (`jsonb_populate_record` over the template's row, so the copy has every column the code wrote).
 * The cut-off is the daily job's own call (`PayoutService.cutoff` in one transaction); then the job
 * runner sends the payouts it started (one asking job each), and that time is reported too. The
 * payments carry no webhook URL: the cut-off records the transfers' events, and no delivery is
 * scheduled.
 *
 *   npm run bench:payouts     (DATABASE_URL defaults to the local test database; BENCH_SIZES=10000,100000)
 */
import pg from 'pg';
import { benchServer, capturedPayment, sandboxAuthorization } from './server.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `bench_${Date.now().toString(36)}`;
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const ACCOUNTS = 1_000;

// The scheduled jobs run only when the bench runs them.
const server = await benchServer(DATABASE_URL, SCHEMA, { JOB_WORKER: 'off' });
const { services, close, db, url } = server;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4, options: `-c search_path=${SCHEMA}` });

/** ACCOUNTS platforms (each with its own account), copies of the template's platform. */
async function seedPlatforms(template: string): Promise<void> {
  await pool.query(
    `INSERT INTO platforms SELECT (jsonb_populate_record(NULL::platforms, to_jsonb(p) || jsonb_build_object('id', 'acc_bench' || n))).*
       FROM platforms p, generate_series(1, $2) n WHERE p.id = (SELECT platform_id FROM payments WHERE id = $1)`,
    [template, ACCOUNTS],
  );
  await pool.query(
    `INSERT INTO accounts SELECT (jsonb_populate_record(NULL::accounts, to_jsonb(a) || jsonb_build_object('id', 'acc_bench' || n, 'platform_id', 'acc_bench' || n))).*
       FROM accounts a, generate_series(1, $2) n WHERE a.id = (SELECT platform_id FROM payments WHERE id = $1) AND a.environment = 'sandbox'`,
    [template, ACCOUNTS],
  );
}

/** `count` captured payments, each with one due transfer to its platform's account, round the ACCOUNTS platforms. */
async function seedTransfers(template: string, batch: string, count: number): Promise<void> {
  const id = (prefix: string) => `'${prefix}_${batch}_' || n`;
  const platform = `'acc_bench' || (1 + n % ${ACCOUNTS})`;
  await pool.query(
    `INSERT INTO payments SELECT (jsonb_populate_record(NULL::payments, to_jsonb(p) || jsonb_build_object(
        'id', ${id('pay')}, 'platform_id', ${platform}, 'resource_token', ${id('token')}, 'resource_token_hash', ${id('hash')}, 'authorization_reference', NULL))).*
       FROM payments p, generate_series(1, $2) n WHERE p.id = $1`,
    [template, count],
  );
  await pool.query(
    `INSERT INTO transfers SELECT (jsonb_populate_record(NULL::transfers, to_jsonb(t) || jsonb_build_object(
        'id', ${id('tra')}, 'payment_id', ${id('pay')}, 'platform_id', ${platform}, 'account_id', ${platform}, 'payout_id', NULL))).*
       FROM transfers t, generate_series(1, $2) n WHERE t.payment_id = $1 AND t.position = 0`,
    [template, count],
  );
  await pool.query('ANALYZE payments; ANALYZE transfers');
}

try {
  // The template of the seeded rows.
  const template = await capturedPayment(url, await sandboxAuthorization(server));
  await seedPlatforms(template);
  const runs = [];
  for (const [index, size] of SIZES.entries()) {
    await seedTransfers(template, `b${index}`, size);
    // The sandbox's daily cut-off, run now as its job runs it (the pending job taken out of the way:
    // the cut-off schedules the next one), then the payouts' sending jobs it scheduled.
    const at = new Date();
    await pool.query(`DELETE FROM scheduled_jobs WHERE kind = 'payouts.cutoff' AND subject_id = 'sandbox' AND state = 'pending'`);
    const started = performance.now();
    await db.transaction().execute((trx) => services.payouts.cutoff(trx, at, { environment: 'sandbox', platformId: null }));
    const seconds = (performance.now() - started) / 1000;
    const sendingStarted = performance.now();
    await services.jobs.runDue();
    const sentAfter = (performance.now() - sendingStarted) / 1000;
    const counted = await pool.query(`SELECT count(*) AS payouts, sum(t.n) AS transfers FROM (SELECT p.id, count(*) AS n FROM payouts p JOIN transfers tr ON tr.payout_id = p.id WHERE p.created_at = $1 GROUP BY p.id) t`, [at]);
    const { payouts, transfers } = counted.rows[0] as { payouts: string; transfers: string };
    runs.push({ due_transfers: size, seconds: Number(seconds.toFixed(1)), transfers_paid_out: Number(transfers), payouts: Number(payouts), transfers_per_s: Math.round(Number(transfers) / seconds), payouts_sent_after_s: Number(sentAfter.toFixed(1)) });
  }
  const [first, last] = [runs[0]!, runs.at(-1)!];
  process.stdout.write(
    `${JSON.stringify(
      {
        accounts: ACCOUNTS,
        runs,
        growth: { size_ratio: last.due_transfers / first.due_transfers, time_ratio: Number((last.seconds / first.seconds).toFixed(2)) },
        targets: { seconds_for_100000: 60, time_ratio: 'at most the size ratio (linear)' },
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await close();
  await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await pool.end();
}
