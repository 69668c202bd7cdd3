/**
 * Binding parts added for `svc prices convert` (issue 25), on a throwaway op over a whole book: a
 * raw view (the output's text written as it is in every format, `-o` writing it to a file instead,
 * `-o -` stdout), an enum flag taken in any case (`lower`), and a book keeping clock-change days
 * (`--dst keep|skip|reject`, default keep: the days handed over with their periods).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROOT, tempDir } from './helpers.js';
import { cliOperations } from '../../src/ops/index.js';
import { defineOperation, type Operation } from '../../src/ops/types.js';
import { runCliInProcess } from './in-process.js';

const MONTHLY = join(ROOT, 'fixtures', 'oree-monthly-export-2024-12.csv');

const text = defineOperation({
  id: 'test.bookText',
  summary: 'Names the days of a book (a throwaway operation for this test)',
  description: 'Names.',
  tags: ['test'],
  access: 'key',
  permission: 'decision.plan',
  input: z.strictObject({ style: z.enum(['plain', 'loud']), book: z.record(z.string(), z.array(z.number())), kept: z.array(z.strictObject({ date: z.string(), periods: z.array(z.number()) })).optional() }),
  output: z.strictObject({ text: z.string(), days: z.number().int() }),
  cli: {
    command: ['test', 'book-text'],
    book: { into: 'book', shape: 'hourly', keepDst: { into: 'kept', help: 'keep | skip | reject' } },
    flags: { style: { lower: true } },
    sideFiles: [{ flag: { flag: '--output', short: '-o', value: 'file', help: 'here' }, stdout: true, text: (o) => o.text, says: (o, path) => `wrote ${o.days} to ${path}` }],
    view: { raw: (o) => o.text, says: (o) => `wrote ${o.days}` },
    examples: ['svc test book-text fixtures/sample-week.csv --style plain'],
  },
  async run(_ctx, { style, book, kept = [] }) {
    const lines = [...Object.keys(book).slice(0, 2), ...kept.map((k) => `${k.date}:${k.periods.length}`)];
    return { text: `${lines.map((l) => (style === 'loud' ? l.toUpperCase() : l)).join('\n')}\n`, days: Object.keys(book).length + kept.length };
  },
}) as unknown as Operation;

/** The same over a range (`--from`/`--to`): the clock-change days kept are the range's only. */
const ranged = defineOperation({
  id: 'test.bookRange',
  summary: 'Names the days of a range of a book (a throwaway operation for this test)',
  description: 'Names.',
  tags: ['test'],
  access: 'key',
  permission: 'decision.plan',
  input: z.strictObject({ from: z.string().optional(), to: z.string().optional(), book: z.record(z.string(), z.array(z.number())), kept: z.array(z.strictObject({ date: z.string(), periods: z.array(z.number()) })).optional() }),
  output: z.strictObject({ text: z.string() }),
  cli: {
    command: ['test', 'book-range'],
    book: { into: 'book', shape: 'hourly', range: ['from', 'to'], keepDst: { into: 'kept', help: 'keep | skip | reject' } },
    flags: { from: { date: true }, to: { date: true } },
    view: { raw: (o) => o.text },
    examples: ['svc test book-range fixtures/sample-week.csv --from 01.12.2024 --to 02.12.2024'],
  },
  async run(_ctx, { book, kept = [] }) {
    return { text: `${Object.keys(book).length} days; kept ${kept.map((k) => `${k.date}:${k.periods.length}`).join(' ') || 'none'}\n` };
  },
}) as unknown as Operation;

const cli = (args: string[]) => runCliInProcess(args, async () => [...cliOperations, text, ranged]);

describe('a raw view over a book keeping clock-change days', () => {
  it('writes the text in every format; -o a file instead, -o - stdout', async () => {
    for (const format of ['table', 'json', 'csv']) {
      const r = await cli(['--format', format, 'test', 'book-text', MONTHLY, '--style', 'PLAIN']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('01.12.2024\n02.12.2024\n31.03.2024:23\n27.10.2024:24\n');
      expect(r.stderr).toBe('wrote 33\n');
    }
    const out = join(tempDir(), 'x.txt');
    const file = await cli(['--format', 'json', 'test', 'book-text', MONTHLY, '--style', 'plain', '-o', out]);
    expect([file.code, file.stdout, file.stderr]).toEqual([0, '', `wrote 33 to ${out}\n`]);
    expect(readFileSync(out, 'utf8')).toContain('27.10.2024:24');
    expect((await cli(['test', 'book-text', MONTHLY, '--style', 'plain', '-o', '-'])).stdout).toContain('01.12.2024');
  });

  it('takes the enum in any case, and --dst keep|skip|reject', async () => {
    const bad = await cli(['test', 'book-text', MONTHLY, '--style', 'quiet']);
    expect([bad.code, bad.stderr]).toEqual([2, 'error: --style: expected plain or loud, got "quiet"\n']);
    const skip = await cli(['test', 'book-text', MONTHLY, '--style', 'loud', '--dst', 'skip']);
    expect(skip.stdout).toBe('01.12.2024\n02.12.2024\n');
    expect(skip.stderr).toContain('31.03.2024');
    expect((await cli(['test', 'book-text', MONTHLY, '--style', 'loud', '--dst', 'reject'])).code).toBe(2);
    expect((await cli(['test', 'book-text', MONTHLY, '--style', 'loud', '--dst', 'all'])).stderr).toBe('error: --dst: expected keep, skip or reject, got "all"\n');
  });

  it('a range keeps only its own clock-change days', async () => {
    const dec = await cli(['test', 'book-range', MONTHLY, '--from', '01.12.2024', '--to', '31.12.2024']);
    expect(dec.code, dec.stderr).toBe(0);
    expect(dec.stdout).toBe('31 days; kept none\n');
    const autumn = await cli(['test', 'book-range', MONTHLY, '--from', '01.10.2024', '--to', '02.12.2024']);
    expect(autumn.stdout).toBe('2 days; kept 27.10.2024:24\n');
    expect((await cli(['test', 'book-range', MONTHLY])).stdout).toBe('31 days; kept 31.03.2024:23 27.10.2024:24\n');
  });
});
