/**
 * The rate-limit backends: per process (FixedWindowLimiter, the default) or shared by every instance
 * in Redis (rate-limit-redis.ts, with SVC_REDIS_URL). Both count a fixed window per caller key.
 * (rate-limit-window.ts: the in-process limiter and the limiter contract.)
 */
import { SvcError } from '../domain/errors.js';
import type { RateLimitStatus } from '../ops/types.js';
import { RATE_LIMIT_BLOCK, RATE_LIMIT_HEADERS, type NodeHeaderStore } from './headers.js';

export type { RateLimitStatus };
export { FixedWindowLimiter, type RateDecision, type RateLimiter } from './rate-limit-window.js';
import { FixedWindowLimiter, type RateDecision, type RateLimiter } from './rate-limit-window.js';

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
 * applyDecision for a reply whose common headers sit in Node's header store (headers.ts
 * `nodeStoreOf`): the three headers stored there directly, as one block of lines under
 * RATE_LIMIT_BLOCK (headers.ts says why); a refusal goes through applyDecision, which sets the same
 * values with Retry-After in fastify's record and makes the 429.
 */
export function storeDecision(d: RateDecision, windowMs: number, store: NodeHeaderStore, reply: { header(name: string, value: number): unknown }): SvcError | undefined {
  if (!d.allowed) return applyDecision(d, windowMs, reply);
  store[RATE_LIMIT_BLOCK] = [`${RATE_LIMIT_HEADERS.limit}: ${d.limit}\r\n${RATE_LIMIT_HEADERS.remaining}: ${d.remaining}\r\n${RATE_LIMIT_HEADERS.reset}`, d.resetSeconds];
  return undefined;
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
