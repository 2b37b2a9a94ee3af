import { isSEPACountry, isValidBIC } from 'ibantools';
import { ENVIRONMENTS, type Environment } from '../../core/config.js';
import { checkIban } from '../../onboarding/rules.js';
import { toSepaText } from './charset.js';

/** How an environment's payouts reach the merchants: the built-in simulator, or pain.001 files for the operator's bank. */
export type PayoutRail = 'simulator' | 'sepa_file';
const RAILS: readonly PayoutRail[] = ['simulator', 'sepa_file'];

/** The operator's own account the credit transfers are paid from. */
export interface PayoutDebtor {
  /** As written in the files: in the SEPA character set, at most 70 characters. */
  name: string;
  /** Electronic format: uppercase, no spaces. */
  iban: string;
  /** Uppercase; without it the files say NOTPROVIDED, as the EPC allows within the EEA. */
  bic: string | undefined;
}

export interface PayoutRailSettings {
  rails: Record<Environment, PayoutRail>;
  /** Set when an environment uses `sepa_file`. */
  debtor: PayoutDebtor | undefined;
}

type Env = Readonly<Record<string, string | undefined>>;

const DEBTOR_NAME_MAX = 70;

/**
 * PAYOUT_RAIL (simulator by default or sepa_file), overridden per environment by LIVE_PAYOUT_RAIL
 * and SANDBOX_PAYOUT_RAIL, and the debtor account (PAYOUT_DEBTOR_NAME, PAYOUT_DEBTOR_IBAN,
 * PAYOUT_DEBTOR_BIC optional) that `sepa_file` needs. Throws one line naming every missing or bad value.
 */
export function payoutRailSettings(env: Env): PayoutRailSettings {
  const problems: string[] = [];
  const rail = (name: string, fallback: PayoutRail): PayoutRail => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if ((RAILS as readonly string[]).includes(raw)) return raw as PayoutRail;
    problems.push(`${name} must be ${RAILS.join(' or ')}, got "${raw}"`);
    return fallback;
  };
  const base = rail('PAYOUT_RAIL', 'simulator');
  const rails = Object.fromEntries(ENVIRONMENTS.map((environment) => [environment, rail(`${environment.toUpperCase()}_PAYOUT_RAIL`, base)])) as Record<Environment, PayoutRail>;
  const debtor = Object.values(rails).includes('sepa_file') ? readDebtor(env, problems) : undefined;
  if (problems.length > 0) throw new Error(`Payout rail settings: ${problems.join('; ')}`);
  return { rails, debtor };
}

function readDebtor(env: Env, problems: string[]): PayoutDebtor {
  const raw = env.PAYOUT_DEBTOR_NAME?.trim() ?? '';
  const name = toSepaText(raw);
  if (raw === '') problems.push('PAYOUT_DEBTOR_NAME is missing (the sepa_file payout rail needs it)');
  else if (name === '') problems.push("PAYOUT_DEBTOR_NAME has no character of the SEPA set (a-z A-Z 0-9 / - ? : ( ) . , ' + space)");
  else if (name.length > DEBTOR_NAME_MAX) problems.push(`PAYOUT_DEBTOR_NAME must be at most ${DEBTOR_NAME_MAX} characters, has ${name.length}`);
  return { name, iban: readDebtorIban(env.PAYOUT_DEBTOR_IBAN, problems), bic: readDebtorBic(env.PAYOUT_DEBTOR_BIC, problems) };
}

function readDebtorIban(raw: string | undefined, problems: string[]): string {
  if (!raw?.trim()) {
    problems.push('PAYOUT_DEBTOR_IBAN is missing (the sepa_file payout rail needs it)');
    return '';
  }
  const checked = checkIban(raw);
  if ('problem' in checked) problems.push(`PAYOUT_DEBTOR_IBAN ${checked.problem.detail}`);
  else if (!isSEPACountry(checked.iban.slice(0, 2))) problems.push('PAYOUT_DEBTOR_IBAN must be an account in a SEPA country');
  return 'iban' in checked ? checked.iban : '';
}

function readDebtorBic(raw: string | undefined, problems: string[]): string | undefined {
  const bic = raw?.trim().toUpperCase();
  if (!bic) return undefined;
  if (!isValidBIC(bic)) problems.push(`PAYOUT_DEBTOR_BIC is not a BIC (8 or 11 characters: bank, country, location, branch), got "${raw}"`);
  return bic;
}
