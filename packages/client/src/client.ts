import { randomUUID } from 'node:crypto';
import { PaymentsApiError } from './errors.js';
import { PageIterator, type Page } from './paging.js';
import { TokenManager } from './tokens.js';
import { Transport, type Answer } from './transport.js';
import type * as T from './types.js';
import { verifyWebhook, type WebhookHeaders } from './webhooks.js';

export type Environment = 'sandbox' | 'live';

export interface ClientOptions {
  /** The server's base URL, e.g. https://api.example.com (the live API is there, the sandbox's under /sandbox). */
  baseUrl: string;
  /** sandbox (the default) or live: which API the calls and the token are for. */
  environment?: Environment;
  clientId?: string;
  clientSecret?: string;
  /** The token's audience, when the server's public URL differs from baseUrl; by default the environment's API URL. */
  audience?: string;
  /** Narrower scopes than the client's, space-separated. */
  scope?: string;
  /** A ready access token instead of client credentials (never refreshed). */
  accessToken?: string;
  /** The webhook signing secret (whsec_…), for webhooks.verify without a secret argument. */
  webhookSecret?: string;
  /** A fetch of your own (proxies, tests). */
  fetch?: typeof fetch;
  /** Milliseconds since the epoch, for token expiry (tests). */
  now?: () => number;
}

/** What a creation takes besides its body. */
export interface CreateOptions {
  /** Sent as Idempotency-Key; a fresh UUID by default. Reuse it to retry the same creation safely. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export type RequestOptions<P extends T.ApiPath, M extends T.HttpMethod> = {
  /** The path's {placeholders}. */
  params?: T.PathParamsOf<P, M>;
  query?: T.QueryOf<P, M>;
  body?: T.BodyOf<P, M>;
  /** Sent as Idempotency-Key on a POST; a fresh UUID by default. */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

interface UntypedOptions {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The platform API, typed from its OpenAPI document. Tokens are fetched, cached and refreshed on
 * their own; every POST carries an Idempotency-Key; lists iterate across pages; error answers throw
 * PaymentsApiError.
 */
export class PaymentsClient {
  readonly environment: Environment;
  /** The server's base URL and the environment's API URL. */
  readonly baseUrl: string;
  readonly apiUrl: string;
  /** The audience of its tokens. */
  readonly audience: string;
  private readonly transport: Transport;
  private readonly tokens: TokenManager | undefined;

  constructor(private readonly options: ClientOptions) {
    this.environment = options.environment ?? 'sandbox';
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiUrl = this.environment === 'live' ? this.baseUrl : `${this.baseUrl}/sandbox`;
    this.audience = options.audience ?? this.apiUrl;
    this.transport = new Transport(this.baseUrl, this.apiUrl, options.fetch ?? globalThis.fetch);
    if (options.clientId && options.clientSecret) {
      const credentials = { clientId: options.clientId, clientSecret: options.clientSecret, audience: this.audience, scope: options.scope };
      this.tokens = new TokenManager(this.transport, credentials, options.now ?? Date.now);
    } else if (!options.accessToken) {
      throw new TypeError('PaymentsClient needs clientId and clientSecret, or an accessToken');
    }
  }

  /** An access token for this environment (cached; fetched when none is fresh). */
  async accessToken(): Promise<string> {
    return this.tokens ? this.tokens.token() : this.options.accessToken!;
  }

  /** Any operation of the OpenAPI document, with its answer (status, headers, body). */
  async send<P extends T.ApiPath, M extends T.MethodOf<P>>(method: M, path: P, options: RequestOptions<P, M> = {}): Promise<Answer<T.ResponseOf<P, M>>> {
    return this.exchange(method, path, options as UntypedOptions);
  }

  /** Any operation of the OpenAPI document, answered with its body. */
  async request<P extends T.ApiPath, M extends T.MethodOf<P>>(method: M, path: P, options: RequestOptions<P, M> = {}): Promise<T.ResponseOf<P, M>> {
    return (await this.send(method, path, options)).data;
  }

  private async exchange<R>(method: T.HttpMethod, path: string, options: UntypedOptions): Promise<Answer<R>> {
    const url = this.transport.url(fillPath(path, options.params));
    const headers: Record<string, string> = { ...options.headers };
    if (method === 'POST') headers['idempotency-key'] = options.idempotencyKey ?? randomUUID();
    const attempt = async (token: string) =>
      this.transport.send<R>(method, url, { query: options.query, body: options.body, signal: options.signal, headers: { ...headers, authorization: `Bearer ${token}` } });
    const token = await this.accessToken();
    try {
      return await attempt(token);
    } catch (error) {
      // A token revoked, expired early or issued before a key rotation: refetch it once and retry.
      if (!(error instanceof PaymentsApiError) || error.status !== 401 || !this.tokens) throw error;
      this.tokens.invalidate(token);
      return attempt(await this.tokens.token());
    }
  }

  private list<Item>(path: T.ApiPath, query: object | undefined): PageIterator<Item> {
    return new PageIterator<Item>(async (after) => (await this.exchange<Page<Item>>('GET', path, { query: { ...query, ...(after ? { after } : {}) } })).data);
  }

  private async create<R>(path: T.ApiPath, body: unknown, options: CreateOptions = {}, params?: Record<string, string>): Promise<R> {
    return (await this.exchange<R>('POST', path, { body, params, ...options })).data;
  }

  readonly payments = {
    create: (body: T.CreatePayment, options?: CreateOptions): Promise<T.PaymentCreated> => this.create('/payments', body, options),
    /** A merchant-initiated payment of a series (cit_mode merchant_initiated). */
    authorize: (body: T.AuthorizePayment, options?: CreateOptions): Promise<T.ResponseOf<'/payments/authorize', 'POST'>> => this.create('/payments/authorize', body, options),
    get: (paymentId: string): Promise<T.Payment> => this.request('GET', '/payments/{payment_id}', { params: { payment_id: paymentId } }),
    /** The PNG of a QR code that opens the payment page. */
    qrCode: async (paymentId: string): Promise<Uint8Array> => (await this.exchange<Uint8Array>('GET', '/payments/{payment_id}/qr-code', { params: { payment_id: paymentId } })).data,
    list: (query?: Omit<T.PaymentListQuery, 'after'>) => this.list<T.PaymentSummary>('/payments', query),
  };

  readonly refunds = {
    create: (body: T.CreateRefund, options?: CreateOptions): Promise<T.Refund> => this.create('/refunds', body, options),
    get: (refundId: string): Promise<T.Refund> => this.request('GET', '/refunds/{refund_id}', { params: { refund_id: refundId } }),
    list: (query?: Omit<T.RefundListQuery, 'after'>) => this.list<T.Refund>('/refunds', query),
  };

  readonly events = {
    get: (eventId: string): Promise<T.EventDetail> => this.request('GET', '/events/{event_id}', { params: { event_id: eventId } }),
    list: (query?: Omit<T.EventListQuery, 'after'>) => this.list<T.EventSummary>('/events', query),
    /** Delivers the event to the webhook URL again, now. */
    redeliver: (eventId: string, options?: CreateOptions): Promise<T.EventDetail> => this.create('/events/{event_id}/redeliver', undefined, options, { event_id: eventId }),
  };

  readonly webhooks = {
    /** The current signing secret (and until when the previous one still signs). */
    secret: (): Promise<T.WebhookSecret> => this.request('GET', '/webhook-secret'),
    rotateSecret: (options?: CreateOptions): Promise<T.WebhookSecret> => this.create('/webhook-secret/rotate', undefined, options),
    /** Checks a received webhook's Standard Webhooks signature and answers its event; throws WebhookVerificationError. */
    verify: (body: string | Uint8Array, headers: WebhookHeaders, secret = this.options.webhookSecret): T.WebhookEvent => {
      if (!secret) throw new TypeError('webhooks.verify needs the signing secret (argument or webhookSecret option)');
      return verifyWebhook(body, headers, secret);
    },
  };

  readonly payouts = {
    get: (payoutId: string): Promise<T.Payout> => this.request('GET', '/payouts/{payout_id}', { params: { payout_id: payoutId } }),
    /** The payouts carrying a payment's transfers (payment_id is required). */
    list: (query: Omit<T.PayoutListQuery, 'after'>) => this.list<T.Payout>('/payouts', query),
  };

  readonly applications = {
    create: (body: T.CreateApplication, options?: CreateOptions): Promise<T.ResponseOf<'/applications', 'POST'>> => this.create('/applications', body, options),
    get: (applicationId: string): Promise<T.Application> => this.request('GET', '/applications/{application_id}', { params: { application_id: applicationId } }),
    list: (query?: Omit<T.ApplicationListQuery, 'after'>) => this.list<T.Application>('/applications', query),
    link: (applicationId: string, options?: CreateOptions): Promise<T.ResponseOf<'/applications/{application_id}/link', 'POST'>> =>
      this.create('/applications/{application_id}/link', undefined, options, { application_id: applicationId }),
  };

  readonly accounts = {
    get: (accountId: string): Promise<T.Account> => this.request('GET', '/accounts/{account_id}', { params: { account_id: accountId } }),
    list: (query?: Omit<T.AccountListQuery, 'after'>) => this.list<T.Account>('/accounts', query),
    branding: (accountId: string): Promise<T.Branding> => this.request('GET', '/accounts/{account_id}/branding', { params: { account_id: accountId } }),
    setBranding: (accountId: string, update: T.BrandingUpdate): Promise<T.Branding> =>
      this.request('PATCH', '/accounts/{account_id}/branding', { params: { account_id: accountId }, body: update }),
    /** The platform's own payout account (masked), where its share is paid out. */
    payoutAccount: (): Promise<T.PlatformPayoutAccount> => this.request('GET', '/platform/payout-account'),
    setPayoutAccount: (account: T.PlatformPayoutAccountBody): Promise<T.PlatformPayoutAccount> => this.request('PUT', '/platform/payout-account', { body: account }),
  };

  /** Sandbox controls (the live API answers them 404). */
  readonly sandbox = {
    clock: {
      show: (): Promise<T.ClockTime> => this.request('GET', '/simulations/clock'),
      /** Moves this platform's sandbox clock forward (no other platform's); what comes due (settlements, refunds, retries) runs before the answer. */
      advance: (seconds: number, options?: CreateOptions): Promise<T.ClockMoved> => this.create('/simulations/clock/advance', { seconds }, options),
    },
    /** This platform's webhook faults: duplicates, reordering, delays, in chosen proportions (all 0: off). */
    webhookFaults: {
      show: (): Promise<T.WebhookFaults> => this.request('GET', '/simulations/webhook-faults'),
      /** Sets every fault at once; a field left out is 0. */
      set: (faults: T.WebhookFaultsInput): Promise<T.WebhookFaults> => this.request('PUT', '/simulations/webhook-faults', { body: faults }),
    },
    runPayouts: (options?: CreateOptions): Promise<T.ResponseOf<'/simulations/payouts/run', 'POST'>> => this.create('/simulations/payouts/run', undefined, options),
    completeRefund: (refundId: string, options?: CreateOptions): Promise<T.Refund> => this.create('/simulations/refunds/{refund_id}/complete', undefined, options, { refund_id: refundId }),
    buyerRefund: (paymentId: string, body: T.BodyOf<'/simulations/payments/{payment_id}/buyer-refund', 'POST'>, options?: CreateOptions): Promise<T.Refund> =>
      this.create('/simulations/payments/{payment_id}/buyer-refund', body, options, { payment_id: paymentId }),
    decideApplication: (
      applicationId: string,
      body: T.BodyOf<'/simulations/applications/{application_id}/decision', 'POST'>,
      options?: CreateOptions,
    ): Promise<T.ResponseOf<'/simulations/applications/{application_id}/decision', 'POST'>> =>
      this.create('/simulations/applications/{application_id}/decision', body, options, { application_id: applicationId }),
  };
}
