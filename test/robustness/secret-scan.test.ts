/**
 * Secret scan (issue 10): a full run over every route with every kind of secret configured or sent,
 * logs captured at debug level; no secret may appear in any log line or any response, except the
 * one response that hands a newly minted key to its owner, exactly once.
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { harness, post, PLAN_BODY } from '../http/harness.js';
import { fuzz } from './fuzzer.js';

const MASTER = 'MASTER-secret-2f9c1d7e4b8a6c3f';
const SERVICE = 'SERVICE-secret-7a1b9c3d5e7f9a1b';
const PLATFORM = 'PLATFORM-secret-0c2e4a6b8d0f2a4c';
const P256DH = 'BPUSHp256dhSECRETkey0123456789abcdefABCDEF';
const PUSH_AUTH = 'PUSHauthSECRET0123456789';
const SIGNING = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');

describe('secret scan over a full run', () => {
  it('no configured or presented secret appears in logs or responses', async () => {
    const h = await harness({
      logLevel: 'debug',
      config: { requireApiKey: true, apiKey: MASTER, serviceToken: SERVICE, platformApiKey: PLATFORM, receiptSigningKey: SIGNING, rateLimitPerMinute: 1_000_000 },
    });
    const bodies: string[] = [];
    const send = async (...args: Parameters<typeof h.inject>) => {
      const res = await h.app.inject(args[0] as never);
      bodies.push(`${res.statusCode} ${JSON.stringify(res.headers)} ${res.body}`);
      return res;
    };
    const minted = await h.app.inject(post('/api/account/api-keys', { name: 'scan' }, { 'x-svc-api-key': MASTER }));
    const tenantKey = (JSON.parse(minted.body) as { plaintext: string }).plaintext;
    const secrets = [MASTER, SERVICE, PLATFORM, P256DH, PUSH_AUTH, SIGNING, tenantKey];
    for (const key of [MASTER, tenantKey, 'wrong-key']) {
      const auth = { 'x-svc-api-key': key };
      await send({ method: 'GET', url: '/api/health', headers: auth });
      await send(post('/api/strategy/plan', PLAN_BODY, auth));
      await send(post('/api/strategy/plan', { ...PLAN_BODY, settings: { volumeMwh: -1 } }, auth));
      await send(post('/api/audit/events', { type: 'prices_loaded', tradeDate: '01.01.2024', source: 'x', metadata: { note: 'scan' } }, auth));
      await send({ method: 'GET', url: '/api/audit/events', headers: auth });
      await send({ method: 'GET', url: '/api/account/api-keys', headers: auth });
      await send(post('/api/notifications/subscriptions', { subscription: { endpoint: 'https://push.example/abc', keys: { p256dh: P256DH, auth: PUSH_AUTH } } }, auth));
      await send(post('/api/ai/trading-brief/receipt', { tradeDate: PLAN_BODY.tradeDate, prices: PLAN_BODY.prices, settings: PLAN_BODY.settings }, auth));
      await send({ method: 'GET', url: `/api/audit/events?api_key=${encodeURIComponent(key)}&token=${SERVICE}`, headers: auth });
      await send({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${key}` } });
    }
    const report = await fuzz(h.app, 400, 99);
    expect(report.failures).toEqual([]);
    const logs = h.logs.join('\n');
    expect(logs.length).toBeGreaterThan(1000);
    // The run did reach the places where secrets live: a push subscription accepted, a key-bearing URL logged (redacted).
    expect(bodies.some((b) => b.startsWith('202 '))).toBe(true);
    expect(logs).toContain('api_key=[redacted]');
    const everything = `${logs}\n${bodies.join('\n')}`;
    for (const secret of secrets) expect(everything.includes(secret), `secret ${secret.slice(0, 6)}… leaked`).toBe(false);
    // The one response meant to carry a secret carried it exactly once.
    expect(minted.body.split(tenantKey).length - 1).toBe(1);
    await h.close();
  }, 60_000);
});
