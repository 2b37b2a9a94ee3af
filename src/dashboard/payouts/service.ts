import type { Kysely } from 'kysely';
import type { Caller } from '../../core/auth.js';
import type { Tables } from '../../core/db.js';
import { ApiError, notFound } from '../../core/errors.js';
import type { PlatformPayoutAccounts } from '../../payouts/platform-account.js';
import type { PlatformPayoutAccount } from '../../payouts/schemas.js';
import type { Pager } from '../../core/pagination.js';
import type { AccountService } from '../../accounts/service.js';
import type { Account } from '../../accounts/schemas.js';
import type { PayoutService } from '../../payouts/service.js';
import type { SandboxShortcuts } from '../../sandbox/shortcuts.js';
import type { RefundService } from '../../refunds/service.js';
import type { Answer } from '../../core/idempotency.js';
import type { Refund } from '../../refunds/schemas.js';
import * as repo from './repository.js';

const PAGE_SIZE = 20;

export interface BankAccounts {
  own: PlatformPayoutAccount | undefined;
  refused: { accountId: string; reason: string }[];
}

/** Payouts and their transfers, per account, through the API's payout service; the list the API does not have from the area's repository. */
export class DashboardPayouts {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly pager: Pager,
    private readonly services: { payouts: PayoutService; accounts: AccountService; refunds: RefundService; platformAccount: PlatformPayoutAccounts; shortcuts: SandboxShortcuts },
  ) {}

  /** The platform's own payout account (masked; none yet: undefined) and the merchants' accounts the bank refused. */
  async bankAccounts(caller: Caller): Promise<BankAccounts> {
    const own = await this.services.platformAccount.get(caller).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'not_found') return undefined;
      throw error;
    });
    return { own, refused: await repo.refusedMerchantAccounts(this.db, caller) };
  }

  /** Sets the platform's payout account as PUT /platform/payout-account does; answers the problem's detail when refused. */
  async setPlatformAccount(caller: Caller, form: { iban: string; owner: string; currency: string }): Promise<string | undefined> {
    try {
      await this.services.platformAccount.set(caller, { account_number: { type: 'iban', value: form.iban }, account_owners_name: form.owner, currency: form.currency });
      return undefined;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_error') return (error.options.errors ?? []).map((field) => `${field.pointer}: ${field.detail}`).join(' · ') || error.message;
      throw error;
    }
  }

  /** One page of the caller's payouts, newest first; the cursor names the filters it was made for. */
  list(caller: Caller, filters: repo.PayoutListFilters, after: string | undefined) {
    const list = ['dashboard-payouts', caller.environment, caller.platformId, filters.accountId, filters.status, filters.createdFrom?.toISOString(), filters.createdBefore?.toISOString()].join(':');
    return this.pager.page(list, { first: PAGE_SIZE, after }, (limit, position) => repo.listPayouts(this.db, caller, filters, limit, position), (row) => row);
  }

  /** Every account of the caller's platform in its environment: its own and its merchants'. */
  async accounts(caller: Caller): Promise<Account[]> {
    const accounts: Account[] = [];
    let after: string | undefined;
    do {
      const page = await this.services.accounts.list(caller, { first: 100, after });
      accounts.push(...page.data);
      after = page.cursor;
    } while (after);
    return accounts;
  }

  /** The payout as GET /payouts/{id} shows it, each transfer with its party's type, its payment's reference and what was taken back after the payout. */
  async payout(caller: Caller, id: string) {
    const payout = await this.services.payouts.get(caller, id);
    const parties = await repo.transferParties(this.db, caller, id);
    const account = await this.services.accounts.get(caller, payout.account_id);
    const next = await this.services.shortcuts.nextSteps(caller, 'payouts', id);
    return { payout, account, transfers: payout.transfers.map((transfer) => ({ ...transfer, ...parties.find((party) => party.id === transfer.transfer_id)! })), ...(next ? { next } : {}) };
  }

  /** The sandbox's controls are not found in live, as the API's are not. */
  sandboxOnly(caller: Caller, paymentId: string): void {
    if (caller.environment !== 'sandbox') throw notFound(`Payment ${paymentId}`);
  }

  /** The buyer's bank takes the amount back (sandbox only), through the API's own buyer refund. */
  buyerRefund(caller: Caller, paymentId: string, amountMinor: number, answer?: Answer<Refund>) {
    this.sandboxOnly(caller, paymentId);
    return this.services.refunds.buyerRefund(caller, paymentId, amountMinor, answer);
  }
}
