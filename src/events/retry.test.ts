import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RETRY_DELAYS_SECONDS, nextDelaySeconds, parseRetryAfter } from './retry.js';

describe('nextDelaySeconds', () => {
  it('follows the schedule within ±10 % jitter and gives up after the last step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: RETRY_DELAYS_SECONDS.length }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (failures, random) => {
        const delay = nextDelaySeconds(failures, undefined, () => random)!;
        const base = RETRY_DELAYS_SECONDS[failures - 1]!;
        return delay >= base * 0.9 && delay <= base * 1.1;
      }),
    );
    expect(nextDelaySeconds(RETRY_DELAYS_SECONDS.length + 1, undefined)).toBeUndefined();
  });
  it('waits at least as long as Retry-After asks, up to a day', () => {
    expect(nextDelaySeconds(1, 600, () => 0.5)).toBe(600);
    expect(nextDelaySeconds(1, 10 * 86400, () => 0.5)).toBe(86400);
    expect(nextDelaySeconds(3, 1, () => 0.5)).toBe(30 * 60);
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2026-01-01T00:00:00.000Z');
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('whenever', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
