import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.js';

/** A limiter on a clock that only moves when told to (milliseconds). */
function limiter(perSecond: number, burst: number) {
  let now = 1_000_000;
  const rateLimiter = new RateLimiter(perSecond, burst, () => now);
  return { rateLimiter, advance: (ms: number) => (now += ms) };
}

describe('what works', () => {
  it('starts full: a burst of requests passes, counting down what remains', () => {
    const { rateLimiter } = limiter(1, 3);
    expect([1, 2, 3].map(() => rateLimiter.take('client'))).toEqual([
      { allowed: true, remaining: 2, resetSeconds: 1, retryAfterSeconds: 1 },
      { allowed: true, remaining: 1, resetSeconds: 2, retryAfterSeconds: 1 },
      { allowed: true, remaining: 0, resetSeconds: 3, retryAfterSeconds: 1 },
    ]);
  });

  it('refills at the rate: a token is back after 1/rate seconds, not before', () => {
    const { rateLimiter, advance } = limiter(2, 2);
    rateLimiter.take('client');
    rateLimiter.take('client');
    advance(499);
    expect(rateLimiter.take('client').allowed).toBe(false);
    advance(1);
    const result = rateLimiter.take('client');
    expect(result.allowed).toBe(true);
    expect(result.remaining).toBe(0);
  });

  it('keeps at most the burst however long the client was idle', () => {
    const { rateLimiter, advance } = limiter(10, 5);
    rateLimiter.take('client');
    advance(3_600_000);
    const taken = Array.from({ length: 6 }, () => rateLimiter.take('client').allowed);
    expect(taken).toEqual([true, true, true, true, true, false]);
  });

  it('sustains the rate: one request per 1/rate seconds is always allowed once the burst is spent', () => {
    const { rateLimiter, advance } = limiter(5, 1);
    for (let i = 0; i < 50; i++) {
      expect(rateLimiter.take('client').allowed).toBe(true);
      advance(200);
    }
  });

  it('is on only when both the rate and the burst are positive', () => {
    expect(new RateLimiter(100, 200).enabled).toBe(true);
    expect(new RateLimiter(0, 200).enabled).toBe(false);
    expect(new RateLimiter(100, 0).enabled).toBe(false);
  });
});

describe('what is refused', () => {
  it('refuses the request after the burst, with the seconds until a token is back', () => {
    const { rateLimiter, advance } = limiter(1, 3);
    for (let i = 0; i < 3; i++) rateLimiter.take('client');
    expect(rateLimiter.take('client')).toEqual({ allowed: false, remaining: 0, resetSeconds: 3, retryAfterSeconds: 1 });
    advance(250);
    // 0.25 of a token is back: the next whole one is 0.75 s away, rounded up to 1 s.
    expect(rateLimiter.take('client')).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
  });

  it('answers Retry-After in whole seconds, at least 1, for slow rates too', () => {
    const { rateLimiter } = limiter(1, 1);
    rateLimiter.take('client');
    expect(rateLimiter.take('client').retryAfterSeconds).toBe(1);
    const fast = limiter(1000, 1).rateLimiter;
    fast.take('client');
    expect(fast.take('client')).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
  });

  it('does not let refused requests deepen the debt', () => {
    const { rateLimiter, advance } = limiter(1, 1);
    rateLimiter.take('client');
    for (let i = 0; i < 100; i++) expect(rateLimiter.take('client').allowed).toBe(false);
    advance(1000);
    expect(rateLimiter.take('client').allowed).toBe(true);
  });
});

describe('who may not see it', () => {
  it('gives every key its own bucket', () => {
    const { rateLimiter } = limiter(1, 2);
    rateLimiter.take('a');
    rateLimiter.take('a');
    expect(rateLimiter.take('a').allowed).toBe(false);
    expect(rateLimiter.take('b')).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('forgets the least recently used key past 100 000 keys, not a busy one', () => {
    const { rateLimiter } = limiter(1, 1);
    rateLimiter.take('idle');
    rateLimiter.take('busy');
    for (let i = 0; i < 99_999; i++) {
      rateLimiter.take(`client-${i}`);
      if (i % 10_000 === 0) rateLimiter.take('busy');
    }
    // 'idle' was the oldest and was dropped: it starts afresh. 'busy' is still remembered as spent.
    expect(rateLimiter.take('idle').allowed).toBe(true);
    expect(rateLimiter.take('busy').allowed).toBe(false);
  });
});
