/**
 * Why a call to Adyen did not give a usable answer.
 * - `unavailable`: no answer, a timeout, a 5xx or 429, or the same Idempotency-Key still in flight:
 *   whether the money moved is unknown; asking again with the same key is safe and tells.
 * - `refused`: Adyen refused the request (4xx): nothing moved; asking again will not help.
 * - `unexpected`: an answer this adapter cannot read (an unknown result code or action).
 */
export type AdyenErrorKind = 'unavailable' | 'refused' | 'unexpected';

export class AdyenError extends Error {
  readonly kind: AdyenErrorKind;
  readonly status: number | undefined;
  readonly errorCode: string | undefined;

  constructor(kind: AdyenErrorKind, message: string, details: { status?: number; errorCode?: string; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'AdyenError';
    this.kind = kind;
    this.status = details.status;
    this.errorCode = details.errorCode;
  }

  /** The outcome is unknown and the same call may be repeated with the same Idempotency-Key. */
  get retryable(): boolean {
    return this.kind === 'unavailable';
  }
}
