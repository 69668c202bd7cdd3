/**
 * Public-demo is read-only for writes (spec, Authentication 4): on a server that listens beyond
 * loopback, an uncredentialed caller reads but cannot record audit events, profiles, notification
 * registrations or keys (401 credentials_required); with a credential the write goes through and
 * the caller's `actor` is kept as sent. On loopback (the default) the machine's own user may write.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { harness, post, PLAN_BODY, type Harness } from './harness.js';
import { anonymousWritesAllowed, isLoopbackHost } from '../../src/ops/account/access.js';

const MASTER = 'public-demo-master-key-0123456789abcdef';
const AUDIT = { type: 'prices_loaded', actor: 'desk-7', tradeDate: '15.12.2024', source: 'oree' };
const PROFILE = { name: 'Peak desk', settings: { volumeMwh: 1, minSpreadUah: 100, maxTradesPerDay: 2 } };
const SUBSCRIPTION = { subscription: { endpoint: 'https://push.example.net/send/abc', keys: { p256dh: 'p256dh-value', auth: 'auth-value' } } };
const WRITES: Array<[string, unknown]> = [
  ['/api/audit/events', AUDIT],
  ['/api/strategy/profiles', PROFILE],
  ['/api/notifications/subscriptions', SUBSCRIPTION],
  ['/api/account/api-keys', { name: 'bot' }],
];

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('public-demo writes', () => {
  it('knows loopback listeners', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'svc.example.org']) expect(isLoopbackHost(host), host).toBe(false);
    expect(anonymousWritesAllowed({ host: '0.0.0.0' })).toBe(false);
  });

  it('beyond loopback: every write is 401 credentials_required without a credential; reads and plans still answer', async () => {
    h = await harness({ config: { host: '0.0.0.0', apiKey: MASTER } });
    for (const [url, body] of WRITES) {
      const res = await h.inject(post(url, body));
      expect(res.statusCode, url).toBe(401);
      expect(h.json<{ error: { reason: string } }>(res).error.reason, url).toBe('credentials_required');
    }
    expect((await h.inject({ method: 'DELETE', url: '/api/strategy/profiles?id=6f1c2b1e-8a3b-4c1d-9e2f-0a1b2c3d4e5f' })).statusCode).toBe(401);
    expect((await h.inject('/api/billing/plans')).statusCode).toBe(200);
    expect((await h.inject(post('/api/strategy/plan', PLAN_BODY))).statusCode).toBe(200);
    expect(await h.stores.audit.list('local', { limit: 10 })).toMatchObject({ events: [] });
  });

  it('beyond loopback with a credential: the write goes through and keeps the actor as sent', async () => {
    h = await harness({ config: { host: '0.0.0.0', apiKey: MASTER } });
    const res = await h.inject(post('/api/audit/events', AUDIT, { 'x-svc-api-key': MASTER }));
    expect(res.statusCode).toBe(201);
    expect(h.json<{ event: { actor: string } }>(res).event.actor).toBe('desk-7');
  });

  it('on loopback (the default listener) the machine\'s own user may write without a key', async () => {
    h = await harness();
    const res = await h.inject(post('/api/audit/events', AUDIT));
    expect(res.statusCode).toBe(201);
    expect(h.json<{ event: { actor: string } }>(res).event.actor).toBe('desk-7');
  });
});
