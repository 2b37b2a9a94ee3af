import type { PaymentStatus } from './states.js';
import { audienceOf, type Config } from '../core/config.js';
import type { PaymentRow } from './repository.js';
import type { MitPaymentResult } from './schemas.js';

/** Where a payment is read: GET /payments/{id} on its environment's base URL. */
export function paymentHref(config: Config, payment: Pick<PaymentRow, 'id' | 'environment'>): string {
  return `${audienceOf(config, payment.environment)}/payments/${payment.id}`;
}

/** The answer to POST /payments/authorize: the merchant-initiated payment and its outcome. */
export function mitResult(config: Config, payment: Pick<PaymentRow, 'id' | 'environment' | 'reference' | 'initial_payment_id'>, status: PaymentStatus): MitPaymentResult {
  return {
    id: payment.id,
    status: status as MitPaymentResult['status'],
    reference: payment.reference,
    initial_payment_id: payment.initial_payment_id!,
    _links: { self: { href: paymentHref(config, payment) } },
  };
}
