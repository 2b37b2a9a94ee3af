import { EVENT_TYPES } from '../../events/outbox.js';
import { DELIVERY_FILTERS } from '../../events/repository.js';
import type { EventDetail, EventSummary } from '../../events/schemas.js';
import { html, type Html, type Part } from '../html.js';
import type { Translator } from '../texts.js';
import { attemptsTable, details, field, page, resendForm, select, statusBadge, type View } from '../views.js';
import type { EventFilters } from './schemas.js';

type Envelope = Pick<EventSummary, 'type' | 'data'>;
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The object an event is about, as GET /events?object_id= finds it: a transfer's, a refund's, or the payment or application itself. */
export function objectOf({ type, data }: Envelope): string | undefined {
  if (type.startsWith('transfer_')) return text(data.transfer_id);
  if (type.startsWith('refund_')) return text(data.refund_id);
  return text(data.id);
}

/** The payment an event belongs to (its own, its refund's or its transfer's), for the link to the payment's page. */
export function paymentOf(event: Envelope): string | undefined {
  return text(event.data.payment_id) ?? (event.type.startsWith('payment_') ? text(event.data.id) : undefined);
}

export function eventsHref(filters: EventFilters, after?: string): string {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  if (after) query.set('after', after);
  return `/dashboard/events${query.size ? `?${query}` : ''}`;
}

const deliveryBadge = (t: Translator, status: string | null) => (status ? statusBadge(t, status) : html`<span class="status">${t.t('noDelivery')}</span>`);

/** What the event is about: the payment's page when it is a payment's, else the object's id. */
function aboutCell(event: Envelope): Html {
  const payment = paymentOf(event);
  const object = objectOf(event);
  return html`${payment ? html`<a href="/dashboard/payments/${payment}"><code>${payment}</code></a>` : ''}${object && object !== payment ? html` <code>${object}</code>` : ''}`;
}

function eventRows(t: Translator, events: EventSummary[]): Html {
  if (events.length === 0) return html`<p>${t.t('noEvents')}</p>`;
  return html`<table class="list">
<thead><tr><th scope="col">${t.t('occurredAt')}</th><th scope="col">${t.t('type')}</th><th scope="col">${t.t('eventAbout')}</th><th scope="col">${t.t('webhook')}</th></tr></thead>
<tbody>${events.map(
    (event) => html`<tr>
<td data-label="${t.t('occurredAt')}">${t.dateTime(event.occurred_at)}</td>
<td data-label="${t.t('type')}" class="wrap"><a href="/dashboard/events/${event.event_id}"><code>${event.type}</code><span class="visually-hidden"> ${event.event_id}</span></a></td>
<td data-label="${t.t('eventAbout')}" class="wrap">${aboutCell(event)}</td>
<td data-label="${t.t('webhook')}">${deliveryBadge(t, event.delivery_status)}</td>
</tr>`,
  )}</tbody></table>`;
}

/** The platform's events in the session's environment, newest first, filtered by type, object and delivery. */
export function eventsPage(view: View, filters: EventFilters, events: EventSummary[], cursor: string | undefined, paged: boolean): Html {
  const { t } = view;
  return page(
    view,
    t.t('eventLog'),
    html`<form class="panel filters" method="get" action="/dashboard/events" aria-label="${t.t('filters')}">
<div class="filter-grid">
${select('type', t.t('type'), t, EVENT_TYPES.map((type) => ({ value: type, label: type })), filters.type)}
${field('object', t.t('eventObject'), html`<input id="object" name="object" type="text" maxlength="64" spellcheck="false" autocomplete="off" placeholder="pay_…" aria-describedby="object-hint" value="${filters.object ?? ''}">`, t.t('eventObjectHint'))}
${select('delivery', t.t('deliveryState'), t, DELIVERY_FILTERS.map((state) => ({ value: state, label: t.t(`delivery_${state}`) })), filters.delivery)}
</div>
<div class="filter-actions"><button class="button primary" type="submit">${t.t('apply')}</button><a class="button secondary" href="/dashboard/events">${t.t('reset')}</a></div>
</form>
<section class="panel">
${eventRows(t, events)}
<nav class="pager" aria-label="${t.t('eventLog')}">${paged ? html`<a href="${eventsHref(filters)}">${t.t('firstPage')}</a>` : ''}${cursor ? html`<a href="${eventsHref(filters, cursor)}" rel="next">${t.t('nextPage')}</a>` : ''}</nav>
</section>`,
  );
}

/** An event as GET /events/{id} shows it: its payload as delivered, its deliveries and every attempt, and Resend. */
export function eventPage(view: View, event: EventDetail, notice?: string): Html {
  const { t } = view;
  const payment = paymentOf(event);
  const object = objectOf(event);
  const payout = text(event.data.payout_id);
  const payload = JSON.stringify({ event_id: event.event_id, type: event.type, occurred_at: event.occurred_at, data: event.data }, null, 2);
  const allOf = object ? html` · <a href="${eventsHref({ object })}">${t.t('eventsAboutObject')}</a>` : '';
  const time = (value: string | null) => (value ? t.dateTime(value) : '–');
  const rows: [string, Part][] = [
    [t.t('type'), html`<code>${event.type}</code>`],
    [t.t('occurredAt'), t.dateTime(event.occurred_at)],
    ...(payment ? [[t.t('payment'), html`<a href="/dashboard/payments/${payment}"><code>${payment}</code></a>${object === payment ? allOf : ''}`] as [string, Part]] : []),
    ...(payout ? [[t.t('payout'), html`<a href="/dashboard/payouts/${payout}"><code>${payout}</code></a>`] as [string, Part]] : []),
    ...(object && object !== payment ? [[t.t('eventObject'), html`<code>${object}</code>${allOf}`] as [string, Part]] : []),
    ['ID', html`<code>${event.event_id}</code>`],
  ];
  return page(
    view,
    `${t.t('event')} ${event.type}`,
    html`${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
<section class="panel">
${details(rows)}
</section>
<section class="panel">
<h2>${t.t('payload')}</h2>
<pre class="payload"><code>${payload}</code></pre>
</section>
<section class="panel">
<h2>${t.t('deliveries')}</h2>
${event.deliveries.length === 0
      ? html`<p>${t.t('noDeliveries')}</p>`
      : html`<table class="list"><thead><tr><th scope="col">${t.t('webhookUrl')}</th><th scope="col">${t.t('status')}</th><th scope="col" class="num">${t.t('attemptCount')}</th><th scope="col">${t.t('nextAttempt')}</th><th scope="col">${t.t('createdAt')}</th><th scope="col">${t.t('completedAt')}</th></tr></thead>
<tbody>${event.deliveries.map(
          (delivery) => html`<tr><td data-label="${t.t('webhookUrl')}" class="wrap">${delivery.url}</td><td data-label="${t.t('status')}">${statusBadge(t, delivery.status)}</td><td data-label="${t.t('attemptCount')}" class="num">${delivery.attempt_count}</td><td data-label="${t.t('nextAttempt')}">${time(delivery.next_attempt_at)}</td><td data-label="${t.t('createdAt')}">${t.dateTime(delivery.created_at)}</td><td data-label="${t.t('completedAt')}">${time(delivery.completed_at)}</td></tr>`,
        )}</tbody></table>
${attemptsTable(t, event.deliveries)}
${resendForm(view, event, `/dashboard/events/${event.event_id}`)}`}
</section>
<p><a href="/dashboard/events">${t.t('allEvents')}</a></p>`,
  );
}
