import { typed } from '../../core/http.js';
import type { EventType } from '../../events/outbox.js';
import type { DeliveryFilter } from '../../events/repository.js';
import { HIDDEN, type DashboardArea } from '../kit.js';
import { permissions } from '../routes.js';
import type { DashboardService } from '../service.js';
import { paymentPage } from '../views.js';
import { EventParams, EventsQuery, ResendForm } from './schemas.js';
import type { DashboardEvents } from './service.js';
import { eventPage, eventsPage } from './views.js';

/**
 * The event log (Developers): the platform's events in the session's environment through the API's
 * EventService (GET /events with the dashboard's delivery filter, GET /events/{id}), and Resend
 * through its redelivery (POST /events/{id}/redeliver), asked from an event's page or a payment's.
 * A developer's or an admin's: the log shows payloads.
 */
export function eventsArea({ events, dashboard }: { events: DashboardEvents; dashboard: DashboardService }): DashboardArea {
  return async (scope, kit) => {
    const app = typed(scope);

    app.get('/dashboard/events', { schema: { ...HIDDEN, querystring: EventsQuery } }, async (request, reply) => {
      const view = await kit.view(request, 'developer');
      const { after, ...filters } = request.query;
      const objectId = filters.object?.trim() || undefined;
      const shown = { ...filters, object: objectId };
      const listed = await events.list(kit.caller(view), { type: (filters.type || undefined) as EventType | undefined, objectId, delivery: (filters.delivery || undefined) as DeliveryFilter | undefined }, after || undefined);
      return kit.send(reply, eventsPage(view, shown, listed.data, listed.cursor, Boolean(after)));
    });

    app.get('/dashboard/events/:id', { schema: { ...HIDDEN, params: EventParams } }, async (request, reply) => {
      const view = await kit.view(request, 'developer');
      return kit.send(reply, eventPage(view, await events.event(kit.caller(view), request.params.id)));
    });

    // One resend for the event's page and the payment's: answered with the page it was asked from, with a notice.
    app.post('/dashboard/events/:id/resend', { schema: { ...HIDDEN, params: EventParams, body: ResendForm } }, async (request, reply) => {
      const view = await kit.view(request, 'developer');
      const caller = kit.caller(view);
      const { id } = request.params;
      const resent = await events.resend(caller, id);
      request.log.info({ user_id: view.session.userId, event_id: id, environment: caller.environment }, 'dashboard event resent');
      const notice = view.t.t('resent', { id });
      const paymentId = request.body.back?.match(/^\/dashboard\/payments\/(pay_\w+)$/)?.[1];
      if (paymentId) return kit.send(reply, paymentPage(view, await dashboard.payment(caller, paymentId), permissions(view.session), notice));
      return kit.send(reply, eventPage(view, resent, notice));
    });
  };
}
