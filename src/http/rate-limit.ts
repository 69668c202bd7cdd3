/**
 * The rate-limit backends: per process (FixedWindowLimiter, the default) or shared by every instance
 * in Redis (rate-limit-redis.ts, with SVC_REDIS_URL). Both count a fixed window per caller key.
 *
 * Fixed-window rate limiter, in process, per caller key. Owned rather than taken from a plugin
 * because the contract is exact and testable: within one window exactly `limit` hits pass and the
 * next one is refused with the whole seconds until the window ends (Retry-After, at least 1).
 * One process holds its own counters; a fleet behind a balancer multiplies the allowance by the
 * number of processes (documented in docs/http.md).
 */

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets, at least 1. */
  resetSeconds: number;
}

import { SvcError } from '../domain/errors.js';
import type { RateLimitStatus } from '../ops/types.js';
import { RATE_LIMIT_HEADERS } from './headers.js';

export type { RateLimitStatus };

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

/** The configured limiter: Redis when SVC_REDIS_URL is set (ioredis loaded only then), else per process. */
export async function createRateLimiter(
  config: { rateLimitPerMinute: number; rateLimitWindowMs: number; redis: { url: string | undefined; keyPrefix: string; timeoutMs: number } },
  clock: () => number,
  warn: (message: string) => void,
): Promise<RateLimiter> {
  if (config.redis.url === undefined) return new FixedWindowLimiter(config.rateLimitPerMinute, config.rateLimitWindowMs, clock);
  const { createRedisLimiter } = await import('./rate-limit-redis.js');
  return createRedisLimiter({
    url: config.redis.url, keyPrefix: config.redis.keyPrefix, limit: config.rateLimitPerMinute, windowMs: config.rateLimitWindowMs,
    timeoutMs: config.redis.timeoutMs, warn, clock,
  });
}

const limiterFailed = (): SvcError => new SvcError('unavailable', 'rate limiter failed', { reason: 'rate_limiter_failed' });

/** Sets the rate-limit headers of a decision; the 429 error (with Retry-After) when refused. */
export function applyDecision(d: RateDecision, windowMs: number, target: { header(name: string, value: number): unknown }): SvcError | undefined {
  target.header(RATE_LIMIT_HEADERS.limit, d.limit);
  target.header(RATE_LIMIT_HEADERS.remaining, d.remaining);
  target.header(RATE_LIMIT_HEADERS.reset, d.resetSeconds);
  if (d.allowed) return undefined;
  target.header('retry-after', d.resetSeconds);
  return new SvcError('rate_limited', `rate limit of ${d.limit} requests per ${windowMs} ms exceeded`, { reason: 'rate_limited' });
}

/**
 * Counts one hit of `key`, sets the rate-limit headers and calls back with the 429 error (with
 * Retry-After) or nothing. Synchronous with the in-process limiter: no promise on the hot path.
 */
export function countHit(
  limiter: RateLimiter,
  key: string,
  windowMs: number,
  header: (name: string, value: number) => void,
  then: (limited: SvcError | undefined) => void,
): void {
  const decide = (d: RateDecision): SvcError | undefined => applyDecision(d, windowMs, { header });
  let decision: RateDecision | Promise<RateDecision>;
  try {
    decision = limiter.hit(key);
  } catch {
    then(limiterFailed());
    return;
  }
  if (decision instanceof Promise) decision.then((d) => then(decide(d)), () => then(limiterFailed()));
  else then(decide(decision));
}
