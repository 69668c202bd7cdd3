/** routes.ts: an operation with an http binding becomes a route (status, fixed and derived headers, serialized output) and an OpenAPI path. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsPlugin } from '../../src/http/error-handler.js';
import { guardPlugin } from '../../src/http/guard.js';
import { jsonBodyPlugin } from '../../src/http/json-body.js';
import { routesPlugin } from '../../src/http/routes.js';
import { defineOperation } from '../../src/ops/types.js';
import { appWith, testKit } from './plugin-kit.js';

const double = defineOperation({
  id: 'test.double', summary: 'Doubles n', description: 'd', tags: ['t'], access: 'key',
  input: z.strictObject({ n: z.number().int().max(100) }),
  output: z.strictObject({ n: z.number(), by: z.string() }),
  http: { method: 'POST', path: '/api/double', inputFrom: 'body', successStatus: 201, errors: [400], headers: { 'x-fixed': 'yes' }, headersOf: (o) => ({ 'x-n': String((o as { n: number }).n) }) },
  async run(ctx, input) { return { n: input.n * 2, by: ctx.caller.actorId }; },
});

describe('operation routes', () => {
  it('serves the op through invoke with its status and headers, and a 400 naming the path', async () => {
    const kit = await testKit({}, { operations: [double] });
    const app = await appWith(kit, guardPlugin, errorsPlugin, jsonBodyPlugin, routesPlugin);
    const res = await app.inject({ method: 'POST', url: '/api/double', payload: { n: 21 } });
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe('{"n":42,"by":"local-user"}');
    expect(res.headers).toMatchObject({ 'x-fixed': 'yes', 'x-n': '42', 'x-request-id': 'req-1', 'content-type': 'application/json; charset=utf-8' });
    const bad = await app.inject({ method: 'POST', url: '/api/double', payload: { n: 101 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'validation_error', issues: [{ path: 'n' }] } });
  });

  it('lists the route in the OpenAPI document, served without the security-mode header', async () => {
    const app = await appWith(await testKit({}, { operations: [double] }), guardPlugin, errorsPlugin, jsonBodyPlugin, routesPlugin);
    const res = await app.inject('/api/openapi.json');
    expect(res.headers['x-svc-security-mode']).toBeUndefined();
    expect(res.json().paths['/api/double'].post.operationId).toBeDefined();
  });
});
