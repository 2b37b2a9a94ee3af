import { Type, type Static } from 'typebox';
import { idPattern } from '../../core/ids.js';
import { EVENT_TYPES } from '../../events/outbox.js';
import { DELIVERY_FILTERS } from '../../events/repository.js';
import { Csrf, oneOf } from '../schemas.js';

export const EventsQuery = Type.Object(
  {
    type: Type.Optional(oneOf(EVENT_TYPES)),
    /** The object the event is about, as GET /events?object_id= takes it (pay_, rfd_, tra_, app_…). */
    object: Type.Optional(Type.String({ maxLength: 64, pattern: '^\\s*[A-Za-z0-9_]*\\s*$' })),
    delivery: Type.Optional(oneOf(DELIVERY_FILTERS)),
    after: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: false },
);
export type EventsQuery = Static<typeof EventsQuery>;
export type EventFilters = Omit<EventsQuery, 'after'>;

export const EventParams = Type.Object({ id: Type.String({ pattern: idPattern('evt') }) });

/** The pages a resend answers with: the payment's or the event's it was asked from. */
export const BACK_PATTERN = '^/dashboard/(payments/pay|events/evt)_[0-9A-Za-z]{26}$';

export const ResendForm = Type.Object({
  _csrf: Csrf,
  /** The page the form is on; without it the answer is the event's page. */
  back: Type.Optional(Type.String({ maxLength: 100, pattern: BACK_PATTERN })),
});
