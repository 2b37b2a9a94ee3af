import { Type, type Static } from 'typebox';
import { DateTime, Nullable, StringEnum } from '../../core/formats.js';
import { ENVIRONMENTS } from '../../core/config.js';

export const PayoutFile = Type.Object({
  id: Type.String({ description: 'The pain.001 message id (MsgId), unique for ever' }),
  environment: StringEnum(ENVIRONMENTS),
  created_at: DateTime(),
  payout_count: Type.Integer({ description: 'NbOfTxs: one credit transfer per payout' }),
  control_sum_minor: Type.Integer({ description: 'CtrlSum in minor units: the sum of the payouts' }),
  currency: Type.String(),
  status: StringEnum(['written', 'pending'] as const, { description: 'pending: claimed at the cut-off, its XML not written yet (it will be, once)' }),
  _links: Type.Object({ download: Type.Object({ href: Type.String() }) }),
});
export type PayoutFile = Static<typeof PayoutFile>;

export const ListLimit = Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'At most this many, newest first' });
export const PayoutFileQuery = Type.Object({ environment: Type.Optional(StringEnum(ENVIRONMENTS)), limit: Type.Optional(ListLimit) }, { additionalProperties: false });
export const PayoutFileList = Type.Object({ data: Type.Array(PayoutFile) });
export const PayoutFileParams = Type.Object({ file_id: Type.String({ minLength: 1, maxLength: 35 }) });

export const StatementImportResult = Type.Object({
  statement_id: Type.String(),
  duplicate: Type.Boolean({ description: 'The same statement (the same content, or the same message id on the same account) was imported before: nothing changed' }),
  entries: Type.Integer(),
  paid: Type.Integer({ description: 'Payouts the statement books as paid' }),
  returned: Type.Integer({ description: 'Payouts it reports returned: failed, their transfers waiting again, the payout account refused' }),
  exceptions: Type.Integer({ description: 'Entries kept for the operator: matching no payout, or not its amount' }),
});

export const StatementException = Type.Object({
  id: Type.String(),
  statement_id: Type.String(),
  reason: StringEnum(['no_end_to_end_id', 'unknown_end_to_end_id', 'amount_differs', 'currency_differs', 'unexplained_credit', 'repeated_for_payout'] as const),
  end_to_end_id: Nullable(Type.String()),
  amount_minor: Type.Integer(),
  currency: Type.String(),
  credit_debit: StringEnum(['CRDT', 'DBIT'] as const),
  booking_date: Nullable(Type.String()),
  created_at: DateTime(),
});
export const StatementExceptionQuery = Type.Object({ limit: Type.Optional(ListLimit) }, { additionalProperties: false });
export const StatementExceptionList = Type.Object({ data: Type.Array(StatementException) });
