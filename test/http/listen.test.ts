/** Over a real socket: startServer on a free port, undici as the client, and a graceful close. */
import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { z } from 'zod';
import { startServer, type StartedServer } from '../../src/http/listen.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import { defineOperation, type Operation } from '../../src/ops/types.js';
import { agentDoor } from '../../src/mcp/door.js';
import { allOperations, PLAN_BODY, testConfig } from './harness.js';

let started: StartedServer | undefined;
const stores = openMemoryStores();
afterEach(async () => {
  await started?.close();
  started = undefined;
});

describe('listening server', () => {
  it('answers over loopback on a free port (port 0)', async () => {
    started = await startServer({ config: testConfig({ port: 0, host: '127.0.0.1' }), stores, operations: allOperations(), logger: false });
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await request(`${started.url}/api/strategy/plan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(PLAN_BODY),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-svc-api-version']).toBe('v1');
    const body = (await res.body.json()) as { plan: { trades: unknown[] } };
    expect(body.plan.trades.length).toBeGreaterThan(0);
    const health = await request(`${started.url}/api/health`);
    expect(health.statusCode).toBe(200);
    await health.body.dump();
  });

  // The common and rate-limit headers sit in Node's store as blocks of lines (headers.ts), which a
  // route's own `reply.header` of the same name would not replace: every route, over a real socket,
  // must write each header once (undici gives a header written twice as an array).
  it('writes every header once on every route without a path parameter, the MCP stream and the errors included', async () => {
    started = await startServer({ config: testConfig({ port: 0, host: '127.0.0.1' }), stores, operations: allOperations(), doors: [agentDoor], logger: false });
    const doc = (await (await request(`${started.url}/api/openapi.json`)).body.json()) as { paths: Record<string, Record<string, unknown>> };
    const calls: Array<[string, string]> = [['GET', '/nowhere'], ['DELETE', '/api/health']];
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (path.includes('{')) continue;
      for (const method of Object.keys(methods)) if (method === 'get' || method === 'post') calls.push([method.toUpperCase(), path]);
    }
    expect(calls.length).toBeGreaterThan(20);
    expect(calls).toContainEqual(['GET', '/api/mcp']);
    const statuses = new Set<number>();
    for (const [method, path] of calls) {
      const body = method === 'POST' ? JSON.stringify(path === '/api/strategy/plan' ? PLAN_BODY : {}) : undefined;
      const res = await request(`${started.url}${path}`, { method: method as 'GET' | 'POST', ...(body ? { body, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } } : {}) });
      await res.body.dump();
      statuses.add(res.statusCode);
      const twice = Object.entries(res.headers).filter(([, v]) => Array.isArray(v)).map(([k]) => k);
      expect(twice, `${method} ${path} (${res.statusCode})`).toEqual([]);
      for (const name of ['x-request-id', 'cache-control', 'x-svc-api-version', 'x-content-type-options']) expect(typeof res.headers[name], `${method} ${path} ${name}`).toBe('string');
      // anonymous health and the OpenAPI document stay mode-neutral (spec); every other answer names the mode
      const neutral = method === 'GET' && (path === '/api/health' || path === '/api/openapi.json');
      expect(typeof res.headers['x-svc-security-mode'], `${method} ${path} mode`).toBe(neutral ? 'undefined' : 'string');
    }
    // successes, bad input, unknown routes and methods were all among them
    for (const status of [200, 400, 404, 405]) expect(statuses).toContain(status);
  });

  it('a port in use is bad input naming --port (CLI exit 2), not a raw EADDRINUSE', async () => {
    started = await startServer({ config: testConfig({ port: 0, host: '127.0.0.1' }), stores, operations: allOperations(), logger: false });
    const port = Number(new URL(started.url).port);
    const second = startServer({ config: testConfig({ port, host: '127.0.0.1' }), stores, operations: allOperations(), logger: false });
    await expect(second).rejects.toMatchObject({ code: 'validation_error', message: expect.stringContaining(`cannot listen on 127.0.0.1:${port}: the address is already in use`) });
  });

  it('close() lets an in-flight request finish, then refuses new connections', async () => {
    let release!: () => void;
    let entered!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const inside = new Promise<void>((r) => (entered = r));
    const slow = defineOperation({
      id: 'test.slow',
      summary: 'slow',
      description: 'waits for the test',
      tags: ['test'],
      access: 'public',
      input: z.object({}),
      output: z.strictObject({ done: z.literal(true) }),
      http: { method: 'GET', path: '/api/test/slow', inputFrom: 'query', successStatus: 200, errors: [] },
      async run() {
        entered();
        await gate;
        return { done: true as const };
      },
    }) as unknown as Operation;
    const server = await startServer({ config: testConfig({ port: 0 }), stores, operations: [...allOperations(), slow], logger: false });
    const inflight = request(`${server.url}/api/test/slow`);
    await inside;
    const closing = server.close();
    let closed = false;
    void closing.then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false);
    release();
    const res = await inflight;
    expect(res.statusCode).toBe(200);
    expect(await res.body.json()).toEqual({ done: true });
    await closing;
    await expect(request(`${server.url}/api/health`)).rejects.toThrow();
  });
});
