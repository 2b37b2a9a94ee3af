import type { Payment, PaymentSummary } from '../../packages/client/src/index.js';
import { parseCommandArgs, positiveInteger, runSubcommand, type Command } from './command.js';
import { UsageError, type CliContext } from './context.js';
import { fields, money, table } from './format.js';

const STATUSES = ['initiated', 'started', 'authorized', 'captured', 'completed', 'declined', 'not_completed', 'authentication_failed', 'canceled'] as const;
type Status = (typeof STATUSES)[number];

async function list(args: string[], context: CliContext): Promise<number> {
  const { values } = parseCommandArgs(args, { status: { type: 'string' }, reference: { type: 'string' }, limit: { type: 'string' } }, { min: 0, max: 0 });
  if (values.status !== undefined && !STATUSES.includes(values.status as Status)) throw new UsageError(`--status must be one of ${STATUSES.join(', ')}`);
  const limit = positiveInteger(values.limit, '--limit', 20);
  const client = await context.client();
  const payments = await client.payments.list({ status: values.status as Status | undefined, reference: values.reference, first: Math.min(limit, 100) }).toArray(limit);
  context.output(payments, () =>
    table<PaymentSummary>(payments, [
      { header: 'ID', value: (payment) => payment.id },
      { header: 'STATUS', value: (payment) => payment.status },
      { header: 'AMOUNT', value: (payment) => money(payment.amount_minor, payment.currency), right: true },
      { header: 'METHOD', value: (payment) => payment.payment_method.type },
      { header: 'REFERENCE', value: (payment) => payment.reference },
      { header: 'INITIATED', value: (payment) => payment.initiated_at },
    ]),
  );
  return 0;
}

function describe(payment: Payment): string {
  const merchants = payment.routing.merchants.map((merchant) => `${merchant.id} ${money(merchant.amount_minor, payment.currency)}`).join(', ');
  return fields([
    ['ID', payment.id],
    ['Status', payment.status],
    ['Amount', money(payment.amount_minor, payment.currency)],
    ['Method', payment.payment_method.type],
    ['Reference', payment.reference],
    ['Description', payment.description],
    ['Initiated', payment.initiated_at],
    ['Expires', payment.expires_at],
    ['Processing fee', payment.processing_fee ? money(payment.processing_fee.amount_minor, payment.processing_fee.currency) : null],
    ['Platform share', money(payment.routing.platform.amount_minor, payment.currency)],
    ['Merchants', merchants || null],
    ['Mode', payment.cit_mode],
    ['Payment page', payment._links.hosted_page?.href],
  ]);
}

async function show(args: string[], context: CliContext): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, { min: 1, max: 1 });
  const payment = await (await context.client()).payments.get(positionals[0]!);
  context.output(payment, () => describe(payment));
  return 0;
}

export const paymentsCommand: Command = {
  name: 'payments',
  summary: 'List payments, show one',
  usage: `Usage:
  payments payments list [--status STATUS] [--reference REF] [--limit N]
      Newest first, N of them (default 20; pages are followed). STATUS: ${STATUSES.join(', ')}.
  payments payments show PAYMENT_ID

--json prints the API's objects.`,
  run: (args, context) => runSubcommand(args, context, { list, show }),
};
