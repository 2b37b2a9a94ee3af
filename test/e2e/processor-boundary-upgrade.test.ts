import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyViolations } from '../../chaos/invariants.js';
import { audienceOf } from '../../src/core/config.js';
import { migrate, type Tables } from '../../src/core/db.js';
import { newId } from '../../src/core/ids.js';
import { PGlitePool } from '../../src/core/pglite-pool.js';
import { createDataStore, startServer, type DataStore, type TestServer } from '../helpers/harness.js';

/**
 * Migration 0023 (the processor boundary) converts what an earlier version left in flight: a
 * database is built at 0022 with the rows that version wrote (a refund and a payout on their way,
 * ended by the product's own timers; a SEPA payment collecting), then the server starts on it
 * (0023 onwards applied) and every flow ends by the simulator's notification, the books balanced.
 */
const PLATFORM = 'plt_upgrade0022';
const IDS = { refunded: newId('pay'), paidOut: newId('pay'), sepa: newId('pay'), refund: newId('rfd') };
const HOUR_MS = 3600 * 1000;

let store: DataStore;
let server: TestServer | undefined;
const old = new Date(Date.now() - 3 * HOUR_MS);
const due = new Date(Date.now() - HOUR_MS);

/** The store's database as a bare connection, for building the earlier version's data. */
async function openBare(): Promise<{ db: Kysely<Tables>; close(): Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${pg.escapeIdentifier(store.schema)}`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${store.schema}`, max: 1 });
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    return { db, close: () => db.destroy() };
  }
  const pglite = await PGlite.create(path.join(store.dataDir, 'pglite'));
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
  return { db, close: () => db.destroy() };
}

type Row = Record<string, unknown>;
const insert = (db: Kysely<Tables>, table: string, row: Row) => sql`INSERT INTO ${sql.table(table)} (${sql.join(Object.keys(row).map((key) => sql.ref(key)))}) VALUES (${sql.join(Object.values(row).map((value) => (value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value)))})`.execute(db);

/** One balanced ledger entry, as the earlier version wrote them (checked at commit: in one transaction). */
async function entry(db: Kysely<Tables>, kind: string, refs: Row, lines: [string, number][]): Promise<void> {
  await db.transaction().execute((trx) => entryIn(trx, kind, refs, lines));
}

async function entryIn(db: Kysely<Tables>, kind: string, refs: Row, lines: [string, number][]): Promise<void> {
  const { rows } = await sql<{ id: string }>`INSERT INTO ledger_entries (environment, platform_id, kind, currency, payment_id, refund_id, payout_id, transfer_id, created_at)
    VALUES ('sandbox', ${PLATFORM}, ${kind}, 'EUR', ${refs.payment ?? null}, ${refs.refund ?? null}, ${refs.payout ?? null}, ${refs.transfer ?? null}, ${old}) RETURNING id`.execute(db);
  for (const [account, amount] of lines) await insert(db, 'ledger_lines', { entry_id: rows[0]!.id, environment: 'sandbox', platform_id: PLATFORM, currency: 'EUR', account, amount_minor: amount });
}

/** A payment the earlier version recorded, with its platform party (and, once it succeeded, its event). */
async function payment(db: Kysely<Tables>, id: string, amount: number, fee: number, fields: Row): Promise<void> {
  await insert(db, 'payments', {
    id, environment: 'sandbox', platform_id: PLATFORM, amount_minor: amount, currency: 'EUR', method_type: 'card', reference: `old-${id}`, cit_mode: 'one_off',
    redirect_url: 'https://shop.example/return', generate_qr_code: false, resource_token: `token-${id}`, resource_token_hash: `hash-${id}`,
    expires_at: new Date(old.getTime() + HOUR_MS), created_at: old, updated_at: old, processing_fee: fee, ...fields,
  });
  await insert(db, 'payment_parties', { payment_id: id, position: 0, party_type: 'platform', account_id: PLATFORM, amount_minor: amount, fee_contribution: 100, refundable_amount: amount, fee_share: fee });
  if (fields.status === 'captured') {
    await insert(db, 'events', { id: `evt_${id}`, environment: 'sandbox', platform_id: PLATFORM, type: 'payment_succeeded', object_id: id, data: { payment_id: id }, occurred_at: old, created_at: old });
  }
}

/** A captured card payment: captured, its fee kept, its transfer waiting. */
async function captured(db: Kysely<Tables>, id: string, amount: number, fee: number): Promise<string> {
  await payment(db, id, amount, fee, { status: 'captured', selected_method: 'card', card_scheme: 'visa', card_last4: '4242', succeeded_at: old });
  const transfer = `tra_${id}`;
  await insert(db, 'transfers', { id: transfer, environment: 'sandbox', platform_id: PLATFORM, payment_id: id, position: 0, account_id: PLATFORM, amount_minor: amount - fee, fee_minor: fee, currency: 'EUR', reference: `old-${id}`, created_at: old });
  await entry(db, 'capture', { payment: id }, [['buyers', -amount], [`payment:${id}`, amount]]);
  await entry(db, 'fee', { payment: id }, [[`payment:${id}`, -fee], ['fees', fee]]);
  await entry(db, 'transfer', { payment: id, transfer }, [[`payment:${id}`, -(amount - fee)], [`pending:${PLATFORM}`, amount - fee]]);
  return transfer;
}

/** The earlier version's data: a refund and a payout on their way, a SEPA payment collecting, each ended by a timer job. */
async function buildAt0022(): Promise<void> {
  const bare = await openBare();
  try {
    await migrate(bare.db, '0022');
    const applied = (await sql<{ version: string }>`SELECT version FROM schema_migrations ORDER BY version DESC LIMIT 1`.execute(bare.db)).rows;
    expect(applied[0]!.version).toMatch(/^0022_/);
    await insert(bare.db, 'platforms', { id: PLATFORM, name: 'Before the boundary', created_at: old });
    await insert(bare.db, 'accounts', { environment: 'sandbox', id: PLATFORM, platform_id: PLATFORM, type: 'platform', display_name: 'Before the boundary', created_at: old });

    // A refund of 700 of a captured 50.00 (fee 95, 13 of it returned), on its way to the buyer.
    const refunded = await captured(bare.db, IDS.refunded, 5_000, 95);
    await sql`UPDATE payment_parties SET refundable_amount = 4300 WHERE payment_id = ${IDS.refunded}`.execute(bare.db);
    await sql`UPDATE transfers SET amount_minor = amount_minor - 687, fee_minor = fee_minor - 13 WHERE id = ${refunded}`.execute(bare.db);
    await insert(bare.db, 'refunds', { id: IDS.refund, environment: 'sandbox', platform_id: PLATFORM, payment_id: IDS.refunded, origin: 'platform', amount_minor: 700, currency: 'EUR', status: 'initiated', description: 'Returned', created_at: old });
    await insert(bare.db, 'refund_parts', { refund_id: IDS.refund, position: 0, account_id: PLATFORM, amount_minor: 700, fee_returned: 13, from_creditor: false });
    await entry(bare.db, 'transfer_reversal', { payment: IDS.refunded, refund: IDS.refund, transfer: refunded }, [[`pending:${PLATFORM}`, -687], [`payment:${IDS.refunded}`, 687]]);
    await entry(bare.db, 'fee_return', { payment: IDS.refunded, refund: IDS.refund }, [['fees', -13], [`payment:${IDS.refunded}`, 13]]);
    await entry(bare.db, 'refund', { payment: IDS.refunded, refund: IDS.refund }, [[`payment:${IDS.refunded}`, -700], ['buyers', 700]]);
    await insert(bare.db, 'scheduled_jobs', { environment: 'sandbox', kind: 'refunds.arrival', subject_id: IDS.refund, due_at: due, state: 'pending', created_at: old });

    // A payout of a captured 30.00 (fee 67), on its way to the platform's bank.
    const paidOut = await captured(bare.db, IDS.paidOut, 3_000, 67);
    const payout = '0123456789abcdef0123456789abcdef';
    await insert(bare.db, 'payouts', { id: payout, environment: 'sandbox', platform_id: PLATFORM, account_id: PLATFORM, currency: 'EUR', amount_minor: 2_933, status: 'in_transit', created_at: old });
    await sql`UPDATE transfers SET payout_id = ${payout} WHERE id = ${paidOut}`.execute(bare.db);
    await entry(bare.db, 'payout', { payout }, [[`pending:${PLATFORM}`, -2_933], [`paid_out:${PLATFORM}`, 2_933]]);
    await insert(bare.db, 'scheduled_jobs', { environment: 'sandbox', kind: 'payouts.arrival', subject_id: payout, due_at: due, state: 'pending', created_at: old });

    // A SEPA payment whose collection is under way: authorized, settled by its timer.
    await payment(bare.db, IDS.sepa, 2_000, 30, {
      status: 'authorized', method_type: 'sepa_direct_debit', selected_method: 'sepa_direct_debit', verified_iban: 'DE89370400440532013000', account_holder: 'Erika Mustermann',
      account_type: 'consumer', mandate: { reference: 'MANDATE-OLD', signed_at: old.toISOString() },
    });
    await insert(bare.db, 'scheduled_jobs', { environment: 'sandbox', kind: 'sepa_settlement', subject_id: IDS.sepa, due_at: due, state: 'pending', created_at: old });
  } finally {
    await bare.close();
  }
}

beforeAll(async () => {
  store = await createDataStore();
  await buildAt0022();
  server = await startServer({ JOB_WORKER: 'off' }, { store });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await store?.remove();
});

const db = () => server!.app.database.db;

describe('data in flight before the processor boundary (migration 0023)', () => {
  it('is converted to the simulator: the payments it took, and the timers turned into its notifications', async () => {
    const payments = await db().selectFrom('payments').select(['id', 'processor', 'processor_reference']).execute();
    expect(payments).toHaveLength(3);
    expect(payments).toEqual(expect.arrayContaining([
      { id: IDS.paidOut, processor: 'simulator', processor_reference: `sim_legacy_${IDS.paidOut}` },
      { id: IDS.refunded, processor: 'simulator', processor_reference: `sim_legacy_${IDS.refunded}` },
      { id: IDS.sepa, processor: 'simulator', processor_reference: `sim_legacy_${IDS.sepa}` },
    ]));
    const jobs = await db().selectFrom('scheduled_jobs').select(['kind', 'subject_id']).where('state', '=', 'pending')
      .where('kind', 'in', ['simulator.notification', 'refunds.arrival', 'payouts.arrival', 'sepa_settlement'])
      .execute();
    expect(jobs.filter((job) => job.kind !== 'simulator.notification')).toEqual([]);
    expect(jobs.map((job) => job.subject_id).sort()).toEqual([`sim_legacy_${IDS.sepa}`, 'sim_po_legacy_0123456789abcdef0123456789abcdef', `sim_rf_legacy_${IDS.refund}`]);
    expect(await moneyViolations(db())).toEqual({});
  });

  it('ends every flow by the notification due when its timer was: refund completed, payout paid, SEPA payment completed; once', async () => {
    await server!.app.services.jobs.runDue();
    const refund = await db().selectFrom('refunds').select(['status', 'processor_reference']).where('id', '=', IDS.refund).executeTakeFirstOrThrow();
    expect(refund).toEqual({ status: 'completed', processor_reference: `sim_rf_legacy_${IDS.refund}` });
    const payout = await db().selectFrom('payouts').select(['status']).where('id', '=', '0123456789abcdef0123456789abcdef').executeTakeFirstOrThrow();
    expect(payout.status).toBe('paid');
    const sepa = await db().selectFrom('payments').select(['status']).where('id', '=', IDS.sepa).executeTakeFirstOrThrow();
    expect(sepa.status).toBe('completed');
    const events = await db().selectFrom('events').select(['type', 'object_id']).where('type', 'in', ['refund_completed', 'transfer_completed', 'payment_succeeded']).execute();
    expect(events.filter((event) => event.object_id === IDS.refund).map((event) => event.type)).toEqual(['refund_completed']);
    expect(events.filter((event) => event.object_id === IDS.sepa).map((event) => event.type)).toEqual(['payment_succeeded']);
    expect(events.filter((event) => event.type === 'transfer_completed')).toHaveLength(1);

    await server!.app.services.jobs.runDue();
    expect(await db().selectFrom('events').select('id').where('type', 'in', ['refund_completed', 'transfer_completed', 'payment_succeeded']).execute()).toHaveLength(events.length);
    expect(await db().selectFrom('processor_notifications').select('result').where('result', '<>', 'applied').execute()).toEqual([]);
    expect(await moneyViolations(db())).toEqual({});
  });

  it("refunds a payment taken before the boundary through the simulator, by the reference the migration gave it", async () => {
    const client = await server!.app.services.clients.create({ environment: 'sandbox', platformId: PLATFORM });
    const issued = await server!.request('POST', '/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, audience: audienceOf(server!.config, 'sandbox') },
    });
    expect(issued.status, issued.text).toBe(200);
    const token = issued.body.access_token as string;
    const created = await server!.request('POST', '/sandbox/refunds', { token, body: { payment_id: IDS.refunded, description: 'Returned too', routing: { platform: { amount_minor: 500 } } } });
    expect(created.status, created.text).toBe(201);
    await server!.app.services.jobs.runDue(); // the send job: the simulator answers pending
    const sent = await db().selectFrom('refunds').select(['status', 'processor_reference']).where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(sent.status).toBe('initiated');
    expect(sent.processor_reference).toEqual(expect.any(String));
    const advanced = await server!.request('POST', '/sandbox/simulations/clock/advance', { token, body: { seconds: 2 * 24 * 3600 } });
    expect(advanced.status, advanced.text).toBe(200);
    await server!.app.services.jobs.runDue();
    expect((await server!.request('GET', `/sandbox/refunds/${created.body.id}`, { token })).body.status).toBe('completed');
    expect((await server!.request('GET', `/sandbox/payments/${IDS.refunded}`, { token })).body.routing.platform.refundable_amount).toBe(5_000 - 700 - 500);
    expect(await moneyViolations(db())).toEqual({});
  });
});
