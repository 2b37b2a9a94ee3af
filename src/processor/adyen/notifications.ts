import { createHmac, timingSafeEqual } from 'node:crypto';
import { Type, type Static } from 'typebox';
import Value from 'typebox/value';
import type { ProcessorNotification } from './types.js';
import type { AdyenNotificationItem } from './wire.js';

/** The body Adyen wants back once the batch is stored; anything else and Adyen sends it again. */
export const NOTIFICATIONS_ACCEPTED = '[accepted]';

/** The members of a standard webhook this adapter reads; Adyen may add others. */
const NotificationItem = Type.Object({
  pspReference: Type.String({ minLength: 1 }),
  originalReference: Type.Optional(Type.String()),
  merchantAccountCode: Type.String(),
  merchantReference: Type.String(),
  amount: Type.Object({ value: Type.Integer(), currency: Type.String({ minLength: 3, maxLength: 3 }) }),
  eventCode: Type.String({ minLength: 1 }),
  eventDate: Type.String(),
  success: Type.Union([Type.Literal('true'), Type.Literal('false')]),
  reason: Type.Optional(Type.String()),
  paymentMethod: Type.Optional(Type.String()),
  additionalData: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

/** Adyen's standard webhook body (NotificationRequest), for the route's schema. */
export const AdyenNotificationRequest = Type.Object({
  live: Type.String(),
  notificationItems: Type.Array(Type.Object({ NotificationRequestItem: NotificationItem }), { minItems: 1 }),
});
export type AdyenNotificationRequest = Static<typeof AdyenNotificationRequest>;

export type NotificationBatch =
  | { accepted: true; notifications: ProcessorNotification[] }
  /** Refuse the whole batch (401), store nothing: Adyen retries it, and a forged item taints its batch. */
  | { accepted: false; problem: string };

/**
 * Adyen's HMAC of a notification item: HMAC-SHA256 with the hex-decoded key over
 * pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success
 * (absent members as empty strings), base64.
 */
export function notificationSignature(item: AdyenNotificationItem, hmacKey: Buffer): string {
  const signed = [
    item.pspReference, item.originalReference ?? '', item.merchantAccountCode, item.merchantReference,
    String(item.amount.value), item.amount.currency, item.eventCode, item.success,
  ].join(':');
  return createHmac('sha256', hmacKey).update(signed, 'utf8').digest('base64');
}

function signedByAdyen(item: AdyenNotificationItem, hmacKey: Buffer): boolean {
  const given = item.additionalData?.hmacSignature;
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(notificationSignature(item, hmacKey), 'base64');
  const actual = Buffer.from(given, 'base64');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Adyen's own key of an event: a webhook with the same pspReference, eventCode and success is the
 * same event sent again; one whose success differs is news (e.g. a REFUND success=false after true).
 */
export function eventKeyOf(item: Pick<AdyenNotificationItem, 'pspReference' | 'eventCode' | 'success'>): string {
  return `${item.pspReference}:${item.eventCode}:${item.success}`;
}

function toNotification(item: AdyenNotificationItem): ProcessorNotification {
  return {
    eventKey: eventKeyOf(item),
    kind: item.eventCode,
    pspReference: item.pspReference,
    ...(item.originalReference ? { originalReference: item.originalReference } : {}),
    merchantReference: item.merchantReference,
    success: item.success === 'true',
    // Adyen writes "null" when it has no reason.
    ...(item.reason && item.reason !== 'null' ? { reason: item.reason } : {}),
    amountMinor: item.amount.value,
    currency: item.amount.currency,
    eventDate: item.eventDate,
    ...(item.paymentMethod ? { paymentMethod: item.paymentMethod } : {}),
  };
}

/** Reads and verifies a webhook body: every item signed with our key, or the whole batch refused. */
export function readNotifications(body: unknown, hmacKey: Buffer): NotificationBatch {
  if (!Value.Check(AdyenNotificationRequest, body)) return { accepted: false, problem: 'not a standard webhook body' };
  const items = body.notificationItems.map((wrapper) => wrapper.NotificationRequestItem as AdyenNotificationItem);
  const forged = items.findIndex((item) => !signedByAdyen(item, hmacKey));
  if (forged >= 0) return { accepted: false, problem: `item ${forged} has no valid hmacSignature` };
  return { accepted: true, notifications: items.map(toNotification) };
}
