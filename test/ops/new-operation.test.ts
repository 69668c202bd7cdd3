/**
 * A new operation costs one op module (issue 11): a throwaway op added to a registry is served by
 * the HTTP door (route and OpenAPI entry) and by the CLI (`svc op run`) without touching either door,
 * with the same validation, access check and output rounding on both.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineOperation, type Operation } from '../../src/ops/types.js';
import { allOperations, harness, post, type Harness } from '../http/harness.js';
import { runCliInProcess } from '../cli/in-process.js';

const throwaway = defineOperation({
  id: 'test.echoSum',
  summary: 'Adds two amounts (a throwaway operation for this test)',
  description: 'Returns a + b in UAH.',
  tags: ['test'],
  access: 'key',
  permission: 'decision.plan',
  input: z.strictObject({ a: z.number(), b: z.number() }),
  output: z.strictObject({ sumUah: z.number(), terms: z.number().int() }),
  http: { method: 'POST', path: '/api/test/echo-sum', inputFrom: 'body', successStatus: 200, errors: [400, 401, 429] },
  async run(_ctx, input) {
    return { sumUah: input.a + input.b, terms: 2 };
  },
}) as unknown as Operation;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  vi.restoreAllMocks();
});

const cli = (args: string[]) => runCliInProcess(args, async () => [...allOperations(), throwaway]);

describe('a throwaway operation, added only to the registry', () => {
  it('is an HTTP route and an OpenAPI entry, validated, access-checked and rounded', async () => {
    h = await harness({ operations: [...allOperations(), throwaway] });
    const res = await h.inject(post('/api/test/echo-sum', { a: 0.1, b: 0.2 }));
    expect(res.statusCode).toBe(200);
    expect(h.json(res)).toEqual({ sumUah: 0.3, terms: 2 });
    expect((await h.inject(post('/api/test/echo-sum', { a: 'x', b: 1 }))).statusCode).toBe(400);
    const doc = h.json<{ paths: Record<string, unknown> }>(await h.inject('/api/openapi.json'));
    expect(doc.paths['/api/test/echo-sum']).toBeDefined();
    await h.close();
    h = await harness({ operations: [...allOperations(), throwaway], config: { enforceRbac: true } });
    expect((await h.inject(post('/api/test/echo-sum', { a: 1, b: 2 }))).statusCode).toBe(403);
  });

  it('is served by the CLI: svc op list names it, svc op run runs it with the same checks', async () => {
    const list = await cli(['op', 'list', '--format', 'json']);
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as { operations: Array<{ id: string }> }).operations.map((o) => o.id)).toContain('test.echoSum');
    const ok = await cli(['op', 'run', 'test.echoSum', '--input', '{"a":0.1,"b":0.2}', '--format', 'json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ sumUah: 0.3, terms: 2 });
    const bad = await cli(['op', 'run', 'test.echoSum', '--input', '{"a":"x","b":1}']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('a');
    const unknown = await cli(['op', 'run', 'test.nope']);
    expect(unknown.code).toBe(2);
  });
});
