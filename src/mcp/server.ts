/**
 * The MCP door: an SDK `Server` named `svc-sovereignty` with the tools capability only, over the
 * tool catalog (catalog.ts). Transport-free: http.ts connects it to Streamable HTTP per request,
 * stdio.ts to the process's stdin/stdout. Invalid arguments are tool errors (`isError`); an unknown
 * tool is JSON-RPC -32602 (the MCP spec's protocol error); unknown methods are -32601 (the SDK).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { OpContext, Operation } from '../ops/types.js';
import { packageVersion } from '../version.js';
import { callTool, findTool, toolCatalog } from './catalog.js';

export const MCP_SERVER_NAME = 'svc-sovereignty';
export const MCP_PROTOCOL_VERSION = '2025-06-18';

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

export function buildMcpServer(operations: readonly Operation[], ctx: () => OpContext): Server {
  const server = new Server({ name: MCP_SERVER_NAME, title: 'svc: sovereign decision support', version: packageVersion() }, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  const tools = mcpTools(operations);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = findTool(operations, request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name.slice(0, 100)}`);
    const outcome = await callTool(tool, ctx(), request.params.arguments ?? {});
    if (!outcome.ok) {
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(outcome.error) }] };
    }
    const structuredContent = { result: outcome.result, provenance: outcome.provenance };
    return { structuredContent, content: [{ type: 'text', text: JSON.stringify(structuredContent) }] };
  });
  return server;
}
