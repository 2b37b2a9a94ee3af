import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import type { Caller } from '../core/auth.js';
import type { Environment } from '../core/config.js';
import type { Db, PayoutsTable, Tables } from '../core/db.js';
import { afterKeyset, type Keyset } from '../core/pagination.js';
import type { TransferRow } from '../payments/repository.js';

export type PayoutRow = Selectable<PayoutsTable>;
type Tenant = Pick<Caller, 'platformId' | 'environment'>;

export interface DueScope {
  environment: Environment;
  /**
   * One platform's payouts (the sandbox's on-demand run, a platform's own sandbox cut-off), or every
   * platform's (the environment's cut-off; in the sandbox, but those with a clock of their own,
   * whose cut-off runs on it).
   */
  platformId?: string;
}

/** What the environment's payout rail can pay: to known bank accounts only (the platform's too), in these currencies only. */
export interface RailLimits {
  needsBankAccounts: boolean;
  currencies?: readonly string[] | undefined;
}

/**
 * The transfers due for payout at `at`, locked: not yet paid out, something to send, and to an
 * account that may receive payouts (the platform's own, or a merchant whose application succeeded
 * and that has a payout account the bank has not refused). On a rail that needs bank accounts the
 * platform's own share waits for its payout account. Transfers a refund holds are skipped until the next run.
 */
export async function lockDueTransfers(trx: Db, scope: DueScope, at: Date, rail: RailLimits): Promise<TransferRow[]> {
  const platformPaid = (eb: ExpressionBuilder<Tables, 'transfers'>) => {
    const own = eb('account_id', '=', eb.ref('platform_id'));
    if (!rail.needsBankAccounts) return own;
    const account = eb
      .selectFrom('platform_payout_accounts')
      .select(sql`1`.as('one'))
      .whereRef('platform_payout_accounts.platform_id', '=', 'transfers.platform_id')
      .whereRef('platform_payout_accounts.environment', '=', 'transfers.environment')
      .where('platform_payout_accounts.refused', 'is', null);
    return eb.and([own, eb.exists(account)]);
  };
  let query = trx
    .selectFrom('transfers')
    .selectAll()
    .where('environment', '=', scope.environment)
    .where('payout_id', 'is', null)
    .where('amount_minor', '>', 0)
    .where('created_at', '<=', at)
    .where((eb) =>
      eb.or([
        platformPaid(eb),
        eb.exists(
          eb
            .selectFrom('applications')
            .select(sql`1`.as('one'))
            .whereRef('applications.merchant_id', '=', 'transfers.account_id')
            .where('applications.status', '=', 'succeeded')
            .where('applications.payout_account', 'is not', null)
            .where('applications.payout_account_refused', 'is', null),
        ),
      ]),
    );
  if (scope.platformId) query = query.where('platform_id', '=', scope.platformId);
  else if (scope.environment === 'sandbox') {
    query = query.where((eb) => eb.not(eb.exists(eb.selectFrom('platform_clocks').select(sql`1`.as('one')).whereRef('platform_clocks.platform_id', '=', 'transfers.platform_id'))));
  }
  if (rail.currencies) query = query.where('currency', 'in', [...rail.currencies]);
  return query.orderBy('created_at').orderBy('id').forUpdate().skipLocked().execute();
}

export async function insertPayout(trx: Db, payout: Insertable<PayoutsTable>, transferIds: string[]): Promise<void> {
  await trx.insertInto('payouts').values(payout).execute();
  await trx.updateTable('transfers').set({ payout_id: payout.id }).where('id', 'in', transferIds).execute();
}

export async function findPayout(db: Db, tenant: Tenant, id: string): Promise<PayoutRow | undefined> {
  return db.selectFrom('payouts').selectAll().where('environment', '=', tenant.environment).where('platform_id', '=', tenant.platformId).where('id', '=', id).executeTakeFirst();
}

export async function payoutById(db: Db, id: string): Promise<PayoutRow | undefined> {
  return db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockPayout(trx: Db, id: string): Promise<PayoutRow | undefined> {
  return trx.selectFrom('payouts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface PayoutAccountRow {
  iban: string;
  ownerName: string;
}

/** The payout accounts of these accounts of a platform, as onboarding (merchants) or the platform (its own) gave them. */
export async function payoutAccounts(trx: Db, environment: Environment, platformId: string, accountIds: string[]): Promise<Map<string, PayoutAccountRow>> {
  const accounts = new Map<string, PayoutAccountRow>();
  const own = await trx.selectFrom('platform_payout_accounts').select(['iban', 'owner_name']).where('platform_id', '=', platformId).where('environment', '=', environment).executeTakeFirst();
  if (own && accountIds.includes(platformId)) accounts.set(platformId, { iban: own.iban, ownerName: own.owner_name });
  const merchants = accountIds.filter((id) => id !== platformId);
  if (merchants.length === 0) return accounts;
  const applications = await trx
    .selectFrom('applications')
    .select(['merchant_id', 'payout_account'])
    .where('environment', '=', environment)
    .where('platform_id', '=', platformId)
    .where('merchant_id', 'in', merchants)
    .where('status', '=', 'succeeded')
    .execute();
  for (const { merchant_id: merchantId, payout_account: account } of applications) {
    const stored = account as { account_number: { value: string }; account_owners_name: string } | null;
    if (stored) accounts.set(merchantId, { iban: stored.account_number.value, ownerName: stored.account_owners_name });
  }
  return accounts;
}

export async function platformName(trx: Db, platformId: string): Promise<string> {
  const row = await trx.selectFrom('platforms').select('name').where('id', '=', platformId).executeTakeFirstOrThrow();
  return row.name;
}

/** The bank refused the account's payout account (a return's reason code): its payouts wait until it changes. */
export async function refusePayoutAccount(trx: Db, payout: PayoutRow, reason: string): Promise<void> {
  if (payout.account_id === payout.platform_id) {
    await trx.updateTable('platform_payout_accounts').set({ refused: reason }).where('platform_id', '=', payout.platform_id).where('environment', '=', payout.environment).execute();
    return;
  }
  await trx.updateTable('applications').set({ payout_account_refused: reason }).where('environment', '=', payout.environment).where('merchant_id', '=', payout.account_id).execute();
}

export async function completePayout(trx: Db, id: string, at: Date, processorReference: string): Promise<void> {
  await trx.updateTable('payouts').set({ status: 'paid', completed_at: at, processor_reference: processorReference }).where('id', '=', id).execute();
}

export async function setPayoutProcessorReference(trx: Db, id: string, processorReference: string): Promise<void> {
  await trx.updateTable('payouts').set({ processor_reference: processorReference }).where('id', '=', id).where('processor_reference', 'is', null).execute();
}

/** The payout a rail's notification is about, locked: by our id when the rail echoes it, else by its reference. */
export async function lockPayoutNotified(trx: Db, reference: string | null, processorReference: string): Promise<PayoutRow | undefined> {
  return trx
    .selectFrom('payouts')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', reference ?? ''), eb('processor_reference', '=', processorReference)]))
    .forUpdate()
    .executeTakeFirst();
}

/**
 * A failed payout: its transfers wait again for the next payout, each as what the account is still
 * owed (what refunds received back from the account meanwhile taken off).
 */
export async function failPayout(trx: Db, id: string, reason: string | null, processorReference: string): Promise<void> {
  // A payout booked, then returned: it did not complete after all.
  await trx.updateTable('payouts').set({ status: 'failed', completed_at: null, failure_reason: reason, processor_reference: processorReference }).where('id', '=', id).execute();
  await trx
    .updateTable('transfers')
    .set((eb) => ({ payout_id: null, amount_minor: eb('amount_minor', '-', eb.ref('returned_minor')), returned_minor: 0 }))
    .where('payout_id', '=', id)
    .execute();
}

export async function transfersOfPayouts(db: Db, payoutIds: string[]): Promise<TransferRow[]> {
  if (payoutIds.length === 0) return [];
  return db.selectFrom('transfers').selectAll().where('payout_id', 'in', payoutIds).orderBy('created_at').orderBy('id').execute();
}

/** The payouts that carry a transfer of the payment, newest first. */
export async function payoutsOfPayment(db: Db, tenant: Tenant, paymentId: string, limit: number, after: Keyset | undefined): Promise<PayoutRow[]> {
  return db
    .selectFrom('payouts')
    .selectAll()
    .where('environment', '=', tenant.environment)
    .where('platform_id', '=', tenant.platformId)
    .where('id', 'in', (eb) => eb.selectFrom('transfers').select('payout_id').where('payment_id', '=', paymentId).where('payout_id', 'is not', null).$narrowType<{ payout_id: string }>())
    .where(afterKeyset(after))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
