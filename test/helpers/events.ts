import type { EventType } from '../../src/events/outbox.js';
import type { TestServer } from './harness.js';

export interface RecordedEvent {
  platformId: string;
  destination: string | null;
  type?: EventType;
  objectId?: string;
  data?: Record<string, unknown>;
}

/** Commits one sandbox event through the server's outbox, as a service would with its change; answers its id. */
export function recordEvent(server: TestServer, event: RecordedEvent): Promise<string> {
  const objectId = event.objectId ?? 'pay_01JABCDEFGHJKMNPQRSTVWXYZ0';
  return server.app.database.db.transaction().execute((trx) =>
    server.app.services.outbox.record(trx, {
      environment: 'sandbox',
      platformId: event.platformId,
      type: event.type ?? 'payment_succeeded',
      objectId,
      data: event.data ?? { id: objectId },
      occurredAt: server.clock.now(),
      destination: event.destination,
    }),
  );
}
