/**
 * `svc prices convert`: change a price book's format (`svc prices show|stats|profile` are the
 * prices.show, prices.stats and prices.profile ops' `cli` bindings, `prices fetch` mktop.fetch's).
 * This module also makes the `prices` group (its line and examples).
 *
 * Still hand-written, because a binding would need four parts no command has needed yet: an
 * output that is the book itself in another format (no operation returns a book's text; the door
 * writes it through ops/facade/book-write.ts), the book read with its own `--dst keep|skip|reject`
 * (keep: a clock-change day kept with its own periods in long CSV, refused in JSON and wide) and
 * without `--hour-base`, `--to` taken in any case (`JSON`), and `-o, --output` writing the text to
 * a file instead of stdout (a side file is written beside the output, not instead of it).
 */
import type { Command } from 'commander';
import { SvcError } from '../domain/errors.js';
import type { CliEnv } from './cli-env.js';
import { loadBook } from './book.js';
import { countOf } from './i18n.js';
import { writeOutputFile } from './settings.js';

interface PricesOpts {
  onInvalid?: string;
  to?: string;
  dst?: string;
  output?: string;
}

export function registerPrices(program: Command, env: CliEnv): void {
  const prices = program.command('prices').description('read, summarise and convert price books');
  prices.addHelpText(
    'after',
    '\nExamples:\n' +
      '  $ svc prices show fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024\n' +
      '  $ svc prices stats fixtures/oree-dam-ips-2022-2024.csv --from 01.12.2024 --to 31.12.2024\n' +
      '  $ svc prices convert fixtures/sample-week.csv --to wide\n' +
      '  $ SVC_MARKET_DATA=fixture svc prices fetch --month 12.2024 --format csv',
  );

  const convert = prices
    .command('convert')
    .description('convert a price book between JSON, long CSV and wide CSV')
    .argument('<file>', 'price book; - for stdin (for the operator\'s prices use svc prices fetch -o)')
    .requiredOption('--to <format>', 'json | csv (long: date,hour,price_uah_mwh) | wide (date,h0..h23)')
    .option('-o, --output <file>', 'write to a file instead of stdout')
    .option('--dst <policy>', 'clock-change days (23/25 periods): keep (long CSV keeps them; json/wide cannot hold them: exit 2 naming them) | skip (leave them out, named on stderr) | reject (exit 2)', 'keep')
    .option('--on-invalid <policy>', 'a day with a bad row: fail (exit 2) | skip (leave the day out, name it on stderr)', 'fail');
  convert.addHelpText('after', '\nExamples:\n  $ svc prices convert fixtures/oree-monthly-export-2024-12.csv --to csv -o "$TMPDIR/dec-2024.csv"   # keeps the clock-change days\n  $ svc prices convert fixtures/oree-monthly-export-2024-12.csv --to json --dst skip -o "$TMPDIR/dec-2024.json"\n  $ svc prices convert fixtures/sample-week.csv --to wide');
  convert.action(async (file: string, opts: PricesOpts) => {
    const target = (opts.to ?? '').toLowerCase();
    if (!['json', 'csv', 'wide'].includes(target)) {
      throw SvcError.validation(`--to: expected json, csv or wide, got "${opts.to}"`, [{ path: '--to', message: 'expected json|csv|wide' }]);
    }
    const policy = opts.dst ?? 'keep';
    if (!['keep', 'skip', 'reject'].includes(policy)) throw SvcError.validation(`--dst: expected keep, skip or reject, got "${policy}"`, [{ path: '--dst', message: 'expected keep|skip|reject' }]);
    // Loaded quietly with skip: what happens to the clock-change days is decided below, for the target format.
    const loaded = await loadBook(env, file, { ...opts, dst: policy === 'reject' ? 'reject' : 'skip' }, { warnDst: policy !== 'keep' });
    const dst = loaded.dstDays;
    if (policy === 'keep' && dst.length > 0 && target !== 'csv') {
      throw SvcError.validation(
        `--to ${target}: ${dst.length} clock-change ${dst.length === 1 ? 'day' : 'days'} (${dst.map((d) => `${d.date}: ${d.periods.length} periods`).join(', ')}) cannot be held by a 24-point PriceBook; convert --to csv to keep ${dst.length === 1 ? 'it' : 'them'}, or add --dst skip to leave ${dst.length === 1 ? 'it' : 'them'} out`,
        [{ path: '--dst', message: 'clock-change days cannot be written in this format' }],
        'dst_day',
      );
    }
    const { writePriceBookJson, writeLongCsv, writeWideCsv } = await import('../ops/facade/book-write.js');
    const kept = policy === 'keep' ? dst : [];
    const text = target === 'json' ? writePriceBookJson(loaded.book) : target === 'csv' ? writeLongCsv(loaded.book, kept) : writeWideCsv(loaded.book);
    const days = loaded.dates.length + kept.length;
    const what = `${countOf(days, 'day', 'en')}${kept.length ? ` (${kept.length} of them clock-change days with their own periods)` : ''}`;
    if (opts.output) {
      writeOutputFile(opts.output, text, '--output');
      env.out().info(`wrote ${what} to ${opts.output}`);
    } else {
      env.out().raw(text);
      env.out().info(`wrote ${what}`);
    }
  });
}
