import { createHmac, timingSafeEqual } from 'node:crypto';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { NotificationRejected, type NotificationReader, type ProcessorNotification } from '../boundary.js';

/** The header carrying the simulator's signature: hex HMAC-SHA256 of the body with the notification key. */
export const SIMULATOR_SIGNATURE_HEADER = 'simulator-signature';

const Notification = Type.Object({
  eventKey: Type.String({ minLength: 1, maxLength: 200 }),
  object: Type.Union([Type.Literal('authorization'), Type.Literal('collection'), Type.Literal('refund'), Type.Literal('payout')]),
  reference: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
  processorReference: Type.String({ minLength: 1, maxLength: 100 }),
  outcome: Type.Union([Type.Literal('succeeded'), Type.Literal('failed')]),
  reason: Type.Optional(Type.String({ maxLength: 200 })),
  storedCredential: Type.Optional(Type.String({ maxLength: 200 })),
});
const Batch = Type.Object({ notifications: Type.Array(Notification, { maxItems: 100 }) });

export function simulatorSignature(key: string, body: string): string {
  return createHmac('sha256', key).update(body, 'utf8').digest('hex');
}

/** The simulator's notifications as they come over HTTP: `{notifications: [...]}` in the boundary's words, signed. */
export function simulatorNotificationReader(key: string): NotificationReader {
  return {
    read({ headers, rawBody }): ProcessorNotification[] {
      const given = Buffer.from(String(headers[SIMULATOR_SIGNATURE_HEADER] ?? ''), 'utf8');
      const expected = Buffer.from(simulatorSignature(key, rawBody), 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new NotificationRejected('the simulator signature does not match');
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new NotificationRejected('the body is not JSON');
      }
      if (!Value.Check(Batch, body)) throw new NotificationRejected('the body is not a batch of simulator notifications');
      return body.notifications;
    },
    acknowledgement: { contentType: 'text/plain; charset=utf-8', body: '[accepted]' },
  };
}
