/**
 * Binding parts added for `svc prices show` (issue 25), on a throwaway op over one day of a book:
 * a clock-change day handed over with its own periods (`book.periods`) and no skipped-day warning,
 * a column-chart block, and a remark left out of the JSON (`json: false`).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIXTURE, WEEK } from './helpers.js';
import { cliOperations } from '../../src/ops/index.js';
import { defineOperation, type Operation } from '../../src/ops/types.js';
import { runCliInProcess } from './in-process.js';

const Point = z.strictObject({ hour: z.number().int(), priceUahMwh: z.number() });

const periods = defineOperation({
  id: 'test.dayPeriods',
  summary: 'Counts the periods of a day (a throwaway operation for this test)',
  description: 'Counts.',
  tags: ['test'],
  access: 'key',
  permission: 'decision.plan',
  input: z.strictObject({ day: z.string(), rows: z.array(Point), change: z.enum(['spring', 'autumn']).optional() }),
  output: z.strictObject({ n: z.number().int(), change: z.string(), values: z.array(z.number()) }),
  cli: {
    command: ['test', 'periods'],
    book: { into: 'rows', shape: 'day', date: 'day', periods: 'change' },
    remarks: (o) => [{ warn: `said outside JSON: ${o.n}`, json: false }, { info: 'said always' }],
    view: { blocks: (o) => [`${o.n} periods, ${o.change}`, { columnChart: o.values }] },
    examples: ['svc test periods fixtures/sample-week.csv --date 03.12.2024'],
  },
  async run(_ctx, input) {
    return { n: input.rows.length, change: input.change ?? 'none', values: input.rows.map((r) => r.priceUahMwh) };
  },
}) as unknown as Operation;

const cli = (args: string[]) => runCliInProcess(args, async () => [...cliOperations, periods]);

describe('a day of a book with its own periods', () => {
  it('hands over an ordinary day as its rows and draws a column chart', async () => {
    const r = await cli(['test', 'periods', WEEK, '--date', '03.12.2024']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('24 periods, none');
    expect(r.stdout).toContain('█');
    expect(r.stderr).toContain('warning: said outside JSON: 24');
  });

  it('hands over a clock-change day with the periods the book holds, unwarned; the remark is left out of the JSON', async () => {
    const r = await cli(['test', 'periods', FIXTURE, '--date', '31.03.2024']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('23 periods, spring');
    expect(r.stderr).not.toContain('skipped');
    const json = await cli(['--format', 'json', 'test', 'periods', FIXTURE, '--date', '27.10.2024']);
    expect(JSON.parse(json.stdout)).toMatchObject({ n: 24, change: 'autumn' });
    expect(json.stderr).not.toContain('said outside JSON');
  });
});
