import type { Kysely } from 'kysely';
import type { Caller } from '../core/auth.js';
import type { EnvironmentClock } from '../core/clock.js';
import { audienceOf, type Config, type Environment } from '../core/config.js';
import { isDataError, type Db, type Tables } from '../core/db.js';
import { Batcher } from '../core/batcher.js';
import { ApiError, notFound, type FieldError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import { scheduleJob, type AskingJob } from '../core/jobs.js';
import type { Pager, PageRequest } from '../core/pagination.js';
import { formatDateTime } from '../core/time.js';
import type { Outbox } from '../events/outbox.js';
import { feeReturned, refundEntries, refundFailedEntries, type FailedRefundPart, type RefundPartDraft } from '../ledger/postings.js';
import { postEntries } from '../ledger/repository.js';
import { splitByWeights } from '../payments/fees.js';
import * as payments from '../payments/repository.js';
import type { PartyRow, PaymentRow, TransferRow } from '../payments/repository.js';
import type { SharedTransactions } from '../core/shared-transactions.js';
import type { ProcessorNotification, SendAnswer } from '../processor/boundary.js';
import type { NotificationResult } from '../processor/inbox.js';
import type { Processors } from '../processor/registry.js';
import * as repo from './repository.js';
import type { InitiateRefund, Refund, RefundRouting } from './schemas.js';
import { decide, takeWithAnswer, UNKEYED, type Answer } from '../core/idempotency.js';
import { SUCCEEDED_STATUSES } from '../payments/states.js';

/** The processor is asked to return a recorded refund's money (subject: the refund id). */
export const REFUND_SEND_JOB = 'refunds.send';

type Money = repo.Money;

/** What a refund part takes off one transfer. */
interface Draw {
  transfer: TransferRow;
  take: repo.TransferTake;
}

/** A refund as recorded: its row and its parts' rows. */
interface Recorded {
  refund: repo.RefundRow;
  parts: repo.RefundPartRow[];
}

/** How much a refund takes from the party at a routing position. */
interface RequestedPart {
  position: number;
  amount: number;
}

interface RefundMeta {
  origin: 'platform' | 'buyer';
  description: string | null;
  reference: string | null;
  webhookUrl: string | null;
  /** The money has left already (the buyer's bank took it back: a chargeback): completed at once, never sent to the processor. */
  takenBack?: { processorReference: string };
}

function refusal(errors: FieldError[]): ApiError {
  return new ApiError('business_rule', { detail: errors.map((error) => `${error.pointer} ${error.detail}`).join('; '), errors });
}

/** The parts a refund's routing asks for, or a 422 naming every part that cannot be taken. */
function partsFromRouting(parties: PartyRow[], routing: RefundRouting): RequestedPart[] {
  const errors: FieldError[] = [];
  const parts: RequestedPart[] = [];
  const take = (party: PartyRow, amount: number, pointer: string) => {
    if (amount > party.refundable_amount) errors.push({ pointer, code: 'exceeds_refundable', detail: `is more than the party's refundable amount ${party.refundable_amount}` });
    else if (amount > 0) parts.push({ position: party.position, amount });
  };
  if (routing.platform) take(parties[0]!, routing.platform.amount_minor, '/routing/platform/amount_minor');
  const seen = new Set<string>();
  (routing.merchants ?? []).forEach((merchant, index) => {
    const party = parties.find((row) => row.position > 0 && row.account_id === merchant.id);
    if (!party) errors.push({ pointer: `/routing/merchants/${index}/id`, code: 'unknown_merchant', detail: "is not a merchant of this payment's routing" });
    else if (seen.has(merchant.id)) errors.push({ pointer: `/routing/merchants/${index}/id`, code: 'duplicate', detail: 'appears more than once' });
    else take(party, merchant.amount_minor, `/routing/merchants/${index}/amount_minor`);
    seen.add(merchant.id);
  });
  if (errors.length === 0 && parts.length === 0) errors.push({ pointer: '/routing', code: 'nothing_to_refund', detail: 'takes nothing: give at least one amount above zero' });
  if (errors.length > 0) throw refusal(errors);
  return parts;
}

/**
 * Where a failed refund's part goes back (repo.RestoredTo). A part received back from the party's
 * bank goes back to what the party was paid out while its transfer is still in that payout; if the
 * bank sent that payout back since, the transfer waits again (or has left in a later payout) and the
 * part is owed to the party like one taken from a waiting transfer.
 */
function restoredTo(part: Pick<repo.RefundPartRow, 'from_creditor' | 'payout_id'>, transfer: TransferRow): repo.RestoredTo {
  const inItsPayout = transfer.payout_id !== null && (part.payout_id === null || part.payout_id === transfer.payout_id);
  if (part.from_creditor && inItsPayout) return 'payout';
  return transfer.payout_id === null ? 'waiting_transfer' : 'party_only';
}

/** What a transfer gives to a refund, at most `net` and `fee`: off it while it waits, else received back from the party (its fee stays as paid out). */
function takeOff(transfer: TransferRow, net: number, fee: number): repo.TransferTake {
  const paidOut = transfer.payout_id !== null;
  return { net: Math.min(net, transfer.amount_minor - transfer.returned_minor), fee: paidOut ? 0 : Math.min(fee, transfer.fee_minor), fromCreditor: paidOut };
}

/**
 * A part's money (net of its fee) and fee drawn from its party's reversal transfers first, oldest
 * first, as far as each has any left; the rest from the party's own transfer, always the last draw.
 */
function drawsFor(net: number, fee: number, reversals: TransferRow[], own: TransferRow): Draw[] {
  const draws: Draw[] = [];
  let left = { net, fee };
  for (const reversal of reversals) {
    const take = takeOff(reversal, left.net, left.fee);
    if (take.net + take.fee === 0) continue;
    draws.push({ transfer: reversal, take });
    left = { net: left.net - take.net, fee: left.fee - take.fee };
  }
  // The rest of the money is the own transfer's to give, always; its fee as far as it carries any (a reversal paid out may carry the rest).
  return [...draws, { transfer: own, take: { ...takeOff(own, left.net, left.fee), net: left.net } }];
}

function sumTakes(takes: repo.TransferTake[]): repo.TransferTake {
  return { net: takes.reduce((sum, take) => sum + take.net, 0), fee: takes.reduce((sum, take) => sum + take.fee, 0), fromCreditor: false };
}

/** A part's draws as the ledger books them: each draw's net money off its transfer; the part's whole returned fee on its first. */
function ledgerDrafts(accountId: string, feeReturned: number, draws: Draw[]): RefundPartDraft[] {
  return draws.map(({ transfer, take }, index) => {
    const fee = index === 0 ? feeReturned : 0;
    return { accountId, transferId: transfer.id, amount: take.net + fee, feeReturned: fee, fromCreditor: take.fromCreditor };
  });
}

/** An amount taken from the parties in proportion to what each has left to refund. */
function inProportion(parties: PartyRow[], amount: number): RequestedPart[] {
  return splitByWeights(amount, parties.map((party) => party.refundable_amount))
    .map((part, position) => ({ position, amount: part }))
    .filter((part) => part.amount > 0);
}

/** A refund without routing: the whole payment, which is possible only while nothing was refunded. */
function wholePayment(payment: PaymentRow, parties: PartyRow[]): RequestedPart[] {
  if (parties.some((party) => party.refundable_amount < party.amount_minor)) {
    throw new ApiError('conflict', { detail: `Payment ${payment.id} was refunded in part already; refund what remains with routing` });
  }
  const parts = parties.filter((party) => party.amount_minor > 0).map((party) => ({ position: party.position, amount: party.amount_minor }));
  if (parts.length === 0) throw new ApiError('conflict', { detail: `Payment ${payment.id} has nothing to refund` });
  return parts;
}

/**
 * Refunds: the platform's (full or per creditor) and the buyer's bank's (SEPA, simulated). Each
 * takes at most what each party has left to refund, returns the fee share in proportion, and
 * comes back from the party's waiting transfer or, once its payout started, from the party.
 */
export class RefundService {
  /** The refunds a lease of send jobs asks for at once, read in one statement. */
  private readonly toSend = new Batcher((ids: string[]) => repo.refundsToSend(this.db, ids), 64, isDataError);

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly config: Config,
    private readonly pager: Pager,
    private readonly clock: EnvironmentClock,
    private readonly outbox: Outbox,
    private readonly processors: Processors,
    private readonly changes: SharedTransactions<repo.PaymentWithMoney>,
  ) {}

  async initiate(caller: Caller, request: InitiateRefund, answer: Answer<Refund> = UNKEYED): Promise<Refund> {
    const webhook = request.urls?.webhook;
    return this.onRefundablePayment(caller, request.payment_id, answer, async (trx, payment, money, now) => {
      const parts = request.routing ? partsFromRouting(money.parties, request.routing) : wholePayment(payment, money.parties);
      const meta = { origin: 'platform' as const, description: request.description, reference: request.reference ?? null, webhookUrl: webhook ?? payment.webhook_url };
      return this.record(trx, payment, money, parts, meta, now);
    });
  }

  /** Sandbox: the buyer's bank takes an amount back from a completed SEPA payment, from the parties in proportion to what each has left. */
  async buyerRefund(caller: Caller, paymentId: string, amount: number, answer: Answer<Refund> = UNKEYED): Promise<Refund> {
    return this.onRefundablePayment(caller, paymentId, answer, async (trx, payment, money, now) => {
      if (payment.selected_method !== 'sepa_direct_debit') throw refusal([{ pointer: '/payment_id', code: 'not_sepa_payment', detail: 'is not a SEPA Direct Debit payment; only those are refunded by the buyer\'s bank' }]);
      const left = money.parties.reduce((sum, party) => sum + party.refundable_amount, 0);
      if (amount > left) throw refusal([{ pointer: '/amount_minor', code: 'exceeds_refundable', detail: `is more than the payment's refundable amount ${left}` }]);
      return this.record(trx, payment, money, inProportion(money.parties, amount), { origin: 'buyer', description: null, reference: null, webhookUrl: payment.webhook_url }, now);
    });
  }

  /**
   * The buyer's bank took money of a succeeded payment back (a chargeback, a SEPA return), as the
   * processor reports it, in the caller's transaction on the locked payment: a refund of the buyer's
   * origin, completed at once (the money has left: nothing is sent), taken from the parties in
   * proportion to what each has left, at most all of that. None when nothing was left.
   */
  async takenBack(trx: Db, payment: PaymentRow, amount: number, processorReference: string, at: Date): Promise<repo.RefundRow | undefined> {
    const money = await repo.lockMoneyOf(trx, payment.id);
    const left = money.parties.reduce((sum, party) => sum + party.refundable_amount, 0);
    const parts = inProportion(money.parties, Math.min(amount, left));
    if (parts.length === 0) return undefined;
    const meta = { origin: 'buyer' as const, description: null, reference: null, webhookUrl: payment.webhook_url, takenBack: { processorReference } };
    return (await this.record(trx, payment, money, parts, meta, at)).refund;
  }

  /**
   * Runs a refund on the locked payment, its routing and transfers, and answers it; 404 for another
   * tenant's, 409 unless it succeeded.
   */
  private onRefundablePayment(caller: Caller, paymentId: string, answer: Answer<Refund>, run: (trx: Db, payment: PaymentRow, money: Money, now: Date) => Promise<Recorded>): Promise<Refund> {
    return this.changes.run(paymentId, async (trx, locked) => {
      const payment = locked?.payment.environment === caller.environment && locked.payment.platform_id === caller.platformId ? locked.payment : undefined;
      if (!payment) throw notFound(`Payment ${paymentId}`);
      if (!SUCCEEDED_STATUSES.has(payment.status)) throw new ApiError('conflict', { detail: `Payment ${paymentId} is ${payment.status}; only a captured or completed payment can be refunded` });
      const { refund, parts } = await run(trx, payment, locked!.money, this.clock.now(caller.environment, caller.platformId));
      const result = this.presentWith(refund, parts);
      await takeWithAnswer(trx, answer, result);
      return result;
    });
  }

  private async record(trx: Db, payment: PaymentRow, money: Money, requested: RequestedPart[], meta: RefundMeta, at: Date): Promise<Recorded> {
    const id = newId('rfd');
    const parts = requested.map((request) => {
      const party = money.parties[request.position]!;
      const own = money.transfers.find((row) => row.position === request.position)!;
      const fee = feeReturned({ amount: party.amount_minor, feeShare: party.fee_share ?? 0, refundable: party.refundable_amount }, request.amount);
      const draws = drawsFor(request.amount - fee, fee, money.reversals.filter((row) => row.position === request.position), own);
      return { position: request.position, accountId: party.account_id, amount: request.amount, feeReturned: fee, draws };
    });
    const total = parts.reduce((sum, part) => sum + part.amount, 0);
    const refund: repo.RefundRow = {
      id,
      environment: payment.environment,
      platform_id: payment.platform_id,
      payment_id: payment.id,
      origin: meta.origin,
      amount_minor: total,
      currency: payment.currency,
      description: meta.description,
      reference: meta.reference,
      webhook_url: meta.webhookUrl,
      status: meta.takenBack ? 'completed' : 'initiated',
      created_at: at,
      completed_at: meta.takenBack ? at : null,
      processor_reference: meta.takenBack?.processorReference ?? null,
      failure_reason: null,
    };
    for (const part of parts) {
      const own = part.draws.at(-1)!;
      await repo.applyPart(trx, payment.id, part.position, part.amount, own.take);
      for (const draw of part.draws.slice(0, -1)) await repo.applyDraw(trx, draw.transfer.id, draw.take);
    }
    const partRows = parts
      .map((part) => {
        const own = part.draws.at(-1)!;
        return { refund_id: id, position: part.position, account_id: part.accountId, amount_minor: part.amount, fee_returned: part.feeReturned, from_creditor: own.take.fromCreditor, payout_id: own.take.fromCreditor ? own.transfer.payout_id : null };
      })
      .sort((a, b) => a.position - b.position); // in routing order, as a read of the refund lists them
    // Draws are recorded for a part that drew from a reversal transfer, its own transfer's draw included: a failure gives back each.
    const drawRows = parts
      .filter((part) => part.draws.length > 1)
      .flatMap((part) => part.draws.map(({ transfer, take }) => ({ refund_id: id, position: part.position, transfer_id: transfer.id, amount_minor: take.net, fee_minor: take.fee, from_creditor: take.fromCreditor, payout_id: take.fromCreditor ? transfer.payout_id : null })));
    await repo.insertRefund(trx, refund, partRows, drawRows);
    const context = { environment: payment.environment, platformId: payment.platform_id, currency: payment.currency, paymentId: payment.id, refundId: id, at };
    await postEntries(trx, context, refundEntries(payment.id, parts.flatMap((part) => ledgerDrafts(part.accountId, part.feeReturned, part.draws))));
    // The processor hears of it once this commits: money is never sent from a transaction that may still roll back.
    if (!meta.takenBack) await scheduleJob(trx, { environment: payment.environment, platformId: payment.platform_id, kind: REFUND_SEND_JOB, subjectId: id, dueAt: at }, at);
    if (meta.origin === 'buyer') await this.emit(trx, refund, 'refund_initiated_from_buyer', { refund_id: id, payment_id: payment.id, amount_minor: total, currency: payment.currency });
    else await this.emit(trx, refund, 'refund_initiated', this.refundData(refund));
    // A draw that only returns fee takes nothing back from the creditor: no event says it did.
    for (const { transfer, take } of parts.flatMap((part) => part.draws).filter((draw) => draw.take.fromCreditor && draw.take.net > 0)) {
      await this.outbox.record(trx, {
        environment: refund.environment,
        platformId: refund.platform_id,
        type: 'transfer_received_from_creditor',
        objectId: transfer.id,
        data: { transfer_id: transfer.id, refund_id: id, payment_id: payment.id, account_id: transfer.account_id, amount_minor: take.net, currency: payment.currency, reference: transfer.reference },
        occurredAt: at,
        destination: refund.webhook_url,
      });
    }
    if (meta.takenBack) await this.emit(trx, refund, 'refund_completed', this.refundData(refund));
    return { refund, parts: partRows };
  }

  private refundData(refund: repo.RefundRow) {
    return { refund_id: refund.id, payment_id: refund.payment_id, amount_minor: refund.amount_minor, currency: refund.currency, reference: refund.reference };
  }

  private emit(trx: Db, refund: repo.RefundRow, type: 'refund_initiated' | 'refund_initiated_from_buyer' | 'refund_completed' | 'refund_failed', data: Record<string, unknown>, at?: Date) {
    return this.outbox.record(trx, { environment: refund.environment, platformId: refund.platform_id, type, objectId: refund.id, data, occurredAt: at ?? refund.completed_at ?? refund.created_at, destination: refund.webhook_url });
  }

  /**
   * The send job: the partner that took the payment returns the money, asked by the payment's
   * reference with nothing held (and asked again, with the same refund id, if no answer is
   * recorded); its reference of the refund is kept. The outcome comes as its notification, unless
   * the partner refused the request itself: the refund has then failed.
   */
  readonly sending: AskingJob<SendAnswer | undefined> = {
    ask: async (_db, refundId, at) => {
      const refund = await this.toSend.run(refundId);
      if (refund?.status !== 'initiated') return undefined;
      if (!refund.processor || !refund.processor_reference) throw new Error(`the payment of refund ${refundId} has no processor reference`);
      const request = { reference: refundId, paymentProcessorReference: refund.processor_reference, amountMinor: refund.amount_minor, currency: refund.currency, at, platformId: refund.platform_id };
      const partner = refund.selected_method === 'sepa_direct_debit' ? this.processors.directDebit(refund.environment, refund.processor) : this.processors.cards(refund.environment, refund.processor);
      return partner.refund(request);
    },
    record: async (trx, refundId, at, sent) => {
      if (!sent) return;
      if ('processorReference' in sent) return repo.setRefundProcessorReference(trx, refundId, sent.processorReference);
      const refund = await repo.lockRefund(trx, refundId);
      // A notification may have ended it meanwhile.
      if (refund?.status === 'initiated') await this.fail(trx, refund, { reason: sent.refused, processorReference: refund.processor_reference }, at);
    },
  };

  /**
   * The partner's notification of a refund: completed, or failed (also after it was completed:
   * decisions §5), the money then back on each party's refundable amount. Matched by our refund id
   * or the partner's reference, so it may come before the send job recorded the answer.
   */
  async notified(trx: Db, notification: ProcessorNotification, timeIn: (environment: Environment, platformId: string) => Date): Promise<NotificationResult> {
    const refund = await repo.lockRefundNotified(trx, notification.reference, notification.processorReference);
    if (!refund) return 'unknown';
    const at = timeIn(refund.environment, refund.platform_id);
    if (notification.outcome === 'succeeded') {
      if (refund.status !== 'initiated') return 'final';
      await this.complete(trx, refund, at, notification.processorReference);
      return 'applied';
    }
    if (refund.status === 'failed') return 'final';
    await this.fail(trx, refund, { reason: notification.reason ?? null, processorReference: refund.processor_reference ?? notification.processorReference }, at);
    return 'applied';
  }

  /**
   * A failed refund: the buyer's money back from the buyer's side, each party's part back where it
   * was taken from (each transfer it drew from), in the ledger too. What was taken off a transfer
   * that has left in a payout since is owed to the party again: a transfer of the reversal carries
   * it to the party's next payout.
   */
  private async fail(trx: Db, refund: repo.RefundRow, failure: { reason: string | null; processorReference: string | null }, at: Date): Promise<void> {
    const money = await repo.lockMoneyOf(trx, refund.payment_id);
    const parts = await repo.partsOf(trx, [refund.id]);
    const draws = await repo.drawsOf(trx, refund.id);
    const failed: FailedRefundPart[] = [];
    for (const part of parts) {
      const own = money.transfers.find((row) => row.position === part.position)!;
      const given = this.givenBack(part, own, money.reversals, draws);
      for (const { transfer, taken, to } of given) {
        if (transfer === own) await repo.restorePart(trx, refund.payment_id, part.position, part.amount_minor, taken, to);
        else await repo.restoreDraw(trx, transfer.id, taken, to);
      }
      const owed = given.filter((each) => each.to === 'party_only');
      const reversal = owed.length > 0 ? await this.reversalTransfer(trx, refund, part, own, sumTakes(owed.map((each) => each.taken)), at) : undefined;
      const ledger = ledgerDrafts(part.account_id, part.fee_returned, given.map(({ transfer, taken }) => ({ transfer, take: taken })));
      failed.push(
        ...ledger.map(({ accountId, transferId, amount, feeReturned }, index) => {
          const { to } = given[index]!;
          return { accountId, transferId: to === 'party_only' ? reversal!.id : transferId, amount, feeReturned, toPaidOut: to === 'payout' };
        }),
      );
    }
    await repo.failRefund(trx, refund.id, failure.reason, failure.processorReference);
    const context = { environment: refund.environment, platformId: refund.platform_id, currency: refund.currency, paymentId: refund.payment_id, refundId: refund.id, at };
    await postEntries(trx, context, refundFailedEntries(refund.payment_id, failed));
    await this.emit(trx, refund, 'refund_failed', this.refundData(refund), at);
  }

  /** What a failed refund's part had taken off each transfer (as its draws say, else all off its party's own transfer), and where it goes back. */
  private givenBack(part: repo.RefundPartRow, own: TransferRow, reversals: TransferRow[], draws: repo.RefundDrawRow[]) {
    const ofPart = draws.filter((draw) => draw.position === part.position);
    const taken = ofPart.length > 0
      ? ofPart.map((draw) => ({ transfer: draw.transfer_id === own.id ? own : reversals.find((row) => row.id === draw.transfer_id)!, from: draw, taken: { net: draw.amount_minor, fee: draw.fee_minor, fromCreditor: draw.from_creditor } }))
      : [{ transfer: own, from: part, taken: { net: part.amount_minor - part.fee_returned, fee: part.from_creditor ? 0 : part.fee_returned, fromCreditor: part.from_creditor } }];
    return taken.map(({ transfer, from, taken }) => ({ transfer, taken, to: restoredTo(from, transfer) }));
  }

  /** What a failed refund had taken off transfers paid out since, as a transfer of its own waiting for the party's next payout. */
  private async reversalTransfer(trx: Db, refund: repo.RefundRow, part: repo.RefundPartRow, own: TransferRow, owed: repo.TransferTake, at: Date): Promise<TransferRow> {
    const reversal = {
      id: newId('tra'),
      environment: refund.environment,
      platform_id: refund.platform_id,
      payment_id: refund.payment_id,
      position: part.position,
      account_id: part.account_id,
      amount_minor: owed.net,
      // The fee the refund had taken off waiting transfers; what it received back from the bank had taken none.
      fee_minor: owed.fee,
      currency: refund.currency,
      reference: own.reference,
      created_at: at,
      reverses_refund_id: refund.id,
    };
    await payments.insertTransfers(trx, [reversal]);
    return { ...reversal, payout_id: null, returned_minor: 0 };
  }

  /** Sandbox: the refund reaches the buyer now. */
  async completeNow(caller: Caller, id: string, answer: Answer<Refund> = UNKEYED): Promise<Refund> {
    if (!(await repo.findRefund(this.db, caller, id))) throw notFound(`Refund ${id}`);
    return decide(this.db, answer, async (trx) => {
      const locked = (await repo.lockRefund(trx, id))!;
      if (locked.status !== 'initiated') throw new ApiError('conflict', { detail: `Refund ${id} is completed already` });
      return this.present(await this.complete(trx, locked, this.clock.now(caller.environment, caller.platformId)), trx);
    });
  }

  private async complete(trx: Db, refund: repo.RefundRow, at: Date, processorReference: string | null = refund.processor_reference): Promise<repo.RefundRow> {
    await repo.completeRefund(trx, refund.id, at, processorReference);
    const completed = { ...refund, status: 'completed' as const, completed_at: at };
    await this.emit(trx, completed, 'refund_completed', this.refundData(completed));
    return completed;
  }

  /** The refund as stored, or as `db` sees it (a change's answer, kept in its transaction). */
  async get(caller: Caller, id: string, db: Db = this.db): Promise<Refund> {
    const refund = await repo.findRefund(db, caller, id);
    if (!refund) throw notFound(`Refund ${id}`);
    return this.present(refund, db);
  }

  async list(caller: Caller, query: PageRequest & { payment_id?: string }) {
    const list = `refunds:${caller.environment}:${caller.platformId}:${query.payment_id ?? ''}`;
    const page = await this.pager.page(list, query, (limit, after) => repo.listRefunds(this.db, caller, query.payment_id, limit, after), (row) => row);
    const parts = await repo.partsOf(this.db, page.data.map((row) => row.id));
    return { ...page, data: page.data.map((row) => this.presentWith(row, parts)) };
  }

  private async present(refund: repo.RefundRow, db: Db = this.db): Promise<Refund> {
    return this.presentWith(refund, await repo.partsOf(db, [refund.id]));
  }

  private presentWith(refund: repo.RefundRow, allParts: repo.RefundPartRow[]): Refund {
    const parts = allParts.filter((part) => part.refund_id === refund.id);
    const base = audienceOf(this.config, refund.environment);
    return {
      id: refund.id,
      initiated_at: formatDateTime(refund.created_at),
      status: refund.status,
      payment_id: refund.payment_id,
      amount_minor: refund.amount_minor,
      currency: refund.currency,
      description: refund.description,
      reference: refund.reference,
      origin: refund.origin,
      completed_at: refund.completed_at ? formatDateTime(refund.completed_at) : null,
      routing: {
        platform: { amount_minor: parts.find((part) => part.position === 0)?.amount_minor ?? 0 },
        merchants: parts.filter((part) => part.position > 0).map((part) => ({ id: part.account_id, amount_minor: part.amount_minor })),
      },
      _links: { self: { href: `${base}/refunds/${refund.id}` }, payment: { href: `${base}/payments/${refund.payment_id}` } },
    };
  }
}
