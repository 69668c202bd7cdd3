/**
 * Rate-limit counters in Redis (SVC_REDIS_URL), shared by every `svc serve` instance: one atomic Lua
 * script per request increments the caller's counter and reads its remaining time to live, starting
 * the window on the first hit, so N requests pass per window across the whole fleet and
 * Retry-After is the real time left in the window.
 *
 * Unreachable Redis: every call is bounded (connect and command timeouts, no offline queue, no
 * per-request retries), so a request never waits on Redis longer than SVC_REDIS_TIMEOUT_MS. The
 * policy is FAIL-OPEN to a per-process fallback: requests keep being limited, by this instance's own
 * counters (the fleet allows at most N per instance), and health turns `degraded` until Redis
 * answers again. Chosen over fail-closed because svc serves decision support: an outage of the
 * counter store should not take every route down with it, while abuse stays bounded. docs/deploy.md.
 */
import type { Redis } from 'ioredis';
import type { RateLimitStatus } from '../ops/types.js';
import { FixedWindowLimiter, type RateDecision, type RateLimiter } from './rate-limit-window.js';

const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

export interface RedisLimiterOptions {
  url: string;
  keyPrefix: string;
  limit: number;
  windowMs: number;
  timeoutMs: number;
  /** Told once per change between shared and fallback counting; never given a secret. */
  warn(message: string): void;
  clock?: () => number;
}

type HitClient = Redis & { svcHit(key: string, windowMs: number): Promise<[number, number]> };

function reasonOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const e = error as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof e.code === 'string') return e.code;
    if (typeof e.message === 'string' && /timed? ?out/i.test(e.message)) return 'timeout';
    if (typeof e.name === 'string') return e.name;
  }
  return 'error';
}

export class RedisRateLimiter implements RateLimiter {
  private readonly fallback: FixedWindowLimiter;
  private healthy = true;
  private lastReason = '';

  constructor(
    private readonly redis: HitClient,
    private readonly options: RedisLimiterOptions,
  ) {
    this.fallback = new FixedWindowLimiter(options.limit, options.windowMs, options.clock);
  }

  async hit(key: string): Promise<RateDecision> {
    const { limit, windowMs, keyPrefix } = this.options;
    try {
      const [count, ttl] = await this.redis.svcHit(`${keyPrefix}rl:${windowMs}:${key}`, windowMs);
      this.observe(true);
      const resetSeconds = Math.max(1, Math.ceil(Number(ttl) / 1000));
      const n = Number(count);
      return { allowed: n <= limit, limit, remaining: Math.max(0, limit - n), resetSeconds };
    } catch (error) {
      this.observe(false, reasonOf(error));
      return this.fallback.hit(key);
    }
  }

  async status(): Promise<RateLimitStatus> {
    try {
      await this.redis.ping();
      this.observe(true);
      return { backend: 'redis', healthy: true, detail: 'shared by every instance in Redis' };
    } catch (error) {
      this.observe(false, reasonOf(error));
      return { backend: 'redis', healthy: false, detail: `Redis not answering (${this.lastReason}): each instance counts on its own until it does (fail-open)` };
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }

  /** Records whether Redis answered; a change is logged once (unless `announce` is false). */
  observe(ok: boolean, reason = '', announce = true): void {
    if (ok === this.healthy) return;
    this.healthy = ok;
    this.lastReason = reason;
    if (announce) this.options.warn(ok ? 'rate limit: Redis answers again; counters are shared' : `rate limit: Redis unreachable (${reason}); counting per process until it answers`);
  }
}

/** Connects (waiting at most timeoutMs for the first connection) and returns the limiter. */
export async function createRedisLimiter(options: RedisLimiterOptions): Promise<RedisRateLimiter> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(options.url, {
    connectTimeout: options.timeoutMs,
    commandTimeout: options.timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(200 * times, 2_000),
    lazyConnect: true,
  }) as HitClient;
  redis.defineCommand('svcHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  // Without a listener an 'error' event would crash the process; the limiter reports state itself.
  redis.on('error', () => {});
  const limiter = new RedisRateLimiter(redis, options);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.connect(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(Object.assign(new Error('connect timed out'), { code: 'ETIMEDOUT' })), options.timeoutMs);
      }),
    ]);
  } catch (error) {
    // Fail-open from the start: ioredis keeps reconnecting in the background.
    options.warn(`rate limit: Redis unreachable at start (${reasonOf(error)}); counting per process until it answers`);
    limiter.observe(false, reasonOf(error), false);
  } finally {
    clearTimeout(timer);
  }
  return limiter;
}
