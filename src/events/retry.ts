/**
 * When to try again after the n-th failed attempt: the Standard Webhooks schedule (5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h) stretched with three more steps to about three days in all.
 */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600, 10 * 3600, 14 * 3600, 20 * 3600];
const MAX_RETRY_AFTER_SECONDS = 24 * 3600;

/** Seconds until the next attempt after `failedAttempts` failures, or undefined when it is time to give up. */
export function nextDelaySeconds(failedAttempts: number, retryAfterSeconds: number | undefined, random: () => number = Math.random): number | undefined {
  const base = RETRY_DELAYS_SECONDS[failedAttempts - 1];
  if (base === undefined) return undefined;
  // ±10 % jitter so that receivers recovering from an outage are not hit by every retry at once.
  const jittered = base * (0.9 + 0.2 * random());
  const asked = retryAfterSeconds === undefined ? 0 : Math.min(retryAfterSeconds, MAX_RETRY_AFTER_SECONDS);
  return Math.max(jittered, asked);
}

/** Retry-After in seconds, from delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now.getTime()) / 1000);
}
