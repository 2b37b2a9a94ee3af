import type { PlatformPayoutAccount } from '../../packages/client/src/index.js';
import { parseCommandArgs, runSubcommand, type Command } from './command.js';
import { UsageError, type CliContext } from './context.js';
import { fields } from './format.js';

function describe(account: PlatformPayoutAccount): string {
  return fields([
    ['Account', account.account_id],
    ['IBAN', account.account_number.value],
    ['Owner', account.account_owners_name],
    ['Currency', account.currency],
    ['Refused', account.refused ? `by the bank (${account.refused}): set a new account` : null],
    ['Updated', account.updated_at],
  ]);
}

async function show(args: string[], context: CliContext): Promise<number> {
  parseCommandArgs(args, {}, { min: 0, max: 0 });
  const account = await (await context.client()).accounts.payoutAccount();
  context.output(account, () => describe(account));
  return 0;
}

async function set(args: string[], context: CliContext): Promise<number> {
  const { values } = parseCommandArgs(args, { iban: { type: 'string' }, owner: { type: 'string' }, currency: { type: 'string' } }, { min: 0, max: 0 });
  if (!values.iban || !values.owner) throw new UsageError('--iban and --owner are required');
  const account = await (await context.client()).accounts.setPayoutAccount({ account_number: { type: 'iban', value: values.iban }, account_owners_name: values.owner, currency: values.currency ?? 'EUR' });
  context.output(account, () => describe(account));
  return 0;
}

export const payoutAccountCommand: Command = {
  name: 'payout-account',
  summary: "Show or set the platform's own payout account (where its share is paid out)",
  usage: `Usage:
  payments payout-account show
      The platform's payout account (IBAN masked), and whether the bank refused it.
  payments payout-account set --iban IBAN --owner NAME [--currency EUR]
      Sets it (a new one clears a refusal). Until it is set, on a payout rail paying bank accounts
      (sepa_file) the platform's share of the payments waits.`,
  run: (args, context) => runSubcommand(args, context, { show, set }),
};
