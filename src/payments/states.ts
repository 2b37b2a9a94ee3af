import { ApiError } from '../core/errors.js';

/**
 * A payment's statuses and the moves between them, in one place: every writer of a payment's
 * status goes through `moveTo`, and the column holds only these values (migration 0022's CHECK).
 */
export const PAYMENT_STATUSES = ['initiated', 'started', 'authorized', 'captured', 'completed', 'declined', 'not_completed', 'authentication_failed', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where the buyer may still act on the page; such a payment is canceled when it expires. */
export const OPEN_STATUSES: ReadonlySet<PaymentStatus> = new Set(['initiated', 'started', 'authentication_failed']);
/** The money arrived: a card captured, a SEPA collection settled. Refundable; an initial payment's credential is usable. */
export const SUCCEEDED_STATUSES: ReadonlySet<PaymentStatus> = new Set(['captured', 'completed']);
/** Nothing changes any more. */
export const FINAL_STATUSES: ReadonlySet<PaymentStatus> = new Set(['captured', 'completed', 'declined', 'not_completed', 'canceled']);
/** The buyer's part is over (the page's workflow is complete): the final statuses, and a SEPA payment authorized and collecting. */
export const BUYER_DONE_STATUSES: ReadonlySet<PaymentStatus> = new Set([...FINAL_STATUSES, 'authorized']);
/** Succeeded as the buyer sees it: the money arrived, or a SEPA mandate's collection is under way. */
export const BUYER_SUCCEEDED_STATUSES: ReadonlySet<PaymentStatus> = new Set([...SUCCEEDED_STATUSES, 'authorized']);

/** What an authorization's outcome may make of an open payment (a card's, a SEPA collection's, a merchant-initiated charge's). */
const AUTHORIZATION_OUTCOMES: PaymentStatus[] = ['started', 'authorized', 'captured', 'declined', 'not_completed', 'authentication_failed', 'canceled'];

/** The moves allowed from each status; a status may stay what it is only where listed. */
const TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  initiated: AUTHORIZATION_OUTCOMES,
  started: AUTHORIZATION_OUTCOMES,
  authentication_failed: AUTHORIZATION_OUTCOMES,
  authorized: ['completed', 'not_completed'],
  captured: [],
  completed: [],
  declined: [],
  not_completed: [],
  canceled: [],
};

export function canMove(from: PaymentStatus, to: PaymentStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The patch that moves the payment to `to`; a move the table does not allow is a 409 and changes nothing. */
export function moveTo(payment: { id: string; status: PaymentStatus }, to: PaymentStatus): { status: PaymentStatus } {
  if (!canMove(payment.status, to)) throw new ApiError('conflict', { detail: `Payment ${payment.id} is ${payment.status}; it cannot become ${to}` });
  return { status: to };
}
