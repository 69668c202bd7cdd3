/**
 * The agent tool tables of README.md ("Agents: MCP server and narrator tools") and docs/mcp.md
 * ("Tools") against the registry: the same tools, in the order tools/list gives them. README once
 * listed 9 of 13 tools and called `GET /api/mcp` a 405 after it had become a 200 event stream.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toolCatalog } from '../../src/mcp/catalog.js';
import { operations } from '../../src/ops/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

/** The first column of the first table after `heading`: the tool names, in table order. */
function toolColumn(text: string, heading: string): string[] {
  const at = text.indexOf(heading);
  expect(at, heading).toBeGreaterThanOrEqual(0);
  const lines = text.slice(at).split('\n');
  const start = lines.findIndex((l) => l.startsWith('| Tool |'));
  const rows: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(/^\| `([a-z_]+)` \|/.exec(line)?.[1] ?? line);
  }
  return rows;
}

describe('the tool tables of the docs', () => {
  const tools = toolCatalog(operations).map((t) => t.name);

  it('README lists every tool tools/list returns, in its order', () => {
    expect(tools.length).toBeGreaterThanOrEqual(13);
    expect(toolColumn(read('README.md'), '## Agents: MCP server and narrator tools')).toEqual(tools);
  });

  it('docs/mcp.md lists the same', () => {
    expect(toolColumn(read('docs/mcp.md'), '## Tools')).toEqual(tools);
  });

  it('README says what GET /api/mcp answers as docs/mcp.md does (200 text/event-stream)', () => {
    const readme = read('README.md');
    expect(read('docs/mcp.md')).toContain('`GET /api/mcp` is 200 `text/event-stream`');
    expect(readme).toContain('`GET /api/mcp` is 200 `text/event-stream`');
    expect(readme).not.toMatch(/GET \/api\/mcp` is 405/);
  });
});
