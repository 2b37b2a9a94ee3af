/**
 * A local, stateful Adyen for tests: the Checkout API v71's /payments, /payments/details and
 * /payments/{pspReference}/refunds in Adyen's wire format, a 3-D Secure page the test passes or
 * fails, and HMAC-signed standard webhooks sent when the test asks. Every request and every answer
 * is checked against Adyen's OpenAPI documents; what does not fit is kept in `violations`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { notificationSignature } from '../../../src/processor/adyen/notifications.js';
import type {
  AdyenAmount, AdyenNotificationBody, AdyenNotificationItem, AdyenPaymentRequest, AdyenPaymentResponse, AdyenRefundRequest,
} from '../../../src/processor/adyen/wire.js';
import { CheckoutContract, WebhooksContract } from './contract.js';

/** Card numbers the local Adyen decides by (any other valid-looking number is authorised). */
export const ADYEN_TEST_CARDS = {
  authorised: '4111111111111111',
  refused: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  /** Answers RedirectShopper: the buyer must pass the 3-D Secure page. */
  challenge: '4212345678901237',
  /** Answers RedirectShopper whose redirect is a form post (method POST with data), as for a 3-D Secure 1 issuer page. */
  challengeByPost: '4917610000000000',
  /** Authorised, but the first answer for an Idempotency-Key never comes (the call times out); a repeat gets it. */
  lostAnswer: '4000000000000259',
} as const;

/** An IBAN the local Adyen refuses at once (resultCode Refused); any other is Received. */
export const ADYEN_REFUSED_IBAN = 'NL13TEST0123456789';

/** Adyen's refusal reasons (code and text) the local Adyen gives. */
const REFUSALS = {
  refused: { refusalReasonCode: '2', refusalReason: 'Refused' },
  insufficientFunds: { refusalReasonCode: '12', refusalReason: 'Not enough balance' },
  expired: { refusalReasonCode: '6', refusalReason: 'Expired Card' },
  notAuthenticated: { refusalReasonCode: '11', refusalReason: '3D Not Authenticated' },
} as const;

/** Adyen's error bodies (ServiceError) for the failures a test asks for. */
const ERRORS = {
  403: { status: 403, errorCode: '010', message: 'Not allowed', errorType: 'security' },
  422: { status: 422, errorCode: '702', message: 'Structure of the request is invalid', errorType: 'validation' },
  500: { status: 500, errorCode: '000', message: 'An internal error occurred', errorType: 'internal' },
  503: { status: 503, errorCode: '000', message: 'Service unavailable', errorType: 'internal' },
} as const;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

interface StoredPayment {
  pspReference: string;
  request: AdyenPaymentRequest;
  answer: AdyenPaymentResponse;
  refunded: number;
}

interface StoredRefund {
  paymentPspReference: string;
  request: AdyenRefundRequest;
}

interface StoredAnswer {
  status: number;
  body: unknown;
}

/** The account a test's local Adyen stands for: its API key, merchant account and HMAC key. */
export const TEST_ADYEN = {
  apiKey: 'test-api-key',
  merchantAccount: 'PlatformECOM',
  hmacKey: Buffer.from('44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056', 'hex'),
} as const;

export interface LocalAdyenOptions {
  apiKey: string;
  merchantAccount: string;
  hmacKey: Buffer;
  /** Where webhooks go (settable later: `notificationUrl`). */
  notificationUrl?: string;
  /** Added to every answer, as a distant Adyen takes (e.g. a few hundred milliseconds). */
  latencyMs?: number;
}

export interface NotificationEvent {
  eventCode: string;
  pspReference: string;
  originalReference?: string;
  merchantReference: string;
  amount: AdyenAmount;
  success: boolean;
  reason?: string;
  paymentMethod?: string;
}

export class LocalAdyen {
  /** Every Checkout API request, in order. */
  readonly requests: RecordedRequest[] = [];
  /** How buyers reached the 3-D Secure page: the method and the fields a form post carried. */
  readonly challengeVisits: { method: string; fields: Record<string, string> }[] = [];
  /** Requests, answers and webhooks that Adyen's OpenAPI documents refuse; a test expects none. */
  readonly violations: string[] = [];
  notificationUrl: string | undefined;

  private readonly payments = new Map<string, StoredPayment>();
  private readonly refunds = new Map<string, StoredRefund>();
  /** Answers by Idempotency-Key, across operations: Adyen scopes a key to the account, not to one path. */
  private readonly answers = new Map<string, StoredAnswer>();
  /** Our redirectResult → the payment and whether its buyer passed the 3-D Secure page. */
  private readonly redirectResults = new Map<string, { pspReference: string; passed: boolean }>();
  private readonly storedCards = new Map<string, string>();
  /** Failures the test asked for: the next requests to a path answered with an error instead. */
  private readonly failures: { path: RegExp; answer: StoredAnswer; left: number }[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server = createServer((req, res) => void this.handle(req, res));
  private baseUrl = '';

  private constructor(private readonly options: LocalAdyenOptions) {
    this.notificationUrl = options.notificationUrl;
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  static async start(options: LocalAdyenOptions): Promise<LocalAdyen> {
    const adyen = new LocalAdyen(options);
    await new Promise<void>((resolve) => adyen.server.listen(0, '127.0.0.1', resolve));
    adyen.baseUrl = `http://127.0.0.1:${(adyen.server.address() as AddressInfo).port}`;
    return adyen;
  }

  /** ADYEN_CHECKOUT_URL for the adapter: the version in the URL, as Adyen's. */
  get checkoutUrl(): string {
    return `${this.baseUrl}/v71`;
  }

  /** The settings that point our server at this Adyen (PROCESSOR=adyen). */
  serverEnv(): Record<string, string> {
    return {
      PROCESSOR: 'adyen',
      ADYEN_API_KEY: this.options.apiKey,
      ADYEN_MERCHANT_ACCOUNT: this.options.merchantAccount,
      ADYEN_HMAC_KEY: this.options.hmacKey.toString('hex').toUpperCase(),
      ADYEN_CHECKOUT_URL: this.checkoutUrl,
    };
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /**
   * The next `count` requests to a path matching `path` are answered `status` with Adyen's error
   * body (a 4xx refusal, or an outage), remembering nothing: a later request with the same
   * Idempotency-Key is answered as if this one never came.
   */
  failNext(path: RegExp, status: 403 | 422 | 500 | 503, count = 1): void {
    this.failures.push({ path, answer: { status, body: ERRORS[status] }, left: count });
  }

  /** What this Adyen did, for a run's checks: each payment with its outcome, and each refund, with our references. */
  moved(): { payments: { pspReference: string; reference: string; amount: number; resultCode: string | undefined }[]; refunds: { pspReference: string; reference: string; paymentPspReference: string; amount: number }[] } {
    return {
      payments: [...this.payments.values()].map((p) => ({ pspReference: p.pspReference, reference: p.request.reference, amount: p.request.amount.value, resultCode: p.answer.resultCode })),
      refunds: [...this.refunds.entries()].map(([pspReference, r]) => ({ pspReference, reference: r.request.reference, paymentPspReference: r.paymentPspReference, amount: r.request.amount.value })),
    };
  }

  /** The Checkout API requests to `path` (e.g. "/payments"), in order. */
  requestsTo(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /**
   * Answers the 3-D Secure page of an action URL as the buyer would, and gives the URL the buyer is
   * sent back to (the payment's returnUrl with Adyen's redirectResult).
   */
  async answerChallenge(actionUrl: string, passed: boolean): Promise<string> {
    const response = await fetch(actionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ result: passed ? 'pass' : 'fail' }),
      redirect: 'manual',
    });
    const location = response.headers.get('location');
    if (response.status !== 303 || !location) throw new Error(`the 3-D Secure page answered ${response.status}`);
    return location;
  }

  /** Sends one webhook with these events, signed with the HMAC key (or not: `signedWith`), and gives Adyen's view of the answer. */
  async notify(events: NotificationEvent[], signedWith: Buffer = this.options.hmacKey): Promise<{ status: number; body: string }> {
    if (!this.notificationUrl) throw new Error('LocalAdyen: no notificationUrl');
    const body: AdyenNotificationBody = { live: 'false', notificationItems: events.map((e) => ({ NotificationRequestItem: this.item(e, signedWith) })) };
    this.violations.push(...WebhooksContract.get().notification(body).map((v) => `webhook ${events.map((e) => e.eventCode).join(',')}: ${v}`));
    const response = await fetch(this.notificationUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: await response.text() };
  }

  /** The AUTHORISATION webhook of a payment, as its outcome was decided (the way a lost answer is learnt). */
  authorisation(pspReference: string): NotificationEvent {
    const payment = this.payment(pspReference);
    const authorised = payment.answer.resultCode === 'Authorised' || payment.answer.resultCode === 'Received';
    return {
      eventCode: 'AUTHORISATION', pspReference, merchantReference: payment.request.reference, amount: payment.request.amount,
      success: authorised, ...(authorised ? {} : { reason: payment.answer.refusalReason ?? 'Refused' }),
      paymentMethod: payment.request.paymentMethod.type === 'sepadirectdebit' ? 'sepadirectdebit' : 'visa',
    };
  }

  /** A SEPA payment's end: collected (AUTHORISATION success), or refused, or returned by the buyer's bank (CHARGEBACK). */
  sepaOutcome(pspReference: string, outcome: 'collected' | 'refused' | 'returned'): NotificationEvent {
    const payment = this.payment(pspReference);
    const base = { pspReference, merchantReference: payment.request.reference, amount: payment.request.amount, paymentMethod: 'sepadirectdebit' };
    if (outcome === 'collected') return { ...base, eventCode: 'AUTHORISATION', success: true };
    if (outcome === 'refused') return { ...base, eventCode: 'AUTHORISATION', success: false, reason: 'AC04 Account closed' };
    return this.dispute(pspReference, { reason: 'MD06 Refund request by end customer' });
  }

  /**
   * A dispute of a payment, as Adyen's dispute webhooks carry it: its own pspReference (the same for
   * the announcement and the chargeback of one dispute), the payment's as originalReference, and the
   * amount disputed (the whole payment unless given). NOTIFICATION_OF_CHARGEBACK announces it,
   * CHARGEBACK takes the money.
   */
  dispute(paymentPspReference: string, options: { disputePspReference?: string; amount?: number; announced?: boolean; reason?: string } = {}): NotificationEvent {
    const payment = this.payment(paymentPspReference);
    const method = payment.request.paymentMethod.type === 'sepadirectdebit' ? 'sepadirectdebit' : 'visa';
    return {
      eventCode: options.announced ? 'NOTIFICATION_OF_CHARGEBACK' : 'CHARGEBACK',
      pspReference: options.disputePspReference ?? newPspReference(),
      originalReference: paymentPspReference,
      merchantReference: payment.request.reference,
      amount: { value: options.amount ?? payment.request.amount.value, currency: payment.request.amount.currency },
      success: true,
      reason: options.reason ?? 'Payment.TxId=300000000524534724 dispute',
      paymentMethod: method,
    };
  }

  /** A refund's end: REFUND success=true, REFUND success=false, or REFUND_FAILED (also after a successful REFUND). */
  refundOutcome(refundPspReference: string, outcome: 'completed' | 'refused' | 'failed'): NotificationEvent {
    const refund = this.refunds.get(refundPspReference);
    if (!refund) throw new Error(`LocalAdyen: no refund ${refundPspReference}`);
    const base = {
      pspReference: refundPspReference, originalReference: refund.paymentPspReference,
      merchantReference: refund.request.reference, amount: refund.request.amount, paymentMethod: 'visa',
    };
    if (outcome === 'completed') return { ...base, eventCode: 'REFUND', success: true };
    if (outcome === 'refused') return { ...base, eventCode: 'REFUND', success: false, reason: 'Insufficient balance on payment' };
    return { ...base, eventCode: 'REFUND_FAILED', success: true, reason: 'Refund Failed' };
  }

  private item(event: NotificationEvent, hmacKey: Buffer): AdyenNotificationItem {
    const item: AdyenNotificationItem = {
      pspReference: event.pspReference,
      ...(event.originalReference ? { originalReference: event.originalReference } : {}),
      merchantAccountCode: this.options.merchantAccount,
      merchantReference: event.merchantReference,
      amount: event.amount,
      eventCode: event.eventCode,
      eventDate: new Date().toISOString(),
      success: String(event.success),
      ...(event.reason ? { reason: event.reason } : {}),
      ...(event.paymentMethod ? { paymentMethod: event.paymentMethod } : {}),
    };
    return { ...item, additionalData: { hmacSignature: notificationSignature(item, hmacKey) } };
  }

  /** The pspReference Adyen gave the payment of our reference (also when its answer was lost). */
  pspReferenceOf(merchantReference: string): string {
    const payment = [...this.payments.values()].find((p) => p.request.reference === merchantReference);
    if (!payment) throw new Error(`LocalAdyen: no payment with reference ${merchantReference}`);
    return payment.pspReference;
  }

  private payment(pspReference: string): StoredPayment {
    const payment = this.payments.get(pspReference);
    if (!payment) throw new Error(`LocalAdyen: no payment ${pspReference}`);
    return payment;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const raw = await readBody(req);
    if (url.pathname.startsWith('/challenge/')) return this.challengePage(req, res, url, raw);
    if (!url.pathname.startsWith('/v71/') || req.method !== 'POST') return send(res, 404, { status: 404, errorCode: '000', message: 'Not found', errorType: 'validation' });
    const path = url.pathname.slice('/v71'.length);
    const body = parseJson(raw);
    this.requests.push({ method: 'POST', path, headers: req.headers, body });
    await delay(this.options.latencyMs ?? 0);

    const answer = this.answer(path, req.headers, body);
    this.violations.push(...CheckoutContract.get().response('POST', path, answer.status, answer.body).map((v) => `answer POST ${path} ${answer.status}: ${v}`));
    if (answer.lost) return; // the connection stays open, unanswered, until the caller gives up
    send(res, answer.status, answer.body);
  }

  private answer(path: string, headers: IncomingMessage['headers'], body: unknown): StoredAnswer & { lost?: boolean } {
    const failure = this.failures.find((each) => each.left > 0 && each.path.test(path));
    if (failure) {
      failure.left -= 1;
      return failure.answer;
    }
    if (headers['x-api-key'] !== this.options.apiKey) return { status: 401, body: { status: 401, errorCode: '000', message: 'HTTP Status Response - Unauthorized', errorType: 'security' } };
    const violations = CheckoutContract.get().request('POST', path, body);
    const key = headers['idempotency-key'];
    if (typeof key === 'string' && key.length > 64) violations.push(`Idempotency-Key longer than 64 characters: ${key}`);
    if (violations.length > 0) {
      this.violations.push(...violations.map((v) => `request POST ${path}: ${v}`));
      return { status: 422, body: { status: 422, errorCode: '702', message: violations[0] ?? 'Invalid request', errorType: 'validation' } };
    }
    const replay = typeof key === 'string' ? this.answers.get(key) : undefined;
    if (replay) return replay;
    const { lost, ...decided } = this.decide(path, body);
    if (typeof key === 'string') this.answers.set(key, decided);
    return { ...decided, ...(lost ? { lost } : {}) };
  }

  private decide(path: string, body: unknown): StoredAnswer & { lost?: boolean } {
    if (path === '/payments') return this.pay(body as AdyenPaymentRequest);
    if (path === '/payments/details') return this.details(body as { details: { redirectResult?: string } });
    const refund = /^\/payments\/([^/]+)\/refunds$/.exec(path);
    if (refund) return this.refund(decodeURIComponent(refund[1] ?? ''), body as AdyenRefundRequest);
    return { status: 404, body: { status: 404, errorCode: '000', message: 'Not found', errorType: 'validation' } };
  }

  private pay(request: AdyenPaymentRequest): StoredAnswer & { lost?: boolean } {
    const pspReference = newPspReference();
    const method = request.paymentMethod;
    let answer: AdyenPaymentResponse;
    if (method.type === 'sepadirectdebit') answer = method.iban === ADYEN_REFUSED_IBAN ? { pspReference, resultCode: 'Refused', ...REFUSALS.refused } : { pspReference, resultCode: 'Received' };
    else if ('storedPaymentMethodId' in method) {
      const known = this.storedCards.get(method.storedPaymentMethodId) === request.shopperReference && request.shopperInteraction === 'ContAuth';
      answer = known ? { pspReference, resultCode: 'Authorised' } : { pspReference, resultCode: 'Refused', ...REFUSALS.refused };
    } else answer = this.cardAnswer(pspReference, method.number, request);
    answer = { ...answer, merchantReference: request.reference };
    this.payments.set(pspReference, { pspReference, request, answer, refunded: 0 });
    const lost = 'number' in method && method.number === ADYEN_TEST_CARDS.lostAnswer;
    return { status: 200, body: answer, ...(lost ? { lost } : {}) };
  }

  private cardAnswer(pspReference: string, number: string, request: AdyenPaymentRequest): AdyenPaymentResponse {
    switch (number) {
      case ADYEN_TEST_CARDS.refused: return { pspReference, resultCode: 'Refused', ...REFUSALS.refused };
      case ADYEN_TEST_CARDS.insufficientFunds: return { pspReference, resultCode: 'Refused', ...REFUSALS.insufficientFunds };
      case ADYEN_TEST_CARDS.expired: return { pspReference, resultCode: 'Refused', ...REFUSALS.expired };
      case ADYEN_TEST_CARDS.challenge: {
        const token = randomBytes(12).toString('hex');
        this.redirectResults.set(token, { pspReference, passed: false });
        return { pspReference, resultCode: 'RedirectShopper', action: { type: 'redirect', method: 'GET', url: `${this.baseUrl}/challenge/${token}`, paymentMethodType: 'scheme' } };
      }
      case ADYEN_TEST_CARDS.challengeByPost: {
        const token = randomBytes(12).toString('hex');
        this.redirectResults.set(token, { pspReference, passed: false });
        const data = { MD: token, PaReq: Buffer.from(`pareq:${pspReference}`).toString('base64'), TermUrl: request.returnUrl };
        return { pspReference, resultCode: 'RedirectShopper', action: { type: 'redirect', method: 'POST', url: `${this.baseUrl}/challenge/${token}`, data, paymentMethodType: 'scheme' } };
      }
      default: {
        if (!request.storePaymentMethod || !request.shopperReference) return { pspReference, resultCode: 'Authorised' };
        const storedPaymentMethodId = newPspReference();
        this.storedCards.set(storedPaymentMethodId, request.shopperReference);
        return {
          pspReference, resultCode: 'Authorised',
          additionalData: { 'tokenization.storedPaymentMethodId': storedPaymentMethodId, 'tokenization.shopperReference': request.shopperReference, 'tokenization.store.operationType': 'created' },
        };
      }
    }
  }

  private details(request: { details: { redirectResult?: string } }): StoredAnswer {
    const result = request.details.redirectResult ? this.redirectResults.get(request.details.redirectResult) : undefined;
    if (!result) return { status: 422, body: { status: 422, errorCode: '101', message: 'Invalid redirectResult', errorType: 'validation' } };
    const payment = this.payment(result.pspReference);
    payment.answer = result.passed
      ? { pspReference: payment.pspReference, resultCode: 'Authorised', merchantReference: payment.request.reference }
      : { pspReference: payment.pspReference, resultCode: 'Refused', merchantReference: payment.request.reference, ...REFUSALS.notAuthenticated };
    return { status: 200, body: payment.answer };
  }

  private refund(paymentPspReference: string, request: AdyenRefundRequest): StoredAnswer {
    const payment = this.payments.get(paymentPspReference);
    // A card payment Authorised, a SEPA Direct Debit Received: both refundable by their pspReference.
    if (!payment || (payment.answer.resultCode !== 'Authorised' && payment.answer.resultCode !== 'Received')) {
      return { status: 422, body: { status: 422, errorCode: '167', message: 'Original pspReference required for this operation', errorType: 'validation' } };
    }
    if (payment.refunded + request.amount.value > payment.request.amount.value) {
      return { status: 422, body: { status: 422, errorCode: '137', message: 'Invalid amount specified', errorType: 'validation' } };
    }
    payment.refunded += request.amount.value;
    const pspReference = newPspReference();
    this.refunds.set(pspReference, { paymentPspReference, request });
    return {
      status: 201,
      body: { merchantAccount: request.merchantAccount, paymentPspReference, pspReference, reference: request.reference, status: 'received', amount: request.amount },
    };
  }

  /** The 3-D Secure page: GET shows it (a form, no script), POST answers it and sends the buyer back. */
  private challengePage(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): void {
    const token = url.pathname.slice('/challenge/'.length);
    const result = this.redirectResults.get(token);
    if (!result) return void res.writeHead(404).end();
    const returnUrl = new URL(this.payment(result.pspReference).request.returnUrl);
    const fields = Object.fromEntries(new URLSearchParams(raw));
    // The buyer arrives by a link (GET) or by the form post of a POST redirect (its data, no answer yet).
    if (req.method === 'GET' || fields.result === undefined) {
      this.challengeVisits.push({ method: req.method ?? 'GET', fields });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><title>3-D Secure</title><form method="post"><button name="result" value="pass">Pass</button><button name="result" value="fail">Fail</button></form>`,
      );
      return;
    }
    result.passed = fields.result === 'pass';
    returnUrl.searchParams.set('redirectResult', token);
    res.writeHead(303, { location: returnUrl.toString() }).end();
  }
}

/** Adyen's pspReferences: 16 characters, digits and capitals. */
function newPspReference(): string {
  const alphabet = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  return Array.from(randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
