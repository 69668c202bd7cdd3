/**
 * Binding parts added for `svc prices fetch` (issue 25), on a throwaway op: a side file with a
 * one-letter alias (`-o, --output`), input the command always adds (`input`), an output that fails
 * as an error of the table with its reason (`fails.reason`: exit code from the table, the reason in
 * the JSON error), and a field required by another's absence named without a value.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cliOperations } from '../../src/ops/index.js';
import { defineOperation, type Operation } from '../../src/ops/types.js';
import { tempDir } from './helpers.js';
import { runCliInProcess } from './in-process.js';

const items = defineOperation({
  id: 'test.items',
  summary: 'Lists n items (a throwaway operation for this test)',
  description: 'Lists.',
  tags: ['test'],
  access: 'key',
  permission: 'decision.plan',
  input: z
    .strictObject({ n: z.number().int().optional(), upTo: z.number().int().optional(), fail: z.boolean().optional(), rows: z.boolean().optional() })
    .superRefine((v, ctx) => {
      if (v.n === undefined && v.upTo === undefined) ctx.addIssue({ code: 'custom', path: ['upTo'], message: 'expected a number' });
    }),
  output: z.strictObject({ count: z.number().int(), rows: z.array(z.strictObject({ k: z.number().int() })).optional(), failed: z.boolean() }),
  cli: {
    command: ['test', 'items'],
    flags: { rows: false },
    input: { rows: true },
    view: { blocks: (o) => [`${o.count} items`] },
    sideFiles: [{ flag: { flag: '--output', short: '-o', value: 'file', help: 'the rows as CSV' }, rows: (o) => o.rows ?? [], columns: ['k'], says: (o, path) => `wrote ${o.count} rows to ${path}` }],
    fails: { when: (o) => o.failed, says: () => 'some items failed', errorCode: 'upstream_error', reason: 'upstream_incomplete' },
    examples: ['svc test items --n 3'],
  },
  async run(_ctx, input) {
    const count = input.n ?? input.upTo ?? 0;
    return { count, failed: input.fail ?? false, ...(input.rows ? { rows: Array.from({ length: count }, (_, k) => ({ k })) } : {}) };
  },
}) as unknown as Operation;

const cli = (args: string[]) => runCliInProcess(args, async () => [...cliOperations, items]);

describe('output parts of a derived command', () => {
  it('writes the side file named by its one-letter alias, from rows only the door asks for', async () => {
    const out = join(tempDir(), 'items.csv');
    const r = await cli(['test', 'items', '--n', '3', '-o', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('3 items');
    expect(readFileSync(out, 'utf8')).toBe('k\n0\n1\n2\n');
    expect(r.stderr).toContain(`wrote 3 rows to ${out}`);
    const bad = await cli(['test', 'items', '--n', '3', '-o', join(tempDir(), 'no', 'dir.csv')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--output: cannot write');
  });

  it('fails as the table error with its reason, after the output; a field not given is named without a value', async () => {
    const r = await cli(['--format', 'json', 'test', 'items', '--n', '2', '--fail']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ count: 2 });
    expect(JSON.parse(r.stderr.trim().split('\n').at(-1) ?? '')).toMatchObject({ error: { code: 'upstream_error', reason: 'upstream_incomplete', message: 'some items failed' } });
    // A run that fails writes no side file and says it wrote none; its output is printed instead.
    const out = join(tempDir(), 'failed.csv');
    const failed = await cli(['test', 'items', '--n', '2', '--fail', '-o', out]);
    expect(failed.code).toBe(1);
    expect(existsSync(out)).toBe(false);
    expect(failed.stderr).not.toContain('wrote');
    expect(failed.stdout).toContain('2 items');
    const none = await cli(['test', 'items']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('error: --up-to: expected a number\n');
  });
});
