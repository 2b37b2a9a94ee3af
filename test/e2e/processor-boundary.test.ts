import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { moneyViolations } from '../../chaos/invariants.js';
import { SimulatorProcessor, FAILING_PAYOUT_AMOUNT_MINOR, FAILING_REFUND_AMOUNT_MINOR } from '../../src/processor/simulator/processor.js';
import { SIMULATOR_SIGNATURE_HEADER, simulatorSignature } from '../../src/processor/simulator/notifications.js';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { merchant, payByCard, paySepa } from '../helpers/money.js';
import type { CardAuthorizationRequest, RefundRequest } from '../../src/processor/boundary.js';
import { eventually } from '../helpers/receiver.js';

const KEY = 'simulator-notification-test-key';
const DAY = 24 * 3600;

let server: TestServer;
let platform: TestPlatform;

beforeAll(async () => {
  // Jobs run when the sandbox clock moves (the advance runs what comes due), and only then.
  server = await startServer({ JOB_WORKER: 'off', SIMULATOR_NOTIFICATION_KEY: KEY });
  platform = await server.platform();
});
afterAll(async () => {
  await server?.close();
});

const api = async (method: string, path: string, body?: unknown, on: TestPlatform = platform) => server.request(method, `/sandbox${path}`, { token: await on.token('sandbox'), body });
/** Moves the sandbox clock of `on` (each platform has its own). */
const advance = (seconds: number, on: TestPlatform = platform) => api('POST', '/simulations/clock/advance', { seconds }, on);
const eventTypes = async (objectId: string) => (await api('GET', `/events?object_id=${objectId}`)).body.data.map((event: { type: string }) => event.type).reverse();
const db = () => server.app.database.db;
const form = (fields: Record<string, string>) => ({ raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/** A batch of the simulator's notifications, signed with `key`, posted to its route. */
function notify(notifications: Record<string, unknown>[], key = KEY) {
  const raw = JSON.stringify({ notifications });
  return server.request('POST', '/processor/simulator/notifications', { raw, headers: { 'content-type': 'application/json', [SIMULATOR_SIGNATURE_HEADER]: simulatorSignature(key, raw) } });
}

const inbox = (eventKey: string) => db().selectFrom('processor_notifications').select(['result']).where('event_key', '=', eventKey).execute();

describe('refunds end as the processor reports', () => {
  it('fails a refund the processor reports failed: status failed, refund_failed, the amount refundable again and the books balanced', async () => {
    // A merchant without a payout account: its transfer waits, so the refund and its failure both meet it waiting.
    const seller = await merchant(server, platform, false);
    const routing = { platform: { amount_minor: 0, processing_fee_contribution: 0 }, merchants: [{ type: 'seller', id: seller, amount_minor: 10_000, processing_fee_contribution: 100 }] };
    const id = await payByCard(server, platform, { amount_minor: 10_000, routing });
    const created = await api('POST', '/refunds', { payment_id: id, description: 'Returned', routing: { merchants: [{ id: seller, amount_minor: FAILING_REFUND_AMOUNT_MINOR }] } });
    expect(created.status, created.text).toBe(201);
    expect((await api('GET', `/payments/${id}`)).body.routing.merchants[0].refundable_amount).toBe(10_000 - FAILING_REFUND_AMOUNT_MINOR);

    await advance(1); // sent to the processor, which answers pending
    expect((await api('GET', `/refunds/${created.body.id}`)).body.status).toBe('initiated');
    await advance(DAY); // the processor's notification: failed
    const failed = (await api('GET', `/refunds/${created.body.id}`)).body;
    expect(failed).toMatchObject({ status: 'failed', completed_at: null });
    expect(await eventTypes(created.body.id)).toEqual(['refund_initiated', 'refund_failed']);
    const payment = (await api('GET', `/payments/${id}`)).body;
    expect(payment.routing.merchants[0]).toMatchObject({ refundable_amount: 10_000, transfer: { amount_minor: 9_835, processing_fee: { amount_minor: 165 } } });
    expect(await moneyViolations(db())).toEqual({});

    // The whole payment is refundable again.
    const again = await api('POST', '/refunds', { payment_id: id, description: 'Returned' });
    expect(again.status, again.text).toBe(201);
    expect(again.body.amount_minor).toBe(10_000);
  });
});

describe('payouts end as the rail reports', () => {
  /**
   * A seller's payment of 100.00 (fee 1.00), a refund of the simulator's failing amount off its
   * waiting transfer, the transfer paid out as the refund left it, then the refund failed: what it
   * had taken waits on a reversal transfer.
   */
  async function refundFailedAfterPayout() {
    const own = await server.platform();
    const seller = await merchant(server, own);
    const routing = { platform: { amount_minor: 0, processing_fee_contribution: 0 }, merchants: [{ type: 'seller', id: seller, amount_minor: 10_000, processing_fee_contribution: 100 }] };
    const id = await payByCard(server, { token: () => own.token('sandbox') }, { amount_minor: 10_000, routing });
    const transferOf = async () => (await api('GET', `/payments/${id}`, undefined, own)).body.routing.merchants[0].transfer;
    const before = await transferOf();
    const created = await api('POST', '/refunds', { payment_id: id, description: 'Returned', routing: { merchants: [{ id: seller, amount_minor: FAILING_REFUND_AMOUNT_MINOR }] } }, own);
    expect(created.status, created.text).toBe(201);
    const taken = await transferOf();
    const net = before.amount_minor - taken.amount_minor;
    const feeBack = before.processing_fee.amount_minor - taken.processing_fee.amount_minor;
    expect(net + feeBack).toBe(FAILING_REFUND_AMOUNT_MINOR);

    // The payout leaves with the transfer as the refund left it; then the refund fails.
    const first = (await api('POST', '/simulations/payouts/run', undefined, own)).body.data;
    expect(first).toMatchObject([{ account_id: seller, amount_minor: taken.amount_minor }]);
    await advance(1, own);
    await advance(DAY, own);
    expect((await api('GET', `/refunds/${created.body.id}`, undefined, own)).body.status).toBe('failed');
    expect((await api('GET', `/payouts/${first[0].id}`, undefined, own)).body.status).toBe('paid');
    expect((await api('GET', `/payments/${id}`, undefined, own)).body.routing.merchants[0].refundable_amount).toBe(10_000);
    expect(await moneyViolations(db())).toEqual({});
    return { own, seller, id, before, net, feeBack };
  }

  /** The sum booked on a ledger account. */
  const booked = async (account: string) => {
    const row = await db().selectFrom('ledger_lines').select((eb) => eb.fn.sum<string>('amount_minor').as('total')).where('account', '=', account).executeTakeFirstOrThrow();
    return Number(row.total ?? 0);
  };
  /** A payment's transfers (its own and its reversals) and its parties' refundable amounts, as stored. */
  const moneyOf = async (paymentId: string) => ({
    transfers: await db().selectFrom('transfers').select(['id', 'amount_minor', 'fee_minor', 'returned_minor', 'payout_id']).where('payment_id', '=', paymentId).orderBy('id').execute(),
    parties: await db().selectFrom('payment_parties').select(['position', 'refundable_amount']).where('payment_id', '=', paymentId).orderBy('position').execute(),
  });
  const reversalOf = (paymentId: string) => db().selectFrom('transfers').selectAll().where('payment_id', '=', paymentId).where('reverses_refund_id', 'is not', null).executeTakeFirstOrThrow();

  /** A refund of the failing amount that fails: everything it took is back where it was, in the books too. */
  async function failingRefundRestores(own: TestPlatform, seller: string, id: string) {
    const state = await moneyOf(id);
    const balances = [await booked(`pending:${seller}`), await booked(`paid_out:${seller}`)];
    const refund = await api('POST', '/refunds', { payment_id: id, description: 'Returned', routing: { merchants: [{ id: seller, amount_minor: FAILING_REFUND_AMOUNT_MINOR }] } }, own);
    expect(refund.status, refund.text).toBe(201);
    expect(await moneyViolations(db())).toEqual({});
    await advance(1, own);
    await advance(DAY, own);
    expect((await api('GET', `/refunds/${refund.body.id}`, undefined, own)).body.status).toBe('failed');
    expect(await moneyOf(id)).toEqual(state);
    expect([await booked(`pending:${seller}`), await booked(`paid_out:${seller}`)]).toEqual(balances);
    expect(await moneyViolations(db())).toEqual({});
  }

  /** The rest of the payment refunded in full: the seller's whole part, nothing left waiting or paid out to it. */
  async function refundsTheRest(own: TestPlatform, seller: string, id: string) {
    const rest = await api('POST', '/refunds', { payment_id: id, description: 'The rest' }, own);
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body).toMatchObject({ amount_minor: 10_000, routing: { platform: { amount_minor: 0 }, merchants: [{ id: seller, amount_minor: 10_000 }] } });
    expect((await api('GET', `/payments/${id}`, undefined, own)).body.routing.merchants[0].refundable_amount).toBe(0);
    expect(await booked(`pending:${seller}`)).toBe(0);
    expect(await booked(`paid_out:${seller}`)).toBe(0);
    expect(await moneyViolations(db())).toEqual({});
    expect((await api('POST', '/simulations/payouts/run', undefined, own)).body.data).toEqual([]);
    await advance(1, own);
    await advance(DAY, own);
    expect((await api('GET', `/refunds/${rest.body.id}`, undefined, own)).body.status).toBe('completed');
    expect(await moneyViolations(db())).toEqual({});
  }

  it("carries a refund that fails after its transfer was paid out to the party's next payout, as a transfer of the reversal: no money made or lost", async () => {
    const { own, seller, id, before, net, feeBack } = await refundFailedAfterPayout();

    // What the refund had taken is paid out at the next payout, once.
    const next = (await api('POST', '/simulations/payouts/run', undefined, own)).body.data;
    expect(next).toMatchObject([{ account_id: seller, amount_minor: net, transfers: [{ payment_id: id, amount_minor: net, processing_fee: { amount_minor: feeBack } }] }]);
    expect(next[0].transfers[0].transfer_id).not.toBe(before.id);
    expect((await api('POST', '/simulations/payouts/run', undefined, own)).body.data).toEqual([]);
    await advance(DAY, own);
    expect(await booked(`paid_out:${seller}`)).toBe(before.amount_minor);
    expect(await moneyViolations(db())).toEqual({});

    // Refunded again once the reversal was paid out: received back from both payouts; a failure of it gives back exactly that.
    await failingRefundRestores(own, seller, id);
    await refundsTheRest(own, seller, id);
    expect(await reversalOf(id)).toMatchObject({ amount_minor: net, returned_minor: net });
  });

  it('refunds a payment again while the reversal of its failed refund waits: off the reversal first, then received back from the paid-out transfer', async () => {
    const { own, seller, id, net, feeBack } = await refundFailedAfterPayout();
    expect(await reversalOf(id)).toMatchObject({ amount_minor: net, fee_minor: feeBack, payout_id: null });

    // A refund of the same amount takes the whole reversal; its failure puts it back.
    await failingRefundRestores(own, seller, id);
    await refundsTheRest(own, seller, id);
    expect(await reversalOf(id)).toMatchObject({ amount_minor: 0, fee_minor: 0, payout_id: null, returned_minor: 0 });
  });

  it('gives back a failed refund it had received from a payout the bank sent back since: the whole transfer paid at the next payout, nothing booked as paid out', async () => {
    const own = await server.platform();
    // 133.43 by card: fee 1.4 % + 0.25 = 212, so the platform's payout is the simulator's failing amount.
    const id = await payByCard(server, { token: () => own.token('sandbox') }, { amount_minor: 13_343 });
    const [payout] = (await api('POST', '/simulations/payouts/run', undefined, own)).body.data;
    expect(payout).toMatchObject({ amount_minor: FAILING_PAYOUT_AMOUNT_MINOR, status: 'in_transit' });
    await advance(1, own); // the payout is sent: the bank sends it back a day later
    // The refund comes after the payout started: received back from the platform's bank; it fails a day after it is sent.
    const refund = await api('POST', '/refunds', { payment_id: id, description: 'Returned', routing: { platform: { amount_minor: FAILING_REFUND_AMOUNT_MINOR } } }, own);
    expect(refund.status, refund.text).toBe(201);
    await advance(1, own);
    await advance(DAY, own); // the payout fails, then the refund (no cut-off meanwhile: the transfer is in the payout until it fails)
    expect((await api('GET', `/payouts/${payout.id}`, undefined, own)).body.status).toBe('failed');
    expect((await api('GET', `/refunds/${refund.body.id}`, undefined, own)).body.status).toBe('failed');
    expect(await moneyViolations(db())).toEqual({});
    const paidOut = async () => {
      const row = await db().selectFrom('ledger_lines').select((eb) => eb.fn.sum<string>('amount_minor').as('total')).where('account', '=', `paid_out:${payout.account_id}`).executeTakeFirstOrThrow();
      return Number(row.total ?? 0);
    };
    expect(await paidOut()).toBe(0);

    // Nothing was refunded and nothing reached the bank: the next payout carries the whole transfer, once.
    const next = (await api('POST', '/simulations/payouts/run', undefined, own)).body.data;
    expect(next.map((each: { amount_minor: number }) => each.amount_minor).reduce((sum: number, amount: number) => sum + amount, 0)).toBe(FAILING_PAYOUT_AMOUNT_MINOR);
    expect((await api('POST', '/simulations/payouts/run', undefined, own)).body.data).toEqual([]);
    expect(await paidOut()).toBe(FAILING_PAYOUT_AMOUNT_MINOR);
    expect(await moneyViolations(db())).toEqual({});
  });

  it('carries a failed refund received back from a payout sent back since, its transfer paid again meanwhile, to a reversal transfer: paid once, nothing lost', async () => {
    const own = await server.platform();
    // 133.43 by card: fee 1.4 % + 0.25 = 212, so the platform's payout is the simulator's failing amount.
    const id = await payByCard(server, { token: () => own.token('sandbox') }, { amount_minor: 13_343 });
    const [payout] = (await api('POST', '/simulations/payouts/run', undefined, own)).body.data;
    await advance(2, own); // the payout is sent: the bank sends it back a day after the run
    const refund = await api('POST', '/refunds', { payment_id: id, description: 'Returned', routing: { platform: { amount_minor: FAILING_REFUND_AMOUNT_MINOR } } }, own);
    expect(refund.status, refund.text).toBe(201);
    await advance(DAY - 2, own); // the payout comes back; the refund, sent two seconds after the payout, has not failed yet
    expect((await api('GET', `/payouts/${payout.id}`, undefined, own)).body.status).toBe('failed');
    expect((await api('GET', `/refunds/${refund.body.id}`, undefined, own)).body.status).toBe('initiated');
    // The transfer leaves again, less what the refund received back.
    const [again] = (await api('POST', '/simulations/payouts/run', undefined, own)).body.data;
    const net = FAILING_PAYOUT_AMOUNT_MINOR - again.amount_minor;
    expect(net).toBeGreaterThan(0);
    await advance(2, own);
    expect((await api('GET', `/refunds/${refund.body.id}`, undefined, own)).body.status).toBe('failed');
    expect(await moneyViolations(db())).toEqual({});

    // What the refund had received back is owed again: a transfer of the reversal, paid at the next payout, once.
    const next = (await api('POST', '/simulations/payouts/run', undefined, own)).body.data;
    expect(next).toMatchObject([{ account_id: payout.account_id, amount_minor: net, transfers: [{ payment_id: id, amount_minor: net, processing_fee: { amount_minor: 0 } }] }]);
    expect((await api('POST', '/simulations/payouts/run', undefined, own)).body.data).toEqual([]);
    const paidOut = await db().selectFrom('ledger_lines').select((eb) => eb.fn.sum<string>('amount_minor').as('total')).where('account', '=', `paid_out:${payout.account_id}`).executeTakeFirstOrThrow();
    expect(Number(paidOut.total)).toBe(FAILING_PAYOUT_AMOUNT_MINOR);
    expect(await moneyViolations(db())).toEqual({});
  });

  it('fails a payout the bank sends back: status failed, its transfer waiting for the next payout, the books balanced', async () => {
    const own = await server.platform();
    // 133.43 by card: fee 1.4 % + 0.25 = 212, so the platform's payout is the simulator's failing amount.
    const id = await payByCard(server, { token: () => own.token('sandbox') }, { amount_minor: 13_343 });
    const run = await api('POST', '/simulations/payouts/run', undefined, own);
    const [payout] = run.body.data;
    expect(payout).toMatchObject({ amount_minor: FAILING_PAYOUT_AMOUNT_MINOR, status: 'in_transit' });

    await advance(1, own);
    await advance(DAY, own);
    const failed = (await api('GET', `/payouts/${payout.id}`, undefined, own)).body;
    expect(failed).toMatchObject({ status: 'failed', completed_at: null, transfers: [] });
    expect(await moneyViolations(db())).toEqual({});

    const next = await api('POST', '/simulations/payouts/run', undefined, own);
    expect(next.body.data).toHaveLength(1);
    expect(next.body.data[0].id).not.toBe(payout.id);
    expect(next.body.data[0].transfers.map((transfer: { payment_id: string }) => transfer.payment_id)).toEqual([id]);
  });
});

describe('the processor notifications route', () => {
  it('refuses a batch whose signature does not match with 401, storing nothing', async () => {
    const refused = await notify([{ eventKey: 'forged-1', object: 'refund', reference: null, processorReference: 'sim_rf_forged', outcome: 'succeeded' }], 'another-key');
    expect(refused.status, refused.text).toBe(401);
    expect(await inbox('forged-1')).toEqual([]);
  });

  it('stores a notification once however often it comes, applies it once, and ends a refund the same when it comes before the answer of the call', async () => {
    const id = await payByCard(server, platform, { amount_minor: 5_000 });
    let release!: () => void;
    let asked!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (asked = resolve));
    const original = SimulatorProcessor.prototype.refund;
    const send = vi.spyOn(SimulatorProcessor.prototype, 'refund').mockImplementationOnce(async function (this: SimulatorProcessor, request: RefundRequest) {
      const answer = await original.call(this, request);
      asked();
      await answered; // the processor has the refund; its answer is not recorded yet
      return answer;
    });
    try {
      const created = await api('POST', '/refunds', { payment_id: id, description: 'Early', routing: { platform: { amount_minor: 700 } } });
      expect(created.status, created.text).toBe(201);
      const sending = server.app.services.jobs.runDue();
      await reached;
      // The processor reports the refund done before its answer to the call is recorded.
      const notification = { eventKey: `early-${created.body.id}`, object: 'refund', reference: created.body.id, processorReference: 'sim_rf_early', outcome: 'succeeded' };
      for (let time = 0; time < 2; time += 1) {
        const accepted = await notify([notification]);
        expect(accepted.status, accepted.text).toBe(200);
        expect(accepted.text).toBe('[accepted]');
      }
      expect(await inbox(notification.eventKey)).toHaveLength(1); // stored once
      release();
      await sending;
      await advance(1); // applied by the job runner, once
      expect((await api('GET', `/refunds/${created.body.id}`)).body.status).toBe('completed');
      expect(await inbox(notification.eventKey)).toEqual([{ result: 'applied' }]);
      await advance(DAY); // the processor's own notification of the same refund: kept, without effect
      expect((await api('GET', `/refunds/${created.body.id}`)).body.status).toBe('completed');
      expect(await eventTypes(created.body.id)).toEqual(['refund_initiated', 'refund_completed']);
      const own = await db().selectFrom('processor_notifications').select('result').where('event_key', 'like', 'sim_rf_%').where(sql<boolean>`notification->>'reference' = ${created.body.id}`).execute();
      expect(own).toEqual([{ result: 'final' }]);
      expect(await moneyViolations(db())).toEqual({});
    } finally {
      release();
      send.mockRestore();
    }
  });

  it('ends a refund the same when the notification comes after the answer was recorded', async () => {
    const id = await payByCard(server, platform, { amount_minor: 5_000 });
    const created = await api('POST', '/refunds', { payment_id: id, description: 'Late', routing: { platform: { amount_minor: 300 } } });
    expect(created.status, created.text).toBe(201);
    await advance(1); // asked; the answer (pending, with the processor's reference) recorded
    expect((await api('GET', `/refunds/${created.body.id}`)).body.status).toBe('initiated');
    await advance(DAY); // the processor's notification
    expect((await api('GET', `/refunds/${created.body.id}`)).body.status).toBe('completed');
    expect(await eventTypes(created.body.id)).toEqual(['refund_initiated', 'refund_completed']);
    const own = await db().selectFrom('processor_notifications').select('result').where(sql<boolean>`notification->>'reference' = ${created.body.id}`).execute();
    expect(own).toEqual([{ result: 'applied' }]);
  });

  it('keeps a notification about no object of ours, and answers the processor as for any other', async () => {
    const accepted = await notify([{ eventKey: 'stray-1', object: 'payout', reference: null, processorReference: 'sim_po_nobody', outcome: 'failed', reason: 'account_closed' }]);
    expect(accepted.status, accepted.text).toBe(200);
    await advance(1);
    expect(await inbox('stray-1')).toEqual([{ result: 'unknown' }]);
  });
});

describe('SEPA Direct Debit collections end as the provider reports', () => {
  it('ends an authorized SEPA payment not_completed when the provider reports its collection returned, and keeps its later report without effect', async () => {
    const id = await paySepa(server, platform, { amount_minor: 2_000, reference: 'returned-by-notification' });
    const { processor_reference: collection } = await db().selectFrom('payments').select('processor_reference').where('id', '=', id).executeTakeFirstOrThrow();
    expect(collection).toMatch(/^sim_col_/);
    const accepted = await notify([{ eventKey: `returned-${collection}`, object: 'collection', reference: null, processorReference: collection, outcome: 'failed', reason: 'insufficient_funds' }]);
    expect(accepted.status, accepted.text).toBe(200);
    await advance(1);
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('not_completed');
    await advance(2 * DAY); // the simulator's own report (paid) comes for a payment that has ended
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('not_completed');
    expect(await eventTypes(id)).toEqual(['payment_failed']);
    expect(await inbox(`${collection}:succeeded`)).toEqual([{ result: 'final' }]);
  });
});

describe('the card vault and the completion of a challenged authorization', () => {
  const card = (number: string) => ({ type: 'card', value: number, issuer: 'visa', token_data: { expiry_month: 12, expiry_year: server.clock.now().getUTCFullYear() + 2, cvv: '123' } });

  async function startedPayment() {
    const created = await api('POST', '/payments', { amount_minor: 2_500, currency: 'EUR', reference: 'vault', integration: { type: 'hosted' }, payment_method: { type: 'card' }, urls: { redirect: 'https://shop.example/back' } });
    expect(created.status, created.text).toBe(201);
    const token = new URL(created.body._links.hosted_page.href).searchParams.get('token')!;
    const hpp = (suffix: string, body: unknown) => server.request('POST', `/hpp/payments/${created.body.id}${suffix}`, { token, body });
    expect((await hpp('/start', {})).status).toBe(200);
    return { id: created.body.id as string, hpp };
  }

  const vaulted = (tokenId: string) => db().withTables<{ card_tokens: { id: string; card_details: unknown } }>().selectFrom('card_tokens').select('card_details').where('id', '=', tokenId).executeTakeFirstOrThrow();

  it('keeps the card sealed until the authorization, then erases it; the challenge is finished on the same authorization, charged once', async () => {
    const authorize = vi.spyOn(SimulatorProcessor.prototype, 'authorize');
    const complete = vi.spyOn(SimulatorProcessor.prototype, 'complete');
    try {
      const { id, hpp } = await startedPayment();
      const tokenized = await hpp('/tokenize', card('4000000000003220'));
      expect(tokenized.status, tokenized.text).toBe(201);
      expect((await vaulted(tokenized.body.token)).card_details).toMatchObject({ number: '4000000000003220', cvv: '123' }); // opened by the sealing plugin
      const { rows } = await sql<{ stored: string }>`SELECT card_details::text AS stored FROM card_tokens WHERE id = ${tokenized.body.token}`.execute(db());
      expect(rows[0]!.stored).toMatch(/^"encj:1:[0-9a-f]{12}:/); // the database itself holds only the sealed text

      const challenged = await hpp('/authorize', { token: tokenized.body.token });
      expect(challenged.body).toMatchObject({ status: 'started', workflow: { next: 'hpp:authorize' } });
      expect((await vaulted(tokenized.body.token)).card_details).toBeNull(); // the acquirer has it; our vault no longer does

      const challengePath = new URL(challenged.body._links.challenge.href).pathname;
      expect((await server.request('GET', challengePath)).status).toBe(200);
      expect((await server.request('POST', challengePath, form({ outcome: 'pass' }))).status).toBe(303);
      expect((await api('GET', `/payments/${id}`)).body.status).toBe('captured');

      const [request] = authorize.mock.calls.find(([asked]) => asked.buyer?.paymentId === id)!;
      expect(request).toMatchObject({ amountMinor: 2_500, currency: 'EUR', storeCredential: false, customerReference: id, card: { details: { number: '4000000000003220', cvv: '123' } } });
      const { reference } = request;
      expect(authorize.mock.calls.filter(([request]) => request.buyer?.paymentId === id)).toHaveLength(1);
      expect(complete.mock.calls.filter(([known]) => known.reference === reference)).toHaveLength(1);
      const authorizations = await db().withTables<{ simulator_card_authorizations: { reference: string; challenge_result: string } }>().selectFrom('simulator_card_authorizations').select('challenge_result').where('reference', '=', reference).execute();
      expect(authorizations).toEqual([{ challenge_result: 'passed' }]);
    } finally {
      authorize.mockRestore();
      complete.mockRestore();
    }
  });

  it("ends a card authorization whose answer was lost by the acquirer's notification, once, before the recovery job would ask again", async () => {
    const original = SimulatorProcessor.prototype.authorize;
    const lost = vi.spyOn(SimulatorProcessor.prototype, 'authorize').mockImplementationOnce(async function (this: SimulatorProcessor, request: CardAuthorizationRequest) {
      await original.call(this, request);
      throw new Error('the answer was lost on its way back');
    });
    try {
      const { id, hpp } = await startedPayment();
      const tokenized = await hpp('/tokenize', card('4242424242424242'));
      expect((await hpp('/authorize', { token: tokenized.body.token })).status).toBe(503);
      const { reference } = lost.mock.calls[0]![0];
      const accepted = await notify([{ eventKey: `authorised-${reference}`, object: 'authorization', reference, processorReference: 'sim_auth_notified', outcome: 'succeeded' }]);
      expect(accepted.status, accepted.text).toBe(200);
      await advance(1); // the notification applied; the recovery job is due a minute after the attempt began
      expect((await api('GET', `/payments/${id}`)).body.status).toBe('captured');
      await advance(120); // the recovery job finds nothing left to do
      expect(await eventTypes(id)).toEqual(['payment_succeeded']);
      expect(lost).toHaveBeenCalledTimes(1);
    } finally {
      lost.mockRestore();
    }
  });

  it("ends a challenged authorization whose buyer never came back by the acquirer's notification; the late return changes nothing", async () => {
    const { id, hpp } = await startedPayment();
    const tokenized = await hpp('/tokenize', card('4000000000003220'));
    const challenged = await hpp('/authorize', { token: tokenized.body.token });
    expect(challenged.body.status).toBe('started');
    const { processor_reference: authorization } = await db().selectFrom('payments').select('processor_reference').where('id', '=', id).executeTakeFirstOrThrow();
    const accepted = await notify([{ eventKey: `authorised-${authorization}`, object: 'authorization', reference: null, processorReference: authorization, outcome: 'succeeded' }]);
    expect(accepted.status, accepted.text).toBe(200);
    await advance(1);
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('captured');
    expect(await inbox(`authorised-${authorization}`)).toEqual([{ result: 'applied' }]);
    // The buyer answers the challenge after all: its 3-D Secure server's callback finds it answered.
    expect((await server.request('POST', new URL(challenged.body._links.challenge.href).pathname, form({ outcome: 'fail' }))).status).toBe(303);
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('captured');
    expect(await eventTypes(id)).toEqual(['payment_succeeded']);
  });

  it('erases the card of a token that expired unused', async () => {
    const { hpp } = await startedPayment();
    const tokenized = await hpp('/tokenize', card('4242424242424242'));
    expect(tokenized.status, tokenized.text).toBe(201);
    await advance(15 * 60 + 1);
    await eventually(async () => (await vaulted(tokenized.body.token)).card_details === null);
  });
});

describe('the processor of each environment', () => {
  it('refuses to start with PROCESSOR=adyen, naming the Adyen settings it lacks, and with a processor it does not know', async () => {
    await expect(startServer({ PROCESSOR: 'adyen' })).rejects.toThrow('The adyen processor needs ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT, ADYEN_HMAC_KEY');
    await expect(startServer({ SANDBOX_PROCESSOR: 'adyen', ADYEN_API_KEY: 'key' })).rejects.toThrow('The adyen processor needs ADYEN_MERCHANT_ACCOUNT, ADYEN_HMAC_KEY');
    await expect(startServer({ LIVE_PROCESSOR: 'stripe' })).rejects.toThrow('LIVE_PROCESSOR must be one of simulator, adyen, got "stripe"');
  });

  it('starts with every Adyen setting: Adyen’s notification route is served (a body it did not sign is 401), the simulator’s pages are not', async () => {
    const adyen = { PROCESSOR: 'adyen', ADYEN_API_KEY: 'key', ADYEN_MERCHANT_ACCOUNT: 'Platform', ADYEN_HMAC_KEY: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056' };
    const withAdyen = await startServer(adyen);
    try {
      const unsigned = await withAdyen.request('POST', '/processor/adyen/notifications', { body: { live: 'false', notificationItems: [] } });
      expect(unsigned.status, unsigned.text).toBe(401);
      expect((await withAdyen.request('GET', '/simulator/bank?token=x')).status).toBe(404);
    } finally {
      await withAdyen.close();
    }
  });
});
