/** The tool catalog: derived from the registry, spec tools first, never a write, citations true to the docs. */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/ops/index.js';
import { defineOperation, type Operation } from '../../src/ops/types.js';
import { SPEC_TOOLS, isReadOnly, toolCatalog } from '../../src/mcp/catalog.js';
import { CITATIONS } from '../../src/ops/ai/methodology.js';

const stub = (id: string, method: 'GET' | 'POST', path: string, extra: Partial<Operation> = {}): Operation =>
  defineOperation({
    id,
    summary: id,
    description: id,
    tags: ['test'],
    access: 'key',
    input: z.strictObject({ month: z.string() }),
    output: z.strictObject({ month: z.string() }),
    http: { method, path, inputFrom: 'query', successStatus: 200, errors: [400] },
    async run(_ctx, input) {
      return input;
    },
    ...extra,
  }) as unknown as Operation;

describe('tool catalog', () => {
  it('lists cite_methodology, then the other read-only tools, and never an op that writes', () => {
    const tools = toolCatalog(operations);
    const names = tools.map((t) => t.name);
    expect(names).toContain('cite_methodology');
    for (const name of ['plan_spread_trades', 'plan_bess_schedule', 'run_backtest', 'get_risk_report', 'get_trading_brief']) expect(names).toContain(name);
    for (const t of tools) expect(isReadOnly(t.op)).toBe(true);
    const writes = operations.filter((op) => !isReadOnly(op)).map((op) => op.id);
    expect(writes).toEqual(expect.arrayContaining(['audit.create', 'profiles.save', 'profiles.delete', 'apiKeys.create', 'apiKeys.revoke']));
    expect(tools.some((t) => writes.includes(t.op.id))).toBe(false);
    expect(new Set(names).size).toBe(names.length);
  });

  it('a spec tool is found by its spec route when its op declares nothing, and is listed in spec order', () => {
    const forecast = stub('forecast', 'GET', '/api/forecast');
    const prices = stub('mktop.prices', 'GET', '/api/mktop/prices');
    const regime = stub('regime.custom', 'GET', '/api/somewhere-else', { tool: { name: 'get_regime_snapshot' } });
    const names = toolCatalog([...operations, regime, forecast, prices]).map((t) => t.name);
    expect(names.slice(0, 4)).toEqual(SPEC_TOOLS.map((s) => s.name));
  });

  it('a spec tool whose op is missing is not listed (no stub)', () => {
    const names = toolCatalog(operations).map((t) => t.name);
    for (const spec of SPEC_TOOLS) {
      const present = operations.some((op) => op.tool?.name === spec.name || (op.http && `${op.http.method} ${op.http.path}` === spec.route));
      expect(names.includes(spec.name)).toBe(present);
    }
  });

  it('refuses a tool on an op that writes, and a tool name declared twice', () => {
    const writer = stub('x.write', 'POST', '/api/x', { permission: 'audit.write', tool: { name: 'write_x' } });
    expect(() => toolCatalog([writer])).toThrow(/writes/);
    const a = stub('a', 'GET', '/api/a', { tool: { name: 'same' } });
    const b = stub('b', 'GET', '/api/b', { tool: { name: 'same' } });
    expect(() => toolCatalog([a, b])).toThrow(/twice/);
  });

  it('input and output schemas are JSON Schema objects; outputs wrap the result with the provenance', () => {
    for (const t of toolCatalog(operations)) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema.type).toBe('object');
      expect(t.outputSchema.required).toEqual(['result', 'provenance']);
      expect(t.inputSchema.$schema).toBeUndefined();
    }
  });
});

describe('cite_methodology citations', () => {
  it('every quote appears word for word under its cited section of its document', () => {
    for (const c of CITATIONS) {
      const text = readFileSync(new URL(`../../${c.document}`, import.meta.url), 'utf8');
      const lines = text.split('\n');
      const start = lines.findIndex((l) => /^#+ /.test(l) && l.replace(/^#+ /, '') === c.section);
      expect(start, `${c.document}: no section "${c.section}"`).toBeGreaterThanOrEqual(0);
      const level = (/^#+/.exec(lines[start] ?? '') ?? [''])[0].length;
      const rest = lines.slice(start + 1);
      const end = rest.findIndex((l) => /^#+ /.test(l) && (/^#+/.exec(l) ?? [''])[0].length <= level);
      const body = (end < 0 ? rest : rest.slice(0, end)).join('\n');
      expect(body.includes(c.quote), `${c.document}#${c.section}: quote not found: ${c.quote.slice(0, 80)}`).toBe(true);
    }
  });

  it('covers the three topics', () => {
    expect(new Set(CITATIONS.map((c) => c.topic))).toEqual(new Set(['forecastValidation', 'aiSovereignty', 'toolGuardrails']));
  });
});
