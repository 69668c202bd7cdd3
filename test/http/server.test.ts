import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Validator } from '@seriousme/openapi-schema-validator';
import { defineOperation, type Operation } from '../../src/ops/types.js';
import { allOperations, harness, post, PLAN_BODY, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, version 1.0.0, with every registry route', async () => {
    h = await harness();
    const res = await h.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-svc-security-mode']).toBeUndefined();
    const doc = h.json<{ openapi: string; info: { version: string }; paths: Record<string, Record<string, unknown>> }>(res);
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    for (const op of allOperations()) {
      if (!op.http) continue;
      const path = op.http.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[op.http.method.toLowerCase()], `${op.http.method} ${path}`).toBeDefined();
    }
  });

  it('documents parameters, bodies, errors and per-operation security', async () => {
    h = await harness({ config: { requireApiKey: true, apiKey: 'k-master-123456' } });
    const doc = h.json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(await h.inject('/api/openapi.json'));
    const del = doc.paths['/api/strategy/profiles']?.delete as { parameters: { name: string; in: string; required: boolean }[]; security: unknown[] };
    expect(del.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'query', required: true })]);
    expect(del.security).toEqual([{ ApiKeyHeader: [] }, { BearerAuth: [] }]);
    const revoke = doc.paths['/api/account/api-keys/{id}']?.delete as { parameters: { name: string; in: string }[]; responses: Record<string, unknown> };
    expect(revoke.parameters[0]).toMatchObject({ name: 'id', in: 'path' });
    expect(Object.keys(revoke.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '429', '500']));
    const plan = doc.paths['/api/strategy/plan']?.post as { requestBody: { required: boolean }; responses: Record<string, { content: { 'application/json': { schema: unknown } } }> };
    expect(plan.requestBody.required).toBe(true);
    expect(plan.responses['400']?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
    expect(Object.keys(plan.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '413', '415', '429', '500']));
    expect((doc.paths['/api/health']?.get as { security: unknown[] }).security).toEqual([]);
    expect((doc.paths['/api/billing/plans']?.get as { security: unknown[] }).security).toEqual([]);
  });

  it('marks uncredentialed access as allowed in public-demo mode', async () => {
    h = await harness();
    const doc = h.json<{ paths: Record<string, Record<string, { security: unknown[] }>> }>(await h.inject('/api/openapi.json'));
    expect(doc.paths['/api/strategy/plan']?.post?.security).toContainEqual({});
  });
});

describe('product routes', () => {
  it('runs the plan op from the registry with status, headers and body', async () => {
    h = await harness();
    const res = await h.inject(post('/api/strategy/plan', PLAN_BODY));
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-svc-security-mode']).toBe('public-demo');
    expect(res.headers['x-svc-api-version']).toBe('v1');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const body = h.json<{ tradeDate: string; generatedAt: string; plan: { trades: unknown[] } }>(res);
    expect(body.tradeDate).toBe('02.03.2026');
    expect(body.generatedAt).toBe('2026-03-02T10:00:00.000Z');
    expect(body.plan.trades.length).toBeGreaterThan(0);
  });

  it('gives each request its own id in the header and the error body', async () => {
    h = await harness();
    const a = await h.inject(post('/api/strategy/plan', {}));
    const b = await h.inject(post('/api/strategy/plan', {}));
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    expect(h.json<{ error: { requestId: string } }>(a).error.requestId).toBe(a.headers['x-request-id']);
  });

  it('carries the security-mode header on product routes and errors, not on health or the OpenAPI document', async () => {
    h = await harness({ config: { requireApiKey: true, apiKey: 'k-0123456789' } });
    expect((await h.inject('/api/billing/plans')).headers['x-svc-security-mode']).toBe('api-key');
    expect((await h.inject('/api/nope')).headers['x-svc-security-mode']).toBe('api-key');
    expect((await h.inject(post('/api/strategy/plan', PLAN_BODY))).headers['x-svc-security-mode']).toBe('api-key');
    expect((await h.inject('/api/health')).headers['x-svc-security-mode']).toBeUndefined();
    expect((await h.inject('/api/openapi.json')).headers['x-svc-security-mode']).toBeUndefined();
  });

  it('ignores a client-sent x-request-id', async () => {
    h = await harness();
    const res = await h.inject({ method: 'GET', url: '/api/billing/plans', headers: { 'x-request-id': 'evil\r\nid' } });
    expect(res.headers['x-request-id']).not.toBe('evil\r\nid');
  });
});

describe('caller mistakes are 4xx with the one error body', () => {
  it('400 with each failing path on invalid input', async () => {
    h = await harness();
    const bad = { ...PLAN_BODY, settings: { volumeMwh: -1, minSpreadUah: 0, maxTradesPerDay: 99 }, prices: PLAN_BODY.prices.slice(0, 3) };
    const res = await h.inject(post('/api/strategy/plan', bad));
    expect(res.statusCode).toBe(400);
    const err = h.json<{ error: { code: string; issues: { path: string }[] } }>(res).error;
    expect(err.code).toBe('validation_error');
    expect(err.issues.map((i) => i.path)).toEqual(expect.arrayContaining(['settings.volumeMwh', 'settings.maxTradesPerDay', 'prices']));
  });

  it('400 on unknown body properties', async () => {
    h = await harness();
    const res = await h.inject(post('/api/strategy/plan', { ...PLAN_BODY, extra: 1 }));
    expect(res.statusCode).toBe(400);
  });

  it('400 invalid_json on malformed JSON, empty_json_body on an empty one', async () => {
    h = await harness();
    const res = await h.inject({ method: 'POST', url: '/api/strategy/plan', headers: { 'content-type': 'application/json' }, payload: '{"tradeDate": ' });
    expect(res.statusCode).toBe(400);
    expect(h.json<{ error: { reason: string } }>(res).error.reason).toBe('invalid_json');
    const empty = await h.inject({ method: 'POST', url: '/api/strategy/plan', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(h.json<{ error: { reason: string } }>(empty).error.reason).toBe('empty_json_body');
  });

  it('400 on prototype-poisoning keys', async () => {
    h = await harness();
    const res = await h.inject({ method: 'POST', url: '/api/strategy/plan', headers: { 'content-type': 'application/json' }, payload: '{"__proto__": {"x": 1}}' });
    expect(res.statusCode).toBe(400);
  });

  it('415 on a body that is not JSON', async () => {
    h = await harness();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await h.inject({ method: 'POST', url: '/api/strategy/plan', headers: { 'content-type': type }, payload: 'a=1' });
      expect(res.statusCode, type).toBe(415);
      expect(h.json<{ error: { code: string } }>(res).error.code).toBe('unsupported_media_type');
    }
  });

  it('413 on a body over the limit', async () => {
    h = await harness({ config: { bodyLimitBytes: 2048 } });
    const res = await h.inject(post('/api/strategy/plan', { ...PLAN_BODY, pad: 'x'.repeat(4096) }));
    expect(res.statusCode).toBe(413);
    expect(h.json<{ error: { code: string } }>(res).error.code).toBe('payload_too_large');
  });

  it('413 past the default limit of 1 MiB', async () => {
    h = await harness();
    const res = await h.inject(post('/api/strategy/plan', { ...PLAN_BODY, pad: 'x'.repeat(1024 * 1024) }));
    expect(res.statusCode).toBe(413);
  });

  it('404 on an unknown route; 405 with Allow on a known path with another method; HEAD on health works', async () => {
    h = await harness();
    const res = await h.inject('/api/nope?x=1');
    expect(res.statusCode).toBe(404);
    expect(h.json<{ error: { code: string; reason: string } }>(res).error).toMatchObject({ code: 'not_found', reason: 'unknown_route' });
    for (const method of ['GET', 'PUT', 'OPTIONS', 'DELETE'] as const) {
      const wrong = await h.inject({ method, url: '/api/strategy/plan' });
      expect(wrong.statusCode, method).toBe(405);
      expect(wrong.headers.allow).toBe('POST');
      expect(h.json<{ error: { code: string } }>(wrong).error.code).toBe('method_not_allowed');
    }
    const keys = await h.inject({ method: 'PUT', url: '/api/account/api-keys/0f6c3c1e-8a0b-4a1e-9f3a-2b1c4d5e6f70' });
    expect(keys.statusCode).toBe(405);
    expect(keys.headers.allow).toBe('DELETE');
    const profiles = await h.inject({ method: 'PATCH', url: '/api/strategy/profiles' });
    expect(profiles.headers.allow).toBe('DELETE, GET, HEAD, POST');
    const head = await h.inject({ method: 'HEAD', url: '/api/health' });
    expect([200, 503]).toContain(head.statusCode);
    expect(head.body).toBe('');
  });

  it('400 with the error body for a malformed URL (raised before routing)', async () => {
    h = await harness();
    const res = await h.inject('/api/%zz');
    expect(res.statusCode).toBe(400);
    expect(h.json<{ error: { code: string; reason: string } }>(res).error).toMatchObject({ code: 'validation_error', reason: 'invalid_url' });
  });

  it('400 for invalid query parameters', async () => {
    h = await harness();
    const res = await h.inject('/api/billing/plans?lang=de');
    expect(res.statusCode).toBe(400);
    expect(h.json<{ error: { issues: { path: string }[] } }>(res).error.issues[0]?.path).toBe('lang');
  });
});

describe('unexpected failures', () => {
  const SECRET = 'sk-live-should-never-leak';
  const boom = defineOperation({
    id: 'test.boom',
    summary: 'fails',
    description: 'fails',
    tags: ['test'],
    access: 'public',
    input: z.object({}),
    output: z.object({}),
    http: { method: 'GET', path: '/api/test/boom', inputFrom: 'query', successStatus: 200, errors: [] },
    async run() {
      throw new Error(`database password ${SECRET} rejected`);
    },
  }) as unknown as Operation;

  it('500 with a generic message, no stack, no secret', async () => {
    h = await harness({ operations: [...allOperations(), boom], config: { apiKey: SECRET } });
    const res = await h.inject('/api/test/boom');
    expect(res.statusCode).toBe(500);
    const body = h.json<{ error: { code: string; message: string } }>(res);
    expect(body.error.code).toBe('internal_error');
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('ops with async input refinements', () => {
  const asyncOp = defineOperation({
    id: 'test.async',
    summary: 'async refine',
    description: 'async refine',
    tags: ['test'],
    access: 'public',
    input: z.strictObject({ n: z.number().refine(async (v) => v > 0, 'must be positive') }),
    output: z.strictObject({ n: z.number() }),
    http: { method: 'POST', path: '/api/test/async', inputFrom: 'body', successStatus: 200, errors: [400] },
    async run(_ctx, input) {
      return { n: input.n };
    },
  }) as unknown as Operation;

  it('are validated with the async parser', async () => {
    h = await harness({ operations: [...allOperations(), asyncOp] });
    expect((await h.inject(post('/api/test/async', { n: 2 }))).statusCode).toBe(200);
    const bad = await h.inject(post('/api/test/async', { n: -1 }));
    expect(bad.statusCode).toBe(400);
    expect(h.json<{ error: { issues: { path: string }[] } }>(bad).error.issues[0]?.path).toBe('n');
  });
});

describe('fixed response headers of an op', () => {
  const tagged = defineOperation({
    id: 'test.tagged',
    summary: 'tagged',
    description: 'tagged',
    tags: ['test'],
    access: 'key',
    input: z.strictObject({}),
    output: z.strictObject({ ok: z.literal(true) }),
    http: { method: 'POST', path: '/api/test/tagged', inputFrom: 'body', successStatus: 201, errors: [400, 401, 429], headers: { 'x-ai-generated': 'true' } },
    async run() {
      return { ok: true as const };
    },
  }) as unknown as Operation;

  it('are sent with the op status on success only, and documented', async () => {
    h = await harness({ operations: [...allOperations(), tagged] });
    const ok = await h.inject(post('/api/test/tagged', {}));
    expect(ok.statusCode).toBe(201);
    expect(ok.headers['x-ai-generated']).toBe('true');
    const bad = await h.inject(post('/api/test/tagged', { x: 1 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-ai-generated']).toBeUndefined();
    const doc = h.json<{ paths: Record<string, { post: { responses: Record<string, { headers: Record<string, unknown> }> } }> }>(await h.inject('/api/openapi.json'));
    expect(doc.paths['/api/test/tagged']?.post.responses['201']?.headers['x-ai-generated']).toBeDefined();
  });
});
