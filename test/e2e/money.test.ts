import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { balances } from '../../src/ledger/repository.js';
import type { PayoutProvider, RefundRequest } from '../../src/processor/boundary.js';
import { SimulatorProcessor } from '../../src/processor/simulator/processor.js';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { makePayable, merchant, payByCard, paySepa } from '../helpers/money.js';
import { startApplication } from '../helpers/onboarding.js';
import { moneyViolations } from '../../chaos/invariants.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';

let server: TestServer;
let platform: TestPlatform;
let receiver: Receiver;
let sellers: { first: string; second: string };

beforeAll(async () => {
  server = await startServer({ JOB_WORKER: 'off' }); // the sandbox clock route runs what comes due
  platform = await server.platform();
  receiver = await startReceiver();
  sellers = { first: await merchant(server, platform), second: await merchant(server, platform) };
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const DAY = 24 * 3600;

/** 100.00 EUR by card: fee 1.4 % + 0.25 = 165, shared 20/50/30 → 33/83/49 (largest remainder, earliest first on ties). */
function routedPayment(reference: string) {
  return payByCard(server, platform, {
    amount_minor: 10_000,
    reference,
    urls: { redirect: 'https://shop.example/return', webhook: receiver.url },
    routing: {
      platform: { amount_minor: 2_000, processing_fee_contribution: 20 },
      merchants: [
        { type: 'merchant', id: sellers.first, amount_minor: 5_000, processing_fee_contribution: 50, reference: 'first-ref' },
        { type: 'seller', id: sellers.second, amount_minor: 3_000, processing_fee_contribution: 30 },
      ],
    },
  });
}

const api = async (method: string, path: string, body?: unknown, scope?: string) => server.request(method, `/sandbox${path}`, { token: await platform.token('sandbox', scope), body });
const readPayment = async (id: string) => (await api('GET', `/payments/${id}`)).body;
const runPayouts = () => api('POST', '/simulations/payouts/run');
const advance = (seconds: number) => api('POST', '/simulations/clock/advance', { seconds });
const refund = (body: Record<string, unknown>) => api('POST', '/refunds', { description: 'Returned goods', ...body });

interface Event {
  type: string;
  occurred_at: string;
  data: Record<string, any>;
}

function eventsAbout(key: string, value: string): Event[] {
  return receiver.received.map((entry) => JSON.parse(entry.body) as Event).filter((event) => event.data[key] === value);
}

async function eventsOf(key: string, value: string, count: number): Promise<Event[]> {
  return eventually(async () => eventsAbout(key, value).length >= count && eventsAbout(key, value));
}

async function ledgerBalances() {
  return Object.fromEntries((await balances(server.app.database.db, 'sandbox', platform.platformId)).filter((row) => row.balance !== 0).map((row) => [row.account, row.balance]));
}

describe('transfers and payouts', () => {
  it('pays out the platform and two merchants in one payout each, with started, updated and completed per party', async () => {
    const id = await routedPayment('order-payout');
    const payment = await readPayment(id);
    expect(payment.routing.platform).toMatchObject({ refundable_amount: 2_000, transfer: { amount_minor: 1_967, processing_fee: { amount_minor: 33, currency: 'EUR' } } });
    expect(payment.routing.merchants.map((party: any) => party.transfer.amount_minor)).toEqual([4_917, 2_951]);

    const run = await runPayouts();
    expect(run.status, run.text).toBe(200);
    const payouts = run.body.data.filter((payout: any) => payout.transfers.some((transfer: any) => transfer.payment_id === id));
    expect(payouts).toHaveLength(3);
    const transfers = [payment.routing.platform.transfer, ...payment.routing.merchants.map((party: any) => party.transfer)];
    for (const [index, account] of [platform.platformId, sellers.first, sellers.second].entries()) {
      const payout = payouts.find((row: any) => row.account_id === account);
      expect(payout.id).toMatch(/^[0-9a-f]{32}$/);
      expect(payout).toMatchObject({ currency: 'EUR', status: 'in_transit', completed_at: null, _links: { self: { methods: ['GET'] } } });
      const transfer = payout.transfers.find((row: any) => row.payment_id === id);
      expect(transfer).toEqual({
        transfer_id: transfers[index].transfer_id,
        payment_id: id,
        amount_minor: transfers[index].amount_minor,
        currency: 'EUR',
        processing_fee: transfers[index].processing_fee,
        reference: index === 1 ? 'first-ref' : 'order-payout',
      });
      expect((await api('GET', `/payouts/${payout.id}`)).body).toEqual(payout);
    }

    await advance(DAY);
    for (const transfer of transfers) {
      const events = await eventsOf('transfer_id', transfer.transfer_id, 3);
      expect(events.map((event) => event.type)).toEqual(['transfer_started', 'transfer_updated', 'transfer_completed']);
      const payout = payouts.find((row: any) => row.transfers.some((t: any) => t.transfer_id === transfer.transfer_id));
      expect(events.map((event) => event.data.payout_id)).toEqual([null, payout.id, payout.id]);
      expect(events[0]!.data).toMatchObject({ payment_id: id, account_id: payout.account_id, amount_minor: transfer.amount_minor, currency: 'EUR', processing_fee: transfer.processing_fee });
      expect(Date.parse(events[2]!.occurred_at) - Date.parse(events[0]!.occurred_at)).toBe(DAY * 1000);
    }
    const paid = await api('GET', `/payouts/${payouts[0].id}`);
    expect(paid.body).toMatchObject({ status: 'paid' });

    const ofPayment = await api('GET', `/payouts?payment_id=${id}`);
    expect(ofPayment.status).toBe(200);
    expect(ofPayment.body.data.map((row: any) => row.id).sort()).toEqual(payouts.map((row: any) => row.id).sort());
    expect(ofPayment.body.data[0]).toEqual({ id: expect.any(String), account_id: expect.any(String), _links: { self: { href: expect.stringContaining('/sandbox/payouts/'), methods: ['GET'] } } });
  });

  it('keeps a merchant without a succeeded application waiting until it succeeds, then pays it out', async () => {
    const application = await startApplication(server, platform);
    const pending = application.merchantId;
    const id = await payByCard(server, platform, {
      amount_minor: 1_000,
      routing: { platform: { amount_minor: 400, processing_fee_contribution: 100 }, merchants: [{ type: 'merchant', id: pending, amount_minor: 600, processing_fee_contribution: 0 }] },
    });
    const first = (await runPayouts()).body.data;
    expect(first.map((payout: any) => payout.account_id)).not.toContain(pending);
    expect(first.some((payout: any) => payout.transfers.some((transfer: any) => transfer.payment_id === id))).toBe(true);
    expect((await api('GET', `/payouts?payment_id=${id}`)).body.data).toHaveLength(1);
    expect((await api('GET', `/applications/${application.id}`)).body.status).toBe('initiated'); // no payout account, no payout
    expect((await runPayouts()).body.data).toEqual([]);

    await makePayable(server, platform, application);
    const held = (await readPayment(id)).routing.merchants[0].transfer;
    const [payout, ...others] = (await runPayouts()).body.data;
    expect(others).toEqual([]);
    expect(payout).toMatchObject({ account_id: pending, amount_minor: held.amount_minor, currency: 'EUR' });
    expect(payout.transfers.map((transfer: any) => transfer.transfer_id)).toEqual([held.transfer_id]);
    expect((await api('GET', `/payouts?payment_id=${id}`)).body.data).toHaveLength(2);
  });

  it('pays out at the daily cut-off when the clock passes it, without being asked', async () => {
    const id = await payByCard(server, platform, { amount_minor: 2_000, urls: { redirect: 'https://shop.example/return', webhook: receiver.url } });
    const moved = await advance(DAY);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.jobs_run).toBeGreaterThanOrEqual(1);
    const payouts = (await api('GET', `/payouts?payment_id=${id}`)).body.data;
    expect(payouts).toHaveLength(1);
    const { transfer_id: transferId } = (await readPayment(id)).routing.platform.transfer;
    expect((await eventsOf('transfer_id', transferId, 2)).map((event) => event.type)).toEqual(['transfer_started', 'transfer_updated']);
  });
});

describe('refunds', () => {
  it('replays a refund sent again with its Idempotency-Key, and refuses the key with another body', async () => {
    const id = await payByCard(server, platform, { amount_minor: 3_000 });
    const token = await platform.token();
    const send = (body: Record<string, unknown>) =>
      server.request('POST', '/sandbox/refunds', { token, headers: { 'idempotency-key': `refund-${id}` }, body: { description: 'Returned goods', ...body } });
    const first = await send({ payment_id: id, routing: { platform: { amount_minor: 1_000 } } });
    expect(first.status, first.text).toBe(201);
    const again = await send({ payment_id: id, routing: { platform: { amount_minor: 1_000 } } });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await send({ payment_id: id, routing: { platform: { amount_minor: 500 } } })).status).toBe(422);
    const refunds = (await api('GET', `/refunds?payment_id=${id}`)).body.data;
    expect(refunds.map((row: any) => row.id)).toEqual([first.body.id]);
    expect((await readPayment(id)).routing.platform.refundable_amount).toBe(3_000 - 1_000);
  });

  it('refunds a whole payment before its payout: transfers shrink to nothing, the fee comes back, completed a day later', async () => {
    const id = await routedPayment('order-full-refund');
    const created = await refund({ payment_id: id, reference: 'rf-1' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^rfd_/),
      status: 'initiated',
      payment_id: id,
      amount_minor: 10_000,
      currency: 'EUR',
      description: 'Returned goods',
      reference: 'rf-1',
      origin: 'platform',
      completed_at: null,
      routing: { platform: { amount_minor: 2_000 }, merchants: [{ id: sellers.first, amount_minor: 5_000 }, { id: sellers.second, amount_minor: 3_000 }] },
    });
    const payment = await readPayment(id);
    expect([payment.routing.platform, ...payment.routing.merchants].map((party: any) => [party.refundable_amount, party.transfer.amount_minor, party.transfer.processing_fee.amount_minor])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect((await runPayouts()).body.data.flatMap((payout: any) => payout.transfers).filter((transfer: any) => transfer.payment_id === id)).toEqual([]);

    await advance(DAY);
    const events = await eventsOf('refund_id', created.body.id, 2);
    expect(events.map((event) => event.type)).toEqual(['refund_initiated', 'refund_completed']);
    expect(events[0]!.data).toEqual({ refund_id: created.body.id, payment_id: id, amount_minor: 10_000, currency: 'EUR', reference: 'rf-1' });
    expect((await api('GET', `/refunds/${created.body.id}`)).body).toMatchObject({ status: 'completed', completed_at: expect.any(String) });

    const again = await refund({ payment_id: id });
    expect(again.status).toBe(409);
  });

  it('refunds a whole payment after its payout started: each party gives back its transfer (transfer_received_from_creditor)', async () => {
    const id = await routedPayment('order-after-payout');
    await runPayouts();
    const payment = await readPayment(id);
    const created = await refund({ payment_id: id });
    expect(created.status, created.text).toBe(201);
    const transfers = [payment.routing.platform, ...payment.routing.merchants].map((party: any) => party.transfer);
    for (const [index, account] of [platform.platformId, sellers.first, sellers.second].entries()) {
      const received = (await eventsOf('transfer_id', transfers[index].transfer_id, 3)).find((event) => event.type === 'transfer_received_from_creditor');
      expect(received?.data).toEqual({
        transfer_id: transfers[index].transfer_id,
        refund_id: created.body.id,
        payment_id: id,
        account_id: account,
        amount_minor: transfers[index].amount_minor,
        currency: 'EUR',
        reference: index === 1 ? 'first-ref' : 'order-after-payout',
      });
    }
    // The transfers keep what was paid out; the refund took it back from the creditors.
    expect((await readPayment(id)).routing.merchants.map((party: any) => [party.refundable_amount, party.transfer.amount_minor])).toEqual([
      [0, 4_917],
      [0, 2_951],
    ]);
  });

  it('tells of money received back from a creditor only when some is: not for a part that returns only fee', async () => {
    // 0.50 EUR by card: fee 1.4 % + 25 = 26, transfer 24.
    const id = await payByCard(server, platform, { amount_minor: 50, reference: 'tiny', urls: { redirect: 'https://shop.example/return', webhook: receiver.url } });
    await runPayouts();
    const transfer = (await readPayment(id)).routing.platform.transfer;
    const feeOnly = await refund({ payment_id: id, routing: { platform: { amount_minor: 1 } } }); // 1 back, of it 1 of fee (0.52 rounded up)
    expect(feeOnly.status, feeOnly.text).toBe(201);
    await eventsOf('refund_id', feeOnly.body.id, 1);
    const rest = await refund({ payment_id: id, routing: { platform: { amount_minor: 49 } } });
    expect(rest.status, rest.text).toBe(201);
    const [received] = (await eventsOf('transfer_id', transfer.transfer_id, 3)).filter((event) => event.type === 'transfer_received_from_creditor');
    expect(received?.data).toMatchObject({ refund_id: rest.body.id, amount_minor: 24 });
    await server.app.services.worker.runDue();
    await new Promise((resolve) => setTimeout(resolve, 150)); // a second one would have arrived by now
    expect(eventsAbout('transfer_id', transfer.transfer_id).map((event) => event.type).sort()).toEqual(['transfer_received_from_creditor', 'transfer_started', 'transfer_updated']);
  });

  it('refunds in parts per creditor until nothing is left, returning the fee share in proportion', async () => {
    const id = await routedPayment('order-partial');
    const first = await refund({ payment_id: id, routing: { merchants: [{ id: sellers.first, amount_minor: 2_500 }] } });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ amount_minor: 2_500, routing: { platform: { amount_minor: 0 }, merchants: [{ id: sellers.first, amount_minor: 2_500 }] } });
    let payment = await readPayment(id);
    // Half of 5,000 back: half of the fee share 83 (41.5, rounded up to 42) returned, 2,458 taken from the transfer.
    expect(payment.routing.merchants[0]).toMatchObject({ refundable_amount: 2_500, transfer: { amount_minor: 4_917 - 2_458, processing_fee: { amount_minor: 41 } } });

    await runPayouts(); // what remains of the transfers leaves now
    const rest = await refund({
      payment_id: id,
      routing: { platform: { amount_minor: 2_000 }, merchants: [{ id: sellers.first, amount_minor: 2_500 }, { id: sellers.second, amount_minor: 3_000 }] },
    });
    expect(rest.status, rest.text).toBe(201);
    payment = await readPayment(id);
    expect([payment.routing.platform, ...payment.routing.merchants].map((party: any) => party.refundable_amount)).toEqual([0, 0, 0]);

    const more = await refund({ payment_id: id, routing: { platform: { amount_minor: 1 } } });
    expect(more.status).toBe(422);
    expect(more.body.errors).toEqual([{ pointer: '/routing/platform/amount_minor', code: 'exceeds_refundable', detail: "is more than the party's refundable amount 0" }]);
    const list = await api('GET', `/refunds?payment_id=${id}`);
    expect(list.body.data.map((row: any) => row.amount_minor)).toEqual([7_500, 2_500]);
  });

  it("sends a refund's events to its own webhook URL when it has one", async () => {
    const own = await startReceiver();
    try {
      const id = await routedPayment('order-own-webhook');
      const created = await refund({ payment_id: id, routing: { platform: { amount_minor: 100 } }, urls: { webhook: own.url } });
      expect(created.status, created.text).toBe(201);
      const [event] = await own.waitFor(1);
      expect(JSON.parse(event!.body)).toMatchObject({ type: 'refund_initiated', data: { refund_id: created.body.id } });
      expect(eventsAbout('refund_id', created.body.id)).toEqual([]);
      expect((await refund({ payment_id: id, urls: { webhook: 'not a url' } })).status).toBe(400);
      const webhook = 'https://user:secret@shop.example/hooks';
      const refused = await refund({ payment_id: id, description: 'Returned goods ✓', urls: { webhook } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.map((error: { pointer: string }) => error.pointer).sort()).toEqual(['/description', '/urls/webhook']);
    } finally {
      await own.close();
    }
  });

  it('keeps the books: every entry balances, and a refunded payment leaves only what other payments hold', async () => {
    await runPayouts(); // earlier tests' transfers leave first: only this payment moves below
    const before = await ledgerBalances();
    const id = await routedPayment('order-books');
    const during = await ledgerBalances();
    expect(during[`payment:${id}`]).toBeUndefined(); // distributed at once
    expect(during.buyers! - (before.buyers ?? 0)).toBe(-10_000);
    expect(during.fees! - (before.fees ?? 0)).toBe(165);
    const entries = await server.app.database.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_lines', 'ledger_lines.entry_id', 'ledger_entries.id')
      .select(['ledger_entries.kind', 'ledger_entries.transfer_id', 'ledger_lines.account', 'ledger_lines.amount_minor'])
      .where('ledger_entries.payment_id', '=', id)
      .where('ledger_lines.amount_minor', '>', 0)
      .orderBy('ledger_entries.id')
      .execute();
    const { routing } = await readPayment(id);
    expect(entries).toEqual([
      { kind: 'capture', transfer_id: null, account: `payment:${id}`, amount_minor: 10_000 },
      { kind: 'fee', transfer_id: null, account: 'fees', amount_minor: 165 },
      { kind: 'transfer', transfer_id: routing.platform.transfer.transfer_id, account: `pending:${platform.platformId}`, amount_minor: 1_967 },
      { kind: 'transfer', transfer_id: routing.merchants[0].transfer.transfer_id, account: `pending:${sellers.first}`, amount_minor: 4_917 },
      { kind: 'transfer', transfer_id: routing.merchants[1].transfer.transfer_id, account: `pending:${sellers.second}`, amount_minor: 2_951 },
    ]);
    await runPayouts();
    expect((await refund({ payment_id: id })).status).toBe(201);
    expect(await ledgerBalances()).toEqual(before);
    const unbalanced = await server.app.database.db
      .selectFrom('ledger_lines')
      .select('entry_id')
      .groupBy('entry_id')
      .having((eb) => eb.fn.sum('amount_minor'), '<>', 0)
      .execute();
    expect(unbalanced).toEqual([]);
  });
});

describe('a processor that fails', () => {
  it('holds back no other payout when one fails to send, and sends that one again with the same payout id', async () => {
    const id = await routedPayment('order-payout-retry');
    const run = await runPayouts();
    expect(run.status, run.text).toBe(200); // recorded: the processor hears of them after the commit
    const mine = run.body.data.filter((payout: any) => payout.transfers.some((transfer: any) => transfer.payment_id === id));
    expect(mine).toHaveLength(3);
    const idOf = (account: string) => mine.find((payout: any) => payout.account_id === account).id;
    const simulator: PayoutProvider = SimulatorProcessor.prototype;
    const original = simulator.payOut;
    let failed = false;
    const payOut = vi.spyOn(simulator, 'payOut').mockImplementation(async function (this: PayoutProvider, input) {
      if (input.reference === idOf(sellers.first) && !failed) {
        failed = true;
        throw new Error('the bank is down');
      }
      return original.call(this, input);
    });
    try {
      const asked = () => payOut.mock.calls.map(([input]) => input.reference).filter((payoutId) => mine.some((payout: any) => payout.id === payoutId));

      await advance(1); // the sends run: the first merchant's fails and waits a minute
      expect(asked().sort()).toEqual([idOf(platform.platformId), idOf(sellers.first), idOf(sellers.second)].sort());
      await advance(60);
      expect(asked().filter((payoutId) => payoutId === idOf(sellers.first))).toHaveLength(2);
      expect(asked()).toHaveLength(4);

      await advance(DAY);
      for (const payout of mine) {
        const completed = await eventsOf('payout_id', payout.id, 2);
        expect(completed.map((event) => event.type).sort()).toEqual(['transfer_completed', 'transfer_updated']);
        expect((await api('GET', `/payouts/${payout.id}`)).body.status).toBe('paid');
      }
    } finally {
      payOut.mockRestore();
    }
  });

  it('accepts a refund whose sending fails, and sends it again with the same refund id until it goes', async () => {
    const id = await routedPayment('order-refund-retry');
    const send = vi.spyOn(SimulatorProcessor.prototype, 'refund').mockRejectedValueOnce(new Error('the bank is down'));
    try {
      const created = await refund({ payment_id: id, routing: { platform: { amount_minor: 500 } } });
      expect(created.status, created.text).toBe(201);
      await eventsOf('refund_id', created.body.id, 1); // refund_initiated
      await advance(1);
      await advance(60);
      expect(send.mock.calls.map(([input]) => input.reference).filter((refundId) => refundId === created.body.id)).toEqual([created.body.id, created.body.id]);
      await advance(DAY);
      expect((await api('GET', `/refunds/${created.body.id}`)).body.status).toBe('completed');
      expect((await eventsOf('refund_id', created.body.id, 2)).map((event) => event.type)).toEqual(['refund_initiated', 'refund_completed']);
    } finally {
      send.mockRestore();
    }
  });
});

describe('a slow processor', () => {
  it('holds no lock while a refund is with it: the refund is read, completed and refunded again meanwhile, and its late answer changes nothing', async () => {
    const id = await routedPayment('order-slow-send');
    let release!: () => void;
    let asked!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (asked = resolve));
    const original = SimulatorProcessor.prototype.refund;
    const send = vi.spyOn(SimulatorProcessor.prototype, 'refund').mockImplementationOnce(async function (this: SimulatorProcessor, input: RefundRequest) {
      asked();
      await answered;
      return original.call(this, input);
    });
    try {
      const created = await refund({ payment_id: id, routing: { platform: { amount_minor: 500 } } });
      expect(created.status, created.text).toBe(201);
      const sending = server.app.services.jobs.runDue();
      await reached;
      // The refund's row and the payment's are free: a second refund, a read and the sandbox's completion answer at once.
      expect((await refund({ payment_id: id, routing: { platform: { amount_minor: 100 } } })).status).toBe(201);
      expect((await api('GET', `/refunds/${created.body.id}`)).body.status).toBe('initiated');
      expect((await api('POST', `/simulations/refunds/${created.body.id}/complete`)).body.status).toBe('completed');
      release();
      await sending;
      expect(send.mock.calls.filter(([input]) => input.reference === created.body.id)).toHaveLength(1);
      expect((await eventsOf('refund_id', created.body.id, 2)).map((event) => event.type)).toEqual(['refund_initiated', 'refund_completed']);
    } finally {
      release();
      send.mockRestore();
    }
  });
});

describe('concurrency', () => {
  it('accepts 20 simultaneous partial refunds only up to what is refundable, and the books still balance', async () => {
    const id = await routedPayment('order-race');
    await runPayouts(); // half the race takes money back from creditors, the rest would otherwise shrink transfers
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () => refund({ payment_id: id, routing: { platform: { amount_minor: 150 }, merchants: [{ id: sellers.second, amount_minor: 200 }] } })),
    );
    const accepted = attempts.filter((attempt) => attempt.status === 201);
    expect(accepted).toHaveLength(13); // the platform's 2,000 allows 13 × 150; the seller's 3,000 would allow 15 × 200
    expect(attempts.filter((attempt) => attempt.status === 422)).toHaveLength(7);
    const payment = await readPayment(id);
    expect(payment.routing.platform.refundable_amount).toBe(2_000 - 13 * 150);
    expect(payment.routing.merchants[1].refundable_amount).toBe(3_000 - 13 * 200);

    const lines = await server.app.database.db.selectFrom('ledger_lines').select(['entry_id', 'account', 'amount_minor']).execute();
    const byEntry = new Map<number, number>();
    const byAccount = new Map<string, number>();
    for (const line of lines) {
      byEntry.set(line.entry_id, (byEntry.get(line.entry_id) ?? 0) + line.amount_minor);
      byAccount.set(line.account, (byAccount.get(line.account) ?? 0) + line.amount_minor);
    }
    expect([...byEntry.values()].filter((sum) => sum !== 0)).toEqual([]);
    expect([...byAccount].filter(([account, balance]) => account !== 'buyers' && balance < 0)).toEqual([]);
  });

  it('pays each transfer out once when two payout runs race, and schedules one cut-off however many processes start', async () => {
    const ids = await Promise.all([routedPayment('race-a'), routedPayment('race-b')]);
    const runs = await Promise.all([runPayouts(), runPayouts(), runPayouts()]);
    const taken = runs.flatMap((run) => run.body.data.flatMap((payout: any) => payout.transfers)).filter((transfer: any) => ids.includes(transfer.payment_id));
    expect(taken).toHaveLength(6);
    expect(new Set(taken.map((transfer: any) => transfer.transfer_id)).size).toBe(6);

    await Promise.all([server.app.services.payouts.scheduleCutoffs(), server.app.services.payouts.scheduleCutoffs()]);
    const cutoffs = await server.app.database.db.selectFrom('scheduled_jobs').select('subject_id').where('kind', '=', 'payouts.cutoff').where('state', '=', 'pending').execute();
    // One per clock: each environment's, and each platform's whose sandbox clock was moved (this file's moves one).
    const subjects = cutoffs.map((job) => job.subject_id);
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(subjects.filter((subject) => subject === 'live' || subject === 'sandbox').sort()).toEqual(['live', 'sandbox']);
    const ownClocks = await server.app.database.db.selectFrom('platform_clocks').select('platform_id').execute();
    expect(subjects.filter((subject) => subject !== 'live' && subject !== 'sandbox').sort()).toEqual(ownClocks.map((row) => row.platform_id).sort());
  });
});

describe('what is refused', () => {
  it('refuses an unpaid payment, an unknown merchant, an over-refund, bad text and a foreign payment', async () => {
    const unpaid = await api('POST', '/payments', { amount_minor: 500, currency: 'EUR', reference: 'x', integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/r' } });
    expect((await refund({ payment_id: unpaid.body.id })).status).toBe(409);

    const id = await routedPayment('order-refusals');
    const unknown = await refund({ payment_id: id, routing: { merchants: [{ id: 'acc_00000000000000000000000000', amount_minor: 1 }] } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ pointer: '/routing/merchants/0/id', code: 'unknown_merchant', detail: "is not a merchant of this payment's routing" }]);

    const over = await refund({ payment_id: id, routing: { platform: { amount_minor: 2_000 }, merchants: [{ id: sellers.second, amount_minor: 3_001 }] } });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual([{ pointer: '/routing/merchants/0/amount_minor', code: 'exceeds_refundable', detail: "is more than the party's refundable amount 3000" }]);
    expect((await readPayment(id)).routing.platform.refundable_amount).toBe(2_000); // nothing half-written

    const nothing = await refund({ payment_id: id, routing: { platform: { amount_minor: 0 } } });
    expect(nothing.status).toBe(422);

    const bad = await api('POST', '/refunds', { payment_id: id, description: 'Rückerstattung <ok>', reference: 'r'.repeat(51), routing: { platform: { amount_minor: 1.5 } } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: any) => error.pointer).sort()).toEqual(['/description', '/reference', '/routing/platform/amount_minor']);
    expect((await api('POST', '/refunds', { payment_id: id, description: '' })).status).toBe(400);
    expect((await api('POST', '/refunds', { payment_id: id, description: 'd'.repeat(100), routing: { platform: { amount_minor: 1 } } })).status).toBe(201);
    expect((await api('POST', '/refunds', { payment_id: id, description: 'd'.repeat(101) })).status).toBe(400);

    const other = await server.platform();
    const foreign = await server.request('POST', '/sandbox/refunds', { token: await other.token(), body: { payment_id: id, description: 'x' } });
    expect(foreign.status).toBe(404);
    const live = await server.request('POST', '/refunds', { token: await platform.token('live'), body: { payment_id: id, description: 'x' } });
    expect(live.status).toBe(404);
    const refunds = (await api('GET', `/refunds?payment_id=${id}`)).body.data;
    expect((await server.request('GET', `/sandbox/refunds/${refunds[0].id}`, { token: await other.token() })).status).toBe(404);
    expect((await api('POST', '/refunds', { payment_id: id, description: 'x', routing: { platform: { amount_minor: 1 } } }, 'refunds:read')).status).toBe(403);
    expect((await api('GET', `/refunds/${refunds[0].id}`, undefined, 'refunds:initiate')).status).toBe(403);
    expect((await api('GET', `/payouts?payment_id=${id}`, undefined, 'payments:read')).status).toBe(403);
    expect((await api('GET', '/payouts')).status).toBe(400); // payment_id is required
  });

  it('answers the sandbox controls only on the sandbox base URL', async () => {
    const token = await platform.token('live');
    const payment = await payByCard(server, platform, { amount_minor: 500 });
    const created = await refund({ payment_id: payment });
    expect(created.status, created.text).toBe(201);
    for (const path of ['/simulations/clock/advance', '/simulations/payouts/run', `/simulations/refunds/${created.body.id}/complete`, `/simulations/payments/${payment}/buyer-refund`]) {
      const answer = await server.request('POST', path, { token, body: { seconds: 1 } });
      expect([answer.status, answer.body.title], path).toEqual([404, 'No such route']);
    }
    expect((await advance(0)).status).toBe(400);
  });
});

describe('the sandbox clock and buyer refunds', () => {
  it('expires an unpaid payment when the clock passes its expiry', async () => {
    const created = await api('POST', '/payments', { amount_minor: 500, currency: 'EUR', reference: 'expiring', integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/r' } });
    const token = new URL(created.body._links.hosted_page.href).searchParams.get('token')!;
    expect((await server.request('GET', `/hpp/payments/${created.body.id}`, { token })).status).toBe(200);
    await advance(3_601);
    expect((await server.request('POST', `/hpp/payments/${created.body.id}/start`, { token, body: {} })).status).toBe(410);
    expect((await readPayment(created.body.id)).status).toBe('canceled');
  });

  it("lets the buyer's bank take back part of a completed SEPA payment, then completes it on demand", async () => {
    const sepa = await sepaPayment();
    await advance(2 * DAY); // the collection settles
    expect((await readPayment(sepa)).status).toBe('completed');
    const taken = await api('POST', `/simulations/payments/${sepa}/buyer-refund`, { amount_minor: 1_000 });
    expect(taken.status, taken.text).toBe(201);
    expect(taken.body).toMatchObject({ origin: 'buyer', amount_minor: 1_000, status: 'initiated', routing: { platform: { amount_minor: 1_000 } } });
    const completed = await api('POST', `/simulations/refunds/${taken.body.id}/complete`);
    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe('completed');
    expect((await api('POST', `/simulations/refunds/${taken.body.id}/complete`)).status).toBe(409);
    // Webhooks are not delivered in order: two events written by requests a moment apart may arrive either way round.
    const events = await eventsOf('refund_id', taken.body.id, 2);
    expect(events.map((event) => event.type).sort()).toEqual(['refund_completed', 'refund_initiated_from_buyer']);
    expect(events.find((event) => event.type === 'refund_initiated_from_buyer')!.data).toEqual({ refund_id: taken.body.id, payment_id: sepa, amount_minor: 1_000, currency: 'EUR' });
    expect((await readPayment(sepa)).routing.platform.refundable_amount).toBe(3_990);

    const tooMuch = await api('POST', `/simulations/payments/${sepa}/buyer-refund`, { amount_minor: 3_991 });
    expect(tooMuch.status).toBe(422);
    const card = await payByCard(server, platform, { amount_minor: 700 });
    expect((await api('POST', `/simulations/payments/${card}/buyer-refund`, { amount_minor: 100 })).status).toBe(422);
  });
});

/** A SEPA payment paid on the hosted page API up to authorized (its mandate taken). */
function sepaPayment(): Promise<string> {
  return paySepa(server, platform, { amount_minor: 4_990, urls: { redirect: 'https://shop.example/r', webhook: receiver.url } });
}

// Last in the file: every flow above (payouts, refunds before and after payouts, buyer refunds, failures, races) has run.
describe('the whole ledger', () => {
  it('keeps every money invariant after all the flows above', async () => {
    expect(await moneyViolations(server.app.database.db)).toEqual({});
  });

  it('names what breaks when a refund says one cent more than its ledger entries moved (rolled back)', async () => {
    const rollback = new Error('rollback');
    const seen = server.app.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('refunds').set((eb) => ({ amount_minor: eb('amount_minor', '+', 1) })).where('id', '=', (await trx.selectFrom('refunds').select('id').limit(1).executeTakeFirstOrThrow()).id).execute();
      expect(Object.keys(await moneyViolations(trx))).toEqual(['what buyers paid is the succeeded payments less the refunds']);
      throw rollback;
    });
    await expect(seen).rejects.toBe(rollback);
  });
});
