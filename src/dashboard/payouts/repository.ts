import type { Caller } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import { afterKeyset, type Keyset } from '../../core/pagination.js';
import type { PayoutRow } from '../../payouts/repository.js';

type Tenant = Pick<Caller, 'platformId' | 'environment'>;

export interface PayoutListFilters {
  accountId?: string;
  status?: PayoutRow['status'];
  createdFrom?: Date;
  createdBefore?: Date;
}

/** The tenant's payouts, newest first (the API lists payouts of one payment only). */
export async function listPayouts(db: Db, tenant: Tenant, filters: PayoutListFilters, limit: number, after: Keyset | undefined): Promise<PayoutRow[]> {
  let query = db.selectFrom('payouts').selectAll().where('platform_id', '=', tenant.platformId).where('environment', '=', tenant.environment);
  if (filters.accountId) query = query.where('account_id', '=', filters.accountId);
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.createdFrom) query = query.where('created_at', '>=', filters.createdFrom);
  if (filters.createdBefore) query = query.where('created_at', '<', filters.createdBefore);
  return query.where(afterKeyset(after)).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** What the payout's transfers are beyond what the API shows: the party's type, the payment's reference, and what refunds took back after the payout. */
export async function transferParties(db: Db, tenant: Tenant, payoutId: string) {
  return db
    .selectFrom('transfers')
    .innerJoin('payment_parties', (join) => join.onRef('payment_parties.payment_id', '=', 'transfers.payment_id').onRef('payment_parties.position', '=', 'transfers.position'))
    .innerJoin('payments', 'payments.id', 'transfers.payment_id')
    .select(['transfers.id', 'payment_parties.party_type', 'payments.reference as payment_reference', 'transfers.returned_minor'])
    .where('transfers.platform_id', '=', tenant.platformId)
    .where('transfers.environment', '=', tenant.environment)
    .where('transfers.payout_id', '=', payoutId)
    .execute();
}

/** The merchants whose payout account the bank refused (a returned payout), with the return reason. */
export async function refusedMerchantAccounts(db: Db, tenant: Tenant): Promise<{ accountId: string; reason: string }[]> {
  const rows = await db
    .selectFrom('applications')
    .select(['merchant_id', 'payout_account_refused'])
    .where('platform_id', '=', tenant.platformId)
    .where('environment', '=', tenant.environment)
    .where('payout_account_refused', 'is not', null)
    .orderBy('merchant_id')
    .execute();
  return rows.map((row) => ({ accountId: row.merchant_id, reason: row.payout_account_refused! }));
}
