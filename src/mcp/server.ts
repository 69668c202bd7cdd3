/**
 * The MCP door: an SDK `Server` named `svc-sovereignty` with the tools capability only, over the
 * tool catalog (catalog.ts). Transport-free: http.ts connects it to Streamable HTTP per request,
 * stdio.ts to the process's stdin/stdout. Invalid arguments are tool errors (`isError`); an unknown
 * tool is JSON-RPC -32602 (the MCP spec's protocol error); unknown methods are -32601 (the SDK).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type InitializeResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { OpContext, Operation } from '../ops/types.js';
import { packageVersion } from '../version.js';
import { callTool, findTool, toolCatalog } from './catalog.js';

export const MCP_SERVER_NAME = 'svc-sovereignty';
export const MCP_PROTOCOL_VERSION = '2025-06-18';

/** Earlier protocol revisions whose tools subset this server also speaks: echoed to a client that asks for one. */
export const MCP_OLDER_VERSIONS: readonly string[] = ['2025-03-26', '2024-11-05', '2024-10-07'];

/**
 * Version negotiation (docs/mcp.md): the server's version is the spec's 2025-06-18. A client asking
 * for it, or for an older revision this tools-only server also speaks, gets what it asked for; a
 * client asking for a newer or unknown revision gets 2025-06-18 and decides whether to go on (the
 * MCP rule: the server answers with a version it supports). The SDK's own default would answer a
 * newer client with the SDK's latest revision, which is not the one the spec fixes.
 */
export function negotiateProtocolVersion(requested: unknown): string {
  return typeof requested === 'string' && MCP_OLDER_VERSIONS.includes(requested) ? requested : MCP_PROTOCOL_VERSION;
}

const INSTRUCTIONS =
  'Read-only decision support for the Ukrainian day-ahead and intraday power markets. No tool writes, places or submits an order; ' +
  'every result carries a deterministic provenance marker (model svc-rules-v1, dataSentToExternalModel false). Plans are for human approval.';

/** The tools as MCP lists them. */
export function mcpTools(operations: readonly Operation[]): Tool[] {
  return toolCatalog(operations).map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.inputSchema as Tool['inputSchema'],
    outputSchema: t.outputSchema as Tool['outputSchema'],
    annotations: { title: t.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }));
}

const SERVER_INFO = { name: MCP_SERVER_NAME, title: 'svc: sovereign decision support', version: packageVersion() };

export function buildMcpServer(operations: readonly Operation[], ctx: () => OpContext): Server {
  const capabilities = { tools: { listChanged: false } };
  const server = new Server(SERVER_INFO, { capabilities, instructions: INSTRUCTIONS });
  const tools = mcpTools(operations);
  server.setRequestHandler(InitializeRequestSchema, (request): InitializeResult => ({
    protocolVersion: negotiateProtocolVersion(request.params.protocolVersion),
    capabilities,
    serverInfo: SERVER_INFO,
    instructions: INSTRUCTIONS,
  }));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = findTool(operations, request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name.slice(0, 100)}`);
    const outcome = await callTool(tool, ctx(), request.params.arguments ?? {});
    if (!outcome.ok) {
      // An error result carries the provenance marker too (spec: every result): in the text, and in
      // `_meta` for clients that read it there. Not as structuredContent: a client validates that
      // against the tool's outputSchema, which describes the success shape.
      const body = { error: outcome.error, provenance: outcome.provenance };
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], ...(outcome.provenance ? { _meta: { provenance: outcome.provenance } } : {}) };
    }
    const structuredContent = { result: outcome.result, provenance: outcome.provenance };
    return { structuredContent, content: [{ type: 'text', text: JSON.stringify(structuredContent) }] };
  });
  return server;
}
