import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * A token bucket per key: `perSecond` tokens flow in, at most `burst` are kept. Buckets live in
 * this process; with several API processes each enforces the limit on the traffic it receives.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.perSecond > 0 && this.burst > 0;
  }

  /** Takes one token; answers what is left and, when refused, how long until one is back. */
  take(key: string): { allowed: boolean; remaining: number; resetSeconds: number; retryAfterSeconds: number } {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, updatedAt: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.perSecond);
    bucket.updatedAt = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.delete(key); // re-insert: the map stays ordered by last use for eviction
    this.buckets.set(key, bucket);
    if (this.buckets.size > 100_000) this.buckets.delete(this.buckets.keys().next().value as string);
    return {
      allowed,
      remaining: Math.floor(bucket.tokens),
      resetSeconds: Math.ceil((this.burst - bucket.tokens) / this.perSecond),
      retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond)),
    };
  }
}

/** The key of a request limited per client address (as TRUST_PROXY lets it be known). */
export const byAddress = (request: FastifyRequest): string => `ip:${request.ip}`;

/** Limits every request of this scope by the key `keyOf` gives (the client, or the address). */
export function rateLimit(app: FastifyInstance, limiter: RateLimiter, keyOf: (request: FastifyRequest) => string | undefined): void {
  if (!limiter.enabled) return;
  app.addHook('onRequest', async (request, reply) => {
    const key = keyOf(request);
    if (!key) return;
    const result = limiter.take(key);
    reply.header('ratelimit-limit', String(limiter.burst));
    reply.header('ratelimit-remaining', String(result.remaining));
    reply.header('ratelimit-reset', String(result.resetSeconds));
    reply.header('ratelimit-policy', `${limiter.burst};w=${Math.ceil(limiter.burst / limiter.perSecond)}`);
    if (!result.allowed) {
      throw new ApiError('rate_limited', {
        detail: `More than ${limiter.perSecond} requests per second (burst ${limiter.burst}); retry after ${result.retryAfterSeconds} s`,
        headers: { 'retry-after': String(result.retryAfterSeconds) },
      });
    }
  });
}
