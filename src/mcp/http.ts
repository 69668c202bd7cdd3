/**
 * The agent doors inside `svc serve` (docs/mcp.md):
 *
 * - `POST /api/mcp`: MCP Streamable HTTP, stateless, JSON responses. A fresh SDK server and
 *   transport per request (nothing is shared between calls). The body is read here, not by the
 *   HTTP door's parser, so that malformed JSON and non-JSON-RPC messages get JSON-RPC errors.
 *   `GET /api/mcp` (the spec lists it with 200) opens the Streamable HTTP server-message stream:
 *   200 `text/event-stream`. A stateless server has no message of its own to send, so the stream
 *   carries one comment and a `retry` of an hour, then ends: an SDK client that reopens it waits an
 *   hour between tries instead of holding a connection slot open for nothing.
 * - `GET /api/narrator/tools`, `POST /api/narrator/tools/:name`: the same catalog as plain JSON;
 *   every failure of a call is 200 `{ ok: false, … }`.
 *
 * Auth and rate limit are the HTTP door's own guard (passed in): key mode for MCP, the service
 * token for the narrator registry.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ErrorCode, JSONRPC_VERSION, JSONRPCMessageSchema, RequestIdSchema, type JSONRPCErrorResponse, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { SvcError } from '../domain/errors.js';
import type { Access, OpContext, Operation } from '../ops/types.js';
import { callTool, findTool, toolCatalog, unknownTool, type ToolOutcome } from './catalog.js';
import { buildMcpServer } from './server.js';

export const MCP_PATH = '/api/mcp';
export const NARRATOR_PATH = '/api/narrator/tools';

/** The routes these doors add, for the 405 table of the HTTP door. */
export const AGENT_ROUTES: ReadonlyArray<{ method: string; path: string }> = [
  { method: 'POST', path: MCP_PATH },
  { method: 'GET', path: MCP_PATH },
  { method: 'GET', path: NARRATOR_PATH },
  { method: 'POST', path: `${NARRATOR_PATH}/:name` },
];

export interface AgentRouteDeps {
  operations: readonly Operation[];
  /** The HTTP door's guard for an access rule: auth, then rate limit. */
  guard(access: Access): onRequestHookHandler;
  /** The request's OpContext, for the caller the guard admitted. */
  context(request: FastifyRequest): OpContext;
  /** Throws a 400 SvcError when a parsed JSON value breaks the HTTP door's body limits. */
  checkBody(value: unknown): void;
  /** A raw body's text; throws the HTTP door's 415 (a Content-Encoding) or 400 (not UTF-8). */
  bodyText(request: FastifyRequest, body: Buffer): string;
}

/** The whole server-message stream of GET /api/mcp: a comment and a reconnection delay of an hour. */
export const MCP_GET_STREAM = ': svc-sovereignty is stateless and sends no server-initiated messages; POST JSON-RPC to /api/mcp\nretry: 3600000\n\n';

/** The SDK's error response, with the `id: null` JSON-RPC 2.0 requires when the request's id is unknown. */
type RpcError = Omit<JSONRPCErrorResponse, 'id'> & { id: RequestId | null };

function rpcError(reply: FastifyReply, status: number, code: number, message: string, id: RequestId | null = null) {
  const body: RpcError = { jsonrpc: JSONRPC_VERSION, error: { code, message }, id };
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

function idOf(message: unknown): RequestId | null {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return null;
  const id = RequestIdSchema.safeParse((message as { id?: unknown }).id);
  return id.success ? id.data : null;
}

/** Why a message is not a JSON-RPC 2.0 message by the SDK's schema (what its transport accepts), or undefined. */
function notJsonRpc(message: unknown): string | undefined {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return 'a JSON-RPC message is an object';
  if ((message as { jsonrpc?: unknown }).jsonrpc !== JSONRPC_VERSION) return `"jsonrpc" must be "${JSONRPC_VERSION}"`;
  return JSONRPCMessageSchema.safeParse(message).success ? undefined : 'not a request, notification or response of JSON-RPC 2.0';
}

/** Parses a raw body; an absent or blank body is `{}` for the narrator and an error for MCP. */
function parseRaw(body: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof body !== 'string') return { ok: true, value: body };
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return { ok: false };
  }
}

function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  return new Request(`http://localhost${request.url}`, { method: 'POST', headers });
}

async function handleMcpPost(deps: AgentRouteDeps, request: FastifyRequest, reply: FastifyReply) {
  const raw = parseRaw(request.body);
  if (!raw.ok || raw.value === undefined) return rpcError(reply, 400, ErrorCode.ParseError, 'Parse error: the body is not valid JSON');
  const message = raw.value;
  try {
    deps.checkBody(message);
  } catch (error) {
    return rpcError(reply, 400, ErrorCode.InvalidRequest, `Invalid Request: ${error instanceof SvcError ? error.message : 'body limits'}`, idOf(message));
  }
  if (Array.isArray(message)) {
    if (message.length === 0) return rpcError(reply, 400, ErrorCode.InvalidRequest, 'Invalid Request: an empty batch');
    const bad = message.map(notJsonRpc).find((why) => why !== undefined);
    if (bad) return rpcError(reply, 400, ErrorCode.InvalidRequest, `Invalid Request: a batch member is not JSON-RPC 2.0 (${bad})`);
  } else {
    const why = notJsonRpc(message);
    if (why) return rpcError(reply, 400, ErrorCode.InvalidRequest, `Invalid Request: ${why}`, idOf(message));
  }
  const ctx = deps.context(request);
  const server = buildMcpServer(deps.operations, () => ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(webRequest(request), { parsedBody: message });
    const text = await response.text();
    reply.code(response.status);
    const allow = response.headers.get('allow');
    if (allow) reply.header('allow', allow);
    if (text === '') return reply.send();
    return reply.type(response.headers.get('content-type') ?? 'application/json').send(text);
  } finally {
    await server.close();
  }
}

async function handleNarratorCall(deps: AgentRouteDeps, request: FastifyRequest): Promise<ToolOutcome> {
  const name = (request.params as { name: string }).name;
  const tool = findTool(deps.operations, name);
  if (!tool) return unknownTool(name);
  const raw = parseRaw(typeof request.body === 'string' && request.body.trim() === '' ? undefined : request.body);
  if (!raw.ok) return { ok: false, tool: name, error: { code: 'validation_error', message: 'the body is not valid JSON', issues: [{ path: '', message: 'invalid JSON' }] } };
  try {
    deps.checkBody(raw.value);
  } catch (error) {
    const svc = error instanceof SvcError ? error : SvcError.validation('body limits');
    return { ok: false, tool: name, error: { code: svc.code, message: svc.message, issues: svc.issues } };
  }
  return callTool(tool, deps.context(request), raw.value ?? {});
}

/** Registers the MCP and narrator routes in their own scope (their own raw-body parser). */
export function registerAgentRoutes(app: FastifyInstance, deps: AgentRouteDeps): void {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      let text: string;
      try {
        text = deps.bodyText(request, body as Buffer);
      } catch (error) {
        return done(error as Error, undefined);
      }
      done(null, text);
    });
    const keyGuard = deps.guard('key');
    const serviceGuard = deps.guard('serviceToken');

    scope.post(MCP_PATH, { onRequest: keyGuard }, (request, reply) => handleMcpPost(deps, request, reply));
    // HEAD answers like GET without a body, as Allow (GET, HEAD) says (RFC 9110 9.3.2). Its
    // `cache-control: no-store` is the common one the guard set (headers.ts: never set twice).
    scope.get(MCP_PATH, { exposeHeadRoute: true, onRequest: keyGuard }, async (_request, reply) => {
      return reply.code(200).type('text/event-stream; charset=utf-8').send(MCP_GET_STREAM);
    });

    scope.get(NARRATOR_PATH, { exposeHeadRoute: true, onRequest: serviceGuard }, async () => ({
      tools: toolCatalog(deps.operations).map((t) => ({ name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema, outputSchema: t.outputSchema })),
    }));
    scope.post(`${NARRATOR_PATH}/:name`, { onRequest: serviceGuard }, async (request) => handleNarratorCall(deps, request));
  });
}
