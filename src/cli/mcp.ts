/** `svc mcp`: the read-only MCP tool server over stdio (docs/mcp.md). */
import type { Command } from 'commander';
import type { CliEnv } from './cli-env.js';

export function registerMcp(program: Command, env: CliEnv): void {
  const cmd = program.command('mcp').description('serve the read-only agent tools over MCP on stdio (for desktop agents; HTTP: svc serve, /api/mcp)');
  cmd.addHelpText(
    'after',
    '\nExample:\n' +
      '  $ svc mcp   # JSON-RPC on stdin/stdout, started by an agent\n' +
      '\nClient entry (Claude Desktop and others):\n' +
      '  { "mcpServers": { "svc": { "command": "svc", "args": ["mcp"] } } }\n' +
      '\nstdout carries only JSON-RPC; logs go to stderr. Tools and their schemas: docs/mcp.md.',
  );
  cmd.action(async () => {
    const [{ serveStdio }, { operations }] = await Promise.all([import('../mcp/stdio.js'), import('../ops/index.js')]);
    await serveStdio(operations, await env.ctx());
  });
}
