/**
 * `svc mcp`: the MCP server over stdio, for a desktop agent that launches svc as a child process.
 * stdout carries only JSON-RPC; logs go to stderr. Runs as the local user, as every CLI command.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { OpContext, Operation } from '../ops/types.js';
import { buildMcpServer } from './server.js';

/** Serves until stdin closes; resolves then. */
export async function serveStdio(operations: readonly Operation[], ctx: OpContext): Promise<void> {
  const server = buildMcpServer(operations, () => ctx);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport());
  process.stdin.once('end', () => void server.close());
  await closed;
}
