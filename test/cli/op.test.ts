/**
 * `svc op` (src/cli/op.ts), the generic runner: `svc op show <id>` says an op with its input as
 * JSON Schema (the one place for an op with no HTTP route or tool); an invalid input's issues listed
 * on stderr at most MAX_ISSUES (as a reader keeps), the rest counted (the JSON error holds every one).
 */
import { describe, expect, it } from 'vitest';
import { cli } from './in-process.js';

/** prices.convert with a bad `to` and 59 days of 3 prices each: 60 issues. */
const days = Array.from({ length: 59 }, (_, d) => new Date(Date.UTC(2024, 0, 1 + d)).toISOString().slice(0, 10).split('-').reverse().join('.'));
const manyIssues = JSON.stringify({ to: 'CSV', prices: Object.fromEntries(days.map((d) => [d, [1, 2, 3]])) });

describe('svc op run', () => {
  it('an invalid input lists its first 50 issues and counts the rest; --format json holds every one', async () => {
    const r = await cli(['op', 'run', 'prices.convert', '--input', manyIssues]);
    expect(r.exitCode).toBe(2);
    const lines = r.stderr.trim().split('\n');
    // An enum's issue names the choices and the value given (SvcError.fromIssues), not zod's `Invalid option: expected one of "json"|"csv"|"wide"`.
    expect(lines[0]).toBe('error: invalid input: to: must be one of json, csv, wide (got "CSV") (59 more issues)');
    expect(lines.filter((l) => l.startsWith('  - '))).toHaveLength(50);
    expect(lines.at(-1)).toBe('  … 10 more issues (--format json lists them)');
    expect(lines).toHaveLength(52);
    const json = await cli(['--format', 'json', 'op', 'run', 'prices.convert', '--input', manyIssues]);
    expect((JSON.parse(json.stderr) as { error: { issues: unknown[] } }).error.issues).toHaveLength(60);
  });
});

describe('svc op show', () => {
  it('says an op and its input as JSON Schema, from its zod contract (prices.convert: no HTTP route, no OpenAPI entry)', async () => {
    const json = await cli(['--format', 'json', 'op', 'show', 'prices.convert']);
    expect(json.exitCode).toBe(0);
    const shown = JSON.parse(json.stdout) as { id: string; access: string; http: string | null; command: string; summary: string; input: { type: string; required: string[]; properties: Record<string, { enum?: string[] }> } };
    expect(shown).toMatchObject({ id: 'prices.convert', access: 'key', http: null, command: 'svc prices convert', summary: expect.stringContaining('price book') });
    expect(shown.input.type).toBe('object');
    expect(shown.input.required).toEqual(['to', 'prices']);
    expect(shown.input.properties.to?.enum).toEqual(['json', 'csv', 'wide']);
    expect(Object.keys(shown.input.properties)).toEqual(['to', 'prices', 'clockChangeDays']);
    const table = await cli(['op', 'show', 'prices.convert']);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(/http[\s│]+none \(CLI: svc prices convert\)/);
    expect(table.stdout).not.toContain('svc op run only');
    // No HTTP route, so no 400: its one error is a validation error.
    expect(table.stdout).toContain('a validation error `dst_day` (exit 2)');
    expect(table.stdout).not.toContain('400');
    expect(table.stdout).toContain('input (JSON Schema, the value of svc op run --input):\n{\n  "type": "object"');
    const routed = JSON.parse((await cli(['--format', 'json', 'op', 'show', 'strategy.plan'])).stdout) as { http: string };
    expect(routed.http).toBe('POST /api/strategy/plan');
  });

  it('--format csv: op list prints CSV; op show and op run refuse it (exit 2) naming the formats they print', async () => {
    const list = await cli(['--format', 'csv', 'op', 'list']);
    expect(list.exitCode).toBe(0);
    const lines = list.stdout.split('\n');
    expect(lines[0]).toBe('id,http,access,summary');
    expect(lines).toContain('billing.plans,GET /api/billing/plans,public,Subscription catalog: four plans and three add-ons');
    for (const args of [['op', 'show', 'prices.convert'], ['op', 'run', 'billing.plans']]) {
      const r = await cli([...args, '--format', 'csv']);
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim()).toBe(`error: --format csv: svc op ${args[1]} prints table or json; use --format table or --format json`);
    }
  });

  it('an unknown id is exit 2; svc op run --help points to svc op show', async () => {
    const unknown = await cli(['op', 'show', 'prices.nope']);
    expect([unknown.exitCode, unknown.stderr.trim()]).toEqual([2, 'error: no operation "prices.nope"; svc op list names them']);
    expect((await cli(['op', 'run', '--help'])).stdout).toContain('svc op show <id>');
  });
});
