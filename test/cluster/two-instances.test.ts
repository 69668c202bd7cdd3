/**
 * Two `svc serve` processes on different ports, one PostgreSQL schema and one Redis prefix: they
 * behave as one service. Runs only with SVC_TEST_DATABASE_URL and SVC_TEST_REDIS_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditBody, call, dropSchema, type Instance, listAll, MASTER, mintKey, startInstance, stop, TEST_DATABASE_URL, TEST_REDIS_URL, uniqueName,
} from './serve.js';

const LIMIT = 200;
const enabled = TEST_DATABASE_URL !== undefined && TEST_REDIS_URL !== undefined;

describe.skipIf(enabled)('two svc serve instances on PostgreSQL and Redis', () => {
  it.skip('skipped: needs SVC_TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) and SVC_TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)', () => {});
});

describe.runIf(enabled)('two svc serve instances on PostgreSQL and Redis', () => {
  const schema = uniqueName('svc_cluster');
  let a: Instance | undefined;
  let b: Instance | undefined;
  const env = () => ({
    SVC_DATABASE_URL: TEST_DATABASE_URL ?? '', SVC_DATABASE_SCHEMA: schema, SVC_REDIS_URL: TEST_REDIS_URL ?? '',
    SVC_REDIS_KEY_PREFIX: `${schema}:`, SVC_RATE_LIMIT_PER_MINUTE: String(LIMIT), SVC_RATE_LIMIT_WINDOW_MS: '60000',
  });

  beforeAll(async () => {
    // Started together: both migrate the fresh schema at once; the advisory lock lets one do it.
    [a, b] = await Promise.all([startInstance(env()), startInstance(env())]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    await dropSchema(schema);
  });
  const A = () => a?.url ?? '';
  const B = () => b?.url ?? '';

  it('both are healthy and report PostgreSQL and Redis', async () => {
    for (const base of [A(), B()]) {
      const r = await call<{ status: string; platformData: Record<string, unknown> }>(base, 'GET', '/api/health', MASTER);
      expect(r.status).toBe(200);
      expect(r.body.platformData).toMatchObject({ databaseConfigured: true, redisConfigured: true });
      expect(JSON.stringify(r.body)).not.toContain(schema.slice(-8) + '@');
    }
  });

  it('holds the rate limit across both: exactly N pass in the window, then 429 with Retry-After', async () => {
    const key = await mintKey(A(), 'rate');
    const total = LIMIT + 40;
    const replies = await Promise.all(Array.from({ length: total }, (_, i) => call(i % 2 ? A() : B(), 'GET', '/api/audit/events?limit=1', key.plaintext)));
    const ok = replies.filter((r) => r.status === 200);
    const limited = replies.filter((r) => r.status === 429);
    expect(ok).toHaveLength(LIMIT);
    expect(limited).toHaveLength(total - LIMIT);
    for (const r of limited) {
      const retry = Number(r.headers['retry-after']);
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(60);
    }
    // Both instances refused some: the count is shared, not per process.
    expect(new Set(limited.map((r) => r.headers['x-ratelimit-limit']))).toEqual(new Set([String(LIMIT)]));
  });

  it('lists an event written through one instance through the other, in the same cursor order', async () => {
    const key = await mintKey(A(), 'audit');
    const written: string[] = [];
    for (let i = 0; i < 9; i++) {
      const r = await call<{ event: { id: string } }>(i % 2 ? A() : B(), 'POST', '/api/audit/events', key.plaintext, auditBody(i));
      expect(r.status).toBe(201);
      written.push(r.body.event.id);
    }
    const viaA = await listAll(A(), key.plaintext, 4);
    const viaB = await listAll(B(), key.plaintext, 4);
    const mine = (ids: string[]) => ids.filter((id) => written.includes(id));
    expect(mine(viaA)).toEqual([...written].reverse());
    expect(viaB).toEqual(viaA);
  });

  it('refuses a key revoked on one instance at once on the other', async () => {
    const key = await mintKey(A(), 'revoke-me');
    expect((await call(B(), 'GET', '/api/audit/events?limit=1', key.plaintext)).status).toBe(200);
    const revoked = await call(A(), 'DELETE', `/api/account/api-keys/${key.id}`, MASTER);
    expect(revoked.status).toBe(200);
    expect((await call(B(), 'GET', '/api/audit/events?limit=1', key.plaintext)).status).toBe(401);
    expect((await call(A(), 'GET', '/api/audit/events?limit=1', key.plaintext)).status).toBe(401);
  });

  it('loses no acknowledged write when one instance is killed with SIGKILL mid-stream', async () => {
    const key = await mintKey(B(), 'kill');
    const earlier = new Set(await listAll(B(), key.plaintext, 500));
    const acked: string[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const r = await call<{ event: { id: string } }>(A(), 'POST', '/api/audit/events', key.plaintext, auditBody(w * 1000 + i));
          if (r.status === 201) acked.push(r.body.event.id);
        } catch {
          return; // the connection died with the process
        }
        if (acked.length >= 60 && !killed) {
          killed = true;
          a?.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    expect((await a?.exited)?.signal).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(60);
    const stored = new Set((await listAll(B(), key.plaintext, 500)).filter((id) => !earlier.has(id)));
    expect(acked.filter((id) => !stored.has(id))).toEqual([]);
    // At most the in-flight requests (4 writers) committed without their 201 reaching us.
    expect(stored.size - acked.length).toBeLessThanOrEqual(4);
    // The survivor still writes.
    expect((await call(B(), 'POST', '/api/audit/events', key.plaintext, auditBody(-1))).status).toBe(201);
  }, 60_000);
});
