/**
 * The narrator registry: its list equals the MCP list; a call returns ok true with the result and
 * provenance; every failure (unknown tool, invalid input, malformed JSON, a missing permission) is
 * 200 with ok false, a code, a message and the failing paths; the service token guards both routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, post, type Harness } from '../http/harness.js';
import { mcpTools } from '../../src/mcp/server.js';
import { operations } from '../../src/ops/index.js';
import { DATA_TOOLS, DATA_UNAVAILABLE_CODES, INVALID_ARGS, VALID_ARGS, schemaErrors } from './samples.js';

const TOKEN = 'narrator-service-token-0123456789';
const AUTH = { 'x-svc-service-token': TOKEN };
let h: Harness;

beforeAll(async () => {
  h = await harness({ config: { serviceToken: TOKEN, rateLimitPerMinute: 1_000_000 } });
});
afterAll(async () => {
  await h.close();
});

interface Descriptor {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
}
type Outcome = { ok: true; tool: string; result: unknown; provenance: Record<string, unknown> } | { ok: false; tool: string; error: { code: string; message: string; issues: { path: string }[] } };

async function list(): Promise<Descriptor[]> {
  const res = await h.inject({ method: 'GET', url: '/api/narrator/tools', headers: AUTH });
  expect(res.statusCode).toBe(200);
  return h.json<{ tools: Descriptor[] }>(res).tools;
}

async function call(name: string, payload: unknown, raw = false): Promise<Outcome> {
  const res = await h.inject(raw ? { method: 'POST', url: `/api/narrator/tools/${name}`, headers: { 'content-type': 'application/json', ...AUTH }, payload: payload as string } : post(`/api/narrator/tools/${name}`, payload, AUTH));
  expect(res.statusCode).toBe(200);
  return h.json<Outcome>(res);
}

describe('narrator registry', () => {
  it('lists the same tools, in the same order and with the same schemas, as MCP tools/list', async () => {
    const tools = await list();
    const mcp = mcpTools(operations);
    expect(tools.map((t) => t.name)).toEqual(mcp.map((t) => t.name));
    for (const [i, t] of tools.entries()) {
      expect(t.inputSchema).toEqual(mcp[i]?.inputSchema);
      expect(t.outputSchema).toEqual(mcp[i]?.outputSchema);
      expect(t.description).toBe(mcp[i]?.description);
    }
  });

  it('runs every tool: ok true, result and provenance valid against the declared output schema', async () => {
    for (const tool of await list()) {
      const outcome = await call(tool.name, VALID_ARGS[tool.name]);
      if (!outcome.ok && DATA_TOOLS.has(tool.name)) {
        expect(DATA_UNAVAILABLE_CODES).toContain(outcome.error.code);
        continue;
      }
      expect(outcome.ok, `${tool.name}: ${JSON.stringify(outcome).slice(0, 300)}`).toBe(true);
      if (!outcome.ok) continue;
      expect(schemaErrors(tool.outputSchema, { result: outcome.result, provenance: outcome.provenance })).toEqual([]);
      expect(outcome.provenance).toMatchObject({ model: 'svc-rules-v1', dataSentToExternalModel: false, tool: tool.name });
    }
  });

  it('invalid input: ok false, validation_error, the failing path', async () => {
    for (const tool of await list()) {
      const invalid = INVALID_ARGS[tool.name];
      const outcome = await call(tool.name, invalid?.args);
      expect(outcome.ok).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.error.code).toBe('validation_error');
      expect(outcome.error.message.length).toBeGreaterThan(0);
      expect(outcome.error.issues.some((i) => i.path.startsWith(invalid?.path ?? '?'))).toBe(true);
    }
  });

  it('an unknown tool: ok false, unknown_tool, path name', async () => {
    const outcome = await call('submit_order', {});
    expect(outcome).toMatchObject({ ok: false, tool: 'submit_order', error: { code: 'unknown_tool', issues: [{ path: 'name' }] } });
  });

  it('malformed JSON and a body that is not an object: ok false, never a raw exception', async () => {
    const broken = await call('cite_methodology', '{"topic":', true);
    expect(broken).toMatchObject({ ok: false, error: { code: 'validation_error' } });
    const array = await call('cite_methodology', '[1,2]', true);
    expect(array).toMatchObject({ ok: false, error: { code: 'validation_error' } });
    const deep = await call('cite_methodology', `${'['.repeat(100)}${']'.repeat(100)}`, true);
    expect(deep).toMatchObject({ ok: false, error: { code: 'validation_error' } });
  });

  it('no body runs a tool whose arguments are all optional', async () => {
    const res = await h.inject({ method: 'POST', url: '/api/narrator/tools/cite_methodology', headers: AUTH });
    expect(res.statusCode).toBe(200);
    const outcome = h.json<Outcome>(res);
    expect(outcome.ok).toBe(true);
  });

  it('the service token guards both routes', async () => {
    expect((await h.inject({ method: 'GET', url: '/api/narrator/tools' })).statusCode).toBe(401);
    expect((await h.inject({ method: 'GET', url: '/api/narrator/tools', headers: { 'x-svc-service-token': 'wrong-token-0123456789' } })).statusCode).toBe(401);
    expect((await h.inject(post('/api/narrator/tools/cite_methodology', {}))).statusCode).toBe(401);
    expect((await h.inject({ method: 'GET', url: '/api/narrator/tools', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
  });
});

describe('narrator registry, other deployments', () => {
  it('without SVC_SERVICE_TOKEN both routes answer 503 service_token_not_configured', async () => {
    const bare = await harness({ config: {} });
    try {
      const res = await bare.inject({ method: 'GET', url: '/api/narrator/tools', headers: AUTH });
      expect(res.statusCode).toBe(503);
      expect(bare.json<{ error: { reason: string } }>(res).error.reason).toBe('service_token_not_configured');
    } finally {
      await bare.close();
    }
  });

  it('under SVC_ENFORCE_RBAC the service token holds no role: a tool needing a permission is ok false, forbidden', async () => {
    const strict = await harness({ config: { serviceToken: TOKEN, enforceRbac: true } });
    try {
      const res = await strict.inject(post('/api/narrator/tools/plan_spread_trades', VALID_ARGS.plan_spread_trades, AUTH));
      expect(strict.json<Outcome>(res)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      const open = await strict.inject(post('/api/narrator/tools/cite_methodology', {}, AUTH));
      expect(strict.json<Outcome>(open).ok).toBe(true);
    } finally {
      await strict.close();
    }
  });
});
