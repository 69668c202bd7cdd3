/** guard.ts: the route's one onRequest hook — common headers, security mode, auth (401), rate limit (429), the admitted caller. */
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from '../../src/http/error-handler.js';
import { createGuards, guardPlugin } from '../../src/http/guard.js';
import { FixedWindowLimiter } from '../../src/http/rate-limit.js';
import { appWith, testKit } from './plugin-kit.js';

async function guardedApp(overrides = {}, limit = 2) {
  const kit = await testKit(overrides);
  const limited = await testKit(overrides, { limiter: new FixedWindowLimiter(limit, 60_000, () => 0) });
  const app = await appWith(limited, guardPlugin, errorsPlugin);
  const guards = createGuards(limited);
  app.get('/key', { onRequest: guards.of({ access: 'key' }) }, async (request) => ({ caller: request.svcCaller }));
  app.get('/open', { onRequest: guards.of({ access: 'public' }) }, async (request) => ({ caller: request.svcCaller }));
  return { app, kit };
}

describe('the route guard', () => {
  it('admits the local caller in public-demo mode, with the rate-limit and common headers; a public route has no caller and no limit', async () => {
    const { app } = await guardedApp();
    const res = await app.inject('/key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ caller: { tenantId: 'local', actorId: 'local-user', roles: ['owner'], via: 'anonymous' } });
    expect(res.headers).toMatchObject({ 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '1', 'x-svc-security-mode': 'public-demo', 'x-request-id': 'req-1' });
    const open = await app.inject('/open');
    expect(open.json()).toEqual({ caller: null });
    expect(open.headers['x-ratelimit-limit']).toBeUndefined();
    expect(open.headers['x-svc-security-mode']).toBe('public-demo');
  });

  it('429 with Retry-After past the limit, in the one error body', async () => {
    const { app } = await guardedApp({}, 1);
    expect((await app.inject('/key')).statusCode).toBe(200);
    const res = await app.inject('/key');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toMatchObject({ error: { code: 'rate_limited', requestId: 'req-1' } });
  });

  it('401 for a wrong key, and failed credentials count against the address', async () => {
    const { app } = await guardedApp({ requireApiKey: true, apiKey: 'k-master-123456' }, 1);
    const wrong = await app.inject({ url: '/key', headers: { 'x-svc-api-key': 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: { code: 'unauthorized', reason: 'invalid_api_key' } });
    const again = await app.inject({ url: '/key', headers: { 'x-svc-api-key': 'nope' } });
    expect(again.statusCode).toBe(429);
    const master = await app.inject({ url: '/key', headers: { 'x-svc-api-key': 'k-master-123456' } });
    expect(master.statusCode).toBe(200);
    expect(master.json()).toMatchObject({ caller: { via: 'masterKey' } });
  });
});
