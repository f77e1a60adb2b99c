import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** Granted, or refused with how long until the caller's budget is back. */
export type Taken = { readonly granted: true } | { readonly granted: false; readonly retryAfterMs: number };

/**
 * Each caller's budget of `perMinute` points a minute (RATE_LIMIT_PER_MINUTE; 0 = off), in rate-limiter-flexible's
 * memory store: one entry per caller seen in the last minute, each dropped when its minute ends, so a flood of new
 * callers (addresses) costs memory for a minute and never resets a busy caller's count. Replicas each count their
 * own callers (docs/operations.md names the shared store for that).
 */
export class RateLimiter {
  private readonly limiter: RateLimiterMemory | null;

  constructor(readonly perMinute: number) {
    this.limiter = perMinute === 0 ? null : new RateLimiterMemory({ points: perMinute, duration: 60 });
  }

  /** Takes `points` (never more than the whole budget: a costly request under a tiny budget takes all of it). */
  async take(key: string, points = 1): Promise<Taken> {
    if (!this.limiter) return { granted: true };
    try {
      await this.limiter.consume(key, Math.min(points, this.perMinute));
      return { granted: true };
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return { granted: false, retryAfterMs: refusal.msBeforeNext };
      throw refusal;
    }
  }
}

/** Whose budget a request takes from: the signed-in account, else the client's address (HTTP and websockets alike). */
export function callerKey(principal: { readonly id: string } | null | undefined, address: string | undefined): string {
  return principal ? `account:${principal.id}` : `ip:${address ?? 'unknown'}`;
}
