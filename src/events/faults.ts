import type { InjectedFault } from '../core/db.js';
import { addSeconds } from '../core/time.js';

/** A platform's webhook faults in the sandbox: what share of deliveries is sent twice, out of order, late. */
export interface WebhookFaults {
  duplicate_ratio: number;
  reorder_ratio: number;
  reorder_window_seconds: number;
  delay_ratio: number;
  delay_seconds: number;
}

/** Off: every delivery sent once, at once (every platform's default, and live's always). */
export const NO_FAULTS: WebhookFaults = { duplicate_ratio: 0, reorder_ratio: 0, reorder_window_seconds: 0, delay_ratio: 0, delay_seconds: 0 };

/** A delivery as the outbox writes it: due at `dueAt`, `injected` when a fault made or moved it. */
export interface PlannedDelivery {
  dueAt: Date;
  injected: InjectedFault | null;
}

/**
 * The deliveries of one event to one URL under `faults`, the first always there: late by
 * delay_seconds (delay_ratio of them); else held back by up to reorder_window_seconds (some time in
 * the window, drawn evenly), so that
 * events written after it within the window arrive first (reorder_ratio); and a second delivery of
 * the same event, due at once (duplicate_ratio). Each draw is its own (`random` in [0, 1)).
 */
export function planDeliveries(faults: WebhookFaults, now: Date, random: () => number = Math.random): PlannedDelivery[] {
  const first: PlannedDelivery =
    random() < faults.delay_ratio
      ? { dueAt: addSeconds(now, faults.delay_seconds), injected: 'delayed' }
      : faults.reorder_window_seconds > 0 && random() < faults.reorder_ratio
        ? { dueAt: addSeconds(now, (1 - random()) * faults.reorder_window_seconds), injected: 'reordered' }
        : { dueAt: now, injected: null };
  return random() < faults.duplicate_ratio ? [first, { dueAt: now, injected: 'duplicate' }] : [first];
}
