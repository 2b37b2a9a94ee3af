/**
 * A payment's timeline, derived from what is stored (there is no status history table): the
 * payment's initiation, the signing of its SEPA mandate (authorized), its events (those of the
 * payment carry its new status; those of its refunds and transfers follow in their places), and a
 * cancellation, which has no event, at the payment's last change. A status whose time is not kept
 * (started) is left out rather than guessed.
 */
export interface TimelineEntry {
  at: string;
  /** The payment's status from then on; none for an event about a refund or a transfer. */
  status?: string;
  event?: { event_id: string; type: string; data: Record<string, unknown> };
}

interface TimelineSources {
  payment: { id: string; status: string; initiated_at: string };
  /** The stored mandate, the processor's reference (set once the bank collects) and the payment's last change. */
  row: { mandate: Record<string, unknown> | null; processor_reference: string | null; updated_at: Date };
  events: { event_id: string; type: string; occurred_at: string; data: Record<string, unknown> }[];
}

export function paymentTimeline({ payment, row, events }: TimelineSources): TimelineEntry[] {
  const entries: (TimelineEntry & { order: string })[] = [{ at: payment.initiated_at, status: 'initiated', order: '' }];
  const signedAt = row.mandate?.signed_at;
  if (row.mandate && row.processor_reference && typeof signedAt === 'string') entries.push({ at: signedAt, status: 'authorized', order: '' });
  for (const event of events) {
    const aboutPayment = event.data.id === payment.id && typeof event.data.status === 'string';
    entries.push({ at: event.occurred_at, ...(aboutPayment ? { status: event.data.status as string } : {}), event: { event_id: event.event_id, type: event.type, data: event.data }, order: event.event_id });
  }
  if (payment.status === 'canceled' && !entries.some((entry) => entry.status === 'canceled')) entries.push({ at: row.updated_at.toISOString(), status: 'canceled', order: '' });
  // Oldest first; at one instant, a status change before the events recorded with it (event ids sort by time of recording).
  entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.order.localeCompare(b.order));
  return entries.map(({ order: _order, ...entry }) => entry);
}
