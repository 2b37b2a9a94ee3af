import { describe, expect, it } from 'vitest';
import { NO_FAULTS, planDeliveries } from './faults.js';

const now = new Date('2026-01-01T00:00:00Z');
const always = () => 0;
const never = () => 0.999;

describe('planDeliveries', () => {
  it('sends each event once, at once, with the faults off', () => {
    expect(planDeliveries(NO_FAULTS, now, always)).toEqual([{ dueAt: now, injected: null }]);
  });

  it('delays by delay_seconds, and adds a duplicate due at once', () => {
    const faults = { ...NO_FAULTS, delay_ratio: 1, delay_seconds: 30, duplicate_ratio: 1 };
    expect(planDeliveries(faults, now, always)).toEqual([
      { dueAt: new Date('2026-01-01T00:00:30Z'), injected: 'delayed' },
      { dueAt: now, injected: 'duplicate' },
    ]);
  });

  it('holds a reordered delivery back within the window; a window of 0 reorders nothing', () => {
    const faults = { ...NO_FAULTS, reorder_ratio: 1, reorder_window_seconds: 10 };
    const draws = [0.9, 0, 0.5, 0.9]; // no delay, reorder, half the window, no duplicate
    expect(planDeliveries(faults, now, () => draws.shift()!)).toEqual([{ dueAt: new Date('2026-01-01T00:00:05Z'), injected: 'reordered' }]);
    expect(planDeliveries(faults, now, always)).toEqual([{ dueAt: new Date('2026-01-01T00:00:10Z'), injected: 'reordered' }]);
    expect(planDeliveries({ ...faults, reorder_window_seconds: 0 }, now, always)).toEqual([{ dueAt: now, injected: null }]);
  });

  it('injects nothing when no draw falls under its ratio', () => {
    expect(planDeliveries({ duplicate_ratio: 0.5, reorder_ratio: 0.5, reorder_window_seconds: 5, delay_ratio: 0.5, delay_seconds: 5 }, now, never)).toEqual([{ dueAt: now, injected: null }]);
  });
});
