import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { Tables } from '../core/db.js';
import type { Caller } from '../core/auth.js';
import type { EnvironmentClock } from '../core/clock.js';
import type { Config } from '../core/config.js';
import { ApiError, notFound, type FieldError } from '../core/errors.js';
import { newId, randomSecret } from '../core/ids.js';
import { inBatches, type Pager, type PageRequest } from '../core/pagination.js';
import { addSeconds, formatDateTime } from '../core/time.js';
import { Batcher } from '../core/batcher.js';
import { processingFee, splitByPercent, type PaymentMethod } from './fees.js';
import type { FeeSchedules } from './fee-schedules.js';
import * as repo from './repository.js';
import { moveTo, OPEN_STATUSES, SUCCEEDED_STATUSES } from './states.js';
import { type AuthorizeMitPayment, type InitiatePayment, type MitPaymentResult, type Payment, type PaymentCreated, type RoutingRequest } from './schemas.js';
import type { Processors } from '../processor/registry.js';
import { ATTEMPT_RECOVERY_SECONDS, type AttemptRequest, type PaymentAttempts } from './attempts.js';
import { mitResult, paymentHref } from './mit-result.js';
import { scheduleJob } from '../core/jobs.js';
import { isDataError, type Db } from '../core/db.js';
import { UNKEYED, type Answer } from '../core/idempotency.js';
import { tokenHash, type Cipher } from '../core/encryption.js';
import type { BuyerDigests } from './buyer-digests.js';

/** The scheduled job that cancels a payment still open when its page expires. */
export const PAYMENT_EXPIRY_JOB = 'payment_expiry';

interface Party {
  type: 'platform' | 'merchant' | 'seller';
  accountId: string;
  reference: string | null;
  amount: number;
  contribution: number;
  /** Where this party sits in the request, for error pointers. */
  pointer: string;
}

/** The parties of a request's routing; without routing everything goes to the platform. */
function partiesFrom(request: { amount_minor: number; routing?: RoutingRequest }, platformId: string): Party[] {
  if (!request.routing) return [{ type: 'platform', accountId: platformId, reference: null, amount: request.amount_minor, contribution: 100, pointer: '/routing' }];
  const platform = request.routing.platform;
  return [
    { type: 'platform', accountId: platformId, reference: null, amount: platform?.amount_minor ?? 0, contribution: platform?.processing_fee_contribution ?? 0, pointer: '/routing/platform' },
    ...(request.routing.merchants ?? []).map((merchant, index) => ({
      type: merchant.type,
      accountId: merchant.id,
      reference: merchant.reference ?? null,
      amount: merchant.amount_minor,
      contribution: merchant.processing_fee_contribution,
      pointer: `/routing/merchants/${index}`,
    })),
  ];
}

/** The routing rows of a payment; fee shares are known once the fee is. */
function partyRows(paymentId: string, parties: Party[], fee: number | null) {
  const shares = fee === null ? undefined : splitByPercent(fee, parties.map((party) => party.contribution));
  return parties.map((party, position) => ({
    payment_id: paymentId,
    position,
    party_type: party.type,
    account_id: party.accountId,
    reference: party.reference,
    amount_minor: party.amount,
    fee_contribution: party.contribution,
    fee_share: shares?.[position] ?? null,
    refundable_amount: party.amount,
  }));
}

/** What is charged: enough to check a routing, a currency and a fee. */
interface Charge {
  amount_minor: number;
  currency: string;
  method: PaymentMethod | undefined;
}

/** What charging an initial payment's stored credential asks the processor for: its card, without the buyer, or a debit under its mandate. */
function storedCredentialCharge(initial: repo.PaymentRow): AttemptRequest {
  if (initial.selected_method === 'sepa_direct_debit') return { method: 'sepa_direct_debit', iban: initial.verified_iban!, mandate: { ...initial.mandate, initial_payment_id: initial.id } };
  const card = { scheme: initial.card_scheme ?? 'unknown', last4: initial.card_last4 ?? '' };
  return { method: 'card', card, storedCredential: initial.stored_credential! };
}

/** The method fixed at initiation, if the platform chose one. */
function knownMethod(request: InitiatePayment): PaymentMethod | undefined {
  const type = request.payment_method?.type ?? 'user_selected';
  return type === 'user_selected' ? undefined : type;
}

/** The dashboard's search: the list's filters and what was typed in the search box. */
export type PaymentQuery = Omit<repo.PaymentFilter, 'search'> & { search?: string };

export class PaymentService {
  /**
   * Initiations and reads made together share one statement (see Batcher). An insert costs the
   * database more than a read, so its batches are smaller (measured in bench/payments.ts).
   */
  private readonly inserts = new Batcher(
    async (payments: repo.NewPayment[]) => {
      await repo.insertPayments(this.db, this.cipher, payments);
      return payments.map(() => undefined);
    },
    16,
    isDataError,
  );
  private readonly reads = new Batcher((wanted: { tenant: Caller; id: string }[]) => repo.findPaymentsWithRouting(this.db, wanted), 64, isDataError);

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly config: Config,
    private readonly pager: Pager,
    private readonly clock: EnvironmentClock,
    private readonly attempts: PaymentAttempts,
    private readonly feeSchedules: FeeSchedules,
    private readonly cipher: Cipher,
    private readonly buyers: BuyerDigests,
    private readonly processors: Pick<Processors, 'takesDirectDebit'>,
  ) {}

  /** Business rules: routing, currency and fee shares; answered 422 with every broken rule. */
  private async checkRules(caller: Caller, request: Charge, parties: Party[]): Promise<number | null> {
    const errors: FieldError[] = [];
    const { method } = request;
    if (!this.config.supportedCurrencies.includes(request.currency)) {
      errors.push({ pointer: '/currency', code: 'currency_not_supported', detail: `is not supported; supported: ${this.config.supportedCurrencies.join(', ')}` });
    } else if (method === 'sepa_direct_debit' && request.currency !== 'EUR') {
      errors.push({ pointer: '/currency', code: 'currency_not_supported', detail: 'must be EUR for SEPA Direct Debit' });
    }
    if (method === 'sepa_direct_debit' && !this.processors.takesDirectDebit(caller.environment)) {
      errors.push({ pointer: '/payment_method/type', code: 'method_not_offered', detail: `SEPA Direct Debit is not offered in ${caller.environment}: its processor takes cards only` });
    }
    if (request.amount_minor === 0 && method === 'sepa_direct_debit') errors.push({ pointer: '/amount_minor', code: 'amount_required', detail: 'a zero-amount initial payment verifies a card; SEPA Direct Debit needs an amount' });
    const routed = parties.reduce((sum, party) => sum + party.amount, 0);
    if (routed !== request.amount_minor) errors.push({ pointer: '/routing', code: 'amounts_do_not_add_up', detail: `amounts add up to ${routed}, not to amount_minor ${request.amount_minor}` });
    const contributions = parties.reduce((sum, party) => sum + party.contribution, 0);
    if (contributions !== 100) errors.push({ pointer: '/routing', code: 'contributions_do_not_add_up', detail: `processing_fee_contribution values add up to ${contributions}, not 100` });
    const merchants = parties.filter((party) => party.type !== 'platform');
    const known = merchants.length === 0 ? new Set<string>() : await repo.existingMerchants(this.db, caller, merchants.map((party) => party.accountId));
    const seen = new Set<string>();
    for (const party of merchants) {
      if (seen.has(party.accountId)) errors.push({ pointer: `${party.pointer}/id`, code: 'duplicate', detail: 'appears more than once in the routing' });
      else if (!known.has(party.accountId)) errors.push({ pointer: `${party.pointer}/id`, code: 'unknown_merchant', detail: 'is not a merchant account of this platform' });
      seen.add(party.accountId);
    }
    const fee = method ? processingFee(method, request.amount_minor, await this.feeSchedules.of(caller.platformId)) : null;
    if (fee !== null && errors.length === 0) {
      const shares = splitByPercent(fee, parties.map((party) => party.contribution));
      parties.forEach((party, i) => {
        if (shares[i]! > party.amount) errors.push({ pointer: party.pointer, code: 'fee_share_too_large', detail: `bears a fee share of ${shares[i]}, more than its amount ${party.amount}` });
      });
    }
    if (errors.length > 0) throw new ApiError('business_rule', { detail: errors.map((e) => `${e.pointer} ${e.detail}`).join('; '), errors });
    return fee;
  }

  async initiate(caller: Caller, request: InitiatePayment, answer: Answer<PaymentCreated> = UNKEYED): Promise<PaymentCreated> {
    const parties = partiesFrom(request, caller.platformId);
    const method = knownMethod(request);
    const fee = await this.checkRules(caller, { ...request, method }, parties);
    const now = this.clock.now(caller.environment, caller.platformId);
    const payment: repo.PaymentRow = {
      ...this.newRow(caller, { ...request, method }, fee, now),
      method_type: request.payment_method?.type ?? 'user_selected',
      remittance_info: request.remittance_info ?? null,
      language: request.language ?? null,
      cit_mode: request.cit_mode ?? 'one_off',
      customer: request.customer ?? null,
      buyer_digests: request.customer ? this.buyers.ofBuyer(request.customer) : [],
      redirect_url: request.urls.redirect,
      webhook_url: request.urls.webhook ?? null,
      generate_qr_code: request.integration.generate_qr_code ?? false,
      expires_at: addSeconds(now, this.config.paymentTtlSeconds),
    };
    const expiry = { environment: payment.environment, kind: PAYMENT_EXPIRY_JOB, subject_id: payment.id, due_at: payment.expires_at, state: 'pending' as const, created_at: now, done_at: null };
    const created: PaymentCreated = { id: payment.id, status: 'initiated', reference: payment.reference, expires_at: formatDateTime(payment.expires_at), integration: { type: 'hosted' }, _links: this.pageLinks(payment) };
    await this.inserts.run({ payment, parties: partyRows(payment.id, parties, fee), job: expiry, key: answer.row(created) });
    return created;
  }

  /** A payment row with what every payment has; callers add what their kind of payment decides. */
  private newRow(caller: Caller, charge: Charge & { reference: string; description?: string }, fee: number | null, now: Date): repo.PaymentRow {
    const resourceToken = randomSecret();
    return {
      id: newId('pay'),
      environment: caller.environment,
      platform_id: caller.platformId,
      amount_minor: charge.amount_minor,
      currency: charge.currency,
      status: 'initiated',
      method_type: charge.method ?? 'user_selected',
      reference: charge.reference,
      description: charge.description ?? null,
      remittance_info: null,
      language: 'en',
      cit_mode: 'one_off',
      customer: null,
      redirect_url: '',
      webhook_url: null,
      generate_qr_code: false,
      resource_token: resourceToken,
      resource_token_hash: tokenHash(resourceToken),
      processing_fee: fee,
      expires_at: now,
      created_at: now,
      updated_at: now,
      selected_method: charge.method ?? null,
      card_scheme: null,
      card_last4: null,
      stored_credential: null,
      succeeded_at: null,
      verified_iban: null,
      account_holder: null,
      account_type: null,
      mandate: null,
      initial_payment_id: null,
      authorization_reference: null,
      authorization_started_at: null,
      authorization_request: null,
      account_verification_url: null,
      processor: null,
      processor_reference: null,
      buyer_digests: [],
      decline_reason: null,
    };
  }

  /** The initial payment a merchant-initiated payment charges again, or a 422 saying why it cannot. */
  private async initialPayment(trx: Db, caller: Caller, request: AuthorizeMitPayment): Promise<repo.PaymentRow> {
    const refuse = (detail: string) => new ApiError('business_rule', { detail: `initial_payment_id ${detail}`, errors: [{ pointer: '/initial_payment_id', code: 'initial_payment_unusable', detail }] });
    const initial = await repo.findPayment(trx, caller, request.initial_payment_id);
    if (!initial) throw refuse('is not a payment of this platform');
    if (initial.cit_mode !== 'initial') throw refuse('is not an initial payment (cit_mode initial)');
    if (!SUCCEEDED_STATUSES.has(initial.status) || !initial.stored_credential) throw refuse(`has not succeeded (status ${initial.status})`);
    if (initial.currency !== request.currency) {
      throw new ApiError('business_rule', { detail: `currency must be ${initial.currency}, the initial payment's`, errors: [{ pointer: '/currency', code: 'currency_mismatch', detail: `must be ${initial.currency}, the currency of the initial payment` }] });
    }
    return initial;
  }

  /** Charges the credential stored by an initial payment, without the buyer. */
  async authorizeMit(caller: Caller, request: AuthorizeMitPayment, answer: Answer<MitPaymentResult> = UNKEYED): Promise<MitPaymentResult> {
    const now = this.clock.now(caller.environment, caller.platformId);
    const initial = await this.initialPayment(this.db, caller, request);
    const method = initial.selected_method!;
    const parties = partiesFrom(request, caller.platformId);
    const fee = await this.checkRules(caller, { ...request, method }, parties);
    const payment: repo.PaymentRow = {
      ...this.newRow(caller, { ...request, method }, fee, now),
      cit_mode: 'merchant_initiated',
      initial_payment_id: initial.id,
      redirect_url: initial.redirect_url,
      webhook_url: request.urls?.webhook ?? initial.webhook_url,
      language: initial.language,
      // The partner that stored the credential charges it again.
      processor: initial.processor,
    };
    // The payment, its attempt and the Idempotency-Key (awaiting the payment's outcome) commit
    // first; the processor is asked with nothing held; the outcome and the key's answer commit
    // together, recorded by this request or, after a crash or a processor that did not answer, by
    // the job that settles the attempt (PaymentAttempts).
    const attempt = await this.db.transaction().execute(async (trx) => {
      await answer.take(trx, payment.id);
      await repo.insertPayments(trx, this.cipher, [{ payment, parties: partyRows(payment.id, parties, fee) }]);
      return this.attempts.begin(trx, payment, storedCredentialCharge(initial), now);
    });
    const { status } = await this.attempts.complete(attempt);
    return mitResult(this.config, payment, status);
  }

  /**
   * The page of a payment still open at expires_at has expired: the payment is canceled; unless an
   * authorization that may have charged the buyer is open, when the payment waits for its outcome.
   */
  async expire(trx: Db, id: string, now: Date): Promise<void> {
    const payment = await repo.lockPayment(trx, id);
    if (!payment || !OPEN_STATUSES.has(payment.status) || now < payment.expires_at) return;
    if (payment.authorization_reference) {
      await scheduleJob(trx, { environment: payment.environment, platformId: payment.platform_id, kind: PAYMENT_EXPIRY_JOB, subjectId: id, dueAt: addSeconds(now, ATTEMPT_RECOVERY_SECONDS) }, now);
      return;
    }
    await repo.updatePayment(trx, id, { ...moveTo(payment, 'canceled'), updated_at: now });
  }

  /** The payment as stored, or as `trx` sees it (a change's answer, kept in its transaction). */
  async get(caller: Caller, id: string, trx?: Db): Promise<Payment> {
    const payment = trx ? (await repo.findPaymentsWithRouting(trx, [{ tenant: caller, id }]))[0] : await this.reads.run({ tenant: caller, id });
    if (!payment) throw notFound(`Payment ${id}`);
    return this.present(payment);
  }

  async list(caller: Caller, query: PageRequest & repo.PaymentFilter) {
    // The dashboard's filters (method, dates, merchant, amounts) name the list only when given: the API's cursors stay as they were.
    const extra = [query.method, query.createdFrom?.toISOString(), query.createdBefore?.toISOString(), query.merchantId, query.amounts && JSON.stringify(query.amounts), query.search?.term];
    const list = `payments:${caller.environment}:${caller.platformId}:${query.status ?? ''}:${query.reference ?? ''}${extra.some(Boolean) ? `:${extra.map((part) => part ?? '').join(':')}` : ''}`;
    return this.pager.page(list, query, (limit, after) => repo.listPayments(this.db, caller, query, limit, after), (row) => this.present(row));
  }

  /** A numbered page of the filter's payments and how many there are (the dashboard's search). */
  async search(caller: Caller, query: PaymentQuery, page: { size: number; number: number }): Promise<{ data: Payment[]; total: number }> {
    const filter = this.filterOf(query);
    const rows = await repo.pageOfPayments(this.db, caller, filter, page.size, page.size * (page.number - 1));
    return { data: rows.map((row) => this.present(row)), total: await repo.countPayments(this.db, caller, filter) };
  }

  /** The filter's payments for an export, newest first, in batches: any number, never all in memory. */
  exported(caller: Caller, query: PaymentQuery): AsyncGenerator<repo.ExportedPayment[]> {
    const filter = this.filterOf(query);
    return inBatches((after, size) => repo.batchOfPayments(this.db, caller, filter, size, after));
  }

  /** A typed search term with the digest a buyer's e-mail or name is found by. */
  private filterOf({ search, ...filter }: PaymentQuery): repo.PaymentFilter {
    const term = search?.trim();
    return term ? { ...filter, search: { term, buyerDigest: this.buyers.of(term) } } : filter;
  }

  /** The QR code (PNG) of the hosted page, for payments initiated with generate_qr_code. */
  async qrCode(caller: Caller, id: string): Promise<Buffer> {
    const payment = await this.find(caller, id);
    if (!payment.generate_qr_code) throw notFound(`The QR code of payment ${id}`);
    return QRCode.toBuffer(this.hostedPageUrl(payment), { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
  }

  private async find(caller: Caller, id: string): Promise<repo.PaymentRow> {
    const payment = await repo.findPayment(this.db, caller, id);
    if (!payment) throw notFound(`Payment ${id}`);
    return payment;
  }

  private hostedPageUrl(payment: Pick<repo.PaymentRow, 'id' | 'resource_token'>): string {
    return `${this.config.baseUrl}/pay/${payment.id}?token=${payment.resource_token}`;
  }

  private links(payment: repo.ShownPayment): Payment['_links'] {
    if (payment.cit_mode === 'merchant_initiated') return { self: { href: paymentHref(this.config, payment) } };
    return this.pageLinks(payment);
  }

  /** The links of a payment the buyer pays on the hosted page (any but a merchant-initiated one). */
  private pageLinks(payment: repo.ShownPayment): PaymentCreated['_links'] {
    const self = paymentHref(this.config, payment);
    return {
      self: { href: self },
      hosted_page: { href: this.hostedPageUrl(payment) },
      ...(payment.generate_qr_code ? { qr_code: { href: `${self}/qr-code` } } : {}),
    };
  }

  private present(payment: repo.PaymentWithRouting): Payment {
    const { parties, transfers } = payment;
    const transferOf = (position: number) => {
      const transfer = transfers.find((row) => row.position === position);
      return transfer ? { transfer_id: transfer.id, amount_minor: transfer.amount_minor, processing_fee: { amount_minor: transfer.fee_minor, currency: transfer.currency } } : null;
    };
    const party = (row: repo.PartyRow) => ({
      id: row.account_id,
      amount_minor: row.amount_minor,
      processing_fee_contribution: row.fee_contribution,
      refundable_amount: row.refundable_amount,
      transfer: transferOf(row.position),
    });
    const [platform, ...merchants] = parties;
    return {
      id: payment.id,
      amount_minor: payment.amount_minor,
      currency: payment.currency,
      initiated_at: formatDateTime(payment.created_at),
      expires_at: formatDateTime(payment.expires_at),
      status: payment.status,
      payment_method: { type: payment.method_type },
      processing_fee: payment.processing_fee === null ? null : { amount_minor: payment.processing_fee, currency: payment.currency },
      routing: {
        platform: party(platform!),
        merchants: merchants.map((row) => ({ ...party(row), type: row.party_type as 'merchant' | 'seller', reference: row.reference })),
      },
      succeeded: SUCCEEDED_STATUSES.has(payment.status),
      reference: payment.reference,
      description: payment.description,
      cit_mode: payment.cit_mode,
      initial_payment_id: payment.initial_payment_id,
      _links: this.links(payment),
    };
  }
}
