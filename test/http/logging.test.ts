/** logging.ts: at info and above fastify logs every request; at warn and below a request's logger is made only when it logs. */
import { Writable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../src/http/server.js';
import { doorLogging, LazyRequestLogger } from '../../src/http/logging.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import { defineOperation } from '../../src/ops/types.js';
import { z } from 'zod';
import { allOperations, PLAN_BODY, post, testConfig } from './harness.js';

const boom = defineOperation({
  id: 'test.boom', summary: 's', description: 'd', tags: ['t'], access: 'public',
  input: z.strictObject({}), output: z.strictObject({}),
  http: { method: 'GET', path: '/api/boom', inputFrom: 'query', successStatus: 200, errors: [] },
  async run() { throw new Error('kaput'); },
});

function sink(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const out: string[] = [];
  const stream = new Writable({ write(chunk, _enc, cb) { out.push(String(chunk)); cb(); } });
  return { stream, lines: () => out.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('door logging', () => {
  it('info: fastify request lines with the request id and the redacted URL', async () => {
    const { stream, lines } = sink();
    const app = await buildServer({ config: testConfig({ logLevel: 'info' }), stores: openMemoryStores(), operations: allOperations(), logger: { level: 'info', stream } });
    const res = await app.inject({ method: 'GET', url: '/api/health?api_key=s3cret' });
    await app.close();
    const incoming = lines().find((l) => l.msg === 'incoming request');
    expect(incoming).toMatchObject({ reqId: res.headers['x-request-id'], req: { url: '/api/health?api_key=[redacted]' } });
    expect(lines().some((l) => l.msg === 'request completed')).toBe(true);
  });

  it('warn: no request line, no child logger for a request that logs nothing, and an unexpected error logged with its request id', async () => {
    const { stream, lines } = sink();
    const logging = doorLogging({ level: 'warn', stream }, 'warn');
    expect(logging.fastify).toEqual({ logger: false });
    const requestLog = (id: string) => logging.requestLog({ id } as FastifyRequest) as LazyRequestLogger;
    const quiet = requestLog('r1');
    quiet.info({ a: 1 }, 'not written');
    expect(quiet.materialised).toBe(false);
    const loud = requestLog('r2');
    loud.warn({ b: 2 }, 'written');
    expect(loud.materialised).toBe(true);
    expect(lines()).toEqual([expect.objectContaining({ level: 40, reqId: 'r2', b: 2, msg: 'written' })]);

    const out = sink();
    const app = await buildServer({ config: testConfig({ logLevel: 'warn' }), stores: openMemoryStores(), operations: [...allOperations(), boom], logger: { level: 'warn', stream: out.stream } });
    const ok = await app.inject(post('/api/strategy/plan', PLAN_BODY));
    expect(ok.statusCode).toBe(200);
    expect(out.lines()).toEqual([]);
    const failed = await app.inject('/api/boom');
    await app.close();
    expect(failed.statusCode).toBe(500);
    expect(out.lines()).toEqual([expect.objectContaining({ level: 50, reqId: failed.headers['x-request-id'], msg: 'unexpected error', err: expect.objectContaining({ message: 'kaput' }) })]);
  });
});
