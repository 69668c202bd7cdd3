/**
 * The binding parts `svc forecast evaluate` and `svc report` needed (issue 25), on throwaway ops: a
 * subcommand under a derived command with flags of its own (a flag both take given to the one above
 * is read; `notWith` refuses the one above's), another kind of book file told apart by its content,
 * a side file that adds to the input, an output that is a file (`-o`, `-` for stdout, the JSON
 * naming it), the book's facts, and settings as top-level fields (the report ops).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commandSpec } from '../../src/cli/derive.js';
import { PriceBook } from '../../src/domain/prices.js';
import { cliOperations } from '../../src/ops/index.js';
import { reportDay } from '../../src/ops/report/report-day.js';
import { defineOperation, type Operation } from '../../src/ops/types.js';
import { WEEK, tempDir } from './helpers.js';
import { runCliInProcess } from './in-process.js';

const Mode = z.enum(['one', 'two']).optional();

const top = defineOperation({
  id: 'test.top',
  summary: 'A command with flags of its own (a throwaway operation for this test)',
  description: 'Top.',
  tags: ['test'],
  access: 'key',
  permission: 'decision.plan',
  input: z.strictObject({ mode: Mode, day: z.string().optional() }),
  output: z.strictObject({ mode: z.string() }),
  cli: { command: ['test', 'top'], flags: { day: { flag: '--date' } }, examples: ['svc test top --mode one'] },
  async run(_ctx, input) {
    return { mode: input.mode ?? 'none' };
  },
}) as unknown as Operation;

const sub = defineOperation({
  id: 'test.sub',
  summary: 'A subcommand reading a book or a file of another kind (a throwaway operation for this test)',
  description: 'Sub.',
  tags: ['test'],
  access: 'key',
  permission: 'decision.plan',
  input: z.strictObject({ book: PriceBook.optional(), kindText: z.string().optional(), mode: Mode, source: z.string().optional(), detail: z.boolean().optional() }),
  output: z.strictObject({ what: z.string(), page: z.string() }),
  cli: {
    command: ['test', 'top', 'sub'],
    book: {
      into: 'book',
      shape: 'book',
      arg: { name: 'thing', help: 'a price book or a KIND file' },
      facts: ({ source }) => ({ source: `read ${source}` }),
      kinds: [{ test: (head) => (head.split('\n')[1] ?? '').startsWith('KIND'), flags: { tag: { flag: '--tag', value: 'text', help: 'a tag for KIND files' } }, read: async () => async (_file, values, input) => ({ kindText: `kind ${String(values.tag)} ${String(input.mode)}` }) }],
    },
    flags: { source: false, detail: false },
    notWith: { flags: ['--date'], says: 'test top sub: --date belongs to test top' },
    sideFiles: [
      { flag: { flag: '--detail-file', value: 'out.txt', help: 'the detail' }, input: { detail: true }, text: (o) => `${o.what}\n` },
      { flag: { flag: '--output', short: '-o', value: 'page.txt', help: 'the page' }, early: true, stdout: true, text: (o) => o.page, says: (_o, path) => `wrote ${path}` },
    ],
    json: (o, _i, door) => ({ file: door.files?.output ?? null, what: o.what }),
    view: { blocks: (o) => [o.page] },
    examples: ['svc test top sub fixtures/sample-week.csv'],
  },
  async run(_ctx, input) {
    const what = input.kindText ?? `book of ${Object.keys(input.book ?? {}).length} days from ${input.source ?? '?'}, mode ${input.mode ?? 'none'}, detail ${input.detail ?? false}`;
    return { what, page: `<page>${what}</page>\n` };
  },
}) as unknown as Operation;

const cli = (args: string[]) => runCliInProcess(args, async () => [...cliOperations, top, sub]);

describe('binding parts of a subcommand and of an output file', () => {
  it('reads a flag both commands take from the command above; refuses the notWith flags of the command above', async () => {
    const r = await cli(['test', 'top', 'sub', WEEK, '--mode', 'two']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`<page>book of 7 days from read ${WEEK}, mode two, detail false</page>\n`);
    const before = await cli(['test', 'top', '--mode', 'one', 'sub', WEEK]);
    expect(before.stdout).toContain('mode one');
    const refused = await cli(['test', 'top', '--date', 'x', 'sub', WEEK]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('test top sub: --date belongs to test top');
    const help = await cli(['test', 'top', 'sub', '--help']);
    expect(help.stdout).toMatch(/Usage: svc test top sub \[options\] <thing>/);
    expect(help.stdout).toMatch(/-o, --output <page\.txt>\s+the page/);
  });

  it('reads a file of another kind with its own reader and flags, after the flags', async () => {
    const file = join(tempDir(), 'kind.txt');
    writeFileSync(file, 'header\nKIND 1\n');
    const r = await cli(['test', 'top', 'sub', file, '--tag', 'red', '--mode', 'one']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('<page>kind red one</page>\n');
  });

  it('a side file adds to the input; an output file replaces stdout, `-` is stdout, and the JSON names it', async () => {
    const dir = tempDir();
    const detail = await cli(['test', 'top', 'sub', WEEK, '--detail-file', join(dir, 'd.txt')]);
    expect(readFileSync(join(dir, 'd.txt'), 'utf8')).toContain('detail true');
    expect(detail.stdout).toContain('detail true');
    const page = join(dir, 'p.txt');
    const written = await cli(['test', 'top', 'sub', WEEK, '-o', page]);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toBe('');
    expect(written.stderr).toContain(`wrote ${page}`);
    expect(readFileSync(page, 'utf8')).toContain('<page>book of 7 days');
    const dash = await cli(['test', 'top', 'sub', WEEK, '-o', '-']);
    expect(dash.stdout).toContain('<page>book of 7 days');
    const json = await cli(['--format', 'json', 'test', 'top', 'sub', WEEK, '--output', page]);
    expect(JSON.parse(json.stdout)).toMatchObject({ file: page });
    const bad = await cli(['test', 'top', 'sub', WEEK, '-o', join(dir, 'no', 'p.txt')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--output: cannot write');
  });

  it('settings as top-level fields (report.day): the settings table\'s flags, --lang from the global option only', async () => {
    const flags = commandSpec(reportDay as unknown as Operation).flags;
    const shown = flags.filter((f) => !f.hidden).map((f) => f.flag);
    expect(shown).toEqual(expect.arrayContaining(['--capacity', '--power', '--volume', '--spread-lot', '--settings', '--output']));
    expect(shown.some((f) => /-mwh$|^--lang$|^--price-book$/.test(f))).toBe(false);
    expect(flags.find((f) => f.field === 'lang')).toMatchObject({ hidden: true, global: 'lang' });
    const bad = await cli(['report', 'day', WEEK, '--date', '02.12.2024', '--power', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--power: must be/);
  });
});
