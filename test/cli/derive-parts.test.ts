/**
 * The binding parts a command of several steps needs (issue 25, `svc backtest` derived), each on a
 * throwaway pair of ops over a price book: a nested range field as --from/--to, a book of shape
 * `days` with the days before the range as another field, a side file checked before the run and
 * written after it, a second op run by its own flag with its conflicts, repeatable `name=v1,v2`
 * flags, an output that fails unless `--on-invalid skip`, and what the table alone asks for.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commandSpec } from '../../src/cli/derive.js';
import { SvcError } from '../../src/domain/errors.js';
import { PriceBook } from '../../src/domain/prices.js';
import { TradeDate } from '../../src/domain/common.js';
import { cliOperations } from '../../src/ops/index.js';
import { defineOperation, type Operation } from '../../src/ops/types.js';
import { WEEK, tempDir } from './helpers.js';
import { runCliInProcess } from './in-process.js';

const Range = z.strictObject({ from: TradeDate.optional(), to: TradeDate.optional() });
const range = { book: { into: 'book', shape: 'days', range: ['range.from', 'range.to'] }, flags: { 'range.from': { flag: '--from', date: true }, 'range.to': { flag: '--to', date: true } }, flagHelp: { 'range.from': 'first day', 'range.to': 'last day' } } as const;

const count = defineOperation({
  id: 'test.countDays',
  summary: 'Counts the days of a book (a throwaway operation for this test)',
  description: 'Counts.',
  tags: ['test'],
  access: 'key',
  permission: 'decision.plan',
  input: z.strictObject({ book: PriceBook, range: Range.optional(), earlier: PriceBook.optional(), withEarlier: z.enum(['no', 'yes']).optional(), detail: z.boolean().optional(), badDay: TradeDate.optional() }),
  output: z.strictObject({ days: z.array(z.string()), earlier: z.number().int(), detail: z.boolean(), bad: z.array(z.string()) }),
  cli: {
    ...range,
    command: ['test', 'days'],
    book: { ...range.book, history: { into: 'earlier', days: 2, when: { field: 'withEarlier', value: 'yes' } } },
    flags: { ...range.flags, earlier: false, detail: false },
    sideFiles: [{ flag: { flag: '--list', value: 'out.csv', help: 'the days as CSV' }, early: true, rows: (o) => o.days.map((d) => ({ day: d })), columns: ['day'], says: (o, path) => `wrote ${o.days.length} days to ${path}` }],
    tableInput: { detail: true },
    progress: () => 'counting',
    remarks: (o) => o.bad.map((d) => ({ warn: `${d}: bad` })),
    fails: { when: (o) => o.bad.length > 0, says: (o) => `${o.bad.length} bad`, exitCode: 2, errorCode: 'bad_days', unless: { flag: '--on-invalid', value: 'skip' } },
    view: { blocks: (o, t, _i, door) => [`${o.days.length} days, ${o.earlier} before · ${door.source ?? '?'} · detail ${o.detail}`, { lineChart: { values: [1, 2, 3], height: 3 } }] },
    examples: ['svc test days fixtures/sample-week.csv'],
  },
  async run(_ctx, input) {
    const days = Object.keys(input.book);
    return { days, earlier: Object.keys(input.earlier ?? {}).length, detail: input.detail ?? false, bad: days.filter((d) => d === input.badDay) };
  },
}) as unknown as Operation;


const combos = defineOperation({
  id: 'test.combos',
  summary: 'Counts the combinations of the axes given (a throwaway operation for this test)',
  description: 'Combinations.',
  tags: ['test'],
  access: 'key',
  permission: 'decision.plan',
  input: z.strictObject({ book: PriceBook, range: Range.optional(), axes: z.array(z.strictObject({ name: z.enum(['alpha', 'beta']), values: z.array(z.number()).min(1) })).min(1) }),
  output: z.strictObject({ combinations: z.number().int() }),
  cli: {
    ...range,
    command: ['test', 'days'],
    alternate: { field: 'axes', conflicts: [{ flag: '--list', reason: 'no days to list' }] },
    flags: { ...range.flags, axes: { axes: 'axis' } },
    flagHelp: { ...range.flagHelp, axes: 'the axes (repeatable)' },
    errors: 'words',
    json: (o, input) => ({ combinations: o.combinations, axes: (input as { axes: unknown[] }).axes.length }),
    examples: ['svc test days fixtures/sample-week.csv --axes alpha=1,2'],
  },
  async run(_ctx, input) {
    if (input.axes.some((a) => a.values.includes(13))) throw SvcError.validation('axes 13: out of range', [{ path: 'axes', message: 'out of range' }]);
    return { combinations: input.axes.reduce((n, a) => n * a.values.length, 1) };
  },
}) as unknown as Operation;

const cli = (args: string[]) => runCliInProcess(args, async () => [...cliOperations, count, combos]);

describe('binding parts of a command of several steps', () => {
  it('derives --from/--to from a nested field, the side file and the alternate flag, each with its help', async () => {
    const flags = commandSpec(count).flags.map((f) => f.flag);
    expect(flags).toEqual(expect.arrayContaining(['--from', '--to', '--list']));
    expect(commandSpec(combos).alternate).toEqual({ field: 'axes', conflicts: [{ flag: '--list', reason: 'no days to list' }] });
    const help = await cli(['test', 'days', '--help']);
    expect(help.stdout).toMatch(/--from <DD\.MM\.YYYY>\s+first day/);
    expect(help.stdout).toMatch(/--axes <name=v1,v2,...>\s+the axes \(repeatable\)/);
    expect(help.stdout).toMatch(/Examples:\n {2}\$ svc test days fixtures\/sample-week\.csv\n {2}\$ svc test days fixtures\/sample-week\.csv --axes alpha=1,2/);
  });

  it('reads the days inside the range, the table adds its input, the view knows the book; the side file is written after the run', async () => {
    const out = join(tempDir(), 'days.csv');
    const r = await cli(['test', 'days', WEEK, '--from', '02.12.2024', '--to', '04.12.2024', '--list', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`3 days, 0 before · ${WEEK} · detail true`);
    expect(r.stdout).toContain('●');
    expect(r.stderr).toContain(`wrote 3 days to ${out}`);
    expect(readFileSync(out, 'utf8')).toBe('day\n02.12.2024\n03.12.2024\n04.12.2024\n');
    const json = await cli(['--format', 'json', 'test', 'days', WEEK, '--from', '02.12.2024']);
    expect(JSON.parse(json.stdout)).toMatchObject({ detail: false, days: ['02.12.2024', '03.12.2024', '04.12.2024', '05.12.2024', '06.12.2024', '07.12.2024'] });
  });

  it('hands the days before the range to another field when asked; an output that fails unless --on-invalid skip', async () => {
    const r = await cli(['test', 'days', WEEK, '--from', '04.12.2024', '--with-earlier', 'yes']);
    expect(r.stdout).toContain('4 days, 2 before');
    const bad = await cli(['test', 'days', WEEK, '--bad-day', '03.12.2024']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('warning: 03.12.2024: bad');
    expect(bad.stderr).toContain('error: 1 bad');
    expect(bad.stdout).toContain('7 days');
    const skip = await cli(['test', 'days', WEEK, '--bad-day', '03.12.2024', '--on-invalid', 'skip']);
    expect(skip.code).toBe(0);
    expect(skip.stderr).toContain('warning: 03.12.2024: bad');
  });

  it('checks the side file before anything runs and names a bad date by its flag', async () => {
    const dir = tempDir();
    const bad = await cli(['test', 'days', join(dir, 'missing.csv'), '--list', join(dir, 'no', 'x.csv')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--list: cannot write');
    const date = await cli(['test', 'days', WEEK, '--from', '31.02.2024']);
    expect(date.stderr).toContain('--from: expected a real date DD.MM.YYYY, got "31.02.2024": February 2024 has 29 days');
    const oneDigit = await cli(['test', 'days', WEEK, '--from', '1.12.2024']);
    expect(oneDigit.stderr).toContain('--from: expected a real date DD.MM.YYYY, got "1.12.2024": the day and the month take two digits: 01.12.2024');
  });

  it('runs the alternate op when its flag is given: repeatable axes, its own JSON, its conflicts and its errors in its words', async () => {
    const r = await cli(['--format', 'json', 'test', 'days', WEEK, '--axes', 'alpha=1,2', '--axes', 'beta=1,2,3']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ combinations: 6, axes: 2 });
    const conflict = await cli(['test', 'days', WEEK, '--axes', 'alpha=1', '--list', join(tempDir(), 'x.csv')]);
    expect(conflict.stderr).toContain('--list cannot be combined with --axes: no days to list');
    expect((await cli(['test', 'days', WEEK, '--axes', 'gamma=1'])).stderr).toContain('--axes "gamma=1": expected name=v1,v2,... with a axis name (alpha, beta)');
    expect((await cli(['test', 'days', WEEK, '--axes', 'alpha=1,x'])).stderr).toContain('--axes alpha: values must be numbers separated by commas, got "1,x"');
    const words = await cli(['test', 'days', WEEK, '--axes', 'alpha=13']);
    expect(words.code).toBe(2);
    expect(words.stderr).toContain('error: --axes 13: out of range');
    expect(existsSync(join(tempDir(), 'x.csv'))).toBe(false);
  });
});
