/**
 * Raw JSON-RPC over HTTP at /api/mcp (in-process inject, every response checked against the
 * OpenAPI document): initialize at 2025-06-18, malformed JSON, a batch, an unknown method, a
 * missing `jsonrpc`, a notification, GET, and auth in key mode. Never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { harness, type Harness } from '../http/harness.js';
import { OpenApiChecker } from '../http/openapi-check.js';

const KEY = 'raw-mcp-master-key-0123456789abcdef';
const ACCEPT = 'application/json, text/event-stream';
let h: Harness;
let checker: OpenApiChecker;

beforeAll(async () => {
  h = await harness({ config: { requireApiKey: true, apiKey: KEY, rateLimitPerMinute: 1_000_000 } });
  checker = new OpenApiChecker(JSON.parse((await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).body) as Record<string, unknown>);
});
afterAll(async () => {
  await h.close();
});

async function rpc(payload: string, headers: Record<string, string> = {}, method: 'POST' | 'GET' = 'POST'): Promise<LightMyRequestResponse> {
  const res = await h.app.inject({
    method,
    url: '/api/mcp',
    headers: { 'content-type': 'application/json', accept: ACCEPT, 'x-svc-api-key': KEY, ...headers },
    ...(method === 'POST' ? { payload } : {}),
  });
  checker.check(method, '/api/mcp', res.statusCode, res.headers['content-type'] as string | undefined, res.body);
  expect(res.statusCode).toBeLessThan(500);
  return res;
}

const body = (res: LightMyRequestResponse) => JSON.parse(res.body) as Record<string, unknown>;

describe('POST /api/mcp, raw JSON-RPC', () => {
  it('initialize with protocol 2025-06-18 is answered with 2025-06-18 and the server name', async () => {
    const res = await rpc(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } }));
    expect(res.statusCode).toBe(200);
    const result = body(res).result as { protocolVersion: string; serverInfo: { name: string }; capabilities: Record<string, unknown> };
    expect(result.protocolVersion).toBe('2025-06-18');
    expect(result.serverInfo.name).toBe('svc-sovereignty');
    expect(Object.keys(result.capabilities)).toEqual(['tools']);
  });

  it.each([
    ['2025-11-25', '2025-06-18'],
    ['2099-01-01', '2025-06-18'],
    ['not-a-version', '2025-06-18'],
    ['2025-03-26', '2025-03-26'],
    ['2024-11-05', '2024-11-05'],
  ])('initialize asking for %s is answered with %s (the server version is 2025-06-18)', async (asked, answered) => {
    const res = await rpc(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: asked, capabilities: {}, clientInfo: { name: 'raw', version: '0' } } }));
    expect(res.statusCode).toBe(200);
    expect((body(res).result as { protocolVersion: string }).protocolVersion).toBe(answered);
  });

  it('malformed JSON is 400 with -32700 and id null', async () => {
    const res = await rpc('{"jsonrpc": "2.0", "id": 1, "method": "tools/list"');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });

  it('a missing jsonrpc member is 400 with -32600, echoing the id', async () => {
    const res = await rpc(JSON.stringify({ id: 7, method: 'tools/list' }));
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32600 } });
  });

  it('a value that is not a message, and an empty batch, are -32600', async () => {
    for (const payload of ['42', '[]', '"tools/list"']) {
      const res = await rpc(payload);
      expect(res.statusCode).toBe(400);
      expect((body(res).error as { code: number }).code).toBe(-32600);
    }
  });

  it('an unknown method is a JSON-RPC error -32601 with the request id', async () => {
    const res = await rpc(JSON.stringify({ jsonrpc: '2.0', id: 'u1', method: 'orders/submit', params: {} }));
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ jsonrpc: '2.0', id: 'u1', error: { code: -32601 } });
  });

  it('a batch is answered with one response per request', async () => {
    const res = await rpc(JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 2, method: 'no/such' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]));
    expect(res.statusCode).toBe(200);
    const answers = JSON.parse(res.body) as Array<{ id: number; result?: { tools: unknown[] }; error?: { code: number } }>;
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2]);
    expect(answers.find((a) => a.id === 1)?.result?.tools.length).toBeGreaterThan(0);
    expect(answers.find((a) => a.id === 2)?.error?.code).toBe(-32601);
  });

  it('a batch with a member that is not JSON-RPC 2.0 is -32600', async () => {
    const res = await rpc(JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { id: 2, method: 'tools/list' }]));
    expect(res.statusCode).toBe(400);
    expect((body(res).error as { code: number }).code).toBe(-32600);
  });

  it('a notification is 202 with no body', async () => {
    const res = await rpc(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
  });

  it('tools/call with invalid arguments is a result with isError, not a JSON-RPC error', async () => {
    const res = await rpc(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'cite_methodology', arguments: { topic: 42 } } }));
    expect(res.statusCode).toBe(200);
    const result = body(res).result as { isError: boolean; structuredContent?: unknown; content: { text: string }[]; _meta: { provenance: Record<string, unknown> } };
    expect(result.isError).toBe(true);
    // No structuredContent: a client would validate it against the success outputSchema.
    expect(result.structuredContent).toBeUndefined();
    const text = JSON.parse(result.content[0]!.text) as { error: { code: string }; provenance: Record<string, unknown> };
    expect(text.error.code).toBe('validation_error');
    // An error result carries the provenance marker too, hashing the arguments as sent.
    expect(text.provenance).toMatchObject({ model: 'svc-rules-v1', dataSentToExternalModel: false, tool: 'cite_methodology' });
    expect(text.provenance.inputsSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result._meta.provenance).toEqual(text.provenance);
  });

  it('an Accept header without text/event-stream is 406 (the transport rule)', async () => {
    const res = await rpc(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), { accept: 'application/json' });
    expect(res.statusCode).toBe(406);
  });

  it('GET is 200 text/event-stream: one comment and a retry of an hour (stateless: no server messages)', async () => {
    const res = await rpc('', {}, 'GET');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.body).toMatch(/^: /);
    expect(res.body).toContain('retry: 3600000\n');
  });

  it('GET without a key in key mode is 401 (the one error body)', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/mcp', headers: { accept: 'text/event-stream' } });
    expect(res.statusCode).toBe(401);
    checker.checkErrorBody(JSON.parse(res.body), 'mcp GET 401');
  });

  it('key mode: no key or a wrong key is 401 (the one error body)', async () => {
    for (const key of [undefined, 'wrong-key-0123456789']) {
      const res = await h.app.inject({ method: 'POST', url: '/api/mcp', headers: { 'content-type': 'application/json', accept: ACCEPT, ...(key ? { 'x-svc-api-key': key } : {}) }, payload: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
      expect(res.statusCode).toBe(401);
      checker.checkErrorBody(JSON.parse(res.body), 'mcp 401');
    }
  });

  it('a path under /api/mcp with another method is 405 listing GET and POST', async () => {
    const res = await h.app.inject({ method: 'DELETE', url: '/api/mcp', headers: { 'x-svc-api-key': KEY } });
    expect(res.statusCode).toBe(405);
    expect(String(res.headers.allow)).toContain('POST');
  });
});
