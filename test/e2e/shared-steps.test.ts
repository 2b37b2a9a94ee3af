import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { initiate, merchant, payByCard } from '../helpers/money.js';
import { ApiError } from '../../src/core/errors.js';

/**
 * The hosted page's steps, attempts' outcomes and refunds made at the same moment share one
 * transaction per turn of the event loop (SharedTransactions): each payment still ends as if it
 * were paid alone, a refused request is answered alone, and what is sealed at rest stays sealed.
 */
let server: TestServer;
let platform: TestPlatform;
let seller: string;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  seller = await merchant(server, platform);
}, 120_000);

afterAll(async () => server?.close());

const api = async (method: string, path: string, body?: unknown) => server.request(method, `/sandbox${path}`, { token: await platform.token(), body });

/** 50.00 EUR by card, 20.00 of it the merchant's. */
const routed = (reference: string) =>
  payByCard(server, platform, {
    amount_minor: 5_000,
    reference,
    routing: { platform: { amount_minor: 3_000, processing_fee_contribution: 60 }, merchants: [{ type: 'merchant', id: seller, amount_minor: 2_000, processing_fee_contribution: 40 }] },
  });

describe('steps taken at the same moment', () => {
  it('captures twelve card payments paid at once, each with its transfers, its event and balanced books', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, (_, index) => routed(`together-${index}`)));
    for (const id of ids) {
      const payment = (await api('GET', `/payments/${id}`)).body;
      expect(payment.status).toBe('captured');
      expect(payment.routing.platform.transfer.amount_minor + payment.routing.merchants[0].transfer.amount_minor).toBe(5_000 - 95); // 1.4 % + 0.25 = 95
      const events = (await api('GET', `/events?object_id=${id}`)).body;
      expect(events.data.map((event: { type: string }) => event.type)).toEqual(['payment_succeeded']);
    }
    const db = server.app.database.db;
    const unbalanced = await db.selectFrom('ledger_lines').select('entry_id').groupBy('entry_id').having((eb) => eb.fn.sum('amount_minor'), '<>', 0).execute();
    expect(unbalanced).toEqual([]);
    const transfers = await db.selectFrom('transfers').select(['payment_id']).where('payment_id', 'in', ids).execute();
    expect(transfers).toHaveLength(24);
    const pendingRecovery = await db.selectFrom('scheduled_jobs').select('id').where('kind', '=', 'payment_attempt_recovery').where('state', '=', 'pending').execute();
    expect(pendingRecovery).toEqual([]); // each outcome completed its attempt's recovery job
  });

  it('refunds at once up to what is refundable: the refused refunds are answered alone, the others booked', async () => {
    const [first, second] = await Promise.all([routed('refund-a'), routed('refund-b')]);
    const refund = (paymentId: string, amount: number) => api('POST', '/refunds', { payment_id: paymentId, description: 'together', routing: { platform: { amount_minor: amount } } });
    // The platform's share of each is 30.00: three of 12.00 each ask 36.00, so one of the three is refused.
    const answers = await Promise.all([refund(first!, 1_200), refund(second!, 1_200), refund(first!, 1_200), refund(second!, 1_200), refund(first!, 1_200), refund(second!, 4_000)]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status, index) => index % 2 === 0 && status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 422)).toHaveLength(2); // one of first's three, and second's 40.00
    expect(statuses[5]).toBe(422);
    const refundable = async (id: string) => (await api('GET', `/payments/${id}`)).body.routing.platform.refundable_amount;
    expect(await refundable(first!)).toBe(3_000 - 2 * 1_200);
    expect(await refundable(second!)).toBe(3_000 - 2 * 1_200);
  });

  it('keeps sealed at rest what changes of several payments write together', async () => {
    const ids = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        const created = await api('POST', '/payments', { amount_minor: 1_000, currency: 'EUR', reference: `sepa-${index}`, payment_method: { type: 'sepa_direct_debit' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } });
        expect(created.status, created.text).toBe(201);
        return { id: created.body.id as string, token: new URL(created.body._links.hosted_page.href).searchParams.get('token')! };
      }),
    );
    const started = await Promise.all(ids.map(({ id, token }) => server.request('POST', `/hpp/payments/${id}/start`, { token, body: {} })));
    for (const start of started) expect(start.body._links.account_verification.href).toMatch(/^http/);
    const { rows } = await sql<{ stored: string }>`select account_verification_url as stored from payments where id = any(${ids.map(({ id }) => id)})`.execute(server.app.database.db.withoutPlugins());
    expect(rows).toHaveLength(6);
    for (const { stored } of rows) expect(stored).toMatch(/^enc:1:[0-9a-f]{12}:/);
  });
});

describe('SEPA Direct Debit steps taken at the same moment', () => {
  /** A SEPA payment started, and its account verified at the simulated bank: the callback the bank sends the buyer to. */
  async function verifiedAtTheBank(reference: string) {
    const page = await initiate(server, platform, { amount_minor: 1_000, reference, payment_method: { type: 'sepa_direct_debit' } });
    const started = await server.request('POST', `/hpp/payments/${page.id}/start`, { token: page.token, body: {} });
    const bank = new URL(started.body._links.account_verification.href);
    const form = new URLSearchParams({ token: bank.searchParams.get('token')!, iban: 'DE89370400440532013000', account_holder: 'Erika Mustermann' }).toString();
    const verified = await server.request('POST', '/simulator/bank/verify', { raw: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(verified.status, verified.text).toBe(303);
    const callback = new URL(verified.headers.get('location')!);
    return { ...page, query: { token: callback.searchParams.get('token')!, report_id: callback.searchParams.get('report_id')! } };
  }

  it('opens one bank session for a payment started twice in one turn (a double click): both starts link to it', async () => {
    const page = await initiate(server, platform, { amount_minor: 1_000, reference: 'together-started-twice', payment_method: { type: 'sepa_direct_debit' } });
    const { hpp } = server.app.services;
    const [first, second] = await Promise.all([hpp.start(page.id, page.token, undefined), hpp.start(page.id, page.token, undefined)]);
    const link = (result: typeof first) => (result._links as { account_verification?: { href: string } }).account_verification?.href;
    expect(link(first)).toMatch(/\/simulator\/bank\?token=/);
    expect(link(second)).toBe(link(first));
  });

  it('takes each bank report once, answers an unknown report alone, and verifies the others, when the callbacks come in one turn', async () => {
    const pages = await Promise.all(['a', 'b', 'c', 'd'].map((name) => verifiedAtTheBank(`together-verified-${name}`)));
    const [first, second, third, fourth] = pages as [(typeof pages)[number], (typeof pages)[number], (typeof pages)[number], (typeof pages)[number]];
    const { hpp } = server.app.services;
    // Asked for in the same turn of the event loop, as the requests a busy server reads together: the first
    // payment's callback twice (a reload at the same moment), the third's naming a report that is not its own.
    const answers = await Promise.allSettled([
      hpp.accountVerified(first.query),
      hpp.accountVerified(second.query),
      hpp.accountVerified(first.query),
      hpp.accountVerified({ ...third.query, report_id: fourth.query.report_id }),
      hpp.accountVerified(fourth.query),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const refused = (answers[3] as PromiseRejectedResult).reason;
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('validation_error');

    const db = server.app.database.db;
    const taken = await db.selectFrom('account_verification_results').select(['payment_id', 'result_id']).where('payment_id', 'in', pages.map((page) => page.id)).orderBy('payment_id').execute();
    expect(taken).toEqual([first, second, fourth].map((page) => ({ payment_id: page.id, result_id: page.query.report_id })).sort((a, b) => a.payment_id.localeCompare(b.payment_id)));
    for (const page of [first, second, fourth]) {
      const view = await server.request('GET', `/hpp/payments/${page.id}`, { token: page.token });
      expect(view.body.payment_instrument, view.text).toMatchObject({ type: 'sepa_direct_debit', iban: expect.stringMatching(/3000$/) });
    }
    const unverified = await server.request('GET', `/hpp/payments/${third.id}`, { token: third.token });
    expect(unverified.body.status).toBe('started');
    expect(unverified.body.payment_instrument).toBeNull();
    // The third's own report, refused nothing before: it still verifies the account.
    await hpp.accountVerified(third.query);
    expect((await server.request('GET', `/hpp/payments/${third.id}`, { token: third.token })).body.payment_instrument).toMatchObject({ type: 'sepa_direct_debit' });
  });
});

describe.skipIf(DATABASE !== 'postgres')('one transaction for the steps of one turn', () => {
  /** The statements that lock payments for a change (the workers' own transactions lock none) while `work` runs. */
  async function paymentLocks(work: () => Promise<unknown>): Promise<number> {
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    let locks = 0;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0];
      // Its values written in when it carries the transaction's BEGIN (sentTogether).
      const text = typeof first === 'string' ? first : String((first as { text?: string }).text);
      locks += text.match(/^select \* from "payments" where "id" = (\$1|any\(\$1\) order by "id"|'[^']*'|any\('[^']*'\) order by "id") for update$/gm)?.length ?? 0;
      return query.apply(this, args);
    } as typeof pg.Client.prototype.query;
    try {
      await work();
    } finally {
      pg.Client.prototype.query = query as typeof pg.Client.prototype.query;
    }
    return locks;
  }

  it('starts twenty payments asked for in one turn in one transaction, locked by one statement', async () => {
    const created = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const answer = await api('POST', '/payments', { amount_minor: 1_000, currency: 'EUR', reference: `start-${index}`, payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } });
        return { id: answer.body.id as string, token: new URL(answer.body._links.hosted_page.href).searchParams.get('token')! };
      }),
    );
    const { hpp } = server.app.services;
    // Asked for in the same turn of the event loop, as the requests a busy server reads together.
    const locks = await paymentLocks(async () => {
      const results = await Promise.all(created.map(({ id, token }) => hpp.start(id, token, undefined)));
      expect(results.map((result) => result.status)).toEqual(Array(20).fill('started'));
    });
    expect(locks).toBe(1); // alone, 20
  });
});
