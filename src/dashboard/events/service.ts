import type { Caller } from '../../core/auth.js';
import type { EventType } from '../../events/outbox.js';
import type { DeliveryFilter } from '../../events/repository.js';
import type { EventService } from '../../events/service.js';

const PAGE_SIZE = 20;

export interface EventListFilters {
  type?: EventType;
  objectId?: string;
  delivery?: DeliveryFilter;
}

/** The event log: the API's EventService as GET /events, GET /events/{id} and POST /events/{id}/redeliver use it. */
export class DashboardEvents {
  constructor(private readonly events: EventService) {}

  /** One page of the caller's events, newest first; the cursor is the API's, made for these filters. */
  list(caller: Caller, filters: EventListFilters, after: string | undefined) {
    return this.events.list(caller, { first: PAGE_SIZE, after, type: filters.type, object_id: filters.objectId, delivery: filters.delivery });
  }

  /** The event with its deliveries and their attempts, as GET /events/{id} shows it. */
  event(caller: Caller, id: string) {
    return this.events.get(caller, id);
  }

  /** Delivers the event again to its latest webhook URL, as POST /events/{id}/redeliver does. */
  resend(caller: Caller, id: string) {
    return this.events.redeliver(caller, id);
  }
}
