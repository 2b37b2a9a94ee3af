import type { ObjectSchedule, ScheduledStep } from '../../sandbox/schemas.js';
import { html, type Html } from '../html.js';
import type { Texts } from '../texts.js';
import { csrf, type View } from '../views.js';
import { durationText } from './views.js';

/** The sandbox's shortcuts on an object's page (POST /dashboard/sandbox/{object}/{id}/{shortcut}), each the API's /simulations/… call. */
export const SHORTCUTS = { payments: ['expire', 'settle', 'return'], refunds: ['complete', 'fail'] } as const;
export type ShortcutObject = keyof typeof SHORTCUTS;
export type Shortcut = (typeof SHORTCUTS)[ShortcutObject][number];

/** Which shortcuts a scheduled step offers: the step run now, or ended the other way. */
const SHORTCUTS_OF_STEP: Record<ScheduledStep, Shortcut[]> = {
  payment_expires: ['expire'],
  collection_reported: ['settle', 'return'],
  refund_sent: [],
  refund_reported: ['complete', 'fail'],
  payout_sent: [],
  payout_reported: [],
  compliance_decided: [],
};

const STEP_TEXTS: Record<ScheduledStep, keyof Texts> = {
  payment_expires: 'stepPaymentExpires',
  collection_reported: 'stepCollectionReported',
  refund_sent: 'stepRefundSent',
  refund_reported: 'stepRefundReported',
  payout_sent: 'stepPayoutSent',
  payout_reported: 'stepPayoutReported',
  compliance_decided: 'stepComplianceDecided',
};

const SHORTCUT_TEXTS: Record<Shortcut, keyof Texts> = { expire: 'shortcutExpire', settle: 'shortcutSettle', return: 'shortcutReturn', complete: 'shortcutComplete', fail: 'shortcutFail' };

/**
 * "What happens next, and when" (sandbox only): the object's scheduled work on the sandbox clock,
 * with the time left, and the shortcuts that run a step now (for a developer or an admin); on a
 * payout's page, the platform's payouts run now (the sandbox page's control, which asks first).
 */
export function nextPanel(view: View, target: { object: ShortcutObject | 'payouts' | 'applications'; id: string; title?: string }, schedule: ObjectSchedule | undefined, canAct: boolean): Html | '' {
  if (!schedule) return '';
  const { t } = view;
  const headingId = `next-${target.id}`;
  const shortcuts = canAct && target.object in SHORTCUTS ? [...new Set(schedule.data.flatMap((step) => SHORTCUTS_OF_STEP[step.step]))] : [];
  return html`<section class="panel next-steps" aria-labelledby="${headingId}">
<h2 id="${headingId}">${target.title ?? t.t('nextTitle')}</h2>
${schedule.data.length === 0
    ? html`<p>${t.t('nothingScheduled')}</p>`
    : html`<table class="list"><thead><tr><th scope="col">${t.t('nextStep')}</th><th scope="col">${t.t('nextDueAt')}</th><th scope="col" class="num">${t.t('nextDueIn')}</th></tr></thead>
<tbody>${schedule.data.map(
        (step) => html`<tr><td data-label="${t.t('nextStep')}" class="wrap">${t.t(STEP_TEXTS[step.step])}</td><td data-label="${t.t('nextDueAt')}"><time datetime="${step.due_at}">${t.dateTime(step.due_at)}</time></td><td data-label="${t.t('nextDueIn')}" class="num">${step.due_in_seconds > 0 ? durationText(step.due_in_seconds) : t.t('dueNow')}</td></tr>`,
      )}</tbody></table>`}
<p class="hint">${t.t('nextClockHint', { time: t.dateTime(schedule.now) })}</p>
${shortcuts.length > 0
    ? html`<div class="shortcut-actions">${shortcuts.map(
        (shortcut) => html`<form method="post" action="/dashboard/sandbox/${target.object}/${target.id}/${shortcut}">${csrf(view.session)}<button class="button ${shortcut === 'return' || shortcut === 'fail' || shortcut === 'expire' ? 'danger' : 'secondary'}" type="submit">${t.t(SHORTCUT_TEXTS[shortcut])}</button></form>`,
      )}</div>`
    : ''}
${canAct && target.object === 'payouts' ? html`<div class="shortcut-actions"><form method="post" action="/dashboard/sandbox/payouts/run">${csrf(view.session)}<button class="button secondary" type="submit">${t.t('runPayouts')}</button></form></div>` : ''}
</section>`;
}
