import { afterEach, describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from '../../src/http/rate-limit.js';
import { harness, post, PLAN_BODY, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('FixedWindowLimiter', () => {
  it('lets exactly N through per window, then reports whole seconds to the reset', () => {
    let t = 1_000_000;
    const limiter = new FixedWindowLimiter(3, 10_000, () => t);
    expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true]);
    t += 2_500;
    const refused = limiter.hit('a');
    expect(refused).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 8 });
    expect(limiter.hit('b').allowed).toBe(true);
    t += 7_499;
    expect(limiter.hit('a')).toMatchObject({ allowed: false, resetSeconds: 1 });
    t += 1;
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('sweeps expired callers so memory stays bounded', () => {
    let t = 0;
    const limiter = new FixedWindowLimiter(1, 1_000, () => t);
    for (let i = 0; i < 10_000; i++) limiter.hit(`ip:${i}`);
    t += 1_000;
    limiter.hit('fresh');
    expect(limiter.size).toBe(1);
  });

  it('rejects nonsense limits', () => {
    expect(() => new FixedWindowLimiter(0, 1000)).toThrow(RangeError);
    expect(() => new FixedWindowLimiter(1, 0)).toThrow(RangeError);
  });
});

describe('rate limit over HTTP', () => {
  const MASTER = 'master-key-for-rate-tests';

  it('exactly N requests pass in a window; the next gets 429 with Retry-After and the error body', async () => {
    h = await harness({ config: { rateLimitPerMinute: 5, rateLimitWindowMs: 60_000 } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await h.inject(post('/api/strategy/plan', PLAN_BODY))).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    h.clock.advance(20_000);
    const sixth = await h.inject(post('/api/strategy/plan', PLAN_BODY));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBe('40');
    expect(h.json<{ error: { code: string } }>(sixth).error.code).toBe('rate_limited');
    expect(sixth.headers['x-ratelimit-remaining']).toBe('0');
    h.clock.advance(40_000);
    expect((await h.inject(post('/api/strategy/plan', PLAN_BODY))).statusCode).toBe(200);
  });

  it('counts per caller: two keys have separate allowances', async () => {
    h = await harness({ config: { rateLimitPerMinute: 2, rateLimitWindowMs: 60_000, requireApiKey: true, apiKey: MASTER } });
    const minted = h.json<{ plaintext: string }>(await h.inject(post('/api/account/api-keys', { name: 'k' }, { 'x-svc-api-key': MASTER })));
    // The master key has used 1 of 2.
    expect((await h.inject(post('/api/strategy/plan', PLAN_BODY, { 'x-svc-api-key': MASTER }))).statusCode).toBe(200);
    expect((await h.inject(post('/api/strategy/plan', PLAN_BODY, { 'x-svc-api-key': MASTER }))).statusCode).toBe(429);
    expect((await h.inject(post('/api/strategy/plan', PLAN_BODY, { 'x-svc-api-key': minted.plaintext }))).statusCode).toBe(200);
    expect((await h.inject(post('/api/strategy/plan', PLAN_BODY, { 'x-svc-api-key': minted.plaintext }))).statusCode).toBe(200);
    expect((await h.inject(post('/api/strategy/plan', PLAN_BODY, { 'x-svc-api-key': minted.plaintext }))).statusCode).toBe(429);
  });

  it('failed authentication is rate limited by address (key guessing)', async () => {
    h = await harness({ config: { rateLimitPerMinute: 3, rateLimitWindowMs: 60_000, requireApiKey: true, apiKey: MASTER } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await h.inject(post('/api/strategy/plan', PLAN_BODY, { 'x-svc-api-key': `guess-${i}` }))).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('public routes are not rate limited', async () => {
    h = await harness({ config: { rateLimitPerMinute: 1, rateLimitWindowMs: 60_000 } });
    for (let i = 0; i < 3; i++) expect((await h.inject('/api/billing/plans')).statusCode).toBe(200);
  });
});
