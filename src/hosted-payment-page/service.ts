import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db, Tables } from '../core/db.js';
import type { Clock } from '../core/clock.js';
import type { Config } from '../core/config.js';
import { ApiError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import { addSeconds, formatDateTime } from '../core/time.js';
import type { EventType, Outbox } from '../events/outbox.js';
import { invalidToken } from '../core/auth.js';
import { processingFee, splitByPercent, type PaymentMethod } from '../payments/fees.js';
import * as payments from '../payments/repository.js';
import type { PaymentRow } from '../payments/repository.js';
import type { Processor, CardAuthorization } from '../processor/processor.js';
import * as repo from './repository.js';
import type { PaymentView, StepResult, ThreeDsCallback, TokenizeBody } from './schemas.js';

const TOKEN_TTL_SECONDS = 15 * 60;
const FINAL = new Set(['captured', 'completed', 'authorized', 'declined', 'not_completed', 'canceled']);
const SUCCEEDED = new Set(['captured', 'completed', 'authorized']);
/** Where the buyer may (re)start, tokenize and authorize: retries are allowed after failed authentication. */
const OPEN = new Set(['initiated', 'started', 'authentication_failed']);
const METHOD_NAMES: Record<PaymentMethod, { name: string; description: string }> = {
  card: { name: 'Card', description: 'Visa, Mastercard, American Express' },
  sepa_direct_debit: { name: 'SEPA Direct Debit', description: 'Pay from your bank account' },
};

type Workflow = StepResult['workflow'];

function workflowOf(status: string): Workflow {
  if (FINAL.has(status)) return { complete: true, next: 'hpp:complete' };
  return status === 'initiated' ? { complete: false, next: 'hpp:start' } : { complete: false, next: 'hpp:authorize' };
}

function offeredMethods(payment: PaymentRow): PaymentMethod[] {
  return payment.method_type === 'user_selected' ? ['card', 'sepa_direct_debit'] : [payment.method_type];
}

/** A stable number for the platform, as tokenization.merchant_id is numeric. */
function numericMerchantId(platformId: string): number {
  return parseInt(createHash('sha256').update(platformId).digest('hex').slice(0, 8), 16);
}

function conflict(detail: string): ApiError {
  return new ApiError('conflict', { detail });
}

/**
 * The operations of the hosted payment page, authorized by the payment's resource token. Every
 * step locks the payment row, so two steps on one payment (two authorizations, say) run one
 * after the other and the second sees the first's result.
 */
export class HostedPaymentPageService {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
    private readonly processor: Processor,
  ) {}

  private verifyToken(payment: PaymentRow | undefined, token: string | undefined): PaymentRow {
    const given = Buffer.from(token ?? '');
    const expected = Buffer.from(payment?.resource_token ?? '');
    if (!payment || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw invalidToken('The payment page token does not belong to this payment');
    }
    return payment;
  }

  /** Runs a step on the locked payment; an expired payment is canceled (committed) and answered 410. */
  private async step<T>(id: string, token: string | undefined, run: (trx: Db, payment: PaymentRow, now: Date) => Promise<T>): Promise<T> {
    const now = this.clock.now();
    const outcome = await this.db.transaction().execute(async (trx) => {
      const payment = this.verifyToken(await repo.lockPayment(trx, id), token);
      if (!FINAL.has(payment.status) && now >= payment.expires_at) {
        await repo.updatePayment(trx, id, { status: 'canceled', updated_at: now });
        return { expired: true as const };
      }
      if (payment.status === 'canceled' && now >= payment.expires_at) return { expired: true as const };
      return { expired: false as const, value: await run(trx, payment, now) };
    });
    if (outcome.expired) throw new ApiError('gone', { detail: `Payment ${id} expired and was canceled` });
    return outcome.value;
  }

  private links(payment: PaymentRow, status: string): StepResult['_links'] {
    const base = `${this.config.baseUrl}/hpp/payments/${payment.id}`;
    const links: StepResult['_links'] = { self: { href: base, methods: ['GET'] } };
    if (OPEN.has(status)) {
      links['hpp:start'] = { href: `${base}/start`, methods: ['POST'] };
      links.cancel = { href: `${base}/cancel`, methods: ['POST'] };
      if (status !== 'initiated') {
        links.tokenize = { href: `${base}/tokenize`, methods: ['POST'] };
        links['hpp:authorize'] = { href: `${base}/authorize`, methods: ['POST'] };
      }
    }
    if (FINAL.has(status)) {
      const redirect = new URL(payment.redirect_url);
      redirect.searchParams.set('payment_id', payment.id);
      redirect.searchParams.set('status', status);
      links['hpp:complete'] = { href: redirect.toString(), methods: ['GET'] };
    }
    return links;
  }

  private result(payment: PaymentRow, status: string, extra: { decline_reason?: string; challenge?: string } = {}): StepResult {
    const links = this.links(payment, status);
    if (extra.challenge) links.challenge = { href: extra.challenge, methods: ['GET'] };
    return {
      status: status as StepResult['status'],
      succeeded: SUCCEEDED.has(status),
      ...(extra.decline_reason ? { decline_reason: extra.decline_reason } : {}),
      workflow: workflowOf(status),
      _links: links,
    };
  }

  private async emit(trx: Db, payment: PaymentRow, type: EventType, status: string, now: Date): Promise<void> {
    await this.outbox.record(trx, {
      environment: payment.environment,
      platformId: payment.platform_id,
      type,
      objectId: payment.id,
      data: { id: payment.id, status, reference: payment.reference },
      occurredAt: now,
      destination: payment.webhook_url,
    });
  }

  async view(id: string, token: string | undefined): Promise<PaymentView> {
    const payment = await this.step(id, token, async (_trx, locked) => locked);
    const { platform, merchantName } = await repo.branding(this.db, payment);
    const colors = { primary: platform.primary_color, secondary: platform.secondary_color };
    const links = this.links(payment, payment.status);
    return {
      id: payment.id,
      amount_minor: payment.amount_minor,
      currency: payment.currency,
      status: payment.status as PaymentView['status'],
      expires_at: formatDateTime(payment.expires_at),
      description: payment.description,
      language: payment.language,
      branding: { format: 'merchant_primary', platform: { name: platform.name, colors }, merchant: { name: merchantName, colors } },
      payment_methods: offeredMethods(payment).map((type) => {
        const start = links['hpp:start'];
        const methodLinks: StepResult['_links'] = start ? { start } : {};
        return { type, ...METHOD_NAMES[type], _links: methodLinks };
      }),
      tokenization: { merchant_id: numericMerchantId(payment.platform_id) },
      requires_store_credentials: payment.cit_mode === 'initial',
      customer: payment.customer,
      workflow: workflowOf(payment.status),
      _links: links,
    };
  }

  /** Fixes the method (and with it the fee) when the buyer picks one on a user_selected payment. */
  private async select(trx: Db, payment: PaymentRow, method: PaymentMethod | undefined): Promise<void> {
    if (!method || payment.selected_method === method) return;
    if (!offeredMethods(payment).includes(method)) {
      throw new ApiError('validation_error', { detail: `This payment is not offered for ${method}`, errors: [{ pointer: '/type', detail: `must be one of ${offeredMethods(payment).join(', ')}` }] });
    }
    if (method === 'sepa_direct_debit' && payment.currency !== 'EUR') throw conflict('SEPA Direct Debit is only offered for EUR payments');
    const fee = processingFee(method, payment.amount_minor, await payments.feeSchedule(trx, payment.platform_id));
    const parties = await payments.partiesOf(trx, [payment.id]);
    await repo.setFeeShares(trx, payment.id, splitByPercent(fee, parties.map((party) => party.fee_contribution)));
    await repo.updatePayment(trx, payment.id, { selected_method: method, processing_fee: fee });
    payment.selected_method = method;
  }

  async start(id: string, token: string | undefined, method: PaymentMethod | undefined): Promise<StepResult> {
    return this.step(id, token, async (trx, payment, now) => {
      if (!OPEN.has(payment.status)) throw conflict(`Payment ${id} is ${payment.status}; it can no longer be started`);
      await this.select(trx, payment, method);
      await repo.updatePayment(trx, id, { status: 'started', updated_at: now });
      return this.result(payment, 'started');
    });
  }

  async tokenize(id: string, token: string | undefined, body: TokenizeBody): Promise<{ token: string; expires_at: string }> {
    return this.step(id, token, async (trx, payment, now) => {
      if (!OPEN.has(payment.status) || payment.status === 'initiated') throw conflict(`Payment ${id} is ${payment.status}; start it before tokenizing a card`);
      if (!offeredMethods(payment).includes('card')) throw conflict(`Payment ${id} does not accept cards`);
      const { expiry_month: month, expiry_year: year } = body.token_data;
      const expiresEnd = Date.UTC(year, month, 1); // first instant after the expiry month
      if (expiresEnd <= now.getTime()) {
        throw new ApiError('validation_error', { detail: 'The card has expired', errors: [{ pointer: '/token_data/expiry_year', detail: 'the card expired in the past' }] });
      }
      const card = await this.processor.vaultCard({ number: body.value, expiryMonth: month, expiryYear: year, cvv: body.token_data.cvv, holderName: body.token_data.holder_name });
      const tokenId = newId('tok');
      const expiresAt = addSeconds(now, TOKEN_TTL_SECONDS);
      await repo.insertCardToken(trx, { id: tokenId, payment_id: id, processor_reference: card.reference, scheme: card.scheme, last4: card.last4, created_at: now, expires_at: expiresAt, used_at: null });
      return { token: tokenId, expires_at: formatDateTime(expiresAt) };
    });
  }

  async authorize(id: string, token: string | undefined, cardToken: string): Promise<StepResult> {
    return this.step(id, token, async (trx, payment, now) => {
      if (!OPEN.has(payment.status) || payment.status === 'initiated') throw conflict(`Payment ${id} is ${payment.status}; it cannot be authorized`);
      const card = await repo.useCardToken(trx, id, cardToken, now);
      if (!card) {
        throw new ApiError('validation_error', { detail: 'The token is unknown, already used or expired', errors: [{ pointer: '/token', detail: 'is not a usable single-use token of this payment' }] });
      }
      await this.select(trx, payment, 'card');
      const authorization = await this.processor.authorizeCard({
        reference: card.processor_reference,
        amountMinor: payment.amount_minor,
        currency: payment.currency,
        authenticated: false,
        merchantInitiated: false,
      });
      if (authorization.outcome === 'challenge') {
        const challengeId = randomBytes(16).toString('hex');
        await repo.insertChallenge(trx, {
          id: challengeId,
          payment_id: id,
          processor_reference: card.processor_reference,
          scheme: card.scheme,
          last4: card.last4,
          svc_token: randomBytes(24).toString('base64url'),
          state: 'pending',
          created_at: now,
        });
        await repo.updatePayment(trx, id, { status: 'started', updated_at: now });
        return this.result(payment, 'started', { challenge: `${this.config.baseUrl}/simulator/3ds/${challengeId}` });
      }
      return this.settleCard(trx, payment, card, authorization, now);
    });
  }

  /** Records a card authorization's final outcome and its event. */
  private async settleCard(trx: Db, payment: PaymentRow, card: { scheme: string; last4: string; processor_reference: string }, authorization: Exclude<CardAuthorization, { outcome: 'challenge' }>, now: Date): Promise<StepResult> {
    if (authorization.outcome === 'declined') {
      await repo.updatePayment(trx, payment.id, { status: 'declined', card_scheme: card.scheme, card_last4: card.last4, updated_at: now });
      await this.emit(trx, payment, 'payment_failed', 'declined', now);
      return this.result(payment, 'declined', { decline_reason: authorization.reason });
    }
    await repo.updatePayment(trx, payment.id, {
      status: 'captured',
      card_scheme: card.scheme,
      card_last4: card.last4,
      succeeded_at: now,
      updated_at: now,
      stored_credential: payment.cit_mode === 'initial' ? card.processor_reference : null,
    });
    await this.emit(trx, payment, 'payment_succeeded', 'captured', now);
    return this.result(payment, 'captured');
  }

  /** The 3-D Secure server's answer: authenticated → the card is charged; otherwise authentication failed. */
  async threeDsCallback(body: ThreeDsCallback): Promise<StepResult> {
    const payment = await repo.findPayment(this.db, body.payment_id);
    return this.step(body.payment_id, payment?.resource_token, async (trx, locked, now) => {
      const challenge = await repo.answerChallenge(trx, body.payment_id, body.svc_token);
      if (!challenge) throw invalidToken('Unknown or already answered 3-D Secure authentication');
      if (locked.status !== 'started') throw conflict(`Payment ${locked.id} is ${locked.status}`);
      const authenticated = body['3ds_valid_payment'] === 'Y' && (body['3ds_status'] === 'Y' || body['3ds_status'] === 'A');
      if (!authenticated) {
        await repo.updatePayment(trx, locked.id, { status: 'authentication_failed', updated_at: now });
        await this.emit(trx, locked, 'payment_authentication_failed', 'authentication_failed', now);
        return this.result(locked, 'authentication_failed');
      }
      const authorization = await this.processor.authorizeCard({
        reference: challenge.processor_reference,
        amountMinor: locked.amount_minor,
        currency: locked.currency,
        authenticated: true,
        merchantInitiated: false,
      });
      if (authorization.outcome === 'challenge') throw new Error('processor asked for a second challenge');
      return this.settleCard(trx, locked, challenge, authorization, now);
    });
  }

  async cancel(id: string, token: string | undefined): Promise<StepResult> {
    return this.step(id, token, async (trx, payment, now) => {
      if (!OPEN.has(payment.status)) throw conflict(`Payment ${id} is ${payment.status}; it can no longer be canceled`);
      await repo.updatePayment(trx, id, { status: 'canceled', updated_at: now });
      return this.result(payment, 'canceled');
    });
  }
}
