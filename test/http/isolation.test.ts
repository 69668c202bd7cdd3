/** Tenant A never sees or changes tenant B's records: one test per tenant-scoped resource. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { harness, post, SETTINGS, type Harness } from './harness.js';
import { testIdp, type TestIdp } from './jwt.js';

let idp: TestIdp;
let h: Harness | undefined;
let A: Record<string, string>;
let B: Record<string, string>;

beforeAll(async () => {
  idp = await testIdp();
  A = { authorization: `Bearer ${await idp.sign({ sub: 'anna', tenant_id: 'acme', roles: ['owner'] })}` };
  B = { authorization: `Bearer ${await idp.sign({ sub: 'boris', tenant_id: 'globex', roles: ['owner'] })}` };
});
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const get = (url: string, headers: Record<string, string>) => ({ method: 'GET' as const, url, headers });
const del = (url: string, headers: Record<string, string>) => ({ method: 'DELETE' as const, url, headers });

describe('tenant isolation', () => {
  it('audit events', async () => {
    h = await harness({ config: { auth: idp.auth } });
    const created = await h.inject(post('/api/audit/events', { type: 'prices_loaded', tradeDate: '02.03.2026', source: 'fixture' }, A));
    expect(created.statusCode).toBe(201);
    expect(h.json<{ events: unknown[] }>(await h.inject(get('/api/audit/events', A))).events).toHaveLength(1);
    expect(h.json<{ events: unknown[] }>(await h.inject(get('/api/audit/events', B))).events).toHaveLength(0);
  });

  it('strategy profiles (per tenant and per user)', async () => {
    h = await harness({ config: { auth: idp.auth } });
    const saved = h.json<{ profile: { id: string } }>(await h.inject(post('/api/strategy/profiles', { profileKey: 'desk', name: 'A desk', settings: SETTINGS }, A))).profile;
    expect(h.json<{ profiles: unknown[] }>(await h.inject(get('/api/strategy/profiles', B))).profiles).toEqual([]);
    // Same key in B creates B's own profile; it does not overwrite A's.
    await h.inject(post('/api/strategy/profiles', { profileKey: 'desk', name: 'B desk', settings: SETTINGS }, B));
    expect(h.json<{ deleted: boolean }>(await h.inject(del(`/api/strategy/profiles?id=${saved.id}`, B))).deleted).toBe(false);
    const mine = h.json<{ profiles: { id: string; name: string }[] }>(await h.inject(get('/api/strategy/profiles', A))).profiles;
    expect(mine).toEqual([expect.objectContaining({ id: saved.id, name: 'A desk' })]);
    const colleague = { authorization: `Bearer ${await idp.sign({ sub: 'andrii', tenant_id: 'acme', roles: ['trader'] })}` };
    expect(h.json<{ profiles: unknown[] }>(await h.inject(get('/api/strategy/profiles', colleague))).profiles).toEqual([]);
  });

  it('notification subscriptions', async () => {
    h = await harness({ config: { auth: idp.auth } });
    const sub = { subscription: { endpoint: 'https://push.example.net/a', keys: { p256dh: 'p', auth: 'a' } } };
    const res = await h.inject(post('/api/notifications/subscriptions', sub, A));
    expect(res.statusCode).toBe(202);
    expect(h.json<{ registration: { actor: string } }>(res).registration.actor).toBe('anna');
    expect(await h.stores.subscriptions.list('acme')).toHaveLength(1);
    expect(await h.stores.subscriptions.list('globex')).toHaveLength(0);
  });

  it('API keys', async () => {
    h = await harness({ config: { auth: idp.auth } });
    const minted = h.json<{ key: { id: string }; plaintext: string }>(await h.inject(post('/api/account/api-keys', { name: 'acme ci' }, A)));
    expect(h.json<{ keys: unknown[] }>(await h.inject(get('/api/account/api-keys', B))).keys).toEqual([]);
    expect((await h.inject(del(`/api/account/api-keys/${minted.key.id}`, B))).statusCode).toBe(404);
    expect(h.json<{ keys: { id: string }[] }>(await h.inject(get('/api/account/api-keys', A))).keys.map((k) => k.id)).toEqual([minted.key.id]);
    // The key acts inside acme: its audit writes land in acme's journal only.
    await h.inject(post('/api/audit/events', { type: 'csv_imported', tradeDate: '02.03.2026', source: 'ci' }, { 'x-svc-api-key': minted.plaintext }));
    expect(h.json<{ events: unknown[] }>(await h.inject(get('/api/audit/events', A))).events).toHaveLength(1);
    expect(h.json<{ events: unknown[] }>(await h.inject(get('/api/audit/events', B))).events).toHaveLength(0);
  });
});
