/** headers.ts: the common headers, set once per request, and `connection: close` once the server is closing. */
import { describe, expect, it } from 'vitest';
import { guardPlugin, createGuards } from '../../src/http/guard.js';
import { request } from 'undici';
import { headerRecord, lifecyclePlugin, nodeStoreOf, RATE_LIMIT_BLOCK, setCommonHeaders } from '../../src/http/headers.js';
import { SvcError } from '../../src/domain/errors.js';
import { errorsPlugin } from '../../src/http/error-handler.js';
import { appWith, testKit } from './plugin-kit.js';

describe('common headers and the lifecycle', () => {
  it('sets request id, no-store, API version and nosniff; connection: close once close() has begun', async () => {
    const kit = await testKit();
    const app = await appWith(kit, lifecyclePlugin, guardPlugin);
    const open = createGuards(kit).of({ access: 'public' }, true);
    app.get('/x', { onRequest: open }, async () => ({ ok: true }));
    const res = await app.inject('/x');
    expect(res.headers).toMatchObject({ 'x-request-id': 'req-1', 'cache-control': 'no-store', 'x-svc-api-version': 'v1', 'x-content-type-options': 'nosniff' });
    expect(res.headers.connection).not.toBe('close');
    expect(kit.lifecycle.closing).toBe(false);
    await app.close();
    expect(kit.lifecycle.closing).toBe(true);
  });

  it('sets the same headers in one step on a fresh reply as one by one on a reply that has some already, mode and rate limit included', async () => {
    const kit = await testKit();
    const app = await appWith(kit, lifecyclePlugin, guardPlugin);
    const guarded = createGuards(kit).of({ access: 'key' });
    let fresh: unknown;
    app.get('/guarded', { onRequest: guarded }, async (_request, reply) => {
      fresh = headerRecord(reply);
      return { ok: true };
    });
    app.get('/late', async (_request, reply) => {
      reply.header('x-extra', '1');
      setCommonHeaders(reply, kit.lifecycle, 'public-demo');
      return { ok: true };
    });
    const one = await app.inject('/guarded');
    expect(one.statusCode).toBe(200);
    expect(fresh).toBeTypeOf('object');
    const names = Object.keys(one.headers);
    expect(names.slice(0, 8)).toEqual(['x-request-id', 'cache-control', 'x-svc-api-version', 'x-content-type-options', 'x-svc-security-mode', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']);
    expect(one.headers).toMatchObject({ 'cache-control': 'no-store', 'x-svc-api-version': 'v1', 'x-content-type-options': 'nosniff', 'x-svc-security-mode': kit.auth.securityMode });
    const late = await app.inject('/late');
    expect(late.headers).toMatchObject({ 'x-extra': '1', 'cache-control': 'no-store', 'x-svc-api-version': 'v1', 'x-content-type-options': 'nosniff', 'x-svc-security-mode': 'public-demo' });
    expect(typeof late.headers['x-request-id']).toBe('string');
    await app.close();
  });

  it("puts them in Node's own header store on this Node, and a real socket gets each once, in order, beside fastify's own, on success, a 404 and an error after the guard", async () => {
    const kit = await testKit();
    const app = await appWith(kit, lifecyclePlugin, guardPlugin, errorsPlugin);
    const guarded = createGuards(kit).of({ access: 'key' });
    let inStore: unknown;
    app.get('/ok', { onRequest: guarded }, async (_request, reply) => {
      inStore = nodeStoreOf(reply)?.[RATE_LIMIT_BLOCK];
      return { ok: true };
    });
    app.get('/fails', { onRequest: guarded }, async () => {
      throw new SvcError('validation_error', 'no');
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const rawNames = async (path: string): Promise<{ status: number; names: string[]; headers: Record<string, unknown> }> => {
      const res = await request(`${base}${path}`);
      await res.body.text();
      // undici keeps every header line; a header written twice would show as an array
      return { status: res.statusCode, names: Object.keys(res.headers), headers: res.headers };
    };
    const ok = await rawNames('/ok');
    expect(Array.isArray(inStore)).toBe(true);
    expect(ok.status).toBe(200);
    expect(ok.names.slice(0, 10)).toEqual([
      'x-request-id', 'cache-control', 'x-svc-api-version', 'x-content-type-options', 'x-svc-security-mode',
      'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'content-type', 'content-length',
    ]);
    expect(ok.headers['x-ratelimit-limit']).toBe(String(kit.config.rateLimitPerMinute));
    expect(ok.headers['x-ratelimit-remaining']).toBe(String(kit.config.rateLimitPerMinute - 1));
    expect(ok.headers['x-ratelimit-reset']).toMatch(/^[1-9]\d*$/);
    expect(ok.headers).toMatchObject({ 'cache-control': 'no-store', 'x-svc-api-version': 'v1', 'x-content-type-options': 'nosniff', 'x-svc-security-mode': kit.auth.securityMode });
    expect(ok.headers['x-request-id']).toMatch(/^\S+$/);
    for (const path of ['/fails', '/nowhere']) {
      const r = await rawNames(path);
      expect(r.status).toBe(path === '/fails' ? 400 : 404);
      for (const name of ['x-request-id', 'cache-control', 'x-svc-api-version', 'x-content-type-options', 'x-svc-security-mode']) expect(typeof r.headers[name], `${path} ${name}`).toBe('string');
    }
    await app.close();
  });
});
