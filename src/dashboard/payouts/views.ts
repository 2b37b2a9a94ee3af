import type { Account } from '../../accounts/schemas.js';
import type { PayoutRow } from '../../payouts/repository.js';
import type { Payout } from '../../payouts/schemas.js';
import { html, type Html } from '../html.js';
import type { Translator } from '../texts.js';
import { alert, csrf, details, field, page, select, statusBadge, statusOptions, type View } from '../views.js';
import type { BankAccounts } from './service.js';
import { PAYOUT_STATUSES } from '../../payouts/schemas.js';
import type { PayoutFilters } from './schemas.js';
import type { ObjectSchedule } from '../../sandbox/schemas.js';
import { nextPanel } from '../sandbox/next.js';
import { allowed } from '../roles.js';

export interface PayoutDetail {
  payout: Payout;
  account: Account;
  transfers: (Payout['transfers'][number] & { party_type: 'platform' | 'merchant' | 'seller'; payment_reference: string; returned_minor: number })[];
  /** The sandbox's "what happens next" (its arrival on the sandbox clock). */
  next?: ObjectSchedule;
}

const accountLabel = (t: Translator, account: Account) => `${account.name} (${t.t(account.type)})`;
/** In a list to choose from, two accounts of the same name are told apart by their ids. */
const accountOption = (t: Translator, account: Account) => ({ value: account.id, label: `${account.name} (${t.t(account.type)}, ${account.id})` });

/** The platform's own account first, then its merchants by name. */
function ordered(accounts: Account[]): Account[] {
  return [...accounts].sort((a, b) => Number(b.type === 'platform') - Number(a.type === 'platform') || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export function payoutsHref(filters: PayoutFilters, after?: string): string {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  if (after) query.set('after', after);
  return `/dashboard/payouts${query.size ? `?${query}` : ''}`;
}

function payoutRows(t: Translator, payouts: PayoutRow[], accounts: Map<string, Account>): Html {
  if (payouts.length === 0) return html`<p>${t.t('noPayouts')}</p>`;
  const account = (id: string) => {
    const known = accounts.get(id);
    return known ? accountLabel(t, known) : id;
  };
  return html`<table class="list">
<thead><tr><th scope="col">${t.t('createdAt')}</th><th scope="col">${t.t('payoutAccount')}</th><th scope="col" class="num">${t.t('amount')}</th><th scope="col">${t.t('status')}</th><th scope="col">${t.t('payoutArrivedAt')}</th></tr></thead>
<tbody>${payouts.map(
    (payout) => html`<tr>
<td data-label="${t.t('createdAt')}"><a href="/dashboard/payouts/${payout.id}">${t.dateTime(payout.created_at)}</a></td>
<td data-label="${t.t('payoutAccount')}" class="wrap">${account(payout.account_id)}</td>
<td data-label="${t.t('amount')}" class="num">${t.money(payout.amount_minor, payout.currency)}</td>
<td data-label="${t.t('status')}">${statusBadge(t, payout.status)}</td>
<td data-label="${t.t('payoutArrivedAt')}">${payout.completed_at ? t.dateTime(payout.completed_at) : '–'}</td>
</tr>`,
  )}</tbody></table>`;
}

export interface BankAccountsPanel extends BankAccounts {
  canEdit: boolean;
  /** What the last save was refused for (with the values typed, shown again), or that it was saved. */
  error?: string | undefined;
  draft?: { iban: string; owner: string; currency: string };
  saved?: boolean;
}

/** The platform's own payout account (masked, with the bank's refusal) and the merchants' accounts the bank refused; a developer or an admin sets the platform's. */
function bankAccountsPanel(view: View, accounts: Map<string, Account>, panel: BankAccountsPanel): Html {
  const { t } = view;
  const { own } = panel;
  const name = (id: string) => (accounts.get(id) ? accountLabel(t, accounts.get(id)!) : id);
  return html`<section class="panel" id="bank-accounts" aria-labelledby="bank-accounts-title"><h2 id="bank-accounts-title">${t.t('bankAccountsTitle')}</h2>
${panel.saved ? html`<p class="notice" role="status">${t.t('payoutAccountSaved')}</p>` : ''}${alert(panel.error)}
<h3>${t.t('platformPayoutAccount')}</h3>
${own
    ? details([
        [t.t('ibanField'), html`<span class="masked">${own.account_number.value}</span>`],
        [t.t('ownerField'), own.account_owners_name],
        [t.t('currencyField'), own.currency],
        [t.t('status'), own.refused ? html`<span class="status status-failed">${t.t('refusedByBank', { reason: own.refused })}</span>` : '–'],
      ])
    : html`<p>${t.t('platformAccountNotSet')}</p>`}
${panel.canEdit
    ? html`<form method="post" action="/dashboard/payouts/payout-account">${csrf(view.session)}
${field('iban', t.t('ibanField'), html`<input id="iban" name="iban" autocomplete="off" required maxlength="50" value="${panel.draft?.iban ?? ''}">`)}
${field('owner', t.t('ownerField'), html`<input id="owner" name="owner" required maxlength="300" value="${panel.draft?.owner ?? own?.account_owners_name ?? ''}">`)}
${field('currency', t.t('currencyField'), html`<input id="currency" name="currency" required maxlength="3" value="${panel.draft?.currency ?? own?.currency ?? 'EUR'}">`)}
<button class="button primary" type="submit">${t.t('savePayoutAccount')}</button></form>`
    : ''}
<h3>${t.t('refusedAccounts')}</h3>
${panel.refused.length === 0
    ? html`<p>${t.t('noRefusedAccounts')}</p>`
    : html`<ul>${panel.refused.map((refused) => html`<li>${name(refused.accountId)}: ${t.t('refusedByBank', { reason: refused.reason })}</li>`)}</ul>`}
</section>`;
}

/** The platform's payouts in the session's environment, newest first, filtered by account, status and date; its bank accounts below. */
export function payoutsPage(view: View, filters: PayoutFilters, accounts: Account[], payouts: PayoutRow[], cursor: string | undefined, paged: boolean, bank: BankAccountsPanel): Html {
  const { t } = view;
  const date = (id: 'from' | 'to', label: string) => field(id, label, html`<input id="${id}" name="${id}" type="date" value="${filters[id] ?? ''}">`);
  return page(
    view,
    t.t('payouts'),
    html`<form class="panel filters" method="get" action="/dashboard/payouts" aria-label="${t.t('filters')}">
<div class="filter-grid">
${select('account', t.t('payoutAccount'), t, ordered(accounts).map((account) => accountOption(t, account)), filters.account)}
${select('status', t.t('status'), t, statusOptions(t, PAYOUT_STATUSES), filters.status)}
${date('from', t.t('from'))}
${date('to', t.t('to'))}
</div>
<div class="filter-actions"><button class="button primary" type="submit">${t.t('apply')}</button><a class="button secondary" href="/dashboard/payouts">${t.t('reset')}</a></div>
</form>
<section class="panel">
${payoutRows(t, payouts, new Map(accounts.map((account) => [account.id, account])))}
<nav class="pager" aria-label="${t.t('payouts')}">${paged ? html`<a href="${payoutsHref(filters)}">${t.t('firstPage')}</a>` : ''}${cursor ? html`<a href="${payoutsHref(filters, cursor)}" rel="next">${t.t('nextPage')}</a>` : ''}</nav>
</section>
${bankAccountsPanel(view, new Map(accounts.map((account) => [account.id, account])), bank)}
${exportLinks(view, filters)}`,
  );
}

/** The period's payouts, transfers and refunds as CSV (the dates of the filter; the other filters are the list's own). */
function exportLinks(view: View, filters: PayoutFilters): Html {
  const { t } = view;
  const period = new URLSearchParams(Object.entries({ from: filters.from ?? '', to: filters.to ?? '' }).filter(([, value]) => value));
  const href = (kind: string) => `/dashboard/${kind}/export.csv${period.size ? `?${period}` : ''}`;
  return html`<section class="panel" aria-labelledby="exports-title"><h2 id="exports-title">${t.t('exportsTitle')}</h2>
<p class="hint">${t.t('exportsHint')}</p>
<ul class="export-list">${(['payouts', 'transfers', 'refunds'] as const).map((kind) => html`<li><a href="${href(kind)}" download>${t.t(`export_${kind}`)}</a></li>`)}</ul></section>`;
}

/** A payout as the API shows it, and its transfers, each linked to its payment. */
export function payoutPage(view: View, { payout, account, transfers, next }: PayoutDetail): Html {
  const { t } = view;
  const money = (amount: number) => t.money(amount, payout.currency);
  const label = accountLabel(t, account);
  return page(
    view,
    t.t('payoutTitle', { account: label }),
    html`<section class="panel">
${details([
  [t.t('amount'), money(payout.amount_minor)],
  [t.t('status'), statusBadge(t, payout.status)],
  [t.t('payoutAccount'), html`${label} <code>${account.id}</code>`],
  [t.t('createdAt'), t.dateTime(payout.created_at)],
  [t.t('payoutArrivedAt'), payout.completed_at ? t.dateTime(payout.completed_at) : '–'],
  ['ID', html`<code>${payout.id}</code>`],
])}
</section>
<section class="panel">
<h2>${t.t('payoutTransfers')}</h2>
<table class="list">
<thead><tr><th scope="col">${t.t('payment')}</th><th scope="col">${t.t('type')}</th><th scope="col" class="num">${t.t('amount')}</th><th scope="col" class="num">${t.t('fee')}</th><th scope="col" class="num">${t.t('returnedFromCreditor')}</th><th scope="col">${t.t('reference')}</th><th scope="col">${t.t('payoutTransfer')}</th></tr></thead>
<tbody>${transfers.map(
      (transfer) => html`<tr>
<td data-label="${t.t('payment')}" class="wrap"><a href="/dashboard/payments/${transfer.payment_id}">${transfer.payment_reference}</a></td>
<td data-label="${t.t('type')}">${t.t(transfer.party_type)}</td>
<td data-label="${t.t('amount')}" class="num">${money(transfer.amount_minor)}</td>
<td data-label="${t.t('fee')}" class="num">${money(transfer.processing_fee.amount_minor)}</td>
<td data-label="${t.t('returnedFromCreditor')}" class="num">${transfer.returned_minor > 0 ? money(transfer.returned_minor) : '–'}</td>
<td data-label="${t.t('reference')}" class="wrap">${transfer.reference ?? '–'}</td>
<td data-label="${t.t('payoutTransfer')}" class="wrap"><code>${transfer.transfer_id}</code></td>
</tr>`,
    )}</tbody></table>
</section>
${nextPanel(view, { object: 'payouts', id: payout.id }, next, allowed(view.session, 'developer'))}
<p><a href="/dashboard/payouts">${t.t('allPayouts')}</a></p>`,
  );
}
