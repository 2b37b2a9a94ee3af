import { expect } from 'vitest';
import type { TestPlatform, TestServer } from './harness.js';
import { eventually, type Receiver } from './receiver.js';

/** A party of the routing as the test set it up; its fee share is what it pays of the processing fee once the payment succeeded. */
export interface ExpectedParty {
  amount_minor: number;
  processing_fee_contribution: number;
  fee_share: number;
  /** Before any refund, the party's whole routed amount. */
  refundable_amount?: number;
}

export interface ExpectedMerchant extends ExpectedParty {
  id: string;
  type: 'merchant' | 'seller';
  reference: string | null;
}

export interface ExpectedPayment {
  status: string;
  reference: string;
  amount_minor: number;
  currency?: string;
  /** The processing fee; null while the method (and so the fee) is not known. */
  fee: number | null;
  /** Without it, the platform takes the whole amount and pays the whole fee. */
  platform?: ExpectedParty;
  merchants?: ExpectedMerchant[];
}

const SUCCEEDED = new Set(['captured', 'completed']);

/**
 * Reads the payment through GET /payments/{id} and checks every member of the specification's
 * Payment record: amount, currency, status, succeeded, reference, processing fee, and per routing
 * party its amount, fee contribution, refundable amount and, once the payment succeeded, its
 * transfer (routed amount minus fee share); then what the ledger booked for it (before any refund).
 */
export async function expectReadPayment(server: TestServer, platform: TestPlatform, id: string, expected: ExpectedPayment) {
  const response = await server.request('GET', `/sandbox/payments/${id}`, { token: await platform.token() });
  expect(response.status, response.text).toBe(200);
  const currency = expected.currency ?? 'EUR';
  const succeeded = SUCCEEDED.has(expected.status);
  const money = (amount_minor: number) => ({ amount_minor, currency });
  const party = (entry: ExpectedParty) => ({
    amount_minor: entry.amount_minor,
    processing_fee_contribution: entry.processing_fee_contribution,
    refundable_amount: entry.refundable_amount ?? entry.amount_minor,
    transfer: succeeded
      ? { transfer_id: expect.stringMatching(/^tra_[0-9A-Za-z]{26}$/), amount_minor: entry.amount_minor - entry.fee_share, processing_fee: money(entry.fee_share) }
      : null,
  });
  const platformParty = expected.platform ?? { amount_minor: expected.amount_minor, processing_fee_contribution: 100, fee_share: expected.fee ?? 0 };
  const merchants = expected.merchants ?? [];
  const payment = response.body;
  expect(payment).toMatchObject({
    id,
    amount_minor: expected.amount_minor,
    currency,
    status: expected.status,
    succeeded,
    reference: expected.reference,
    processing_fee: expected.fee === null ? null : money(expected.fee),
  });
  expect(payment.routing).toEqual({
    platform: { id: platform.platformId, ...party(platformParty) },
    merchants: merchants.map((merchant) => ({ id: merchant.id, type: merchant.type, reference: merchant.reference, ...party(merchant) })),
  });
  const parties: { id: string; transfer: { amount_minor: number } | null }[] = [payment.routing.platform, ...payment.routing.merchants];
  const transfers = Object.fromEntries(parties.map((entry) => [entry.id, entry.transfer?.amount_minor ?? 0]));
  await expectCaptureBooked(server, id, succeeded ? { amount_minor: expected.amount_minor, fee: expected.fee!, transfers } : null);
  return payment;
}

type EventSummary = { type: string; data: Record<string, unknown> };
const byTypeAndStatus = (events: EventSummary[]) => [...events].sort((a, b) => `${a.type} ${a.data.status}`.localeCompare(`${b.type} ${b.data.status}`));

/**
 * Every event of a payment, exactly, each a type and the data {id, status, reference}: as recorded
 * (GET /events?object_id=, oldest first, in the order given) and as delivered to `receiver` (in any
 * order: delivery is unordered), once the delivery worker had its turn and time for any further
 * delivery to arrive. Answers the recorded events.
 */
export async function expectPaymentEvents(
  server: TestServer,
  platform: TestPlatform,
  receiver: Receiver,
  payment: { id: string; reference: string },
  expected: [type: string, status: string][],
) {
  const wanted = expected.map(([type, status]) => ({ type, data: { id: payment.id, status, reference: payment.reference } }));
  const delivered = (): EventSummary[] =>
    receiver.received.map((delivery) => JSON.parse(delivery.body)).filter((event) => event.data?.id === payment.id).map(({ type, data }) => ({ type, data }));
  await server.app.services.worker.runDue();
  await eventually(async () => delivered().length >= wanted.length);
  await new Promise((resolve) => setTimeout(resolve, 150)); // an event beyond these would have arrived by now
  const recorded = (await server.request('GET', `/sandbox/events?object_id=${payment.id}`, { token: await platform.token() })).body.data.reverse();
  expect(recorded.map(({ type, data }: EventSummary) => ({ type, data })), 'events recorded for the payment').toEqual(wanted);
  expect(byTypeAndStatus(delivered()), 'webhooks received for the payment').toEqual(byTypeAndStatus(wanted));
  return recorded as { event_id: string; type: string }[];
}

/**
 * What a succeeded payment booked, by account, from the ledger lines of its entries: the buyer's
 * money in, the fee to `fees`, each party's transfer waiting in `pending:{account}`, and nothing
 * left in the payment's own account. A payment that did not succeed books nothing.
 */
export async function expectCaptureBooked(server: TestServer, id: string, expected: { amount_minor: number; fee: number; transfers: Record<string, number> } | null) {
  const booked = await bookedFor(server, id);
  if (!expected) return expect(booked).toEqual({});
  const pending = Object.fromEntries(Object.entries(expected.transfers).filter(([, amount]) => amount !== 0).map(([account, amount]) => [`pending:${account}`, amount]));
  expect(booked).toEqual({ buyers: -expected.amount_minor, ...(expected.fee ? { fees: expected.fee } : {}), ...pending });
}

/** What the ledger holds from a payment's entries (its refunds' too), by account; accounts back at zero left out. */
export async function bookedFor(server: TestServer, paymentId: string): Promise<Record<string, number>> {
  const rows = await server.app.database.db
    .selectFrom('ledger_lines')
    .innerJoin('ledger_entries', 'ledger_entries.id', 'ledger_lines.entry_id')
    .select(['ledger_lines.account', (eb) => eb.fn.sum<string>('ledger_lines.amount_minor').as('balance')])
    .where('ledger_entries.payment_id', '=', paymentId)
    .groupBy('ledger_lines.account')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.account, Number(row.balance)]).filter(([, balance]) => balance !== 0));
}

/** A consumer's SEPA mandate as the buyer fills it in on the page (the sandbox scenarios' own). */
export { CONSUMER_MANDATE as consumerMandate } from '../../src/sandbox/scenarios.js';
