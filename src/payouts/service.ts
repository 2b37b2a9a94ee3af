import type { Kysely } from 'kysely';
import type { Caller } from '../core/auth.js';
import type { EnvironmentClock } from '../core/clock.js';
import { audienceOf, ENVIRONMENTS, type Config, type Environment } from '../core/config.js';
import type { Db, Tables } from '../core/db.js';
import { notFound } from '../core/errors.js';
import { newPayoutId } from '../core/ids.js';
import { ensureJob, scheduleJob, type AskingJob, type JobClock, type NewJob } from '../core/jobs.js';
import { decide, UNKEYED, type Answer } from '../core/idempotency.js';
import type { Pager, PageRequest } from '../core/pagination.js';
import { formatDateTime } from '../core/time.js';
import type { Outbox } from '../events/outbox.js';
import { payoutEntries, payoutFailedEntries } from '../ledger/postings.js';
import { postEntries } from '../ledger/repository.js';
import * as payments from '../payments/repository.js';
import type { TransferRow } from '../payments/repository.js';
import type { PayoutOrder, PendingAnswer, ProcessorNotification } from '../processor/boundary.js';
import type { NotificationResult } from '../processor/inbox.js';
import type { Processors } from '../processor/registry.js';
import * as repo from './repository.js';
import type { Payout, PayoutSummary } from './schemas.js';
import { recordPayoutFailed, recordTransferEvents } from './transfer-events.js';

/** The daily cut-off of an environment (subject: the environment). */
export const PAYOUT_CUTOFF_JOB = 'payouts.cutoff';
/** The processor is asked to pay a recorded payout (subject: the payout id). */
export const PAYOUT_SEND_JOB = 'payouts.send';

/** The first cut-off strictly after `after`. */
export function nextCutoff(after: Date, cutoff: Config['payoutCutoff']): Date {
  const sameDay = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), cutoff.hour, cutoff.minute);
  return new Date(sameDay > after.getTime() ? sameDay : sameDay + 24 * 3600 * 1000);
}

/** Groups transfers by platform, account and currency: one payout each. */
function byPayout(transfers: TransferRow[]): TransferRow[][] {
  const groups = new Map<string, TransferRow[]>();
  for (const transfer of transfers) {
    const key = `${transfer.platform_id} ${transfer.account_id} ${transfer.currency}`;
    groups.set(key, [...(groups.get(key) ?? []), transfer]);
  }
  return [...groups.values()];
}

/** The cut-off on a clock: the environment's (subject: the environment), or a platform's own sandbox cut-off (subject: the platform). */
function cutoffJob(clock: JobClock, dueAt: Date): NewJob {
  return { ...clock, kind: PAYOUT_CUTOFF_JOB, subjectId: clock.platformId ?? clock.environment, dueAt };
}

/**
 * Payouts: at each cut-off (and on demand in the sandbox) every account's due transfers in one
 * currency leave in one payout, with transfer_started and transfer_updated per transfer; when the
 * money arrives (a day later on the platform's clock), transfer_completed.
 */
export class PayoutService {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly config: Config,
    private readonly pager: Pager,
    private readonly clock: EnvironmentClock,
    private readonly outbox: Outbox,
    private readonly processors: Processors,
  ) {}

  /**
   * The recurring cut-offs; every process asks for them at start, one job each results: each
   * environment's, on real time, for every platform but (in the sandbox) those with a clock of
   * their own; and the cut-off of each of those, on its clock.
   */
  async scheduleCutoffs(): Promise<void> {
    for (const environment of ENVIRONMENTS) await this.ensureCutoff(this.db, { environment, platformId: null });
    for (const { platform_id: platformId } of await this.db.selectFrom('platform_clocks').select('platform_id').execute()) {
      await this.ensureCutoff(this.db, { environment: 'sandbox', platformId });
    }
  }

  /** The recurring cut-off on a clock unless it is pending already; a platform's own, by each advance of its sandbox clock, before it moves. */
  ensureCutoff(trx: Db, clock: JobClock): Promise<void> {
    const now = this.clock.now(clock.environment, clock.platformId);
    return ensureJob(trx, cutoffJob(clock, nextCutoff(now, this.config.payoutCutoff)), now);
  }

  /** The cut-off job: pays out the due transfers of its clock's platforms, then schedules the next cut-off. */
  async cutoff(trx: Db, at: Date, clock: JobClock): Promise<void> {
    await this.payOut(trx, { environment: clock.environment, platformId: clock.platformId ?? undefined }, at);
    await scheduleJob(trx, cutoffJob(clock, nextCutoff(at, this.config.payoutCutoff)), at);
  }

  /** Sandbox: the platform's payouts now, without waiting for the cut-off. */
  async runNow(caller: Caller, answer: Answer<{ data: Payout[] }> = UNKEYED): Promise<{ data: Payout[] }> {
    return decide(this.db, answer, async (trx) => ({ data: await this.presentAll(await this.payOut(trx, caller, this.clock.now(caller.environment, caller.platformId)), trx) }));
  }

  private async payOut(trx: Db, scope: repo.DueScope, at: Date): Promise<repo.PayoutRow[]> {
    const rail = this.processors.payouts(scope.environment);
    const payouts: repo.PayoutRow[] = [];
    for (const transfers of byPayout(await repo.lockDueTransfers(trx, scope, at, rail))) {
      const { environment, platform_id: platformId, account_id: accountId, currency } = transfers[0]!;
      const id = newPayoutId();
      const amount = transfers.reduce((sum, transfer) => sum + transfer.amount_minor, 0);
      const payout = { id, environment, platform_id: platformId, account_id: accountId, currency, amount_minor: amount, status: 'in_transit' as const, created_at: at, completed_at: null, processor_reference: null, failure_reason: null };
      await repo.insertPayout(trx, payout, transfers.map((transfer) => transfer.id));
      await postEntries(trx, { environment, platformId, currency, payoutId: id, at }, payoutEntries(accountId, amount));
      await recordTransferEvents(trx, this.outbox, 'transfer_started', transfers, null, at);
      await recordTransferEvents(trx, this.outbox, 'transfer_updated', transfers, id, at);
      // The processor hears of it once this commits, each payout on its own: one that fails holds back no other.
      await scheduleJob(trx, { environment, platformId, kind: PAYOUT_SEND_JOB, subjectId: id, dueAt: at }, at);
      payouts.push(payout);
    }
    if (rail.claimRun && payouts.length > 0) await rail.claimRun(trx, { environment: scope.environment, platformId: scope.platformId ?? null, payouts: await this.orders(trx, payouts), at });
    return payouts;
  }

  /** The run's payouts as bank orders: each to its account's payout account. */
  private async orders(trx: Db, payouts: repo.PayoutRow[]): Promise<PayoutOrder[]> {
    const orders: PayoutOrder[] = [];
    for (const platformId of new Set(payouts.map((payout) => payout.platform_id))) {
      const own = payouts.filter((payout) => payout.platform_id === platformId);
      const { environment } = own[0]!;
      const accounts = await repo.payoutAccounts(trx, environment, platformId, own.map((payout) => payout.account_id));
      const platformName = await repo.platformName(trx, platformId);
      for (const payout of own) {
        // Due transfers are only those of accounts with a payout account (lockDueTransfers).
        const account = accounts.get(payout.account_id)!;
        orders.push({ reference: payout.id, amountMinor: payout.amount_minor, currency: payout.currency, creditor: { name: account.ownerName, iban: account.iban }, platformName });
      }
    }
    return orders;
  }

  /**
   * The send job: the payout rail pays the payout, asked with nothing held (and asked again, with
   * the same payout id, if no answer is recorded); its reference is kept, the outcome comes as its notification.
   */
  readonly sending: AskingJob<PendingAnswer | undefined> = {
    ask: async (db, payoutId, at) => {
      const payout = await repo.payoutById(db, payoutId);
      if (payout?.status !== 'in_transit') return undefined;
      return this.processors.payouts(payout.environment).payOut({ reference: payoutId, accountId: payout.account_id, amountMinor: payout.amount_minor, currency: payout.currency, at, platformId: payout.platform_id });
    },
    record: async (trx, payoutId, _at, sent) => {
      if (sent) await repo.setPayoutProcessorReference(trx, payoutId, sent.processorReference);
    },
  };

  /**
   * The rail's notification of a payout: the money arrived (paid, and each transfer completed), or
   * the bank sent it back, even after it was booked (failed: the money back on the account's
   * balance, its transfers waiting for the next payout, payout_failed to the platform; an account
   * the bank refused is not paid again until it changes).
   */
  async notified(trx: Db, notification: ProcessorNotification, timeIn: (environment: Environment, platformId: string) => Date): Promise<NotificationResult> {
    const payout = await repo.lockPayoutNotified(trx, notification.reference, notification.processorReference);
    if (!payout) return 'unknown';
    const returned = notification.outcome === 'failed' && payout.status === 'paid';
    if (payout.status !== 'in_transit' && !returned) return 'final';
    const at = timeIn(payout.environment, payout.platform_id);
    if (notification.outcome === 'failed') {
      await this.fail(trx, payout, notification, at);
      return 'applied';
    }
    await repo.completePayout(trx, payout.id, at, notification.processorReference);
    await recordTransferEvents(trx, this.outbox, 'transfer_completed', await repo.transfersOfPayouts(trx, [payout.id]), payout.id, at);
    return 'applied';
  }

  private async fail(trx: Db, payout: repo.PayoutRow, notification: ProcessorNotification, at: Date): Promise<void> {
    const transfers = await repo.transfersOfPayouts(trx, [payout.id]);
    const returned = transfers.reduce((sum, transfer) => sum + transfer.returned_minor, 0);
    const reason = notification.reason ?? null;
    await repo.failPayout(trx, payout.id, reason, notification.processorReference);
    const context = { environment: payout.environment, platformId: payout.platform_id, currency: payout.currency, payoutId: payout.id, at };
    await postEntries(trx, context, payoutFailedEntries(payout.account_id, payout.amount_minor - returned));
    if (notification.accountRefused) await repo.refusePayoutAccount(trx, payout, reason ?? 'refused');
    await recordPayoutFailed(trx, this.outbox, payout, transfers, reason, notification.accountRefused === true, at);
  }

  async get(caller: Caller, id: string): Promise<Payout> {
    const payout = await repo.findPayout(this.db, caller, id);
    if (!payout) throw notFound(`Payout ${id}`);
    return (await this.presentAll([payout]))[0]!;
  }

  async listForPayment(caller: Caller, query: PageRequest & { payment_id: string }) {
    if (!(await payments.findPayment(this.db, caller, query.payment_id))) throw notFound(`Payment ${query.payment_id}`);
    const list = `payouts:${caller.environment}:${caller.platformId}:${query.payment_id}`;
    return this.pager.page(list, query, (limit, after) => repo.payoutsOfPayment(this.db, caller, query.payment_id, limit, after), (row): PayoutSummary => ({ id: row.id, account_id: row.account_id, _links: this.links(row) }));
  }

  private links(payout: repo.PayoutRow): Payout['_links'] {
    return { self: { href: `${audienceOf(this.config, payout.environment)}/payouts/${payout.id}`, methods: ['GET'] } };
  }

  private async presentAll(payouts: repo.PayoutRow[], db: Db = this.db): Promise<Payout[]> {
    const transfers = await repo.transfersOfPayouts(db, payouts.map((payout) => payout.id));
    return payouts.map((payout) => ({
      id: payout.id,
      account_id: payout.account_id,
      created_at: formatDateTime(payout.created_at),
      amount_minor: payout.amount_minor,
      currency: payout.currency,
      status: payout.status,
      completed_at: payout.completed_at ? formatDateTime(payout.completed_at) : null,
      transfers: transfers
        .filter((transfer) => transfer.payout_id === payout.id)
        .map((transfer) => ({
          transfer_id: transfer.id,
          payment_id: transfer.payment_id,
          amount_minor: transfer.amount_minor,
          currency: transfer.currency,
          processing_fee: { amount_minor: transfer.fee_minor, currency: transfer.currency },
          reference: transfer.reference,
        })),
      _links: this.links(payout),
    }));
  }
}
