import { afterEach, describe, expect, it } from 'vitest';
import { SubscriptionCatalog } from '../../src/domain/billing.js';
import { settingsFingerprint, profileKeyFromName } from '../../src/ops/account/profiles.js';
import { harness, post, SETTINGS, type Harness } from '../http/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const MASTER = 'master-key-account-tests';
type Profile = { id: string; profileKey: string; name: string; fingerprint: string; createdAt: string; updatedAt: string; settings: Record<string, number> };

describe('GET /api/billing/plans', () => {
  it('Ukrainian by default: four plans, three add-ons, fixed policy, "from" prices', async () => {
    h = await harness();
    const res = await h.inject('/api/billing/plans');
    expect(res.statusCode).toBe(200);
    const catalog = SubscriptionCatalog.parse(h.json(res));
    expect(catalog.locale).toBe('uk');
    expect(catalog.plans.map((p) => p.id)).toEqual(['starter', 'tradingDesk', 'bessOptimizer', 'platformApi']);
    expect(catalog.addOns.map((a) => a.id)).toEqual(['aiPack', 'extraSeats', 'integrationSupport']);
    expect(catalog.checkoutStatus).toBe('planned');
    for (const plan of catalog.plans) {
      expect(plan.name).toMatch(/[А-Яа-яІіЇїЄєҐґ]/);
      expect(plan.description).toContain('пілотному договорі');
      expect(plan.monthlyPriceFromEur).toBeGreaterThan(0);
    }
    const prices = catalog.plans.map((p) => p.monthlyPriceFromUah);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  });

  it('English with lang=en', async () => {
    h = await harness();
    const catalog = SubscriptionCatalog.parse(h.json(await h.inject('/api/billing/plans?lang=en')));
    expect(catalog.locale).toBe('en');
    expect(catalog.plans[0]?.name).toBe('Starter');
    expect(catalog.plans.every((p) => p.description.includes('pilot contract'))).toBe(true);
  });
});

describe('POST /api/notifications/subscriptions', () => {
  const subscription = { endpoint: 'https://push.example.net/send/abc', keys: { p256dh: 'BPUBLICKEY-p256dh-value-xyz', auth: 'AUTHSECRET-value-123' } };

  it('202 with a contract registration and defaults; push keys never returned or logged', async () => {
    h = await harness({ logLevel: 'info' });
    const res = await h.inject(post('/api/notifications/subscriptions', { subscription }));
    expect(res.statusCode).toBe(202);
    const body = h.json<{ registration: Record<string, unknown>; nextStep: string }>(res);
    expect(body.registration).toMatchObject({
      actor: 'local-user', channels: ['priceUpdate', 'riskAlert', 'exportReady'], delivery: 'webPush', locale: 'uk', mode: 'contract',
      policy: { humanApprovalRequired: true, noTradingAction: true }, source: 'workspace', status: 'accepted', workspaceId: 'demo',
    });
    expect(body.nextStep).toMatch(/контракт/);
    for (const secret of [subscription.keys.p256dh, subscription.keys.auth]) {
      expect(res.body).not.toContain(secret);
      expect(h.logs.join('\n')).not.toContain(secret);
    }
    expect(h.logs.join('\n')).toContain('notification subscription registered');
    const stored = await h.stores.subscriptions.list('local');
    expect(stored.map((r) => r.subscriptionId)).toEqual([body.registration.subscriptionId]);
  });

  it('400 for a bad endpoint, missing keys, no channels, or too many', async () => {
    h = await harness();
    const bad = [
      { subscription: { ...subscription, endpoint: 'not a url' } },
      { subscription: { endpoint: subscription.endpoint } },
      { subscription, channels: [] },
      { subscription, channels: ['priceUpdate', 'riskAlert', 'bessWindow', 'exportReady', 'priceUpdate'] },
      { subscription, channels: ['sms'] },
      // The record table: all four preferences are required when the object is given.
      { subscription, preferences: { priceUpdate: true } },
      { subscription, preferences: { priceUpdate: true, riskAlert: true, bessWindow: false } },
    ];
    for (const payload of bad) expect((await h.inject(post('/api/notifications/subscriptions', payload))).statusCode, JSON.stringify(payload)).toBe(400);
  });

  it('preferences: all four are accepted, or none (the defaults); an http endpoint is refused saying Web Push needs https', async () => {
    h = await harness();
    const all = { priceUpdate: false, riskAlert: true, bessWindow: true, exportReady: false };
    expect((await h.inject(post('/api/notifications/subscriptions', { subscription, preferences: all }))).statusCode).toBe(202);
    expect((await h.inject(post('/api/notifications/subscriptions', { subscription }))).statusCode).toBe(202);
    const http = await h.inject(post('/api/notifications/subscriptions', { subscription: { ...subscription, endpoint: 'http://push.example.net/send/abc' } }));
    expect(http.statusCode).toBe(400);
    expect(h.json<{ error: { message: string; issues: { path: string }[] } }>(http).error).toMatchObject({
      message: expect.stringMatching(/https.*RFC 8030/),
      issues: [{ path: 'subscription.endpoint' }],
    });
  });
});

describe('strategy profiles', () => {
  it('fingerprint is stable under key order and omitted defaults', () => {
    const a = settingsFingerprint({ volumeMwh: 1, minSpreadUah: 5, maxTradesPerDay: 2, feeUahPerMwh: 0 });
    const b = settingsFingerprint({ feeUahPerMwh: 0, maxTradesPerDay: 2, minSpreadUah: 5, volumeMwh: 1 });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(settingsFingerprint({ volumeMwh: 1, minSpreadUah: 5, maxTradesPerDay: 3, feeUahPerMwh: 0 })).not.toBe(a);
  });

  it('derives keys from names, Cyrillic included', () => {
    expect(profileKeyFromName('  Peak Desk #2 ')).toBe('peak-desk-2');
    expect(profileKeyFromName('Пікові години')).toBe('пікові-години');
    expect(profileKeyFromName('!!!')).toBe('profile');
  });

  it('saves, updates by key (same id and createdAt), lists the active profile first, deletes', async () => {
    h = await harness();
    const first = h.json<{ profile: Profile }>(await h.inject(post('/api/strategy/profiles', { profileKey: 'desk', name: 'Desk', settings: SETTINGS }))).profile;
    expect(first.fingerprint).toBe(settingsFingerprint({ ...SETTINGS }));
    h.clock.advance(60_000);
    const updated = h.json<{ profile: Profile }>(
      await h.inject(post('/api/strategy/profiles', { profileKey: 'desk', name: 'Desk v2', settings: { ...SETTINGS, maxTradesPerDay: 5 } })),
    ).profile;
    expect(updated).toMatchObject({ id: first.id, createdAt: first.createdAt, name: 'Desk v2' });
    expect(updated.updatedAt).not.toBe(first.updatedAt);
    expect(updated.fingerprint).not.toBe(first.fingerprint);

    h.clock.advance(60_000);
    const byName = h.json<{ profile: Profile }>(await h.inject(post('/api/strategy/profiles', { name: 'Night Owl', settings: SETTINGS }))).profile;
    expect(byName.profileKey).toBe('night-owl');
    const again = h.json<{ profile: Profile }>(await h.inject(post('/api/strategy/profiles', { name: 'Night Owl', settings: { ...SETTINGS, volumeMwh: 9 } }))).profile;
    expect(again.id).toBe(byName.id);

    await h.inject(post('/api/strategy/profiles', { profileKey: '__active__', name: 'Desk v2', settings: SETTINGS }));
    const list = h.json<{ profiles: Profile[] }>(await h.inject('/api/strategy/profiles')).profiles;
    expect(list.map((p) => p.profileKey)).toEqual(['__active__', 'night-owl', 'desk']);

    const del = await h.inject({ method: 'DELETE', url: `/api/strategy/profiles?id=${first.id}` });
    expect(h.json<{ deleted: boolean }>(del)).toEqual({ deleted: true });
    expect(h.json<{ deleted: boolean }>(await h.inject({ method: 'DELETE', url: `/api/strategy/profiles?id=${first.id}` }))).toEqual({ deleted: false });
  });

  it('400 for reserved keys, bad names, bad settings, and a DELETE without a uuid', async () => {
    h = await harness();
    for (const payload of [
      { profileKey: '__secret', name: 'x', settings: SETTINGS },
      { profileKey: 'k'.repeat(121), name: 'x', settings: SETTINGS },
      { name: '', settings: SETTINGS },
      { name: 'n'.repeat(81), settings: SETTINGS },
      { name: 'x', settings: { ...SETTINGS, maxTradesPerDay: 0 } },
    ]) {
      expect((await h.inject(post('/api/strategy/profiles', payload))).statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    expect((await h.inject({ method: 'DELETE', url: '/api/strategy/profiles?id=nope' })).statusCode).toBe(400);
    expect((await h.inject({ method: 'DELETE', url: '/api/strategy/profiles' })).statusCode).toBe(400);
  });
});

describe('API keys', () => {
  const auth = { 'x-svc-api-key': MASTER };

  it('mints with the plaintext once, lists without it, revokes softly', async () => {
    h = await harness({ config: { requireApiKey: true, apiKey: MASTER } });
    const minted = h.json<{ plaintext: string; key: { id: string; prefix: string; roles: string[]; lastUsedAt: null } }>(
      await h.inject(post('/api/account/api-keys', { name: 'CI runner' }, auth)),
    );
    expect(minted.key).toMatchObject({ roles: ['apiClient'], lastUsedAt: null, prefix: minted.plaintext.slice(0, 12) });
    const listRes = await h.inject({ method: 'GET', url: '/api/account/api-keys', headers: auth });
    expect(listRes.body).not.toContain(minted.plaintext);
    const stored = await h.stores.apiKeys.listActive('local');
    expect(stored[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(minted.plaintext);
    expect(listRes.body).not.toContain(stored[0]?.hash as string);
    expect(h.json<{ keys: { name: string }[] }>(listRes).keys.map((k) => k.name)).toEqual(['CI runner']);

    const revoked = await h.inject({ method: 'DELETE', url: `/api/account/api-keys/${minted.key.id}`, headers: auth });
    expect(h.json(revoked)).toEqual({ id: minted.key.id, revoked: true, revokedAt: h.clock.now.toISOString(), actorId: 'local-user' });
    expect(h.json<{ keys: unknown[] }>(await h.inject({ method: 'GET', url: '/api/account/api-keys', headers: auth })).keys).toEqual([]);
    const twice = await h.inject({ method: 'DELETE', url: `/api/account/api-keys/${minted.key.id}`, headers: auth });
    expect(twice.statusCode).toBe(404);
  });

  it('roles: chosen ones kept, owner refused; 404 unknown id; 400 non-uuid id and empty name', async () => {
    h = await harness({ config: { requireApiKey: true, apiKey: MASTER } });
    const res = await h.inject(post('/api/account/api-keys', { name: 'audit bot', roles: ['auditor', 'risk'] }, auth));
    expect(h.json<{ key: { roles: string[] } }>(res).key.roles).toEqual(['auditor', 'risk']);
    expect((await h.inject(post('/api/account/api-keys', { name: 'x', roles: ['owner'] }, auth))).statusCode).toBe(400);
    expect((await h.inject(post('/api/account/api-keys', { name: ' ' }, auth))).statusCode).toBe(400);
    expect((await h.inject({ method: 'DELETE', url: '/api/account/api-keys/6f1c2b1e-8a3b-4c1d-9e2f-0a1b2c3d4e5f', headers: auth })).statusCode).toBe(404);
    expect((await h.inject({ method: 'DELETE', url: '/api/account/api-keys/not-a-uuid', headers: auth })).statusCode).toBe(400);
  });
});
