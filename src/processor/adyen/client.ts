import { AdyenError } from './errors.js';
import type {
  AdyenPaymentDetailsRequest, AdyenPaymentRequest, AdyenPaymentResponse, AdyenRefundRequest, AdyenRefundResponse, AdyenServiceError,
} from './wire.js';

export interface AdyenClientOptions {
  /** ADYEN_CHECKOUT_URL, version included (…/v71), no trailing slash. */
  checkoutUrl: string;
  apiKey: string;
  /** How long a call may take before it counts as unanswered (default 30 s; Adyen's own clients wait 60 s). */
  timeoutMs?: number;
  /** For tests: the fetch to use. */
  fetch?: typeof fetch;
}

/** The three Checkout API calls the adapter makes; each carries its own Idempotency-Key. */
export interface AdyenCheckoutClient {
  payments(request: AdyenPaymentRequest, idempotencyKey: string): Promise<AdyenPaymentResponse>;
  paymentsDetails(request: AdyenPaymentDetailsRequest, idempotencyKey: string): Promise<AdyenPaymentResponse>;
  refund(paymentPspReference: string, request: AdyenRefundRequest, idempotencyKey: string): Promise<AdyenRefundResponse>;
}

/** Adyen's errorCode for "the request with this Idempotency-Key is still being processed". */
const IDEMPOTENT_REQUEST_IN_FLIGHT = '704';

export function adyenCheckoutClient(options: AdyenClientOptions): AdyenCheckoutClient {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function post<T>(path: string, body: object, idempotencyKey: string): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await send(`${options.checkoutUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': options.apiKey, 'idempotency-key': idempotencyKey },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (cause) {
      // Not answered in time, or the answer cut off: whether Adyen acted is unknown.
      throw new AdyenError('unavailable', `POST ${path}: no answer (${(cause as Error).name})`, { cause });
    }
    if (response.ok) return parse<T>(path, text);
    throw failure(path, response.status, text);
  }

  return {
    payments: (request, key) => post('/payments', request, key),
    paymentsDetails: (request, key) => post('/payments/details', request, key),
    refund: (psp, request, key) => post(`/payments/${encodeURIComponent(psp)}/refunds`, request, key),
  };
}

function parse<T>(path: string, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new AdyenError('unexpected', `POST ${path}: an answer that is not JSON`, { cause });
  }
}

function failure(path: string, status: number, text: string): AdyenError {
  let error: AdyenServiceError = {};
  try {
    error = JSON.parse(text) as AdyenServiceError;
  } catch {
    // A proxy's error page: the status alone tells.
  }
  const errorCode = error.errorCode;
  // Adyen's message names the field at fault, never the card's data; the API key is never in it.
  const message = `POST ${path}: ${status}${errorCode ? ` ${errorCode}` : ''}${error.message ? ` ${error.message}` : ''}`;
  const retryable = status >= 500 || status === 429 || errorCode === IDEMPOTENT_REQUEST_IN_FLIGHT;
  return new AdyenError(retryable ? 'unavailable' : 'refused', message, { status, ...(errorCode ? { errorCode } : {}) });
}
