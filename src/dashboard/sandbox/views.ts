import { formatDuration } from '../../core/duration.js';
import type { WebhookFaults } from '../../events/schemas.js';
import type { FieldError } from '../../core/errors.js';
import type { Payout } from '../../payouts/schemas.js';
import { SCENARIOS } from '../../sandbox/scenarios.js';
import { html, type Html } from '../html.js';
import type { Texts, Translator } from '../texts.js';
import { alert, csrf, details, field, page, statusBadge, type View } from '../views.js';
import type { DueWork } from './repository.js';
import type { ScenarioOutcome, Touched } from './service.js';

export interface Preview {
  now: Date;
  until: Date;
  seconds: number;
  due: DueWork[];
}

/** What the sandbox page shows besides its controls: a preview, an error, or what an action did. */
export interface SandboxPageState {
  /** The duration as typed, kept in its field. */
  duration?: string;
  preview?: Preview;
  error?: string;
  notice?: string;
  payouts?: Payout[];
  outcome?: ScenarioOutcome;
  /** The webhook faults as typed, when they were refused (faultErrors says why). */
  faults?: Record<keyof WebhookFaults, string>;
  faultErrors?: FieldError[];
}

const FAULT_FIELDS: { name: keyof WebhookFaults; label: keyof Texts; ratio: boolean }[] = [
  { name: 'duplicate_ratio', label: 'duplicateRatio', ratio: true },
  { name: 'reorder_ratio', label: 'reorderRatio', ratio: true },
  { name: 'reorder_window_seconds', label: 'reorderWindow', ratio: false },
  { name: 'delay_ratio', label: 'delayRatio', ratio: true },
  { name: 'delay_seconds', label: 'delaySeconds', ratio: false },
];

const DUE_KINDS: Record<string, keyof Texts> = {
  sepa_settlement: 'dueSepaSettlement',
  payment_expiry: 'duePaymentExpiry',
  'refunds.send': 'dueRefundSend',
  'refunds.arrival': 'dueRefundArrival',
  'payouts.cutoff': 'duePayoutCutoff',
  'payouts.send': 'duePayoutSend',
  'payouts.arrival': 'duePayoutArrival',
  'onboarding.compliance_decision': 'dueComplianceDecision',
  'webhook.retry': 'dueWebhookRetry',
  'webhook.delivery': 'dueWebhookDelivery',
};

const SCENARIO_TEXTS: Record<keyof typeof SCENARIOS, keyof Texts> = {
  'card-succeeded': 'scenarioCardSucceeded',
  'card-declined': 'scenarioCardDeclined',
  '3ds-passed': 'scenario3dsPassed',
  '3ds-failed': 'scenario3dsFailed',
  'sepa-completed': 'scenarioSepaCompleted',
  'sepa-unpaid': 'scenarioSepaUnpaid',
  'refund-completed': 'scenarioRefundCompleted',
  'buyer-refund': 'scenarioBuyerRefund',
  'payout-paid': 'scenarioPayoutPaid',
  'application-succeeded': 'scenarioApplicationSucceeded',
  'application-action-required': 'scenarioApplicationActionRequired',
  'mit-series': 'scenarioMitSeries',
};

const OBJECT_TEXTS: Record<string, keyof Texts> = { payment: 'payment', payout: 'payout', refund: 'refund', application: 'objectApplication', clock: 'objectClock' };

/** A scenario's description in the page's language (the CLI's English summary for one without a translation). */
export const scenarioText = (t: Translator, name: string) => (SCENARIO_TEXTS[name] ? t.t(SCENARIO_TEXTS[name]) : (SCENARIOS[name]?.summary ?? name));

/** A duration as the CLI writes it: 1d 12h. */
export const durationText = (seconds: number) => formatDuration(seconds);

function clockPanel(view: View, clock: { now: Date; aheadSeconds: number }, state: SandboxPageState): Html {
  const { t } = view;
  return html`<section class="panel" aria-labelledby="clock-title">
<h2 id="clock-title">${t.t('sandboxClock')}</h2>
${details([
  [t.t('clockNow'), html`<time datetime="${clock.now.toISOString()}">${t.dateTime(clock.now)}</time>`],
  [t.t('clockAhead'), clock.aheadSeconds >= 1 ? durationText(clock.aheadSeconds) : t.t('clockAtRealTime')],
])}
<p class="hint">${t.t('clockOwn')}</p>
<form class="clock-form" method="get" action="/dashboard/sandbox#preview-title">
${field('duration', t.t('advanceBy'), html`<input id="duration" name="duration" required maxlength="20" spellcheck="false" autocomplete="off" placeholder="1d12h" value="${state.duration ?? ''}" aria-describedby="duration-hint" ${state.error && state.duration !== undefined ? html`aria-invalid="true"` : ''}>`, t.t('durationHint'))}
<button class="button secondary" type="submit">${t.t('previewAdvance')}</button>
</form>
</section>`;
}

function previewPanel(view: View, preview: Preview, duration: string): Html {
  const { t } = view;
  const shown = durationText(preview.seconds);
  return html`<section class="panel preview" aria-labelledby="preview-title">
<h2 id="preview-title" tabindex="-1">${t.t('previewTitle', { time: t.dateTime(preview.until) })}</h2>
<p>${t.t('previewText', { duration: shown, from: t.dateTime(preview.now), until: t.dateTime(preview.until) })}</p>
${preview.due.length === 0
    ? html`<p>${t.t('nothingDue')}</p>`
    : html`<table class="list"><thead><tr><th scope="col">${t.t('dueWork')}</th><th scope="col" class="num">${t.t('dueCount')}</th><th scope="col">${t.t('dueEarliest')}</th></tr></thead>
<tbody>${preview.due.map(
        (work) => html`<tr><td data-label="${t.t('dueWork')}" class="wrap">${DUE_KINDS[work.kind] ? t.t(DUE_KINDS[work.kind]!) : work.kind}</td><td data-label="${t.t('dueCount')}" class="num">${work.count}</td><td data-label="${t.t('dueEarliest')}"><time datetime="${work.earliest.toISOString()}">${t.dateTime(work.earliest)}</time></td></tr>`,
      )}</tbody></table>`}
<p class="hint">${t.t('clockOwn')}</p>
<div class="confirm-actions">
<form method="post" action="/dashboard/sandbox/clock/advance">${csrf(view.session)}<input type="hidden" name="duration" value="${duration}"><input type="hidden" name="confirm" value="yes"><button class="button danger" type="submit">${t.t('confirmAdvance', { duration: shown })}</button></form>
<a class="button secondary" href="/dashboard/sandbox">${t.t('cancel')}</a>
</div>
</section>`;
}

/** The platform's webhook faults (PUT /simulations/webhook-faults) as a form: each share from 0 to 1, each time in seconds. */
function faultsPanel(view: View, faults: WebhookFaults, state: SandboxPageState): Html {
  const { t } = view;
  const bad = new Set((state.faultErrors ?? []).map((error) => error.pointer.slice(1)));
  const off = Object.values(faults).every((value) => value === 0);
  const input = ({ name, ratio }: (typeof FAULT_FIELDS)[number]) =>
    html`<input id="${name}" name="${name}" type="number" inputmode="decimal" required min="0" ${ratio ? html`max="1" step="any"` : html`max="${name === 'delay_seconds' ? 86400 : 3600}" step="1"`} value="${state.faults?.[name] ?? String(faults[name])}" ${ratio ? html`aria-describedby="${name}-hint"` : ''} ${bad.has(name) ? html`aria-invalid="true"` : ''}>`;
  return html`<section class="panel" aria-labelledby="faults-title">
<h2 id="faults-title">${t.t('webhookFaults')}</h2>
<p>${t.t('webhookFaultsText')}</p>
${off ? html`<p class="hint">${t.t('faultsOff')}</p>` : ''}
<form class="faults-form" method="post" action="/dashboard/sandbox/webhook-faults#faults-title">${csrf(view.session)}
${FAULT_FIELDS.map((each) => field(each.name, t.t(each.label), input(each), each.ratio ? t.t('ratioHint') : undefined))}
<button class="button secondary" type="submit">${t.t('saveFaults')}</button>
</form>
</section>`;
}

function payoutsRun(view: View, payouts: Payout[]): Html {
  const { t } = view;
  if (payouts.length === 0) return html`<p>${t.t('noTransfersDue')}</p>`;
  return html`<table class="list"><thead><tr><th scope="col">${t.t('payout')}</th><th scope="col">${t.t('payoutAccount')}</th><th scope="col" class="num">${t.t('amount')}</th><th scope="col">${t.t('status')}</th><th scope="col" class="num">${t.t('payoutTransfers')}</th></tr></thead>
<tbody>${payouts.map(
    (payout) => html`<tr><td data-label="${t.t('payout')}" class="wrap"><a href="/dashboard/payouts/${payout.id}">${payout.id}</a></td><td data-label="${t.t('payoutAccount')}" class="wrap"><code>${payout.account_id}</code></td><td data-label="${t.t('amount')}" class="num">${t.money(payout.amount_minor, payout.currency)}</td><td data-label="${t.t('status')}">${statusBadge(t, payout.status)}</td><td data-label="${t.t('payoutTransfers')}" class="num">${payout.transfers.length}</td></tr>`,
  )}</tbody></table>`;
}

/** An object a scenario touched: payments and payouts link to their pages, the rest are ids. */
function touchedId({ object, id }: Touched): Html {
  if (object === 'payment') return html`<a href="/dashboard/payments/${id}">${id}</a>`;
  if (object === 'payout') return html`<a href="/dashboard/payouts/${id}">${id}</a>`;
  return html`<code>${id}</code>`;
}

function outcomePanel(view: View, outcome: ScenarioOutcome): Html {
  const { t } = view;
  return html`<section class="panel" aria-labelledby="outcome-title">
<h2 id="outcome-title">${t.t('scenarioTouched', { name: outcome.scenario })}</h2>
<table class="list"><thead><tr><th scope="col">${t.t('sandboxObject')}</th><th scope="col">ID</th><th scope="col">${t.t('status')}</th><th scope="col">${t.t('scenarioDetail')}</th></tr></thead>
<tbody>${outcome.touched.map(
    (each) => html`<tr><td data-label="${t.t('sandboxObject')}">${OBJECT_TEXTS[each.object] ? t.t(OBJECT_TEXTS[each.object]!) : each.object}</td><td data-label="ID" class="wrap">${touchedId(each)}</td><td data-label="${t.t('status')}">${statusBadge(t, each.status)}</td><td data-label="${t.t('scenarioDetail')}" class="wrap">${each.detail ?? '–'}</td></tr>`,
  )}</tbody></table>
</section>`;
}

function scenariosPanel(view: View): Html {
  const { t } = view;
  return html`<section class="panel" aria-labelledby="scenarios-title">
<h2 id="scenarios-title">${t.t('scenarios')}</h2>
<p>${t.t('scenariosText')}</p>
<table class="list scenarios"><thead><tr><th scope="col">${t.t('scenario')}</th><th scope="col">${t.t('description')}</th><th scope="col"><span class="visually-hidden">${t.t('runScenario')}</span></th></tr></thead>
<tbody>${Object.entries(SCENARIOS).map(
    ([name, scenario]) => html`<tr><td data-label="${t.t('scenario')}"><code>${name}</code></td><td data-label="${t.t('description')}" class="wrap"><span>${scenarioText(t, name)}${scenario.movesClockSeconds ? html` <span class="moves-clock">${t.t('scenarioMovesClock', { duration: durationText(scenario.movesClockSeconds) })}</span>` : ''}</span></td>
<td><form method="post" action="/dashboard/sandbox/trigger">${csrf(view.session)}<input type="hidden" name="scenario" value="${name}"><button class="button secondary small" type="submit">${t.t('runScenario')} <span class="visually-hidden">${name}</span></button></form></td></tr>`,
  )}</tbody></table>
</section>`;
}

/** The sandbox's controls: the platform's clock with its preview, its webhook faults, payouts now, and the CLI's scenarios as buttons; above them what the last action did. */
export function sandboxPage(view: View, clock: { now: Date; aheadSeconds: number }, faults: WebhookFaults, state: SandboxPageState = {}): Html {
  const { t } = view;
  const failed = state.outcome?.error;
  return page(
    view,
    t.t('sandboxControls'),
    html`${alert(state.error)}${failed ? alert(t.t('scenarioFailed', { name: state.outcome!.scenario, error: failed })) : ''}
${state.notice ? html`<p class="notice" role="status">${state.notice}</p>` : ''}
${state.outcome && state.outcome.touched.length > 0 ? outcomePanel(view, state.outcome) : ''}
${state.payouts ? html`<section class="panel" aria-labelledby="payouts-run-title"><h2 id="payouts-run-title">${t.t('payoutsRun', { count: String(state.payouts.length) })}</h2>${payoutsRun(view, state.payouts)}</section>` : ''}
${clockPanel(view, clock, state)}
${state.preview ? previewPanel(view, state.preview, state.duration ?? '') : ''}
${faultsPanel(view, faults, state)}
<section class="panel" aria-labelledby="payouts-title">
<h2 id="payouts-title">${t.t('runPayoutsTitle')}</h2>
<p>${t.t('runPayoutsText')}</p>
<form method="post" action="/dashboard/sandbox/payouts/run">${csrf(view.session)}<button class="button secondary" type="submit">${t.t('runPayouts')}</button></form>
</section>
${scenariosPanel(view)}`,
  );
}
