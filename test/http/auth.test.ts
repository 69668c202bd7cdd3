import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperation, type Operation } from '../../src/ops/types.js';
import { allOperations, harness, post, PLAN_BODY, type Harness } from './harness.js';
import { testIdp, type TestIdp } from './jwt.js';

const MASTER = 'master-key-for-tests-0123456789';
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type ErrBody = { error: { code: string; reason?: string } };

async function mintKey(hh: Harness, roles?: string[], name = 'ci'): Promise<{ plaintext: string; key: { id: string; prefix: string } }> {
  const res = await hh.inject(post('/api/account/api-keys', roles ? { name, roles } : { name }, { 'x-svc-api-key': MASTER }));
  expect(res.statusCode).toBe(200);
  return hh.json(res);
}

describe('public-demo mode (no key required)', () => {
  it('serves non-public routes without a credential as the local tenant', async () => {
    h = await harness();
    expect((await h.inject(post('/api/strategy/plan', PLAN_BODY))).statusCode).toBe(200);
    const saved = await h.inject(post('/api/strategy/profiles', { name: 'Base', settings: PLAN_BODY.settings }));
    expect(h.json<{ profile: { tenantId: string; actorId: string } }>(saved).profile).toMatchObject({ tenantId: 'local', actorId: 'local-user' });
  });

  it('still refuses a presented but wrong key', async () => {
    h = await harness();
    const res = await h.inject(post('/api/strategy/plan', PLAN_BODY, { 'x-svc-api-key': 'wrong' }));
    expect(res.statusCode).toBe(401);
    expect(h.json<ErrBody>(res).error.reason).toBe('invalid_api_key');
  });

  it('takes an empty credential header of either form as no credential; a non-empty wrong one stays 401', async () => {
    h = await harness();
    const empties: Record<string, string>[] = [{ 'x-svc-api-key': '' }, { 'x-svc-api-key': '  ' }, { authorization: 'Bearer ' }, { authorization: 'Bearer' }, { authorization: 'bearer  ' }];
    for (const headers of empties) {
      const res = await h.inject(post('/api/strategy/profiles', { name: 'Empty', settings: PLAN_BODY.settings }, headers));
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(h.json<{ profile: { tenantId: string; actorId: string } }>(res).profile).toMatchObject({ tenantId: 'local', actorId: 'local-user' });
    }
    for (const headers of [{ authorization: 'Bearer wrong' }, { 'x-svc-api-key': 'wrong' }] as Record<string, string>[]) {
      const res = await h.inject(post('/api/strategy/plan', PLAN_BODY, headers));
      expect(res.statusCode).toBe(401);
      expect(h.json<ErrBody>(res).error.reason).toBe('invalid_api_key');
    }
    const basic = await h.inject(post('/api/strategy/plan', PLAN_BODY, { authorization: 'Basic ' }));
    expect(h.json<ErrBody>(basic).error.reason).toBe('malformed_authorization');
  });

  it('with RBAC enforced, an uncredentialed caller holds no role: public routes only', async () => {
    h = await harness({ config: { enforceRbac: true } });
    expect((await h.inject('/api/audit/events')).statusCode).toBe(403);
    expect((await h.inject(post('/api/strategy/plan', PLAN_BODY))).statusCode).toBe(403);
    expect((await h.inject('/api/billing/plans')).statusCode).toBe(200);
  });

  it('does not let an uncredentialed caller mint keys', async () => {
    h = await harness();
    const res = await h.inject(post('/api/account/api-keys', { name: 'x' }));
    expect(res.statusCode).toBe(401);
    expect(h.json<ErrBody>(res).error.reason).toBe('credentials_required');
  });
});

describe('key mode (SVC_REQUIRE_API_KEY=true)', () => {
  const config = { requireApiKey: true, apiKey: MASTER };

  it('401 without a key, with the error body and security-mode header', async () => {
    h = await harness({ config });
    const res = await h.inject(post('/api/strategy/plan', PLAN_BODY));
    expect(res.statusCode).toBe(401);
    expect(h.json<ErrBody>(res).error).toMatchObject({ code: 'unauthorized', reason: 'missing_credentials' });
    expect(res.headers['x-svc-security-mode']).toBe('api-key');
  });

  it('rejects the credential before reading the body (401, not 400)', async () => {
    h = await harness({ config });
    const res = await h.inject({ method: 'POST', url: '/api/strategy/plan', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(res.statusCode).toBe(401);
  });

  it('accepts the master key in x-svc-api-key and as a Bearer token', async () => {
    h = await harness({ config });
    expect((await h.inject(post('/api/strategy/plan', PLAN_BODY, { 'x-svc-api-key': MASTER }))).statusCode).toBe(200);
    expect((await h.inject(post('/api/strategy/plan', PLAN_BODY, { authorization: `Bearer ${MASTER}` }))).statusCode).toBe(200);
  });

  it('401 for a wrong key, a near miss, and a malformed Authorization header', async () => {
    h = await harness({ config });
    const attempts: Record<string, string>[] = [{ 'x-svc-api-key': 'nope' }, { 'x-svc-api-key': `${MASTER}x` }, { authorization: `Bearer ${MASTER.slice(0, -1)}` }];
    for (const headers of attempts) {
      expect((await h.inject(post('/api/strategy/plan', PLAN_BODY, headers))).statusCode).toBe(401);
    }
    const basic = await h.inject(post('/api/strategy/plan', PLAN_BODY, { authorization: `Basic ${MASTER}` }));
    expect(h.json<ErrBody>(basic).error.reason).toBe('malformed_authorization');
  });

  it('an empty credential header of either form is a missing credential, not a malformed one', async () => {
    h = await harness({ config });
    for (const headers of [{ 'x-svc-api-key': '' }, { authorization: 'Bearer ' }] as Record<string, string>[]) {
      const res = await h.inject(post('/api/strategy/plan', PLAN_BODY, headers));
      expect(res.statusCode).toBe(401);
      expect(h.json<ErrBody>(res).error.reason).toBe('missing_credentials');
    }
  });

  it('keeps the public routes public', async () => {
    h = await harness({ config });
    expect((await h.inject('/api/health')).statusCode).toBe(200);
    expect((await h.inject('/api/billing/plans')).statusCode).toBe(200);
    expect((await h.inject('/api/openapi.json')).statusCode).toBe(200);
  });

  it('accepts an active tenant key, records lastUsedAt, and refuses it at once after revocation', async () => {
    h = await harness({ config });
    const { plaintext, key } = await mintKey(h);
    expect(plaintext).toMatch(/^svck_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(plaintext.slice(0, 12));
    const use = await h.inject(post('/api/strategy/plan', PLAN_BODY, { authorization: `Bearer ${plaintext}` }));
    expect(use.statusCode).toBe(200);
    const listed = h.json<{ keys: { id: string; lastUsedAt: string | null }[] }>(await h.inject({ method: 'GET', url: '/api/account/api-keys', headers: { 'x-svc-api-key': MASTER } }));
    expect(listed.keys.find((k) => k.id === key.id)?.lastUsedAt).toBe(h.clock.now.toISOString());

    const revoke = await h.inject({ method: 'DELETE', url: `/api/account/api-keys/${key.id}`, headers: { 'x-svc-api-key': MASTER } });
    expect(revoke.statusCode).toBe(200);
    const after = await h.inject(post('/api/strategy/plan', PLAN_BODY, { 'x-svc-api-key': plaintext }));
    expect(after.statusCode).toBe(401);
    expect(h.json<ErrBody>(after).error.reason).toBe('invalid_api_key');
  });

  it('a tenant key (apiClient) cannot manage keys: 403', async () => {
    h = await harness({ config });
    const { plaintext } = await mintKey(h);
    const res = await h.inject(post('/api/account/api-keys', { name: 'more' }, { 'x-svc-api-key': plaintext }));
    expect(res.statusCode).toBe(403);
    expect(h.json<ErrBody>(res).error).toMatchObject({ code: 'forbidden', reason: 'missing_permission' });
  });
});

describe('external auth (JWT via a JWKS file)', () => {
  let idp: TestIdp;
  beforeAll(async () => {
    idp = await testIdp();
  });

  it('verifies a JWT and takes tenant, user and roles from its claims', async () => {
    h = await harness({ config: { auth: idp.auth } });
    const token = await idp.sign({ sub: 'olena', tenant_id: 'acme', roles: ['trader', 'superuser'] });
    const res = await h.inject(post('/api/strategy/profiles', { name: 'Desk', settings: PLAN_BODY.settings }, { authorization: `Bearer ${token}` }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-svc-security-mode']).toBe('external-auth');
    expect(h.json<{ profile: { tenantId: string; actorId: string } }>(res).profile).toMatchObject({ tenantId: 'acme', actorId: 'olena' });
  });

  it('falls back to tid, then org_id, for the tenant', async () => {
    h = await harness({ config: { auth: idp.auth } });
    for (const [claim, tenant] of [['tid', 't-1'], ['org_id', 'org-9']] as const) {
      const token = await idp.sign({ sub: 'u', [claim]: tenant });
      const res = await h.inject(post('/api/strategy/profiles', { name: 'P', settings: PLAN_BODY.settings }, { authorization: `Bearer ${token}` }));
      expect(h.json<{ profile: { tenantId: string } }>(res).profile.tenantId).toBe(tenant);
    }
  });

  it('requires a credential once external auth is configured', async () => {
    h = await harness({ config: { auth: idp.auth } });
    expect((await h.inject(post('/api/strategy/plan', PLAN_BODY))).statusCode).toBe(401);
  });

  it('401 for expired, wrong-audience, wrong-issuer, foreign-key and tenantless tokens', async () => {
    h = await harness({ config: { auth: idp.auth } });
    const cases: [string, string][] = [
      [await idp.sign({ sub: 'u', tenant_id: 'a' }, { expiresIn: Math.floor(h.clock.now.getTime() / 1000) - 3600 }), 'token_expired'],
      [await idp.sign({ sub: 'u', tenant_id: 'a' }, { audience: 'other' }), 'invalid_token'],
      [await idp.sign({ sub: 'u', tenant_id: 'a' }, { issuer: 'https://evil.test/' }), 'invalid_token'],
      [await idp.sign({ sub: 'u', tenant_id: 'a' }, { foreignKey: true }), 'invalid_token'],
      [await idp.sign({ sub: 'u' }), 'token_missing_tenant'],
    ];
    for (const [token, reason] of cases) {
      const res = await h.inject(post('/api/strategy/plan', PLAN_BODY, { authorization: `Bearer ${token}` }));
      expect(res.statusCode, reason).toBe(401);
      expect(h.json<ErrBody>(res).error.reason).toBe(reason);
    }
  });

  it('an API key still works beside JWTs', async () => {
    h = await harness({ config: { auth: idp.auth, apiKey: MASTER } });
    expect((await h.inject(post('/api/strategy/plan', PLAN_BODY, { authorization: `Bearer ${MASTER}` }))).statusCode).toBe(200);
  });

  it('RBAC: audit.read is refused to a trader and granted to an auditor; api.manage is owner-only even without RBAC', async () => {
    h = await harness({ config: { auth: idp.auth, enforceRbac: true } });
    const trader = await idp.sign({ sub: 't', tenant_id: 'acme', roles: ['trader'] });
    const auditor = await idp.sign({ sub: 'a', tenant_id: 'acme', roles: ['auditor'] });
    const owner = await idp.sign({ sub: 'o', tenant_id: 'acme', roles: ['owner'] });
    const denied = await h.inject({ method: 'GET', url: '/api/audit/events', headers: { authorization: `Bearer ${trader}` } });
    expect(denied.statusCode).toBe(403);
    expect(h.json<ErrBody>(denied).error.reason).toBe('missing_permission');
    expect((await h.inject({ method: 'GET', url: '/api/audit/events', headers: { authorization: `Bearer ${auditor}` } })).statusCode).toBe(200);
    expect((await h.inject(post('/api/account/api-keys', { name: 'k' }, { authorization: `Bearer ${trader}` }))).statusCode).toBe(403);
    expect((await h.inject(post('/api/account/api-keys', { name: 'k' }, { authorization: `Bearer ${owner}` }))).statusCode).toBe(200);
  });

  it('without RBAC enforcement a trader reads the audit log, but still cannot mint keys', async () => {
    h = await harness({ config: { auth: idp.auth } });
    const trader = await idp.sign({ sub: 't', tenant_id: 'acme', roles: ['trader'] });
    expect((await h.inject({ method: 'GET', url: '/api/audit/events', headers: { authorization: `Bearer ${trader}` } })).statusCode).toBe(200);
    expect((await h.inject(post('/api/account/api-keys', { name: 'k' }, { authorization: `Bearer ${trader}` }))).statusCode).toBe(403);
  });
});

describe('service-token routes', () => {
  const guarded = defineOperation({
    id: 'test.guarded',
    summary: 'guarded',
    description: 'guarded',
    tags: ['test'],
    access: 'serviceToken',
    input: z.object({}),
    output: z.strictObject({ ok: z.literal(true), via: z.string() }),
    http: { method: 'GET', path: '/api/test/guarded', inputFrom: 'query', successStatus: 200, errors: [401, 503] },
    async run(ctx) {
      return { ok: true as const, via: ctx.caller.via };
    },
  }) as unknown as Operation;
  const ops = () => [...allOperations(), guarded];

  it('503 service_token_not_configured when no token is set, even with the master key', async () => {
    h = await harness({ operations: ops(), config: { apiKey: MASTER } });
    const res = await h.inject({ method: 'GET', url: '/api/test/guarded', headers: { 'x-svc-api-key': MASTER } });
    expect(res.statusCode).toBe(503);
    expect(h.json<ErrBody>(res).error.reason).toBe('service_token_not_configured');
  });

  it('401 without or with a wrong token; 200 with the token in its header or as Bearer', async () => {
    h = await harness({ operations: ops(), config: { serviceToken: 'svc-token-abc' } });
    expect((await h.inject('/api/test/guarded')).statusCode).toBe(401);
    expect((await h.inject({ method: 'GET', url: '/api/test/guarded', headers: { 'x-svc-service-token': 'svc-token-abd' } })).statusCode).toBe(401);
    const ok = await h.inject({ method: 'GET', url: '/api/test/guarded', headers: { 'x-svc-service-token': 'svc-token-abc' } });
    expect(ok.statusCode).toBe(200);
    expect(h.json<{ via: string }>(ok).via).toBe('serviceToken');
    expect((await h.inject({ method: 'GET', url: '/api/test/guarded', headers: { authorization: 'Bearer svc-token-abc' } })).statusCode).toBe(200);
  });
});

describe('external auth with a remote JWKS (served on loopback)', () => {
  it('verifies against the fetched key set, and answers 503 when the key set cannot be fetched', async () => {
    const { createServer } = await import('node:http');
    const idp = await testIdp();
    const jwksServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(idp.jwks));
    });
    await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r));
    const address = jwksServer.address() as { port: number };
    const jwksUrl = `http://127.0.0.1:${address.port}/.well-known/jwks.json`;
    h = await harness({ config: { auth: { ...idp.auth, jwksFile: undefined, jwksUrl } } });
    const token = await idp.sign({ sub: 'u', tenant_id: 'acme' });
    expect((await h.inject(post('/api/strategy/plan', PLAN_BODY, { authorization: `Bearer ${token}` }))).statusCode).toBe(200);
    await h.close();

    // A fresh server (empty key cache) whose identity provider is down.
    await new Promise<void>((r) => jwksServer.close(() => r()));
    h = await harness({ config: { auth: { ...idp.auth, jwksFile: undefined, jwksUrl } } });
    const down = await h.inject(post('/api/strategy/plan', PLAN_BODY, { authorization: `Bearer ${token}` }));
    expect(down.statusCode).toBe(503);
    expect(h.json<ErrBody>(down).error.reason).toBe('identity_provider_unavailable');
  });
});
