import { Type, type TSchema } from 'typebox';
import { Currency, DateTime, Nullable } from '../core/formats.js';
import { PAYOUT_ID_PATTERN, idPattern, type IdPrefix } from '../core/ids.js';
import type { EventType } from './outbox.js';

/**
 * The data of each event type, as the services record it (payments/outcomes.ts, refunds/service.ts,
 * payouts/transfer-events.ts, onboarding): documented in the OpenAPI document's webhooks section.
 */
const id = (prefix: IdPrefix) => Type.String({ pattern: idPattern(prefix) });
const Reference = Nullable(Type.String({ description: "The integrator's reference given at creation" }));
const Amount = Type.Integer({ minimum: 0, description: 'Minor units of currency' });

const PaymentData = Type.Object({
  id: id('pay'),
  status: Type.String({ description: 'The payment status at the event (captured, completed, declined, not_completed, authentication_failed…)' }),
  reference: Reference,
});
const TransferData = Type.Object({
  transfer_id: id('tra'),
  payment_id: id('pay'),
  account_id: id('acc'),
  payout_id: Nullable(Type.String({ pattern: PAYOUT_ID_PATTERN })),
  amount_minor: Amount,
  currency: Currency(),
  processing_fee: Type.Object({ amount_minor: Amount, currency: Currency() }),
  reference: Reference,
});
const RefundData = Type.Object({ refund_id: id('rfd'), payment_id: id('pay'), amount_minor: Amount, currency: Currency(), reference: Reference });
const BuyerRefundData = Type.Object({ refund_id: id('rfd'), payment_id: id('pay'), amount_minor: Amount, currency: Currency() });
const CreditorTransferData = Type.Object({
  transfer_id: id('tra'),
  refund_id: id('rfd'),
  payment_id: id('pay'),
  account_id: id('acc'),
  amount_minor: Amount,
  currency: Currency(),
  reference: Reference,
});
const ChargebackData = Type.Object({
  chargeback_id: id('chb'),
  payment_id: id('pay'),
  refund_id: Nullable(id('rfd')),
  amount_minor: Amount,
  currency: Currency(),
  reason: Nullable(Type.String({ description: "The processor's reason (for SEPA, the return reason code and text)" })),
});
const ApplicationData = Type.Object({ id: id('app'), merchant_id: id('acc'), reference: Reference });
const PayoutFailedData = Type.Object({
  payout_id: Type.String({ pattern: PAYOUT_ID_PATTERN }),
  account_id: id('acc'),
  amount_minor: Amount,
  currency: Currency(),
  reason: Nullable(Type.String({ description: "The bank's return reason (an ISO 20022 code such as AC04 closed account or AC01 wrong IBAN), or the rail's" })),
  payout_account_refused: Type.Boolean({ description: "The bank refused the account's payout account: its transfers wait until the account is changed" }),
  transfer_ids: Type.Array(id('tra'), { description: 'The transfers of the payout, waiting again for the next payout' }),
});

const DATA: Record<EventType, { summary: string; data: TSchema }> = {
  payment_succeeded: { summary: 'A payment was captured (card) or completed (SEPA)', data: PaymentData },
  payment_failed: { summary: 'A payment was declined, or a SEPA collection not completed', data: PaymentData },
  payment_authentication_failed: { summary: "The buyer failed 3-D Secure (or the bank's account verification)", data: PaymentData },
  transfer_started: { summary: "A payment's transfer to an account started", data: TransferData },
  transfer_updated: { summary: 'A transfer was included in a payout', data: TransferData },
  transfer_completed: { summary: "A transfer's payout was paid", data: TransferData },
  refund_initiated: { summary: 'A refund was created', data: RefundData },
  refund_initiated_from_buyer: { summary: 'The buyer had the payment refunded (a chargeback or a SEPA return)', data: BuyerRefundData },
  transfer_received_from_creditor: { summary: "A refund took money back from a merchant's transfer", data: CreditorTransferData },
  refund_completed: { summary: 'A refund was paid back to the buyer', data: RefundData },
  refund_failed: { summary: 'The processor reported a refund failed: its amount is refundable again', data: RefundData },
  payment_charged_back: {
    summary: "The buyer's bank took the payment's money back (a card chargeback, a SEPA return), `amount_minor` as the processor reports it: booked as the buyer's refund `refund_id`, of what was left to refund (null when nothing was)",
    data: ChargebackData,
  },
  payout_failed: { summary: 'The bank sent a payout back: its transfers wait for the next payout (an event of this product, not of the specification)', data: PayoutFailedData },
  application_started: { summary: 'The merchant opened the onboarding link', data: ApplicationData },
  application_submitted: { summary: 'The merchant submitted the application', data: ApplicationData },
  application_succeeded: { summary: 'The application was accepted', data: ApplicationData },
  application_action_required: { summary: 'The application needs corrections by the merchant', data: ApplicationData },
};

/** The body of one webhook delivery of a type: the event envelope with that type's data. */
export function webhookPayload(type: EventType) {
  const { summary, data } = DATA[type];
  return {
    summary,
    body: Type.Object({
      event_id: Type.String({ pattern: idPattern('evt') }),
      type: Type.Literal(type),
      occurred_at: DateTime(),
      data,
    }),
  };
}
