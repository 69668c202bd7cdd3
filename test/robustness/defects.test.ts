/**
 * Issue 10: each defect the serve probe found, reproduced as it was found, now answered as it
 * should be. In-process (inject) where the parser is not involved; over a real socket where it is.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../src/http/listen.js';
import { redactUrl } from '../../src/http/request-meta.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import { allOperations, harness, post, PLAN_BODY, testConfig, type Harness } from '../http/harness.js';
import { testIdp, type TestIdp } from '../http/jwt.js';
import type { SvcConfig } from '../../src/config/config.js';

const MASTER = 'master-key-for-tests-0123456789';
type ErrBody = { error: { code: string; reason?: string; message: string; requestId: string } };
let h: Harness | undefined;
let live: StartedServer | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  await live?.close();
  live = undefined;
});

function deep(levels: number): unknown {
  let v: unknown = { x: 1 };
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

async function serve(overrides: Partial<SvcConfig> = {}): Promise<StartedServer> {
  live = await startServer({ config: testConfig({ port: 0, host: '127.0.0.1', ...overrides }), stores: openMemoryStores(), operations: allOperations(), logger: false });
  return live;
}

function raw(url: string, text: string, timeoutMs = 3000): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let out = '';
    socket.on('data', (d) => (out += String(d)));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve(out);
    }, timeoutMs).unref();
  });
}

describe('defect 1: deep nesting is a 400 at the door, never a 500 or a stack overflow', () => {
  it('5,000 levels (a 30 KB body) in a public receipt body and in a brief context answer 400 body_limits', async () => {
    h = await harness();
    // Written as text: even JSON.stringify of such a value would need a deep stack.
    const nested = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const plan = JSON.stringify(PLAN_BODY).slice(1, -1);
    for (const [url, payload] of [
      ['/api/ai/receipt/verify', `{"receipt":${nested},"inputs":{}}`],
      ['/api/ai/receipt/verify', `{"receipt":{},"inputs":${nested}}`],
      ['/api/ai/trading-brief', `{${plan},"context":${nested}}`],
    ] as const) {
      const res = await h.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, url).toBe(400);
      expect(h.json<ErrBody>(res).error.reason).toBe('body_limits');
      expect(res.body).not.toMatch(/call stack|at .*\.js:\d+/);
    }
  });

  it('the canonical JSON writer refuses deep values on its own (no stack overflow whoever calls it)', async () => {
    const { canonicalJson, MAX_CANONICAL_DEPTH } = await import('../../src/engines/canonical-json.js');
    expect(() => canonicalJson(deep(100_000))).toThrow(new RegExp(`deeper than ${MAX_CANONICAL_DEPTH}`));
  });

  it('__proto__ keys are refused with a message that says what they are; charsets other than UTF-8 are 415', async () => {
    h = await harness();
    const proto = await h.inject({ method: 'POST', url: '/api/strategy/plan', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1},"tradeDate":"01.01.2024"}' });
    expect(proto.statusCode).toBe(400);
    expect(h.json<ErrBody>(proto).error).toMatchObject({ reason: 'forbidden_key' });
    expect(h.json<ErrBody>(proto).error.message).toContain('__proto__');
    const latin = await h.inject({ method: 'POST', url: '/api/strategy/plan', headers: { 'content-type': 'application/json; charset=iso-8859-1' }, payload: JSON.stringify(PLAN_BODY) });
    expect(latin.statusCode).toBe(415);
    const utf8 = await h.inject({ method: 'POST', url: '/api/strategy/plan', headers: { 'content-type': 'application/json; charset=UTF-8' }, payload: JSON.stringify(PLAN_BODY) });
    expect(utf8.statusCode).toBe(200);
  });

  it('limit=0x10 and limit=1e2 are refused; only decimal digits are a number', async () => {
    h = await harness();
    for (const bad of ['0x10', '1e2', ' 5']) expect((await h.inject(`/api/audit/events?limit=${encodeURIComponent(bad)}`)).statusCode, bad).toBe(400);
    expect((await h.inject('/api/audit/events?limit=16')).statusCode).toBe(200);
  });
});

describe('defect 3: X-Forwarded-For is believed only from configured proxies', () => {
  it('with one trusted hop, a spoofed left-most entry does not change the rate-limit key', async () => {
    h = await harness({ config: { trustProxy: 1, rateLimitPerMinute: 3 } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await h.inject({ ...post('/api/strategy/plan', PLAN_BODY, { 'x-forwarded-for': `10.0.${i}.9, 203.0.113.7` }) });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('the setting accepts false, a hop count, true (= 1) or proxy addresses, and nothing else', async () => {
    const { loadConfig } = await import('../../src/config/config.js');
    expect(loadConfig({ SVC_TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ SVC_TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ SVC_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ SVC_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(() => loadConfig({ SVC_TRUST_PROXY: 'everyone' })).toThrow(/SVC_TRUST_PROXY/);
  });
});

describe('defects 4, 5, 7: connections, shutdown, parser errors (real socket)', () => {
  it('parser errors (400 malformed, 431 oversized headers, 417 unmet Expect) carry the one error body and headers', async () => {
    const s = await serve();
    const bad = await raw(s.url, 'GARBAGE / HTTP/1.1\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1.1 400/);
    const big = await raw(s.url, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1.1 431/);
    for (const text of [bad, big]) {
      const [head, body] = text.split('\r\n\r\n');
      expect(head).toMatch(/x-request-id: \S+/);
      expect(head).toContain('cache-control: no-store');
      expect(head).toContain('x-svc-security-mode: public-demo');
      expect((JSON.parse(body ?? '') as ErrBody).error.code).toBe('validation_error');
    }
    const expect417 = await new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
      const req = httpRequest(`${s.url}/api/strategy/plan`, { method: 'POST', headers: { expect: 'something-else', 'content-type': 'application/json' } }, (res) => {
        let body = '';
        res.on('data', (d) => (body += String(d)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(expect417.status).toBe(417);
    expect((JSON.parse(expect417.body) as ErrBody).error.reason).toBe('expectation_failed');
    expect(expect417.headers['x-request-id']).toBeTruthy();
  });

  it('connections beyond SVC_MAX_CONNECTIONS are refused while health keeps answering after they go', async () => {
    const s = await serve({ maxConnections: 20 });
    const { port } = new URL(s.url);
    const idle = await Promise.all(Array.from({ length: 40 }, () => new Promise<ReturnType<typeof connect>>((resolve) => {
      const c = connect(Number(port), '127.0.0.1', () => resolve(c));
      c.on('error', () => resolve(c));
    })));
    await new Promise((r) => setTimeout(r, 100));
    expect((s.server.server.address() as AddressInfo).port).toBe(Number(port));
    const open = await new Promise<number>((resolve) => s.server.server.getConnections((_e, n) => resolve(n)));
    expect(open).toBeLessThanOrEqual(20);
    for (const c of idle) c.destroy();
    await new Promise((r) => setTimeout(r, 100));
    const res = await fetch(`${s.url}/api/health`);
    expect([200, 503]).toContain(res.status);
  });

  it('shutdown ends within the grace period although a client stalls mid-upload', async () => {
    const s = await serve({ shutdownGraceMs: 300 });
    const { port } = new URL(s.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.on('connect', r));
    socket.write('POST /api/strategy/plan HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"tradeDate":');
    socket.on('error', () => undefined);
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await s.close();
    live = undefined;
    expect(Date.now() - started).toBeLessThan(5_000);
    socket.destroy();
  });
});

describe('defects 6, 8, 9, 10: who wrote it, who may list keys, the reserved tenant, bounded metadata', () => {
  let idp: TestIdp;
  beforeAll(async () => {
    idp = await testIdp();
  });

  it('an audit event records the key that wrote it beside the actor it claims', async () => {
    h = await harness({ config: { requireApiKey: true, apiKey: MASTER } });
    const minted = h.json<{ plaintext: string; key: { id: string } }>(await h.inject(post('/api/account/api-keys', { name: 'bot', roles: ['apiClient'] }, { 'x-svc-api-key': MASTER })));
    const res = await h.inject(post('/api/audit/events', { type: 'prices_loaded', actor: 'ceo', tradeDate: '01.01.2024', source: 'x' }, { 'x-svc-api-key': minted.plaintext }));
    expect(res.statusCode).toBe(201);
    expect(h.json<{ event: { actor: string; recordedBy: string } }>(res).event).toMatchObject({ actor: 'ceo', recordedBy: `key:${minted.key.id}` });
    const list = h.json<{ events: Array<{ recordedBy?: string }> }>(await h.inject({ method: 'GET', url: '/api/audit/events', headers: { 'x-svc-api-key': MASTER } }));
    expect(list.events[0]?.recordedBy).toBe(`key:${minted.key.id}`);
  });

  it('listing keys is the tenant\'s (spec): every identified caller lists its own tenant\'s keys, never a secret; minting stays api.manage', async () => {
    h = await harness({ config: { requireApiKey: true, apiKey: MASTER } });
    const minted: string[] = [];
    for (const role of ['apiClient', 'auditor', 'analyst', 'trader', 'risk']) {
      const k = h.json<{ plaintext: string }>(await h.inject(post('/api/account/api-keys', { name: role, roles: [role] }, { 'x-svc-api-key': MASTER })));
      minted.push(k.plaintext);
      const res = await h.inject({ method: 'GET', url: '/api/account/api-keys', headers: { 'x-svc-api-key': k.plaintext } });
      expect(res.statusCode, role).toBe(200);
      expect(h.json<{ keys: { name: string }[] }>(res).keys.map((x) => x.name)).toContain(role);
      for (const secret of minted) expect(res.body).not.toContain(secret);
      // …but a key without api.manage can neither mint nor revoke.
      expect((await h.inject(post('/api/account/api-keys', { name: 'x' }, { 'x-svc-api-key': k.plaintext }))).statusCode, role).toBe(403);
    }
    expect((await h.inject({ method: 'GET', url: '/api/account/api-keys', headers: { 'x-svc-api-key': MASTER } })).statusCode).toBe(200);
  });

  it('public-demo: an anonymous caller cannot list the local tenant\'s keys (401), the master key can', async () => {
    h = await harness({ config: { apiKey: MASTER } });
    await h.inject(post('/api/account/api-keys', { name: 'bot' }, { 'x-svc-api-key': MASTER }));
    const anonymous = await h.inject({ method: 'GET', url: '/api/account/api-keys' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('bot');
    expect((await h.inject({ method: 'GET', url: '/api/account/api-keys', headers: { 'x-svc-api-key': MASTER } })).statusCode).toBe(200);
  });

  it('a JWT naming the reserved local tenant is refused', async () => {
    h = await harness({ config: { auth: idp.auth, apiKey: MASTER } });
    const local = await idp.sign({ sub: 'x', tenant_id: 'local', roles: ['owner'] });
    const res = await h.inject({ method: 'GET', url: '/api/audit/events', headers: { authorization: `Bearer ${local}` } });
    expect(res.statusCode).toBe(401);
    expect(h.json<ErrBody>(res).error.reason).toBe('token_reserved_tenant');
  });

  it('audit metadata is bounded: keys, value length, size', async () => {
    h = await harness();
    const base = { type: 'prices_loaded', tradeDate: '01.01.2024', source: 'x' };
    const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i]));
    expect((await h.inject(post('/api/audit/events', { ...base, metadata: many }))).statusCode).toBe(400);
    expect((await h.inject(post('/api/audit/events', { ...base, metadata: { note: 'x'.repeat(1025) } }))).statusCode).toBe(400);
    expect((await h.inject(post('/api/audit/events', { ...base, metadata: { note: 'x'.repeat(1024) } }))).statusCode).toBe(201);
  });
});

describe('defect 12: credentials in a URL never reach the log', () => {
  it('credential-like query values are redacted in the request log line', async () => {
    expect(redactUrl('/api/health?api_key=svck_secret&x=1&token=abc')).toBe('/api/health?api_key=[redacted]&x=1&token=[redacted]');
    h = await harness({ logLevel: 'info' });
    await h.inject('/api/health?x-svc-api-key=svck_SUPERSECRET&month=01.2024');
    const logs = h.logs.join('');
    expect(logs).toContain('[redacted]');
    expect(logs).not.toContain('svck_SUPERSECRET');
  });
});
