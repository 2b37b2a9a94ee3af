import type { Problem } from './types.js';

export type ProblemCode = Problem['code'];
export type FieldError = NonNullable<Problem['errors']>[number];

/** An error answer of the API (RFC 9457 problem+json), with its fields at hand. */
export class PaymentsApiError extends Error {
  override readonly name = 'PaymentsApiError';
  /** The HTTP status. */
  readonly status: number;
  /** The stable error code (`validation_error`, `not_found`, `invalid_client`…); match on it, not on the message. */
  readonly code: ProblemCode | (string & {});
  /** Quote it to the platform's support: it finds the request in the logs. */
  readonly trace_id: string | undefined;
  /** Every bad field (JSON Pointer, a stable code and what is wrong), for a validation error. */
  readonly errors: FieldError[];
  readonly title: string | undefined;
  readonly detail: string | undefined;
  /** The problem document as answered (or the answer's text when it was not one). */
  readonly problem: Partial<Problem> & Record<string, unknown>;

  constructor(status: number, problem: Partial<Problem> & Record<string, unknown>) {
    super(problem.detail ?? problem.title ?? `HTTP ${status}`);
    this.status = status;
    this.code = problem.code ?? (typeof problem.error === 'string' ? problem.error : `http_${status}`);
    this.trace_id = problem.trace_id;
    this.errors = problem.errors ?? [];
    this.title = problem.title;
    this.detail = problem.detail;
    this.problem = problem;
  }
}

/** The server could not be reached (refused, DNS, reset…): no answer at all. */
export class PaymentsConnectionError extends Error {
  override readonly name = 'PaymentsConnectionError';
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`Cannot reach ${url}: ${describeCause(cause)}`, { cause });
  }
}

function describeCause(cause: unknown): string {
  const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause : cause;
  if (inner instanceof Error) return inner.message;
  return String(inner);
}

/** A webhook whose signature, timestamp or headers do not hold: do not trust its body. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}
