/**
 * The in-process fixed-window limiter and the limiter contract, apart from rate-limit.ts so that the
 * Redis backend (which falls back to it) and the factory that loads that backend import no circle.
 *
 * Fixed-window rate limiter, in process, per caller key. Owned rather than taken from a plugin
 * because the contract is exact and testable: within one window exactly `limit` hits pass and the
 * next one is refused with the whole seconds until the window ends (Retry-After, at least 1).
 * One process holds its own counters; a fleet behind a balancer multiplies the allowance by the
 * number of processes (documented in docs/http.md).
 */
import type { RateLimitStatus } from '../ops/types.js';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets, at least 1. */
  resetSeconds: number;
}

/** What the server needs of a limiter; the in-process one answers synchronously. */
export interface RateLimiter {
  hit(key: string): RateDecision | Promise<RateDecision>;
  status(): Promise<RateLimitStatus>;
  close(): Promise<void>;
}

interface Bucket {
  windowStart: number;
  count: number;
}

/** Above this many tracked callers, expired buckets are swept so memory stays bounded. */
const SWEEP_THRESHOLD = 10_000;

export class FixedWindowLimiter implements RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: () => number = Date.now,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('rate limit must be a positive integer');
    if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError('rate-limit window must be positive');
  }

  hit(key: string): RateDecision {
    const now = this.clock();
    let bucket = this.buckets.get(key);
    if (bucket === undefined || now - bucket.windowStart >= this.windowMs) {
      if (bucket === undefined && this.buckets.size >= SWEEP_THRESHOLD) this.sweep(now);
      bucket = { windowStart: now, count: 0 };
      this.buckets.set(key, bucket);
    }
    const resetSeconds = Math.max(1, Math.ceil((bucket.windowStart + this.windowMs - now) / 1000));
    if (bucket.count >= this.limit) return { allowed: false, limit: this.limit, remaining: 0, resetSeconds };
    bucket.count += 1;
    return { allowed: true, limit: this.limit, remaining: this.limit - bucket.count, resetSeconds };
  }

  async status(): Promise<RateLimitStatus> {
    return { backend: 'process', healthy: true, detail: 'per process: each instance counts its own callers' };
  }

  async close(): Promise<void> {}

  /** Number of callers currently tracked (for tests of the sweep). */
  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.windowStart >= this.windowMs) this.buckets.delete(key);
    }
  }
}
