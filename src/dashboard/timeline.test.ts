import { describe, expect, it } from 'vitest';
import { paymentTimeline } from './timeline.js';

const payment = { id: 'pay_1', status: 'completed', initiated_at: '2025-01-01T10:00:00.000Z' };
const event = (event_id: string, type: string, occurred_at: string, data: Record<string, unknown>) => ({ event_id, type, occurred_at, data });

describe("a payment's timeline", () => {
  it('orders the status changes and events by time, whatever order they come in', () => {
    const entries = paymentTimeline({
      payment,
      row: { mandate: { signed_at: '2025-01-01T10:05:00.000Z' }, processor_reference: 'sim_col_1', updated_at: new Date('2025-01-03T10:05:00.000Z') },
      events: [
        event('evt_3', 'refund_initiated_from_buyer', '2025-01-04T00:00:00.000Z', { refund_id: 'rfd_1', amount_minor: 100 }),
        event('evt_2', 'transfer_started', '2025-01-03T10:05:00.000Z', { transfer_id: 'tra_1' }),
        event('evt_1', 'payment_succeeded', '2025-01-03T10:05:00.000Z', { id: 'pay_1', status: 'completed', reference: 'r' }),
      ],
    });
    expect(entries.map((entry) => [entry.at.slice(0, 16), entry.status, entry.event?.type])).toEqual([
      ['2025-01-01T10:00', 'initiated', undefined],
      ['2025-01-01T10:05', 'authorized', undefined],
      ['2025-01-03T10:05', 'completed', 'payment_succeeded'],
      ['2025-01-03T10:05', undefined, 'transfer_started'],
      ['2025-01-04T00:00', undefined, 'refund_initiated_from_buyer'],
    ]);
  });

  it('shows a mandate signed but never collected as no authorization, and a cancellation at its time', () => {
    const entries = paymentTimeline({
      payment: { ...payment, status: 'canceled' },
      row: { mandate: { signed_at: '2025-01-01T10:05:00.000Z' }, processor_reference: null, updated_at: new Date('2025-01-01T10:30:00.000Z') },
      events: [],
    });
    expect(entries.map((entry) => [entry.at.slice(11, 16), entry.status])).toEqual([['10:00', 'initiated'], ['10:30', 'canceled']]);
  });
});
