import type { Payment } from '../payments/schemas.js';
import { PAYMENT_STATUSES } from '../payments/schemas.js';
import type { Refund } from '../refunds/schemas.js';
import type { ChargebackRow } from '../chargebacks/repository.js';
import type { ObjectSchedule } from '../sandbox/schemas.js';
import { nextPanel } from './sandbox/next.js';
import type { EventDetail } from '../events/schemas.js';
import type { PaymentView } from '../hosted-payment-page/schemas.js';
import type { Payout } from '../payouts/schemas.js';
import type { TimelineEntry } from './timeline.js';
import { html, type Html, type Part } from './html.js';
import type { Texts, Translator } from './texts.js';
import { amountText } from './amounts.js';
import type { Session } from './service.js';
import { allowed, grantableScopes, ROLES, type Action } from './roles.js';
import { ALL_SCOPES } from '../core/auth.js';
import type { Account } from '../accounts/schemas.js';
import { categoryChart, comparison, timeChart } from './charts.js';
import { PERIOD_DAYS } from './schemas.js';
import { chartTexts } from './charts-texts.js';
import type { Failure } from './repository.js';

/** What every page of a signed-in user knows: the texts, the session and the platform's name. */
export interface View {
  t: Translator;
  session: Session;
  platformName: string;
  /** The path of the page, for the navigation's aria-current. */
  path: string;
}

export const csrf = (session: Session) => html`<input type="hidden" name="_csrf" value="${session.csrfToken}">`;

function document(t: Translator, title: string, body: Html, bodyClass = ''): Html {
  return html`<!doctype html>
<html lang="${t.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${title} · ${t.t('dashboard')}</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/common.css">
<link rel="stylesheet" href="/assets/dashboard.css">
<link rel="stylesheet" href="/dashboard/theme.css">
</head>
<body class="dashboard ${bodyClass}">
<a class="skip" href="#main">${t.t('skip')}</a>
${body}
</body>
</html>
`;
}

interface NavEntry {
  href: string;
  label: keyof Texts;
  /** Shown to the roles that may do this. */
  action: Action;
  sandboxOnly?: boolean;
}

/** The header's navigation, in its order; each area adds its entry. */
const NAVIGATION: NavEntry[] = [
  { href: '/dashboard', label: 'home', action: 'read' },
  { href: '/dashboard/payments', label: 'payments', action: 'read' },
  { href: '/dashboard/payouts', label: 'payouts', action: 'read' },
  { href: '/dashboard/merchants', label: 'merchants', action: 'read' },
  { href: '/dashboard/branding', label: 'branding', action: 'read' },
  { href: '/dashboard/developers', label: 'developers', action: 'developer' },
  { href: '/dashboard/events', label: 'events', action: 'developer' },
  { href: '/dashboard/sandbox', label: 'sandboxControls', action: 'developer', sandboxOnly: true },
  { href: '/dashboard/users', label: 'users', action: 'manage_users' },
];

/** A page of a signed-in user: header with navigation, environment switch and sign-out; the sandbox marked on every page. */
export function page(view: View, title: string, content: Html): Html {
  const { t, session } = view;
  const sandbox = session.environment === 'sandbox';
  const other = sandbox ? 'live' : 'sandbox';
  const current = (href: string) => view.path === href || (href !== '/dashboard' && view.path.startsWith(`${href}/`));
  const link = ({ href, label }: NavEntry) => html`<a href="${href}" ${current(href) ? html`aria-current="page"` : ''}>${t.t(label)}</a>`;
  const entries = NAVIGATION.filter((entry) => allowed(session, entry.action) && (!entry.sandboxOnly || sandbox));
  const here = entries.find((entry) => current(entry.href));
  return document(
    t,
    title,
    html`<header class="brand dash-header">
<div class="dash-bar">
  <span class="brand-name">${view.platformName}</span>
  <span class="env-badge env-${session.environment}">${t.t(session.environment)}</span>
  <nav class="dash-nav" aria-label="${t.t('navigation')}">${entries.map(link)}</nav>
  <details class="phone-menu"><summary>${t.t('menu')}${here ? html`<span class="menu-here">${t.t(here.label)}</span>` : ''}</summary><nav aria-label="${t.t('navigation')}">${entries.map(link)}</nav></details>
  <div class="dash-actions">
    <form method="post" action="/dashboard/environment">${csrf(session)}<input type="hidden" name="environment" value="${other}"><button class="header-button" type="submit">${t.t('switchTo')} ${t.t(other)}</button></form>
    <form method="post" action="/dashboard/sign-out">${csrf(session)}<button class="header-button" type="submit">${t.t('signOut')}</button></form>
  </div>
</div>
</header>
${sandbox ? html`<p class="sandbox-banner" role="note">${t.t('sandboxBanner')}</p>` : ''}
<main id="main" class="dash-main" tabindex="-1">
<h1>${title}</h1>
${content}
<p class="who">${t.t('signedInAs', { email: session.email, role: t.t(session.role) })}</p>
</main>`,
    sandbox ? 'in-sandbox' : 'in-live',
  );
}

/** A page without a session (sign-in, password set-up, messages). */
export function publicPage(t: Translator, title: string, content: Html): Html {
  return document(t, title, html`<header class="brand"><div class="dash-bar"><span class="brand-name">${t.t('dashboard')}</span></div></header>
<main id="main" class="main" tabindex="-1"><section class="panel"><h1>${title}</h1>${content}</section></main>`);
}

export function message(t: Translator, title: string, text: string, view?: View): Html {
  const content = html`<p class="notice-text">${text}</p>`;
  return view ? page(view, title, content) : publicPage(t, title, html`${content}<p><a href="/dashboard">${t.t('dashboard')}</a></p>`);
}

export function field(id: string, label: string, input: Html, hint?: string): Html {
  return html`<div class="field"><label for="${id}">${label}</label>${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ''}${input}</div>`;
}

export const alert = (text: string | undefined) => (text ? html`<p class="alert" role="alert">${text}</p>` : '');

export function signInPage(t: Translator, formToken: string, state: { email?: string; error?: string; notice?: string } = {}): Html {
  return publicPage(
    t,
    t.t('signInTitle'),
    html`${alert(state.error)}${state.notice ? html`<p class="notice" role="status">${state.notice}</p>` : ''}
<form method="post" action="/dashboard/sign-in">
<input type="hidden" name="_csrf" value="${formToken}">
${field('email', t.t('email'), html`<input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${state.email ?? ''}">`)}
${field('password', t.t('password'), html`<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">`)}
<button class="button primary" type="submit">${t.t('signIn')}</button>
</form>`,
  );
}

export function setupPage(t: Translator, formToken: string, setupToken: string, email: string, error?: string): Html {
  return publicPage(
    t,
    t.t('setPasswordTitle'),
    html`${alert(error)}
<form method="post" action="/dashboard/setup">
<input type="hidden" name="_csrf" value="${formToken}">
<input type="hidden" name="token" value="${setupToken}">
${field('email', t.t('email'), html`<input id="email" name="email" type="email" autocomplete="username" readonly value="${email}">`)}
${field('password', t.t('password'), html`<input id="password" name="password" type="password" autocomplete="new-password" required minlength="12" maxlength="200" aria-describedby="password-hint">`, t.t('setPasswordHint'))}
<button class="button primary" type="submit">${t.t('setPassword')}</button>
</form>`,
  );
}

/** A status in words, its class by the API's value (the colours follow it). */
export const statusBadge = (t: Translator, status: string) => html`<span class="status status-${status}">${t.status(status)}</span>`;

/** A select's options for API statuses: the API's values, the labels in words. */
export const statusOptions = (t: Translator, statuses: readonly string[]) => statuses.map((value) => ({ value, label: t.status(value) }));

function paymentRows(t: Translator, payments: Payment[]): Html {
  if (payments.length === 0) return html`<p>${t.t('noPayments')}</p>`;
  const label = (key: keyof Texts) => t.t(key);
  return html`<table class="list">
<thead><tr><th scope="col">${label('initiatedAt')}</th><th scope="col">${label('reference')}</th><th scope="col" class="num">${label('amount')}</th><th scope="col">${label('status')}</th><th scope="col">${label('method')}</th></tr></thead>
<tbody>${payments.map(
    (payment) => html`<tr>
<td data-label="${label('initiatedAt')}">${t.dateTime(payment.initiated_at)}</td>
<td data-label="${label('reference')}"><a href="/dashboard/payments/${payment.id}">${payment.reference}</a></td>
<td data-label="${label('amount')}" class="num">${t.money(payment.amount_minor, payment.currency)}</td>
<td data-label="${label('status')}">${statusBadge(t, payment.status)}</td>
<td data-label="${label('method')}">${t.t(payment.payment_method.type)}</td>
</tr>`,
  )}</tbody></table>`;
}

export interface HomeData {
  period: { days: number; since: Date; until: Date; merchantId?: string };
  merchants: Account[];
  days: { day: string; count: number; succeeded: number; decided: number; volumes: Volume[]; refunds: number; refundVolumes: Volume[] }[];
  initiated: number;
  successRate: number | null;
  volumes: Volume[];
  previous: { initiated: number; successRate: number | null; volumes: Volume[] };
  failures: Failure[];
  recent: Payment[];
  failingEndpoints: { url: string; attempts: number; failed: number; last_failure: Date }[];
  waitingApplications: { status: string; count: number }[];
}
type Volume = { currency: string; amount_minor: number };

/** A failure's status, and for a decline its reason (one the dashboard has no words for is shown as the processor gave it). */
function failureLabel(t: Translator, { status, reason }: Failure): string {
  if (!reason) return t.status(status);
  const key = `reason_${reason}`;
  const words = key in chartTexts.en ? t.t(key as keyof typeof chartTexts.en) : reason;
  return t.t('declinedBecause', { status: t.status(status), reason: words });
}

function volumesText(t: Translator, volumes: Volume[]): string {
  return volumes.length === 0 ? '–' : volumes.map((volume) => t.money(volume.amount_minor, volume.currency)).join(' · ');
}

const percentText = (t: Translator, share: number | null) => (share === null ? '–' : new Intl.NumberFormat(t.language, { style: 'percent', maximumFractionDigits: 1 }).format(share));

/** The period and the merchant home shows, chosen without script (a GET form). */
function periodForm(view: View, data: HomeData): Html {
  const { t } = view;
  const periods = PERIOD_DAYS.map((days) => ({ value: String(days), label: t.t('periodDays', { days: String(days) }) }));
  const merchants = data.merchants.map((merchant) => ({ value: merchant.id, label: `${merchant.name} (${merchant.id})` }));
  return html`<form class="panel period-form" method="get" action="/dashboard" aria-label="${t.t('period')}">
${select('period', t.t('period'), t, periods, String(data.period.days), 'period', false)}
${select('merchant', t.t('merchant'), t, merchants, data.period.merchantId)}
<button class="button secondary" type="submit">${t.t('showPeriod')}</button>
</form>`;
}

/** Home's charts: succeeded volume per currency, the success rate, how payments failed and the refunds, day by day. */
function charts(view: View, data: HomeData): Html {
  const { t } = view;
  const currencies = [...new Set(data.days.flatMap((day) => day.volumes.map((volume) => volume.currency)))].sort();
  const volumeOf = (day: HomeData['days'][number], currency: string) => day.volumes.find((volume) => volume.currency === currency)?.amount_minor ?? 0;
  const volumeCharts = currencies.map((currency) => {
    const bars = data.days.map((day) => ({ label: day.day, value: volumeOf(day, currency), text: t.money(volumeOf(day, currency), currency) }));
    return timeChart(t, `volume-${currency}`, t.t('volumePerDay', { currency }), bars, t.money(Math.max(...bars.map((bar) => bar.value)), currency));
  });
  const rates = data.days.map((day) => ({
    label: day.day,
    value: day.decided === 0 ? 0 : day.succeeded / day.decided,
    text: day.decided === 0 ? '–' : t.t('rateOf', { rate: percentText(t, day.succeeded / day.decided), succeeded: String(day.succeeded), decided: String(day.decided) }),
  }));
  const failures = data.failures.map((failure) => ({ label: failureLabel(t, failure), value: failure.count, text: String(failure.count) }));
  const refunds = data.days.map((day) => ({ label: day.day, value: day.refunds, text: day.refunds === 0 ? '0' : `${day.refunds} (${volumesText(t, day.refundVolumes)})` }));
  return html`<section class="panel" aria-labelledby="charts-title"><h2 id="charts-title">${t.t('chartsTitle', { days: String(data.period.days) })}</h2>
<div class="chart-grid">
${volumeCharts.length === 0 ? html`<p>${t.t('noVolume')}</p>` : volumeCharts}
${timeChart(t, 'success-rate', t.t('successRatePerDay'), rates, percentText(t, Math.max(0, ...rates.map((rate) => rate.value))))}
${failures.length === 0 ? html`<figure class="chart-figure"><figcaption>${t.t('failuresByOutcome')}</figcaption><p>${t.t('noFailures')}</p></figure>` : categoryChart(t, 'failures', t.t('failuresByOutcome'), failures)}
${timeChart(t, 'refunds', t.t('refundsPerDay'), refunds, String(Math.max(0, ...refunds.map((bar) => bar.value))))}
</div></section>`;
}

export function homePage(view: View, data: HomeData): Html {
  const { t } = view;
  const days = data.period.days;
  const period = t.t('periodLabel', { days: String(days) });
  return page(
    view,
    t.t('home'),
    html`${periodForm(view, data)}
<section class="cards" aria-label="${period}">
<div class="card"><h2>${t.t('initiatedCount')}</h2><p class="figure">${data.initiated}</p><p class="hint">${period}</p>${comparison(t, days, data.initiated, data.previous.initiated, String(data.previous.initiated))}</div>
<div class="card"><h2>${t.t('successRate')}</h2><p class="figure">${percentText(t, data.successRate)}</p><p class="hint">${t.t('successRateHint')}</p>${comparison(t, days, data.successRate, data.previous.successRate, percentText(t, data.previous.successRate))}</div>
<div class="card"><h2>${t.t('volume')}</h2><p class="figure">${volumesText(t, data.volumes)}</p><p class="hint">${period}</p>${comparison(t, days, data.volumes.length === 1 && data.previous.volumes.length <= 1 ? data.volumes[0]!.amount_minor : null, data.volumes.length === 1 && data.previous.volumes[0]?.currency === data.volumes[0]!.currency ? data.previous.volumes[0]!.amount_minor : null, volumesText(t, data.previous.volumes))}</div>
</section>
${charts(view, data)}
<section class="panel">
<h2>${t.t('paymentsPerDay')}</h2>
<details><summary>${period}: ${t.t('day')}, ${t.t('count')}, ${t.t('succeeded')}, ${t.t('volume')}</summary>
<table class="list compact"><thead><tr><th scope="col">${t.t('day')}</th><th scope="col" class="num">${t.t('count')}</th><th scope="col" class="num">${t.t('succeeded')}</th><th scope="col" class="num">${t.t('volume')}</th></tr></thead>
<tbody>${data.days.map((day) => html`<tr><td data-label="${t.t('day')}">${day.day}</td><td data-label="${t.t('count')}" class="num">${day.count}</td><td data-label="${t.t('succeeded')}" class="num">${day.succeeded}</td><td data-label="${t.t('volume')}" class="num">${volumesText(t, day.volumes)}</td></tr>`)}</tbody></table>
</details>
</section>
<div class="two-columns">
<section class="panel">
<h2>${t.t('failingEndpoints')}</h2>
${data.failingEndpoints.length === 0 ? html`<p>${t.t('noFailingEndpoints')}</p>` : html`<table class="list compact"><thead><tr><th scope="col">${t.t('webhookUrl')}</th><th scope="col" class="num">${t.t('failedAttempts')}</th><th scope="col">${t.t('lastFailure')}</th></tr></thead>
<tbody>${data.failingEndpoints.map((endpoint) => html`<tr><td data-label="${t.t('webhookUrl')}" class="wrap">${endpoint.url}</td><td data-label="${t.t('failedAttempts')}" class="num">${endpoint.failed} / ${endpoint.attempts}</td><td data-label="${t.t('lastFailure')}">${t.dateTime(endpoint.last_failure)}</td></tr>`)}</tbody></table>`}
</section>
<section class="panel">
<h2>${t.t('waitingMerchants')}</h2>
${data.waitingApplications.length === 0 ? html`<p>${t.t('noWaitingMerchants')}</p>` : html`<dl class="details">${data.waitingApplications.map((entry) => html`<div><dt><a href="/dashboard/merchants?status=${entry.status}">${t.status(entry.status)}</a></dt><dd>${entry.count}</dd></div>`)}</dl>`}
</section>
</div>
<section class="panel">
<h2>${t.t('recentPayments')}</h2>
${paymentRows(t, data.recent)}
<p><a href="/dashboard/payments">${t.t('allPayments')}</a></p>
</section>`,
  );
}

export interface PaymentFilters {
  q?: string;
  status?: string;
  method?: string;
  from?: string;
  to?: string;
  reference?: string;
  merchant?: string;
  amount_from?: string;
  amount_to?: string;
}

export function select(id: string, label: string, t: Translator, options: { value: string; label: string }[], chosen: string | undefined, name = id, any = true): Html {
  return field(
    id,
    label,
    html`<select id="${id}" name="${name}">${any ? html`<option value="">${t.t('any')}</option>` : ''}${options.map((option) => html`<option value="${option.value}" ${chosen === option.value ? html`selected` : ''}>${option.label}</option>`)}</select>`,
  );
}

/** Where a list's page is: its number, its size and how many items the list has. */
export interface PageOf {
  number: number;
  size: number;
  total: number;
}

/** The list's filters as a query string, with `extra` (a page) added. */
export function filtersHref(path: string, filters: PaymentFilters, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(Object.entries({ ...filters, ...extra }).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return `${path}${query.size ? `?${query}` : ''}`;
}

/** "21–40 of 319" with the previous and next pages' links. */
function pager(t: Translator, label: string, href: (page: number) => string, page: PageOf): Html {
  const pages = Math.max(1, Math.ceil(page.total / page.size));
  const first = (page.number - 1) * page.size + 1;
  const last = Math.min(page.total, page.number * page.size);
  // A page past the last (a link kept while the list shrank) leads back to the last one.
  const previous = Math.min(page.number - 1, pages);
  return html`<nav class="pager" aria-label="${label}">
<span>${previous >= 1 ? html`<a href="${href(previous)}" rel="prev">${t.t('previousPage')}</a>` : ''}</span>
<p class="result-count" role="status">${first > page.total ? t.t('noResults') : t.t('resultCount', { first: String(first), last: String(last), total: String(page.total) })}${pages > 1 && page.number <= pages ? html` · ${t.t('pageNumber', { page: String(page.number), pages: String(pages) })}` : ''}</p>
<span>${page.number < pages ? html`<a href="${href(page.number + 1)}" rel="next">${t.t('nextPage')}</a>` : ''}</span>
</nav>`;
}

export function paymentsPage(view: View, filters: PaymentFilters, payments: Payment[], position: PageOf): Html {
  const { t } = view;
  const text = (id: keyof PaymentFilters, label: string, type: string, extra: Part = '') =>
    field(id, label, html`<input id="${id}" name="${id}" type="${type}" value="${filters[id] ?? ''}" ${extra}>`);
  const amount = (id: 'amount_from' | 'amount_to', label: string) =>
    field(id, label, html`<input id="${id}" name="${id}" type="text" inputmode="decimal" pattern="[0-9]+([.,][0-9]{1,3})?" maxlength="17" value="${filters[id] ?? ''}" aria-describedby="amount-hint">`);
  return page(
    view,
    t.t('payments'),
    html`<form class="panel filters" method="get" action="/dashboard/payments" role="search" aria-label="${t.t('searchLabel')}">
<div class="field search-field"><label for="q">${t.t('searchLabel')}</label><p class="hint" id="q-hint">${t.t('searchHint')}</p>
<div class="search-row"><input id="q" name="q" type="search" value="${filters.q ?? ''}" maxlength="200" spellcheck="false" aria-describedby="q-hint"><button class="button primary" type="submit">${t.t('search')}</button></div></div>
<details ${[filters.status, filters.method, filters.from, filters.to, filters.reference, filters.merchant, filters.amount_from, filters.amount_to].some(Boolean) ? html`open` : ''}><summary>${t.t('filters')}</summary>
<div class="filter-grid">
${select('status', t.t('status'), t, statusOptions(t, PAYMENT_STATUSES), filters.status)}
${select('method', t.t('method'), t, [{ value: 'card', label: t.t('card') }, { value: 'sepa_direct_debit', label: t.t('sepa_direct_debit') }], filters.method)}
${text('from', t.t('from'), 'date')}
${text('to', t.t('to'), 'date')}
${text('reference', t.t('reference'), 'text', html`maxlength="50"`)}
${text('merchant', t.t('merchantId'), 'text', html`maxlength="30" placeholder="acc_…" spellcheck="false"`)}
${amount('amount_from', t.t('amountFrom'))}
${amount('amount_to', t.t('amountTo'))}
</div>
<p class="hint" id="amount-hint">${t.t('amountHint')}</p>
<div class="filter-actions"><button class="button primary" type="submit">${t.t('apply')}</button><a class="button secondary" href="/dashboard/payments">${t.t('reset')}</a></div>
</details>
</form>
<section class="panel">
${pager(t, t.t('payments'), (number) => filtersHref('/dashboard/payments', filters, { page: String(number) }), position)}
${paymentRows(t, payments)}
<p class="export-links"><a href="${filtersHref('/dashboard/payments/export.csv', filters)}" download>${t.t('exportCsv')}</a></p>
</section>`,
  );
}

export interface PaymentDetail {
  payment: Payment;
  instrument: PaymentView['payment_instrument'];
  refunds: Refund[];
  /** What the buyer's bank took back (or announced), as the processor notified it. */
  chargebacks: ChargebackRow[];
  events: EventDetail[];
  refundable: number;
  /** The payouts that carry the payment's transfers. */
  payouts: Payout[];
  timeline: TimelineEntry[];
  /** The sandbox's "what happens next": the payment's scheduled work and its refunds' under way. */
  next?: { payment: ObjectSchedule; refunds: { id: string; schedule: ObjectSchedule }[] };
}

export interface PaymentPermissions {
  refund: boolean;
  resend: boolean;
  /** The sandbox's control: the buyer's bank takes money back (SEPA Direct Debit). */
  buyerRefund: boolean;
  /** The sandbox's shortcuts: an object's scheduled step run now. */
  shortcuts: boolean;
}

export function details(rows: [string, Part][]): Html {
  return html`<dl class="details">${rows.map(([label, value]) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`)}</dl>`;
}

function instrumentText(t: Translator, detail: PaymentDetail): string {
  const instrument = detail.instrument;
  if (!instrument) return `${t.t(detail.payment.payment_method.type)} · ${t.t('notYetPaid')}`;
  if (instrument.type === 'card') return `${t.t('card')} · ${instrument.scheme ?? ''} •••• ${instrument.last4}`.replace(' ·  ', ' · ');
  return `${t.t('sepa_direct_debit')} · ${instrument.iban}`;
}

/** Every attempt of the event's webhook deliveries (time, answer with the error's excerpt, duration, URL): on a payment's page and on the event's. */
const INJECTED_TEXTS = { duplicate: 'injectedDuplicate', reordered: 'injectedReordered', delayed: 'injectedDelayed' } as const;

/** Every attempt of the deliveries, an attempt the sandbox's webhook faults made on purpose marked so. */
export function attemptsTable(t: Translator, deliveries: EventDetail['deliveries']): Html | '' {
  const attempts = deliveries.flatMap((delivery) => delivery.attempts.map((attempt) => ({ ...attempt, url: delivery.url })));
  if (attempts.length === 0) return '';
  return html`<table class="list compact attempts"><caption>${t.t('webhookAttempts')}</caption><thead><tr><th scope="col">${t.t('attemptedAt')}</th><th scope="col">${t.t('answer')}</th><th scope="col" class="num">${t.t('duration')}</th><th scope="col">${t.t('webhookUrl')}</th></tr></thead>
<tbody>${attempts.map((attempt) => html`<tr><td data-label="${t.t('attemptedAt')}">${t.dateTime(attempt.attempted_at)}</td><td data-label="${t.t('answer')}" class="wrap">${attempt.status_code ?? '–'}${attempt.error ? html` <span class="excerpt">${attempt.error.slice(0, 200)}</span>` : ''}${attempt.injected ? html` <span class="status status-injected">${t.t(INJECTED_TEXTS[attempt.injected])}</span>` : ''}</td><td data-label="${t.t('duration')}" class="num">${attempt.duration_ms} ms</td><td data-label="${t.t('webhookUrl')}" class="wrap">${attempt.url}</td></tr>`)}</tbody></table>`;
}

/** Resend (a developer's or an admin's): answered with the page `back` names, the form's page. */
export function resendForm(view: View, event: Pick<EventDetail, 'event_id' | 'type'>, back: string): Html {
  return html`<form method="post" action="/dashboard/events/${event.event_id}/resend">${csrf(view.session)}<input type="hidden" name="back" value="${back}"><button class="button secondary small" type="submit">${view.t.t('resend')} <span class="visually-hidden">${event.type}</span></button></form>`;
}

/** An event with each webhook delivery's attempts (time, answer, duration, error); its page and "resend" for a developer or admin. */
function eventItem(view: View, paymentId: string, event: EventDetail, canResend: boolean): Html {
  const { t } = view;
  return html`<li class="event">
<div class="event-head">${canResend ? html`<a href="/dashboard/events/${event.event_id}"><code>${event.type}</code></a>` : html`<code>${event.type}</code>`}<span>${t.dateTime(event.occurred_at)}</span>${event.deliveries[0] ? html`<span>${t.t('webhook')}: ${statusBadge(t, event.deliveries[0].status)}</span>` : ''}</div>
${attemptsTable(t, event.deliveries)}
${canResend && event.deliveries.length > 0 ? resendForm(view, event, `/dashboard/payments/${paymentId}`) : ''}
</li>`;
}

export function paymentPage(view: View, detail: PaymentDetail, permissions: PaymentPermissions, notice?: string): Html {
  const canRefund = permissions.refund;
  const canResend = permissions.resend;
  const { t } = view;
  const { payment } = detail;
  const money = (amount: number) => t.money(amount, payment.currency);
  const parties = partiesOf(t, payment);
  return page(
    view,
    `${t.t('payment')} ${payment.reference}`,
    html`${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
<section class="panel">
${details([
  [t.t('amount'), money(payment.amount_minor)],
  [t.t('status'), statusBadge(t, payment.status)],
  [t.t('fee'), payment.processing_fee ? money(payment.processing_fee.amount_minor) : '–'],
  [t.t('method'), instrumentText(t, detail)],
  [t.t('reference'), payment.reference],
  [t.t('description'), payment.description ?? '–'],
  [t.t('initiatedAt'), t.dateTime(payment.initiated_at)],
  ['ID', html`<code>${payment.id}</code>`],
])}
</section>
<section class="panel">
<h2>${t.t('routing')}</h2>
<table class="list">
<thead><tr><th scope="col">${t.t('party')}</th><th scope="col" class="num">${t.t('amount')}</th><th scope="col" class="num">${t.t('feeContribution')}</th><th scope="col" class="num">${t.t('transferred')}</th><th scope="col" class="num">${t.t('refundable')}</th></tr></thead>
<tbody>${parties.map(
      (party) => html`<tr><td data-label="${t.t('party')}" class="wrap">${party.name}</td><td data-label="${t.t('amount')}" class="num">${money(party.amount_minor)}</td><td data-label="${t.t('feeContribution')}" class="num">${party.processing_fee_contribution}</td><td data-label="${t.t('transferred')}" class="num">${party.transfer ? html`${money(party.transfer.amount_minor)}${payoutLink(view, detail.payouts, party.transfer.transfer_id)}` : '–'}</td><td data-label="${t.t('refundable')}" class="num">${money(party.refundable_amount)}</td></tr>`,
    )}</tbody></table>
</section>
<section class="panel">
<h2>${t.t('refunds')}</h2>
${detail.refunds.length === 0 ? html`<p>${t.t('noRefunds')}</p>` : html`<table class="list"><thead><tr><th scope="col">ID</th><th scope="col" class="num">${t.t('amount')}</th><th scope="col">${t.t('status')}</th><th scope="col">${t.t('initiatedAt')}</th></tr></thead>
<tbody>${detail.refunds.map((refund) => html`<tr><td data-label="ID" class="wrap"><code>${refund.id}</code></td><td data-label="${t.t('amount')}" class="num">${money(refund.amount_minor)}</td><td data-label="${t.t('status')}">${statusBadge(t, refund.status)}</td><td data-label="${t.t('initiatedAt')}">${t.dateTime(refund.initiated_at)}</td></tr>`)}</tbody></table>`}
${canRefund && detail.refundable > 0 ? refundForm(view, payment) : ''}
${permissions.buyerRefund && payment.succeeded && detail.instrument?.type === 'sepa_direct_debit' && detail.refundable > 0 ? buyerRefundForm(view, payment, detail.refundable) : ''}
</section>
${detail.chargebacks.length > 0 ? chargebacksPanel(view, detail.chargebacks) : ''}
${detail.next ? html`${nextPanel(view, { object: 'payments', id: payment.id }, detail.next.payment, permissions.shortcuts)}${detail.next.refunds.map((refund) => nextPanel(view, { object: 'refunds', id: refund.id, title: t.t('nextRefundTitle', { id: refund.id }) }, refund.schedule, permissions.shortcuts))}` : ''}
<section class="panel">
<h2>${t.t('timeline')}</h2>
<ol class="timeline">${detail.timeline.map((entry) => timelineItem(view, payment, entry))}</ol>
</section>
<section class="panel">
<h2>${t.t('events')}</h2>
${detail.events.length === 0 ? html`<p>${t.t('noEvents')}</p>` : html`<ol class="events">${detail.events.map((event) => eventItem(view, payment.id, event, canResend))}</ol>`}
</section>
<p><a href="/dashboard/payments">${t.t('back')}</a></p>`,
  );
}

/** The link to the payout that carries the transfer, once it is paid out. */
function payoutLink(view: View, payouts: Payout[], transferId: string): Html | '' {
  const payout = payouts.find((each) => each.transfers.some((transfer) => transfer.transfer_id === transferId));
  return payout ? html`<a class="payout-link" href="/dashboard/payouts/${payout.id}">${view.t.t('paidOutIn', { status: view.t.status(payout.status) })}</a>` : '';
}

/** The payment's chargebacks: each dispute event of the processor, and the buyer's refund that booked the money taken back. */
function chargebacksPanel(view: View, chargebacks: ChargebackRow[]): Html {
  const { t } = view;
  return html`<section class="panel" id="chargebacks">
<h2>${t.t('chargebacks')}</h2>
<table class="list"><thead><tr><th scope="col">ID</th><th scope="col" class="num">${t.t('amount')}</th><th scope="col">${t.t('status')}</th><th scope="col">${t.t('chargebackReason')}</th><th scope="col">${t.t('chargebackRefund')}</th><th scope="col">${t.t('initiatedAt')}</th></tr></thead>
<tbody>${chargebacks.map(
    (chargeback) => html`<tr><td data-label="ID" class="wrap"><code>${chargeback.id}</code></td><td data-label="${t.t('amount')}" class="num">${t.money(chargeback.amount_minor, chargeback.currency)}</td><td data-label="${t.t('status')}">${t.t(chargeback.stage === 'charged_back' ? 'chargebackTaken' : 'chargebackNotified')}</td><td data-label="${t.t('chargebackReason')}" class="wrap">${chargeback.reason ?? '–'}</td><td data-label="${t.t('chargebackRefund')}">${chargeback.refund_id ? html`<code>${chargeback.refund_id}</code>` : '–'}</td><td data-label="${t.t('initiatedAt')}">${t.dateTime(chargeback.created_at)}</td></tr>`,
  )}</tbody></table>
</section>`;
}

/** A moment of the timeline: the payment's new status, or an event with what it is about (a refund's or transfer's amount, a payout). */
function timelineItem(view: View, payment: Payment, entry: TimelineEntry): Html {
  const { t } = view;
  const data = entry.event?.data ?? {};
  const about = [data.refund_id, data.account_id].filter((value): value is string => typeof value === 'string');
  return html`<li>
<time datetime="${entry.at}">${t.dateTime(entry.at)}</time>
${entry.status ? statusBadge(t, entry.status) : ''}${entry.event ? html`<code>${entry.event.type}</code>` : ''}
${about.map((id) => html`<span class="wrap">${id}</span>`)}${typeof data.amount_minor === 'number' ? html`<span>${t.money(data.amount_minor, payment.currency)}</span>` : ''}
${typeof data.payout_id === 'string' ? html`<a href="/dashboard/payouts/${data.payout_id}">${t.t('payout')}<span class="visually-hidden"> ${data.payout_id}</span></a>` : ''}
</li>`;
}

/** The sandbox's buyer refund: the buyer's bank takes an amount back, then the confirmation. */
function buyerRefundForm(view: View, payment: Payment, refundable: number): Html {
  const { t } = view;
  return html`<form class="refund" method="post" action="/dashboard/payments/${payment.id}/buyer-refund">
${csrf(view.session)}
<h3>${t.t('buyerRefundTitle')}</h3>
${field('buyer-refund-amount', t.t('buyerRefundAmount', { amount: t.money(refundable, payment.currency) }), html`<input id="buyer-refund-amount" name="amount" inputmode="decimal" required maxlength="20">`)}
<button class="button danger" type="submit">${t.t('buyerRefund')}</button>
</form>`;
}

/** The parties of a payment's routing, the platform first, each with a name to show. */
export function partiesOf(t: Translator, payment: Payment) {
  return [
    { name: `${t.t('platform')} (${payment.routing.platform.id})`, ...payment.routing.platform },
    ...payment.routing.merchants.map((merchant) => ({ name: `${t.t('merchant')} (${merchant.id})`, ...merchant })),
  ];
}

/** Per party what to take back (its whole refundable amount by default), then the confirmation. */
function refundForm(view: View, payment: Payment): Html {
  const { t } = view;
  return html`<form class="refund" method="post" action="/dashboard/payments/${payment.id}/refund">
${csrf(view.session)}
<h3>${t.t('refundTitle')}</h3>
${partiesOf(t, payment).map((party, index) =>
    field(
      `part-${index}`,
      `${party.name}: ${t.t('refundable')} ${t.money(party.refundable_amount, payment.currency)}`,
      html`<input id="part-${index}" name="part" inputmode="decimal" required maxlength="20" value="${amountText(party.refundable_amount, payment.currency)}">`,
    ),
  )}
${field('description', t.t('description'), html`<input id="description" name="description" required maxlength="100" value="Refund ${payment.reference.replace(/[^A-Za-z0-9 /?:().,'+-]/g, '').slice(0, 90)}" aria-describedby="description-hint">`, t.t('refundDescriptionHint'))}
<button class="button danger" type="submit">${t.t('refund')}</button>
</form>`;
}

export function confirmRefundPage(view: View, payment: Payment, parts: number[], description: string, once: string): Html {
  const { t } = view;
  const amount = t.money(parts.reduce((sum, part) => sum + part, 0), payment.currency);
  const parties = partiesOf(t, payment);
  return page(
    view,
    t.t('confirmRefundTitle'),
    html`<section class="panel">
<p>${t.t('confirmRefundText', { amount })}</p>
${details([
  [t.t('payment'), payment.reference],
  ...parts.flatMap((part, index): [string, Part][] => (part > 0 ? [[parties[index]!.name, t.money(part, payment.currency)]] : [])),
  [t.t('amount'), amount],
  [t.t('description'), description],
])}
<div class="confirm-actions">
<form method="post" action="/dashboard/payments/${payment.id}/refund">
${csrf(view.session)}
${parts.map((part) => html`<input type="hidden" name="part" value="${amountText(part, payment.currency)}">`)}
<input type="hidden" name="description" value="${description}">
<input type="hidden" name="confirm" value="yes">
<input type="hidden" name="once" value="${once}">
<button class="button danger" type="submit">${t.t('confirmRefund', { amount })}</button>
</form>
<a class="button secondary" href="/dashboard/payments/${payment.id}">${t.t('cancel')}</a>
</div>
</section>`,
  );
}

export interface UserListEntry {
  id: string;
  email: string;
  role: 'admin' | 'developer' | 'viewer';
  created_at: Date;
  has_password: boolean;
  sessions: number | null;
}

/** An admin's page: the platform's users, signing one out everywhere, and a new user with its one-time link. */
export function usersPage(view: View, users: UserListEntry[], notice?: { text: string; link?: string }): Html {
  const { t } = view;
  return page(
    view,
    t.t('users'),
    html`${notice ? html`<div class="notice" role="status"><p>${notice.text}</p>${notice.link ? html`<p><code class="link">${notice.link}</code></p>` : ''}</div>` : ''}
<section class="panel">
<table class="list"><thead><tr><th scope="col">${t.t('email')}</th><th scope="col">${t.t('role')}</th><th scope="col">${t.t('passwordSet')}</th><th scope="col" class="num">${t.t('sessions')}</th><th scope="col"><span class="visually-hidden">${t.t('signOutEverywhere')}, ${t.t('removeUser')}</span></th></tr></thead>
<tbody>${users.map(
      (user, index) => html`<tr><td data-label="${t.t('email')}" class="wrap">${user.email}</td>
<td data-label="${t.t('role')}"><form class="inline-form" method="post" action="/dashboard/users/${user.id}/role">${csrf(view.session)}<label class="visually-hidden" for="role-${index}">${t.t('role')} ${user.email}</label><select id="role-${index}" name="role">${ROLES.map((role) => html`<option value="${role}" ${role === user.role ? html`selected` : ''}>${t.t(role)}</option>`)}</select><button class="button secondary small" type="submit">${t.t('changeRole')} <span class="visually-hidden">${user.email}</span></button></form></td>
<td data-label="${t.t('passwordSet')}">${user.has_password ? t.t('yes') : t.t('no')}</td><td data-label="${t.t('sessions')}" class="num">${user.sessions ?? 0}</td>
<td><div class="row-actions">${user.sessions ? html`<form method="post" action="/dashboard/users/${user.id}/sign-out">${csrf(view.session)}<button class="button secondary small" type="submit">${t.t('signOutEverywhere')} <span class="visually-hidden">${user.email}</span></button></form>` : ''}<form method="post" action="/dashboard/users/${user.id}/remove">${csrf(view.session)}<button class="button danger small" type="submit">${t.t('removeUser')} <span class="visually-hidden">${user.email}</span></button></form></div></td></tr>`,
    )}</tbody></table>
</section>
<section class="panel">
<h2>${t.t('newUser')}</h2>
<form method="post" action="/dashboard/users">
${csrf(view.session)}
<div class="filter-grid">
${field('new-email', t.t('email'), html`<input id="new-email" name="email" type="email" required maxlength="254" autocomplete="off">`)}
${select('new-role', t.t('role'), t, (['viewer', 'developer', 'admin'] as const).map((role) => ({ value: role, label: t.t(role) })), 'viewer', 'role', false)}
</div>
<button class="button primary" type="submit">${t.t('createUser')}</button>
</form>
</section>`,
  );
}

/** A confirmation before an action that cannot be undone: the button posts again with confirm=yes. */
export function confirmPage(view: View, title: string, text: string, action: string, button: string, back = '/dashboard/developers', fields: Record<string, string> = {}): Html {
  const { t } = view;
  return page(
    view,
    title,
    html`<section class="panel">
<p>${text}</p>
<div class="confirm-actions">
<form method="post" action="${action}">${csrf(view.session)}${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}<input type="hidden" name="confirm" value="yes"><button class="button danger" type="submit">${button}</button></form>
<a class="button secondary" href="${back}">${t.t('cancel')}</a>
</div>
</section>`,
  );
}

export interface ClientListEntry {
  id: string;
  name: string;
  scopes: string[];
  created_at: Date;
  revoked_at: Date | null;
}

/** What an answer shows once: a text and, for a new client or a revealed secret, the secret. */
export interface DevelopersNotice {
  text: string;
  secret?: { label: string; value: string };
}

/** A developer's page: the platform's API clients in this environment, and its webhook signing secret (never shown unasked). */
export function developersPage(view: View, clients: ClientListEntry[], notice?: DevelopersNotice): Html {
  const { t } = view;
  // Only the scopes the user may give; those withheld are named, with who gives them.
  const grantable = grantableScopes(view.session);
  const withheld = ALL_SCOPES.filter((scope) => !grantable.includes(scope));
  return page(
    view,
    t.t('developers'),
    html`${notice ? html`<div class="notice" role="status"><p>${notice.text}</p>${notice.secret ? html`<p>${notice.secret.label}: <code class="secret">${notice.secret.value}</code></p><p>${t.t('shownOnce')}</p>` : ''}</div>` : ''}
<section class="panel">
<h2>${t.t('apiClients')}</h2>
${clients.length === 0 ? html`<p>${t.t('noClients')}</p>` : html`<table class="list"><thead><tr><th scope="col">ID</th><th scope="col">${t.t('clientName')}</th><th scope="col">${t.t('scopes')}</th><th scope="col">${t.t('createdAt')}</th><th scope="col">${t.t('status')}</th><th scope="col"><span class="visually-hidden">${t.t('revoke')}</span></th></tr></thead>
<tbody>${clients.map(
      (client) => html`<tr><td data-label="ID" class="wrap"><code>${client.id}</code></td><td data-label="${t.t('clientName')}" class="wrap">${client.name}</td><td data-label="${t.t('scopes')}" class="wrap">${client.scopes.join(' ')}</td><td data-label="${t.t('createdAt')}">${t.dateTime(client.created_at)}</td>
<td data-label="${t.t('status')}">${client.revoked_at ? `${t.t('revoked')} ${t.dateTime(client.revoked_at)}` : t.t('active')}</td>
<td>${client.revoked_at ? '' : html`<form method="post" action="/dashboard/developers/clients/${client.id}/revoke">${csrf(view.session)}<button class="button secondary small" type="submit">${t.t('revoke')} <span class="visually-hidden">${client.id}</span></button></form>`}</td></tr>`,
    )}</tbody></table>`}
</section>
<section class="panel">
<h2>${t.t('newClient')}</h2>
<form method="post" action="/dashboard/developers/clients">
${csrf(view.session)}
${field('client-name', t.t('clientName'), html`<input id="client-name" name="name" required maxlength="100" autocomplete="off">`)}
<fieldset class="scopes"><legend>${t.t('scopes')}</legend>
${grantable.map((scope, index) => html`<div class="check"><input type="checkbox" id="scope-${index}" name="scope" value="${scope}"><label for="scope-${index}">${scope}</label></div>`)}
${withheld.length > 0 ? html`<p class="hint">${t.t('scopesForAdmins', { scopes: withheld.join(', ') })}</p>` : ''}
</fieldset>
<button class="button primary" type="submit">${t.t('createClient')}</button>
</form>
</section>
<section class="panel">
<h2>${t.t('eventLog')}</h2>
<p>${t.t('eventLogHint')}</p>
<p><a href="/dashboard/events">${t.t('openEventLog')}</a></p>
</section>
<section class="panel">
<h2>${t.t('webhookSecret')}</h2>
<p>${t.t('webhookSecretHint')}</p>
<div class="confirm-actions">
<form method="post" action="/dashboard/developers/webhook-secret">${csrf(view.session)}<button class="button secondary" type="submit">${t.t('revealSecret')}</button></form>
<form method="post" action="/dashboard/developers/webhook-secret/rotate">${csrf(view.session)}<button class="button danger" type="submit">${t.t('rotate')}</button></form>
</div>
</section>`,
  );
}
