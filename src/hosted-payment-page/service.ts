import { createHash, randomBytes } from 'node:crypto';
import { tokenMatches } from '../core/encryption.js';
import type { Kysely } from 'kysely';
import { isDataError, type Db, type Tables } from '../core/db.js';
import { Batcher } from '../core/batcher.js';
import type { Needs } from '../core/shared-transactions.js';
import type { EnvironmentClock } from '../core/clock.js';
import type { Config, Environment } from '../core/config.js';
import { ApiError, invalidFields, notFound, textProblem } from '../core/errors.js';
import type { FieldError } from '../core/errors.js';
import { checkIban } from '../onboarding/rules.js';
import { maskIban, minorUnits } from '../core/formats.js';
import { newId } from '../core/ids.js';
import { addSeconds, formatDateTime } from '../core/time.js';
import { invalidToken } from '../core/auth.js';
import { processingFee, splitByPercent, type PaymentMethod } from '../payments/fees.js';
import * as payments from '../payments/repository.js';
import type { PaymentChanges, PaymentRow } from '../payments/repository.js';
import type { BankReport, BuyerAction, BuyerBrowser, BuyerSession, CardDetails, DirectDebitProvider } from '../processor/boundary.js';
import type { Processors } from '../processor/registry.js';
import { cardScheme } from './card-schemes.js';
import * as repo from './repository.js';
import type { AccountVerificationQuery, MandateBody, MandateRequirements, PaymentView, StepResult, ThreeDsCallback, TokenizeBody } from './schemas.js';
import { mandateProblems, mandateReference, mandateRequirements, type MandateType } from './mandates.js';
import type { PaymentOutcomes } from '../payments/outcomes.js';
import { authorizationInProgress, type Attempt, type AttemptRequest, type PaymentAttempts } from '../payments/attempts.js';
import type { FeeSchedules } from '../payments/fee-schedules.js';
import { BUYER_DONE_STATUSES, BUYER_SUCCEEDED_STATUSES, moveTo, OPEN_STATUSES, type PaymentStatus } from '../payments/states.js';
import { pageLanguage, type Language } from '../core/language.js';
import { pageBrands, type Brand } from '../branding/service.js';
import type { BuyerDigests } from '../payments/buyer-digests.js';

const TOKEN_TTL_SECONDS = 15 * 60;
/** How many payments' page tokens a process remembers as checked (checkedBefore). */
const REMEMBERED_TOKENS = 10_000;
/** decline_reason when the fee, fixed by the buyer's choice of method, leaves a party less than nothing. */
const FEE_EXCEEDS_SHARE = 'processing_fee_exceeds_routed_amount';
/** The page's workflow is complete once the buyer's part is done; retries are allowed after failed authentication (OPEN). */
const FINAL = BUYER_DONE_STATUSES;
const SUCCEEDED = BUYER_SUCCEEDED_STATUSES;
const OPEN = OPEN_STATUSES;
const METHOD_NAMES: Record<PaymentMethod, { name: string; description: string }> = {
  card: { name: 'Card', description: 'Visa, Mastercard, American Express' },
  sepa_direct_debit: { name: 'SEPA Direct Debit', description: 'Pay from your bank account' },
};

type Workflow = StepResult['workflow'];

function workflowOf(status: PaymentStatus): Workflow {
  if (FINAL.has(status)) return { complete: true, next: 'hpp:complete' };
  return status === 'initiated' ? { complete: false, next: 'hpp:start' } : { complete: false, next: 'hpp:authorize' };
}

/**
 * The methods the buyer may choose. SEPA Direct Debit needs euros (decisions §4), an amount to
 * collect (a zero-amount initial payment verifies a card) and a processor that collects debits: a
 * user_selected payment without them offers the card alone.
 */
function offeredMethods(payment: PaymentRow, takesDirectDebit: boolean): PaymentMethod[] {
  if (payment.method_type !== 'user_selected') return [payment.method_type];
  return takesDirectDebit && payment.currency === 'EUR' && payment.amount_minor > 0 ? ['card', 'sepa_direct_debit'] : ['card'];
}


/** The shop's redirect URL with the payment's id and status appended. */
function shopUrl(payment: PaymentRow, status: PaymentStatus): string {
  const redirect = new URL(payment.redirect_url);
  redirect.searchParams.set('payment_id', payment.id);
  redirect.searchParams.set('status', status);
  return redirect.toString();
}

/** What the buyer paid with, once known; an IBAN only masked. */
export function instrumentOf(payment: PaymentRow): PaymentView['payment_instrument'] {
  if (payment.selected_method === 'card' && payment.card_last4) return { type: 'card', ...(payment.card_scheme ? { scheme: payment.card_scheme } : {}), last4: payment.card_last4 };
  if (payment.selected_method !== 'sepa_direct_debit' || !payment.verified_iban) return null;
  const reference = payment.mandate?.mandate_reference;
  return { type: 'sepa_direct_debit', iban: maskIban(payment.verified_iban), ...(typeof reference === 'string' ? { mandate_reference: reference } : {}) };
}

/** A registered address on one line (line1 number, zip town, country), as a mandate names its creditor. */
function addressLine(address: Record<string, unknown>): string | undefined {
  const text = (key: string) => (address[key] === undefined || address[key] === null ? '' : String(address[key]));
  if (!text('line1') || !text('town_city')) return undefined;
  return [`${text('line1')} ${text('number')}`.trim(), `${text('zip')} ${text('town_city')}`.trim(), text('country')].filter(Boolean).join(', ');
}

/** A stable number for the platform, as tokenization.merchant_id is numeric. */
function numericMerchantId(platformId: string): number {
  return parseInt(createHash('sha256').update(platformId).digest('hex').slice(0, 8), 16);
}

function conflict(detail: string): ApiError {
  return new ApiError('conflict', { detail });
}

/** What a step that charges leaves for after its transaction: an attempt to finish, or its answer already. */
type Begun = { attempt: Attempt } | { result: StepResult };

/** The card of a tokenize body, as our vault keeps it. */
function cardDetails(body: TokenizeBody): CardDetails {
  const { expiry_month: expiryMonth, expiry_year: expiryYear, cvv, holder_name: holderName } = body.token_data;
  return { number: body.value, expiryMonth, expiryYear, cvv, ...(holderName === undefined ? {} : { holderName }) };
}

/**
 * The operations of the hosted payment page, authorized by the payment's resource token. Every
 * step locks the payment row, so two steps on one payment run one after the other and the second
 * sees the first's result. The processor is never asked while the row is locked: a step that
 * charges records an attempt and commits, then the attempt is completed (PaymentAttempts); while it
 * is open, every other step but reading answers 409 at once.
 */
export class HostedPaymentPageService {
  /** The payment reads of one turn of the event loop (each step reads its payment before locking it), in one statement. */
  private readonly reads = new Batcher((ids: string[]) => repo.findPayments(this.db, ids), 64, isDataError);
  /** The same, for the reads by the page's token (a callback names the token, not the payment). */
  private readonly tokenReads = new Batcher((tokens: string[]) => repo.findPaymentsByToken(this.db, tokens), 64, isDataError);
  /** The page token digests this process checked, by payment (checkedBefore). */
  private readonly checkedTokens = new Map<string, string>();

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly config: Config,
    private readonly clock: EnvironmentClock,
    private readonly outcomes: PaymentOutcomes,
    private readonly attempts: PaymentAttempts,
    private readonly processors: Processors,
    private readonly feeSchedules: FeeSchedules,
    private readonly buyers: BuyerDigests,
    private readonly changes: PaymentChanges,
  ) {}

  private findPayment(id: string): Promise<PaymentRow | undefined> {
    return this.reads.run(id);
  }

  private verifyToken(payment: PaymentRow | undefined, token: string | undefined): PaymentRow {
    if (!payment || token === undefined || !tokenMatches(token, payment.resource_token_hash)) {
      throw invalidToken('The payment page token does not belong to this payment');
    }
    this.rememberToken(payment);
    return payment;
  }

  /** A payment's page token digest, as checked (it never changes), the oldest forgotten first. */
  private rememberToken(payment: PaymentRow): void {
    if (this.checkedTokens.has(payment.id)) return;
    this.checkedTokens.set(payment.id, payment.resource_token_hash);
    if (this.checkedTokens.size > REMEMBERED_TOKENS) this.checkedTokens.delete(this.checkedTokens.keys().next().value!);
  }

  /**
   * Whether `token` is the page token of payment `id` as this process checked it before, known
   * without reading the payment (false when not known): a step that checks it again under its
   * row lock may take that as the check before its body is read.
   */
  checkedBefore(token: string, id: string): boolean {
    const digest = this.checkedTokens.get(id);
    return digest !== undefined && tokenMatches(token, digest);
  }

  /** The payment a token claims to open: the one named in the path, else the token's own. Text no column can hold opens none. */
  private async claimed(token: string, id: string | undefined): Promise<PaymentRow | undefined> {
    if (textProblem(token) || (id !== undefined && textProblem(id))) return undefined;
    return id === undefined ? this.tokenReads.run(token) : this.findPayment(id);
  }

  /** Checks the page's token before anything else of the request is read (the step checks it again under the row lock); answers the payment as read. */
  async authenticate(token: string, id: string | undefined): Promise<PaymentRow> {
    return this.verifyToken(await this.claimed(token, id), token);
  }

  /** The status of the payment's page (decisions §4): 401 without the payment's token, 404 for no such payment, 410 once expired. */
  /** Where the payment lives and the language it asks for: the page's sandbox signs follow them. */
  async pageContext(id: string): Promise<{ environment: Environment; language: string | null } | undefined> {
    const payment = await this.findPayment(id);
    return payment && { environment: payment.environment, language: payment.language };
  }

  async pageStatus(id: string, token: string | undefined): Promise<number> {
    if (!token) return 401;
    if (!(await this.findPayment(id))) return 404;
    try {
      await this.step(id, token, async () => undefined, { reads: true });
      return 200;
    } catch (error) {
      if (error instanceof ApiError) return error.status;
      throw error;
    }
  }

  /**
   * Runs a step on the locked payment; an expired payment is canceled (committed) and answered 410,
   * unless an authorization that may have charged the buyer is open. While one is, only a step that
   * reads runs.
   */
  private async step<T, In = never, Needed = undefined>(
    id: string,
    token: string | undefined,
    run: (trx: Db, payment: PaymentRow, now: Date, needed: Needed) => Promise<T>,
    options: { reads?: boolean; needs?: Needs<In, Needed> } = {},
  ): Promise<T> {
    const outcome = await this.changes.run(id, async (trx, locked, needed: Needed) => {
      const payment = this.verifyToken(locked, token);
      const now = this.clock.now(payment.environment, payment.platform_id);
      const authorizing = payment.authorization_reference !== null;
      if (!FINAL.has(payment.status) && now >= payment.expires_at && !authorizing) {
        await repo.updatePayment(trx, id, { ...moveTo(payment, 'canceled'), updated_at: now });
        return { expired: true as const };
      }
      if (payment.status === 'canceled' && now >= payment.expires_at) return { expired: true as const };
      if (authorizing && !options.reads) throw authorizationInProgress(payment);
      return { expired: false as const, value: await run(trx, payment, now, needed) };
    }, options.needs);
    if (outcome.expired) throw new ApiError('gone', { detail: `Payment ${id} expired and was canceled` });
    return outcome.value;
  }

  /**
   * The payment as a step finds it (expired: canceled and 410; authorizing: 409), before asking the
   * processor for something the step needs. A plain read; only a payment the step would refuse is
   * locked, to cancel it (committed) or answer as the step does. `read`: the payment as this request
   * already read it (checking its token), read again otherwise.
   */
  private async peek(id: string, token: string | undefined, read: PaymentRow | undefined): Promise<PaymentRow> {
    const payment = this.verifyToken(read?.id === id ? read : await this.findPayment(id), token);
    const now = this.clock.now(payment.environment, payment.platform_id);
    const refused = payment.authorization_reference !== null || ((!FINAL.has(payment.status) || payment.status === 'canceled') && now >= payment.expires_at);
    return refused ? this.step(id, token, async (_trx, locked) => locked) : payment;
  }

  private links(payment: PaymentRow, status: PaymentStatus): StepResult['_links'] {
    const base = `${this.config.baseUrl}/hpp/payments/${payment.id}`;
    const links: StepResult['_links'] = { self: { href: base, methods: ['GET'] } };
    if (OPEN.has(status)) {
      links['hpp:start'] = { href: `${base}/start`, methods: ['POST'] };
      links.cancel = { href: `${base}/cancel`, methods: ['POST'] };
      // Back to the shop leaving the payment open (its link still pays it until it expires).
      links['hpp:return'] = { href: shopUrl(payment, status), methods: ['GET'] };
      if (status !== 'initiated') Object.assign(links, this.methodLinks(payment, base));
    }
    if (FINAL.has(status)) links['hpp:complete'] = { href: shopUrl(payment, status), methods: ['GET'] };
    return links;
  }

  /** How the buyer authorizes: a card token, or bank verification then a SEPA mandate. */
  private methodLinks(payment: PaymentRow, base: string): StepResult['_links'] {
    if (payment.selected_method !== 'sepa_direct_debit') {
      return { tokenize: { href: `${base}/tokenize`, methods: ['POST'] }, 'hpp:authorize': { href: `${base}/authorize`, methods: ['POST'] } };
    }
    if (!payment.verified_iban) {
      return payment.account_verification_url ? { account_verification: { href: payment.account_verification_url, methods: ['GET'] } } : {};
    }
    return {
      mandate_requirements: { href: `${base}/mandate-requirements`, methods: ['GET'] },
      'hpp:authorize': { href: `${base}/mandate`, methods: ['POST'] },
    };
  }

  private result(payment: PaymentRow, status: PaymentStatus, extra: { decline_reason?: string; challenge?: string } = {}): StepResult {
    const links = this.links(payment, status);
    if (extra.challenge) links.challenge = { href: extra.challenge, methods: ['GET'] };
    return {
      status,
      succeeded: SUCCEEDED.has(status),
      ...(extra.decline_reason ? { decline_reason: extra.decline_reason } : {}),
      workflow: workflowOf(status),
      _links: links,
    };
  }

  /**
   * The page view. An expired payment answers 410; its problem carries the branding, the language
   * and the way back to the shop (the token was checked), so the page can say so in the shop's colours.
   */
  async view(id: string, token: string | undefined): Promise<PaymentView> {
    let payment: PaymentRow;
    try {
      payment = await this.step(id, token, async (_trx, locked) => locked, { reads: true });
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'gone') throw error;
      throw await this.expired(error, id);
    }
    const branding = await this.brandingOf(this.db, payment);
    const links = this.links(payment, payment.status);
    return {
      id: payment.id,
      amount_minor: payment.amount_minor,
      currency: payment.currency,
      status: payment.status as PaymentView['status'],
      expires_at: formatDateTime(payment.expires_at),
      description: payment.description,
      minor_units: minorUnits(payment.currency),
      language: payment.language as Language | null,
      branding,
      payment_methods: this.offeredMethods(payment).map((type) => {
        const start = links['hpp:start'];
        const methodLinks: StepResult['_links'] = start ? { start } : {};
        return { type, ...METHOD_NAMES[type], _links: methodLinks };
      }),
      tokenization: { merchant_id: numericMerchantId(payment.platform_id) },
      requires_store_credentials: payment.cit_mode === 'initial',
      customer: payment.customer,
      sandbox: payment.environment === 'sandbox',
      payment_instrument: instrumentOf(payment),
      workflow: workflowOf(payment.status),
      _links: links,
    };
  }

  /** The platform's and the merchant's brands (branding/service); a merchant without a business name yet goes by the platform's. */
  private async brandsOf(db: Db, payment: PaymentRow) {
    const { businessName, merchantAccountId, merchantAddress } = await repo.payee(db, payment);
    const brands = await pageBrands(db, { platformId: payment.platform_id, environment: payment.environment }, { accountId: merchantAccountId, name: businessName });
    return { brands, merchantAddress };
  }

  /** The brands as the page shows them. */
  private async brandingOf(db: Db, payment: PaymentRow): Promise<PaymentView['branding']> {
    const { brands } = await this.brandsOf(db, payment);
    const shape = (brand: Brand) => ({ name: brand.name, colors: { primary: brand.primary, secondary: brand.secondary }, logo_url: brand.logoUrl });
    return { format: brands.format, platform: shape(brands.platform), merchant: shape(brands.merchant), shown: brands.shown };
  }

  private async expired(error: ApiError, id: string): Promise<ApiError> {
    const payment = (await this.findPayment(id))!;
    const extra = { branding: await this.brandingOf(this.db, payment), language: payment.language, _links: { 'hpp:complete': this.links(payment, 'canceled')['hpp:complete'] } };
    return new ApiError('gone', { ...error.options, extra });
  }

  /** Fixes the method (and with it the fee) when the buyer picks one on a user_selected payment. */
  private async select(trx: Db, payment: PaymentRow, method: PaymentMethod | undefined): Promise<void> {
    if (!method || payment.selected_method === method) return;
    if (!this.offeredMethods(payment).includes(method)) {
      throw new ApiError('validation_error', { detail: `This payment is not offered for ${method}`, errors: [{ pointer: '/type', code: 'method_not_offered', detail: `must be one of ${this.offeredMethods(payment).join(', ')}` }] });
    }
    await repo.supersedeChallenges(trx, payment.id); // a card challenge left open no longer decides the payment
    const fee = processingFee(method, payment.amount_minor, await this.feeSchedules.of(payment.platform_id, trx));
    const parties = await payments.partiesOf(trx, [payment.id]);
    await repo.setFeeShares(trx, payment.id, splitByPercent(fee, parties.map((party) => party.fee_contribution)));
    const chosen = { selected_method: method, processing_fee: fee };
    await repo.updatePayment(trx, payment.id, chosen);
    Object.assign(payment, chosen); // the rest of the step works on this row
  }

  async start(id: string, token: string | undefined, method: PaymentMethod | undefined, read?: PaymentRow): Promise<StepResult> {
    const accountVerification = await this.accountVerificationUrl(await this.peek(id, token, read), method);
    return this.step(id, token, async (trx, payment, now) => {
      if (!OPEN.has(payment.status)) throw conflict(`Payment ${id} is ${payment.status}; it can no longer be started`);
      await this.select(trx, payment, method);
      const started = { ...moveTo(payment, 'started'), updated_at: now, account_verification_url: payment.account_verification_url ?? accountVerification ?? null };
      await repo.updatePayment(trx, id, started);
      return this.result(Object.assign(payment, started), 'started');
    });
  }

  /**
   * Where the buyer of a start that leads to SEPA Direct Debit verifies the account: a page of the
   * account-information service, asked for before the step's transaction (the processor is another
   * system). One per payment: asked again, the service answers the same page. A provider without
   * one (Adyen): our own form, where the buyer types the account (bank-account.ts).
   */
  private async accountVerificationUrl(payment: PaymentRow, method: PaymentMethod | undefined): Promise<string | undefined> {
    const sepa = (method ?? payment.selected_method) === 'sepa_direct_debit' && this.offeredMethods(payment).includes('sepa_direct_debit');
    if (!sepa || !OPEN.has(payment.status) || payment.account_verification_url) return undefined;
    const ais = this.directDebit(payment).accountInformation;
    if (!ais) return `${this.config.baseUrl}/hpp/payments/${payment.id}/bank-account?token=${encodeURIComponent(payment.resource_token)}`;
    const callback = new URL(`${this.config.baseUrl}/hpp/callbacks/account-verification`);
    callback.searchParams.set('token', payment.resource_token);
    const verification = await ais.accountVerification({
      reference: payment.id,
      amountMinor: payment.amount_minor,
      currency: payment.currency,
      language: payment.language,
      callbackUrl: callback.toString(),
    });
    return verification.url;
  }

  private offeredMethods(payment: PaymentRow): PaymentMethod[] {
    return offeredMethods(payment, this.processors.takesDirectDebit(payment.environment));
  }

  /**
   * The SEPA Direct Debit provider that verifies the buyer's account: the environment's (the
   * payment's own partner is fixed by its collection, after the account is known; before, it may
   * be the acquirer of a card the buyer tried first).
   */
  private directDebit(payment: PaymentRow): DirectDebitProvider {
    return this.processors.directDebit(payment.environment);
  }

  /**
   * The card goes to our vault, sealed (a single-use token, 15 minutes): the authorization that
   * uses it hands the details to the acquirer, and its recorded answer erases them.
   */
  async tokenize(id: string, token: string | undefined, body: TokenizeBody): Promise<{ token: string; expires_at: string }> {
    return this.step(id, token, async (trx, locked, now) => {
      this.checkTokenizable(locked, body, now);
      const tokenId = newId('tok');
      const expiresAt = addSeconds(now, TOKEN_TTL_SECONDS);
      await repo.insertCardToken(trx, { id: tokenId, payment_id: id, card_details: cardDetails(body), scheme: cardScheme(body.value), last4: body.value.slice(-4), created_at: now, expires_at: expiresAt, used_at: null }, { environment: locked.environment, platformId: locked.platform_id });
      return { token: tokenId, expires_at: formatDateTime(expiresAt) };
    });
  }

  private checkTokenizable(payment: PaymentRow, body: TokenizeBody, now: Date): void {
    if (!OPEN.has(payment.status) || payment.status === 'initiated') throw conflict(`Payment ${payment.id} is ${payment.status}; start it before tokenizing a card`);
    if (!this.offeredMethods(payment).includes('card')) throw conflict(`Payment ${payment.id} does not accept cards`);
    const { expiry_month: month, expiry_year: year } = body.token_data;
    const expiresEnd = Date.UTC(year, month, 1); // first instant after the expiry month
    if (expiresEnd <= now.getTime()) {
      throw new ApiError('validation_error', { detail: 'The card has expired', errors: [{ pointer: '/token_data/expiry_year', code: 'card_expired', detail: 'the card expired in the past' }] });
    }
  }

  async authorize(id: string, token: string | undefined, cardToken: string, browser?: BuyerBrowser): Promise<StepResult> {
    const begun = await this.step(
      id,
      token,
      async (trx, payment, now, card): Promise<Begun> => {
        if (!OPEN.has(payment.status) || payment.status === 'initiated') throw conflict(`Payment ${id} is ${payment.status}; it cannot be authorized`);
        if (!repo.usableCardToken(card, id, now)) {
          throw new ApiError('validation_error', { detail: 'The token is unknown, already used or expired', errors: [{ pointer: '/token', code: 'token_unusable', detail: 'is not a usable single-use token of this payment' }] });
        }
        await repo.useCardToken(trx, card, now); // this authorization replaces any challenge still open
        await this.select(trx, payment, 'card');
        const refused = await this.declineIfAFeeShareExceedsItsParty(trx, payment, now);
        if (refused) return { result: refused };
        const request: AttemptRequest = { method: 'card', card: { scheme: card.scheme, last4: card.last4 }, details: card.card_details, buyer: { ...this.buyerSession(payment, card.last4), ...(browser ? { browser } : {}) } };
        return { attempt: await this.attempts.begin(trx, payment, request, now) };
      },
      // The batch's tokens read together, locked: their expiry job waits until this is recorded.
      { needs: { read: repo.lockedCardTokens, input: { tokenId: cardToken, paymentId: id } } },
    );
    return this.finish(begun);
  }

  /** The buyer on the page: an action (3-D Secure) sends the buyer to the acquirer's page and back here. */
  private buyerSession(payment: PaymentRow, last4: string): BuyerSession {
    const svcToken = randomBytes(24).toString('base64url');
    return {
      paymentId: payment.id,
      returnUrl: `${this.config.baseUrl}/pay/${payment.id}?token=${encodeURIComponent(payment.resource_token)}`,
      callbackUrl: `${this.config.baseUrl}/hpp/callbacks/3ds`,
      redirectReturnUrl: `${this.config.baseUrl}/hpp/callbacks/redirect?${new URLSearchParams({ payment_id: payment.id, svc_token: svcToken })}`,
      svcToken,
      language: payment.language,
      last4,
    };
  }

  /** Where the buyer goes for the action: its URL, or, for a form post, our page that posts it (challengeForm). */
  private challengeHref(payment: PaymentRow, action: BuyerAction): string {
    if (action.method === 'GET') return action.url;
    return `${this.config.baseUrl}/pay/${payment.id}/challenge?token=${encodeURIComponent(payment.resource_token)}`;
  }

  /** The form post of the payment's open challenge, for the page that sends the buyer there (404 when there is none), and the page's language. */
  async challengeForm(id: string, token: string | undefined, acceptLanguage?: string): Promise<{ action: BuyerAction; language: Language }> {
    const payment = this.verifyToken(await this.findPayment(id), token);
    const action = await repo.openChallengeForm(this.db, payment.id);
    if (!action) throw notFound(`An open 3-D Secure authentication of payment ${id}`);
    return { action, language: pageLanguage(payment.language, acceptLanguage) };
  }

  /** After the step's commit: the processor's answer recorded, and the step's answer from it. */
  private async finish(begun: Begun): Promise<StepResult> {
    if ('result' in begun) return begun.result;
    const { payment } = begun.attempt;
    const { status, answer } = await this.attempts.complete(begun.attempt);
    if (!('authorization' in answer)) return this.result(payment, status);
    const { authorization } = answer;
    if (authorization.outcome === 'declined' && status === 'declined') return this.result(payment, status, { decline_reason: authorization.reason });
    if (authorization.outcome === 'action' && status === 'started') return this.result(payment, status, { challenge: this.challengeHref(payment, authorization.action) });
    return this.result(payment, status);
  }

  /**
   * A fee share larger than its party's routed amount is refused at initiation when the method is
   * known; when the buyer chose it on the page, the payment is declined here, before any charge.
   */
  private async declineIfAFeeShareExceedsItsParty(trx: Db, payment: PaymentRow, now: Date): Promise<StepResult | undefined> {
    if (payment.method_type !== 'user_selected') return undefined; // its fee shares were checked at initiation
    const parties = await payments.partiesOf(trx, [payment.id]);
    if (!parties.some((party) => (party.fee_share ?? 0) > party.amount_minor)) return undefined;
    // The failed status of the method: declined for a card, not_completed for SEPA Direct Debit (States and transitions).
    const status = payment.selected_method === 'sepa_direct_debit' ? 'not_completed' : 'declined';
    await repo.updatePayment(trx, payment.id, { ...moveTo(payment, status), decline_reason: FEE_EXCEEDS_SHARE, updated_at: now });
    await this.outcomes.emit(trx, payment, 'payment_failed', status, now);
    return this.result(payment, status, { decline_reason: FEE_EXCEEDS_SHARE });
  }

  /**
   * The 3-D Secure server's callback, the buyer's return from the challenge: the same authorization
   * is completed at the acquirer with what the callback carries, which answers captured, declined
   * or authentication failed.
   */
  async threeDsCallback(body: ThreeDsCallback): Promise<StepResult> {
    const { payment_id: paymentId, svc_token: svcToken } = body;
    const details = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, String(value)]));
    return this.completeChallenge(paymentId, svcToken, details);
  }

  /**
   * The buyer back from an acquirer's redirect (Adyen's 3-D Secure page), with what the acquirer
   * appended (its redirectResult): the same authorization is completed as by the 3-D Secure
   * callback, and the buyer is sent back to the payment page, which shows the outcome. The same
   * return again (a reload, the back button) finishes nothing and shows the page.
   */
  async redirectReturn(paymentId: string, svcToken: string, details: Record<string, string>): Promise<string> {
    const state = await repo.challengeState(this.db, paymentId, svcToken);
    if (!state) throw invalidToken('Unknown 3-D Secure authentication');
    if (state === 'pending') await this.completeChallenge(paymentId, svcToken, details);
    const payment = (await this.findPayment(paymentId))!;
    return `${this.config.baseUrl}/pay/${payment.id}?token=${encodeURIComponent(payment.resource_token)}`;
  }

  /** The buyer's challenge answered: the authorization it interrupted is completed at the acquirer with what the buyer's return carries. */
  private async completeChallenge(paymentId: string, svcToken: string, details: Record<string, string>): Promise<StepResult> {
    const payment = await this.findPayment(paymentId);
    const begun = await this.step(paymentId, payment?.resource_token, async (trx, locked, now): Promise<Begun> => {
      const challenge = await repo.answerChallenge(trx, paymentId, svcToken);
      if (!challenge && (await repo.challengeState(trx, paymentId, svcToken)) === 'superseded') {
        throw conflict(`The buyer of payment ${paymentId} left this 3-D Secure authentication for another authorization or method`);
      }
      if (!challenge) throw invalidToken('Unknown or already answered 3-D Secure authentication');
      if (locked.status !== 'started') throw conflict(`Payment ${locked.id} is ${locked.status}`);
      // The buyer of a user_selected payment may have switched to SEPA Direct Debit while the challenge was open.
      if (locked.selected_method !== 'card') throw conflict(`The buyer of payment ${locked.id} chose ${locked.selected_method} after this card authentication began`);
      const completes = { reference: challenge.id, processorReference: challenge.processor_reference, data: challenge.processor_data };
      const card = { scheme: challenge.scheme, last4: challenge.last4 };
      return { attempt: await this.attempts.begin(trx, locked, { method: 'card', card, completes, details, buyer: this.buyerSession(locked, challenge.last4) }, now) };
    });
    return this.finish(begun);
  }

  async cancel(id: string, token: string | undefined): Promise<StepResult> {
    return this.step(id, token, async (trx, payment, now) => {
      if (!OPEN.has(payment.status)) throw conflict(`Payment ${id} is ${payment.status}; it can no longer be canceled`);
      await repo.updatePayment(trx, id, { ...moveTo(payment, 'canceled'), updated_at: now });
      return this.result(payment, 'canceled');
    });
  }

  /**
   * The account-information service sends the buyer back here: a report means the account is
   * verified (kept for the mandate); none means the buyer failed AIS, a failed strong customer
   * authentication. Answers where to send the buyer next. `read`: the payment as this request
   * already read it (checking its token), read again otherwise.
   */
  async accountVerified(query: AccountVerificationQuery, read?: PaymentRow): Promise<string> {
    const payment = read ?? (await this.tokenReads.run(query.token));
    if (!payment) throw invalidToken('Unknown payment page token');
    // Read before the step's transaction: the processor is another system, not part of it.
    const ais = this.directDebit(payment).accountInformation;
    const report = query.report_id && ais ? await ais.bankReport(query.report_id, payment.id) : undefined;
    const resultId = query.report_id || query.tracking_id;
    const result = resultId ? { paymentId: payment.id, resultId } : undefined;
    const needs = result && { needs: { read: repo.verificationResultsTaken, input: result } };
    await this.step(payment.id, query.token, async (trx, locked, now, taken: boolean | undefined) => {
      // The same result again (a reload, the back button) was taken into account already: nothing changes.
      if (result && taken) return;
      if (result) await repo.takeVerificationResult(trx, result, now);
      this.requireAwaitingAccount(locked);
      if (query.report_id && !report) throw new ApiError('validation_error', { detail: 'Unknown verification report', errors: [{ pointer: '/report_id', in: 'query', code: 'unknown_report', detail: 'is not a report of this payment' }] });
      if (!report) {
        // The latest verification decides: an account verified before this failure no longer counts.
        await repo.updatePayment(trx, locked.id, { ...moveTo(locked, 'authentication_failed'), verified_iban: null, account_holder: null, account_type: null, updated_at: now });
        await this.outcomes.emit(trx, locked, 'payment_authentication_failed', 'authentication_failed', now);
        return;
      }
      await this.keepAccount(trx, locked, report, now);
    }, needs);
    return `${this.config.baseUrl}/pay/${payment.id}?token=${encodeURIComponent(query.token)}`;
  }

  /**
   * Where the SEPA provider has no account-information service (Adyen), the buyer types the
   * account on our form (bank-account.ts): a valid IBAN (ibantools) and the holder's name take the
   * place of the bank's report. Answers where to send the buyer next: the page, for the mandate.
   */
  async enterBankAccount(id: string, token: string | undefined, entry: BankReport): Promise<string> {
    const checked = checkIban(entry.iban);
    const holder = entry.accountHolder.trim();
    const errors: FieldError[] = [];
    if ('problem' in checked) errors.push({ pointer: '/iban', ...checked.problem });
    if (!holder) errors.push({ pointer: '/account_holder', code: 'required', detail: 'names the account holder' });
    if (errors.length > 0 || !('iban' in checked)) throw invalidFields(errors);
    const { iban } = checked;
    const payment = await this.step(id, token, async (trx, locked, now) => {
      this.requireAwaitingAccount(locked);
      if (this.directDebit(locked).accountInformation) throw conflict(`The account of payment ${locked.id} is verified at the bank (account_verification)`);
      await this.keepAccount(trx, locked, { iban, accountHolder: holder, accountType: entry.accountType }, now);
      return locked;
    });
    return `${this.config.baseUrl}/pay/${payment.id}?token=${encodeURIComponent(payment.resource_token)}`;
  }

  private requireAwaitingAccount(payment: PaymentRow): void {
    if (!OPEN.has(payment.status) || payment.status === 'initiated' || payment.selected_method !== 'sepa_direct_debit') {
      throw conflict(`Payment ${payment.id} is not waiting for a bank account verification`);
    }
  }

  /** The buyer's account, verified, kept for the mandate; its holder is found by name too (a digest beside those of the customer given). */
  private async keepAccount(trx: Db, payment: PaymentRow, account: BankReport, now: Date): Promise<void> {
    const buyer_digests = [...new Set([...payment.buyer_digests, ...this.buyers.ofBuyer({ holder: account.accountHolder })])];
    await repo.updatePayment(trx, payment.id, { ...moveTo(payment, 'started'), verified_iban: account.iban, account_holder: account.accountHolder, account_type: account.accountType, buyer_digests, updated_at: now });
  }

  private requireVerifiedSepa(payment: PaymentRow): MandateType {
    if (!payment.verified_iban || !payment.account_type) throw conflict(`Verify the bank account of payment ${payment.id} first (account_verification)`);
    return payment.account_type;
  }

  /** Worded in the payment's language, else in the browser's (its Accept-Language). */
  async mandateRequirements(id: string, token: string | undefined, acceptLanguage?: string): Promise<MandateRequirements> {
    return this.step(
      id,
      token,
      async (trx, payment) => {
        if (payment.selected_method !== 'sepa_direct_debit') return {};
        const type = this.requireVerifiedSepa(payment);
        const { brands, merchantAddress } = await this.brandsOf(trx, payment); // in the step's transaction: PGlite has one connection
        const creditor = { name: brands.merchant.name, address: (merchantAddress && addressLine(merchantAddress)) || this.config.sepaCreditor.address, identifier: this.config.sepaCreditor.identifier };
        return mandateRequirements(type, pageLanguage(payment.language, acceptLanguage), { creditor, paymentId: payment.id, iban: payment.verified_iban!, holder: payment.account_holder });
      },
      { reads: true },
    );
  }

  /** The buyer signs the SEPA mandate: the payment is authorized and its collection scheduled. */
  async createMandate(id: string, token: string | undefined, body: MandateBody): Promise<StepResult> {
    const begun = await this.step(id, token, async (trx, payment, now): Promise<Begun> => {
      if (!OPEN.has(payment.status) || payment.status === 'initiated') throw conflict(`Payment ${id} is ${payment.status}; no mandate can be created`);
      if (payment.selected_method !== 'sepa_direct_debit') throw conflict(`Payment ${id} is not paid by SEPA Direct Debit`);
      const errors = mandateProblems(body, this.requireVerifiedSepa(payment), now);
      if (errors.length > 0) throw invalidFields(errors);
      const refused = await this.declineIfAFeeShareExceedsItsParty(trx, payment, now);
      if (refused) return { result: refused };
      const iban = payment.verified_iban!;
      const mandate = { ...body, iban, account_holder: payment.account_holder, mandate_reference: mandateReference(payment.id), signed_at: formatDateTime(now) };
      return { attempt: await this.attempts.begin(trx, payment, { method: 'sepa_direct_debit', iban, mandate }, now) };
    });
    return this.finish(begun);
  }
}
