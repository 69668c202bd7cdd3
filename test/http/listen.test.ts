/** Over a real socket: startServer on a free port, undici as the client, and a graceful close. */
import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { z } from 'zod';
import { startServer, type StartedServer } from '../../src/http/listen.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import { defineOperation, type Operation } from '../../src/ops/types.js';
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
