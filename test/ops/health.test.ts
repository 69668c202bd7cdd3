import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import type { Stores } from '../../src/store/types.js';
import { OperationalReadiness } from '../../src/domain/operational.js';
import { ROLES } from '../../src/ops/account/access.js';
import { harness, type Harness } from '../http/harness.js';
import { testIdp } from '../http/jwt.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Health = ReturnType<typeof OperationalReadiness.parse>;

describe('GET /api/health', () => {
  it('200 ok with a full readiness body true to a public-demo config', async () => {
    h = await harness({ config: { rateLimitPerMinute: 77, rateLimitWindowMs: 30_000 } });
    const res = await h.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-svc-security-mode']).toBeUndefined();
    const body = OperationalReadiness.parse(h.json(res));
    expect(body.status).toBe('ok');
    expect(body.app).toMatchObject({ name: 'svc', apiVersion: 'v1', mode: 'decision-support' });
    expect(body.app.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.security).toEqual({
      apiKeyRequired: false, apiKeyConfigured: false, rateLimitPerMinute: 77, rateLimitWindowMs: 30_000,
      authRequired: false, authProvider: 'none', authProviderConfigured: false,
    });
    expect(body.securityPosture.auth.mode).toBe('public-demo');
    expect(body.securityPosture.accessControl).toMatchObject({ mode: 'planned', enforced: false });
    expect(body.securityPosture.accessControl.roles.map((r) => r.id)).toEqual(ROLES.map((r) => r.id));
    expect(body.checks.map((c) => c.id)).toEqual(['web', 'api', 'security', 'rateLimit', 'marketData', 'decisionEngine', 'bessEngine', 'aiBrief', 'audit']);
    expect(body.checks.find((c) => c.id === 'decisionEngine')?.status).toBe('pass');
    expect(body.checks.find((c) => c.id === 'bessEngine')?.status).toBe('pass');
    expect(body.summary.pass + body.summary.review + body.summary.block).toBe(body.checks.length);
    expect(body.production.ready).toBe(false);
    expect(body.dataProviders.map((p) => p.id)).toContain('mktop');
    expect(body.dataProviders.every((p) => p.status !== 'connected')).toBe(true);
    expect(body.generatedAt).toBe(h.clock.now.toISOString());
  });

  it('reports key mode, external auth and enforced RBAC when configured', async () => {
    const idp = await testIdp();
    h = await harness({ config: { requireApiKey: true, apiKey: 'k-1234567890', enforceRbac: true, auth: idp.auth } });
    const body = h.json<Health>(await h.inject('/api/health'));
    expect(body.security).toMatchObject({ apiKeyRequired: true, apiKeyConfigured: true, authRequired: true, authProvider: 'customOidc', authProviderConfigured: true });
    expect(body.securityPosture.auth).toMatchObject({ mode: 'external-auth', issuerConfigured: true, audienceConfigured: true });
    expect(body.securityPosture.accessControl).toMatchObject({ mode: 'enforced', enforced: true });
    expect(body.production.gates.find((g) => g.id === 'rbac')?.status).toBe('ready');
  });

  it('never contains a configured secret or internal path', async () => {
    const idp = await testIdp();
    const secrets = { apiKey: 'master-SECRET-abc123', serviceToken: 'svc-token-SECRET-42', receiptSigningKey: generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'), dataDir: '/srv/secret-data-dir' };
    h = await harness({ config: { ...secrets, auth: idp.auth, requireApiKey: true } });
    const res = await h.inject('/api/health');
    for (const value of [...Object.values(secrets), idp.auth.jwksFile as string]) expect(res.body).not.toContain(value);
  });

  it('503 degraded when the store cannot be reached, with the same body shape', async () => {
    const real = openMemoryStores();
    const broken: Stores = Object.assign(Object.create(real) as Stores, {
      async ping() {
        throw new Error('disk I/O error at /srv/secret-data-dir');
      },
    });
    h = await harness({ stores: broken });
    const res = await h.inject('/api/health');
    expect(res.statusCode).toBe(503);
    const body = OperationalReadiness.parse(h.json(res));
    expect(body.status).toBe('degraded');
    expect(body.checks.find((c) => c.id === 'audit')?.status).toBe('block');
    expect(body.production.gates.find((g) => g.id === 'auditStorage')?.status).toBe('blocked');
    expect(res.body).not.toContain('secret-data-dir');
    await real.close();
  });
});
