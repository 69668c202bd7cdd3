/** OpenAPI path items of the agent doors (docs/mcp.md), merged into the document by src/http/openapi.ts. */
import { JSONRPCErrorResponseSchema, JSONRPCMessageSchema, JSONRPCResponseSchema, RequestIdSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { toolCatalog } from './catalog.js';
import { MCP_PATH, NARRATOR_PATH } from './http.js';
import type { Operation } from '../ops/types.js';

type Json = Record<string, unknown>;

const ERROR = { $ref: '#/components/schemas/ErrorResponse' };

/** A JSON Schema of one of the SDK's JSON-RPC schemas (the protocol's own definition, not restated here). */
function sdkSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return json;
}
// `id` is null when the request's id could not be read (JSON-RPC 2.0, section 5).
const JSON_RPC_ERROR = sdkSchema(JSONRPCErrorResponseSchema.extend({ id: RequestIdSchema.nullable() }), 'output');
const JSON_RPC_MESSAGE: Json = {
  ...sdkSchema(JSONRPCMessageSchema, 'input'),
  description: 'A JSON-RPC 2.0 request or notification (initialize, tools/list, tools/call, ping, notifications/initialized), or a response.',
};
const JSON_RPC_RESPONSE = sdkSchema(JSONRPCResponseSchema, 'output');
const FAILING_PATH = { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } };
const NARRATOR_OUTCOME: Json = {
  anyOf: [
    { type: 'object', required: ['ok', 'tool', 'result', 'provenance'], properties: { ok: { const: true }, tool: { type: 'string' }, result: {}, provenance: { type: 'object' } } },
    {
      type: 'object',
      required: ['ok', 'tool', 'error'],
      properties: { ok: { const: false }, tool: { type: 'string' }, error: { type: 'object', required: ['code', 'message', 'issues'], properties: { code: { type: 'string' }, message: { type: 'string' }, issues: { type: 'array', items: FAILING_PATH } } } },
    },
  ],
};

const json = (schema: Json, description: string, headers: Json): Json => ({ description, headers, content: { 'application/json': { schema } } });

/** Path items for /api/mcp and the narrator registry; `headers` are the document's common response headers. */
export function agentOpenApiPaths(operations: readonly Operation[], keySecurity: Json[], headers: Json): Record<string, Json> {
  const withMode = { ...headers, 'x-svc-security-mode': { $ref: '#/components/headers/SecurityMode' } };
  const errors = (statuses: number[]): Json => Object.fromEntries(statuses.map((s) => [String(s), json(ERROR, `Error (${s}); see the error statuses of the other routes`, withMode)]));
  const tools = toolCatalog(operations).map((t) => `\`${t.name}\``).join(', ');
  const serviceSecurity = [{ ServiceToken: [] }, { BearerAuth: [] }];
  return {
    [MCP_PATH]: {
      post: {
        operationId: 'mcp',
        summary: 'MCP tool server (Streamable HTTP, stateless, JSON responses)',
        description:
          `Read-only Model Context Protocol server \`svc-sovereignty\` (protocol 2025-06-18: a client asking for it or for a newer or unknown revision gets 2025-06-18; one asking for an older revision this server also speaks, 2025-03-26, 2024-11-05 or 2024-10-07, gets that one). Tools: ${tools}. ` +
          'Accept must list application/json and text/event-stream. A notification or response only is 202 with no body; malformed JSON is 400 -32700; ' +
          'a message that is not JSON-RPC 2.0 or an empty batch is 400 -32600; unknown methods are JSON-RPC errors -32601 in a 200 body. See docs/mcp.md.',
        tags: ['agents'],
        security: keySecurity,
        requestBody: { required: true, content: { 'application/json': { schema: { anyOf: [JSON_RPC_MESSAGE, { type: 'array', items: JSON_RPC_MESSAGE, minItems: 1 }] } } } },
        responses: {
          '200': json({ anyOf: [JSON_RPC_RESPONSE, { type: 'array', items: JSON_RPC_RESPONSE }] }, 'JSON-RPC response(s)', withMode),
          '202': { description: 'Accepted: the body held only notifications or responses', headers: withMode },
          '400': json({ anyOf: [JSON_RPC_ERROR, ERROR] }, 'JSON-RPC parse error (-32700) or invalid request (-32600)', withMode),
          '406': json(JSON_RPC_ERROR, 'Accept does not list application/json and text/event-stream', withMode),
          ...errors([401, 413, 415, 429, 500, 503]),
        },
      },
      get: {
        operationId: 'mcpStream',
        summary: 'Server-message stream (SSE): empty, stateless server',
        description:
          'The Streamable HTTP stream for server-initiated messages, 200 `text/event-stream` as the spec lists it. The server is stateless and sends no ' +
          'message of its own, so the stream carries one SSE comment and `retry: 3600000`, then ends: a client that reopens it (the SDK client does) waits an ' +
          'hour between tries rather than holding a connection open for nothing.',
        tags: ['agents'],
        security: keySecurity,
        responses: {
          '200': { description: 'An SSE stream with one comment and a retry delay of an hour', headers: withMode, content: { 'text/event-stream': { schema: { type: 'string' } } } },
          ...errors([401, 429, 500, 503]),
        },
      },
    },
    [NARRATOR_PATH]: {
      get: {
        operationId: 'narratorTools',
        summary: 'Deterministic tool registry (the MCP tool list)',
        description: 'The tools with name, title, description, JSON Schema input and output: the same list, in the same order, as MCP tools/list.',
        tags: ['agents'],
        security: serviceSecurity,
        responses: {
          '200': json(
            { type: 'object', required: ['tools'], properties: { tools: { type: 'array', items: { type: 'object', required: ['name', 'title', 'description', 'inputSchema', 'outputSchema'], properties: { name: { type: 'string' }, title: { type: 'string' }, description: { type: 'string' }, inputSchema: { type: 'object' }, outputSchema: { type: 'object' } } } } } },
            'The tool list',
            withMode,
          ),
          ...errors([401, 429, 500, 503]),
        },
      },
    },
    [`${NARRATOR_PATH}/{name}`]: {
      post: {
        operationId: 'narratorCall',
        summary: 'Run one deterministic tool',
        description: 'The body is the tool’s arguments (`{}` or no body for none). An unknown tool, invalid JSON or invalid arguments are 200 with `ok: false`, a code, a message and the failing paths.',
        tags: ['agents'],
        security: serviceSecurity,
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' }, description: 'Tool name, e.g. cite_methodology' }],
        requestBody: { required: false, content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { '200': json(NARRATOR_OUTCOME, '`ok: true` with result and provenance, or `ok: false` with the error', withMode), ...errors([401, 413, 415, 429, 500, 503]) },
      },
    },
  };
}
