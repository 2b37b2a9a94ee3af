import { isSEPACountry } from 'ibantools';
import type { Caller } from '../core/auth.js';
import type { EnvironmentClock } from '../core/clock.js';
import type { Db } from '../core/db.js';
import { invalidFields, notFound, type FieldError } from '../core/errors.js';
import { maskIban } from '../core/formats.js';
import { formatDateTime } from '../core/time.js';
import { checkIban } from '../onboarding/rules.js';
import type { PlatformPayoutAccount, PlatformPayoutAccountBody } from './schemas.js';

/**
 * The platform's own payout account, for its share of the payments (its own transfers): on a
 * payout rail that pays bank accounts (sepa_file) the platform's transfers wait until it is set,
 * as a merchant's do until its onboarding gives one. Setting it again clears a refusal by the bank.
 */
export class PlatformPayoutAccounts {
  constructor(
    private readonly db: Db,
    private readonly clock: EnvironmentClock,
    private readonly currencies: readonly string[],
  ) {}

  async get(caller: Caller): Promise<PlatformPayoutAccount> {
    const row = await this.db.selectFrom('platform_payout_accounts').selectAll().where('platform_id', '=', caller.platformId).where('environment', '=', caller.environment).executeTakeFirst();
    if (!row) throw notFound("The platform's payout account");
    return { account_id: row.platform_id, account_number: { type: 'iban', value: maskIban(row.iban) }, account_owners_name: row.owner_name, currency: row.currency, refused: row.refused, updated_at: formatDateTime(row.updated_at) };
  }

  async set(caller: Caller, body: PlatformPayoutAccountBody): Promise<PlatformPayoutAccount> {
    const iban = this.checked(body);
    const row = { platform_id: caller.platformId, environment: caller.environment, iban, owner_name: body.account_owners_name, currency: body.currency, refused: null, updated_at: this.clock.now(caller.environment, caller.platformId) };
    await this.db
      .insertInto('platform_payout_accounts')
      .values(row)
      .onConflict((conflict) => conflict.columns(['platform_id', 'environment']).doUpdateSet({ iban: row.iban, owner_name: row.owner_name, currency: row.currency, refused: null, updated_at: row.updated_at }))
      .execute();
    return this.get(caller);
  }

  private checked(body: PlatformPayoutAccountBody): string {
    const errors: FieldError[] = [];
    const iban = checkIban(body.account_number.value);
    if ('problem' in iban) errors.push({ pointer: '/account_number/value', ...iban.problem });
    else if (body.currency === 'EUR' && !isSEPACountry(iban.iban.slice(0, 2))) errors.push({ pointer: '/account_number/value', code: 'iban_not_sepa', detail: 'must be an account in the SEPA area for payouts in EUR' });
    if (!this.currencies.includes(body.currency)) errors.push({ pointer: '/currency', code: 'currency_not_supported', detail: `must be one of ${this.currencies.join(', ')}` });
    if (errors.length > 0) throw invalidFields(errors);
    return 'iban' in iban ? iban.iban : '';
  }
}
