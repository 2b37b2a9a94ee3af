import { Type, type Static } from 'typebox';
import { DateTime, Nullable, StringEnum } from '../core/formats.js';
import { idPattern } from '../core/ids.js';
import { Page, PageQuery } from '../core/pagination.js';
import { EVENT_TYPES } from './outbox.js';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
const DeliveryStatus = StringEnum(DELIVERY_STATUSES);

export const INJECTED_FAULTS = ['duplicate', 'reordered', 'delayed'] as const;

export const Attempt = Type.Object({
  attempted_at: DateTime(),
  status_code: Nullable(Type.Integer()),
  duration_ms: Type.Integer(),
  error: Nullable(Type.String()),
  injected: Type.Optional(
    StringEnum(INJECTED_FAULTS, {
      description: "Sandbox only, when the platform's webhook faults made this attempt on purpose: a second delivery of the event (duplicate), or one held back (reordered, delayed)",
    }),
  ),
});

export const Delivery = Type.Object({
  url: Type.String(),
  status: DeliveryStatus,
  attempt_count: Type.Integer(),
  next_attempt_at: Nullable(DateTime()),
  created_at: DateTime(),
  completed_at: Nullable(DateTime()),
  attempts: Type.Array(Attempt),
});

const envelope = {
  event_id: Type.String({ pattern: idPattern('evt') }),
  type: StringEnum(EVENT_TYPES),
  occurred_at: DateTime(),
  data: Type.Record(Type.String(), Type.Unknown()),
};

export const EventSummary = Type.Object({
  ...envelope,
  delivery_status: Nullable(DeliveryStatus),
});

export const EventDetail = Type.Object({
  ...envelope,
  deliveries: Type.Array(Delivery, { description: 'Newest first; a redelivery adds one' }),
});
export type EventDetail = Static<typeof EventDetail>;
export type EventSummary = Static<typeof EventSummary>;

export const EventParams = Type.Object({ event_id: Type.String() });
export const EventListQuery = PageQuery({
  type: Type.Optional(StringEnum(EVENT_TYPES)),
  object_id: Type.Optional(Type.String({ maxLength: 64, description: 'Events about this object (pay_, rfd_, tra_, app_…)' })),
});
export const EventPage = Page(EventSummary);

export const WebhookSecret = Type.Object({
  secret: Type.String({ description: 'whsec_…: verify webhook-signature with it (Standard Webhooks)' }),
  created_at: DateTime(),
  previous_secret_expires_at: Nullable(DateTime({ description: 'Until then webhooks carry a second signature made with the previous secret' })),
});
export type WebhookSecret = Static<typeof WebhookSecret>;

const typeAlternatives = `(${EVENT_TYPES.join('|')})`;
export const StreamQuery = Type.Object({
  types: Type.Optional(
    Type.String({ pattern: `^${typeAlternatives}(,${typeAlternatives})*$`, description: 'Only these event types, comma-separated', examples: ['payment_succeeded,refund_completed'] }),
  ),
});
export const StreamHeaders = Type.Object({
  'last-event-id': Type.Optional(Type.String({ pattern: idPattern('evt'), description: 'Resume after this event: what came after it is sent first, in order, then what happens' })),
});
export const EventStreamBody = Type.String({
  description:
    'Server-sent events: each event as `id: <event id>` and `data: <the webhook payload, JSON>`; a comment line (`: heartbeat`) every 15 s. The stream ends when the server stops or the token expires or is revoked: reconnect with Last-Event-ID.',
});

const ratio = (what: string) => Type.Number({ minimum: 0, maximum: 1, default: 0, description: `The share of deliveries ${what}, 0 (none, the default) to 1 (every one)` });

/** PUT /simulations/webhook-faults: every field left out is 0 (that fault off). */
export const WebhookFaultsInput = Type.Object(
  {
    duplicate_ratio: Type.Optional(ratio('sent twice (a second delivery of the same event, same webhook-id, signed alike)')),
    reorder_ratio: Type.Optional(ratio('held back by up to reorder_window_seconds, so that events written after them arrive first')),
    reorder_window_seconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 3600, default: 0, description: 'How long a reordered delivery is held back at most (some time in the window, drawn evenly); at least 1 when reorder_ratio is above 0' })),
    delay_ratio: Type.Optional(ratio('sent late by delay_seconds')),
    delay_seconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400, default: 0, description: 'How late a delayed delivery is sent; at least 1 when delay_ratio is above 0' })),
  },
  { additionalProperties: false, examples: [{ duplicate_ratio: 0.2, reorder_ratio: 0.3, reorder_window_seconds: 10, delay_ratio: 0.1, delay_seconds: 60 }] },
);
export type WebhookFaultsInput = Static<typeof WebhookFaultsInput>;

export const WebhookFaults = Type.Object({
  duplicate_ratio: Type.Number(),
  reorder_ratio: Type.Number(),
  reorder_window_seconds: Type.Integer(),
  delay_ratio: Type.Number(),
  delay_seconds: Type.Integer(),
});
export type WebhookFaults = Static<typeof WebhookFaults>;
