/** `svc prices show|convert`: look at a price book or change its format (`svc prices stats` is the prices.stats op's `cli` binding). */
import type { Command } from 'commander';
import { toCsv } from './csv.js';
import { SvcError } from '../domain/errors.js';
import { hourlyPrices } from '../domain/hourly.js';
import type { CliEnv } from './cli-env.js';
import { makeTable } from './table.js';
import { addBookOptions, loadBook, parseDateFlag, pickDay, BOOK_ARG_HELP } from './book.js';
import { bar, columnChart } from './chart.js';
import { countOf, formatMoney, labels } from './i18n.js';
import { writeOutputFile } from './settings.js';
import { hh } from './hours.js';

interface PricesOpts {
  onInvalid?: string;
  date?: string;
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

  const show = prices
    .command('show')
    .description("one day's 24 prices with a bar per hour and a chart")
    .argument('<file>', BOOK_ARG_HELP)
    .requiredOption('--date <DD.MM.YYYY>', 'trade date');
  addBookOptions(show).addHelpText('after', '\nExample:\n  $ svc prices show fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024');
  show.action(async (file: string, opts: PricesOpts) => {
    const date = parseDateFlag(opts.date, '--date') ?? '';
    const loaded = await loadBook(env, file, { ...opts, dst: opts.dst ?? 'skip' }, { from: date, to: date, warnDst: false });
    const dstDay = loaded.dstDays.find((d) => d.date === date);
    const out = env.out();
    const { format, lang } = env.globals();
    // A clock-change day is shown with its own 23 or 25 settlement periods, never refused or padded.
    const values = dstDay ? dstDay.periods : hourlyPrices(pickDay(loaded, date));
    const points = values.map((priceUahMwh, hour) => ({ hour, priceUahMwh }));
    const note = dstDay
      ? `${date} is the Europe/Kyiv ${dstDay.transition === 'spring' ? 'spring-forward day: 23 settlement periods' : 'fall-back day: 25 settlement periods'}; ${values.length} in the file; "hour" is the period − 1, not the wall-clock hour`
      : undefined;
    if (format === 'json') return out.json(dstDay ? { tradeDate: date, clockChange: dstDay.transition, periods: points.length, note, prices: points } : { tradeDate: date, prices: points });
    if (note) out.warn(note);
    if (format === 'csv') return out.raw(await toCsv(points.map((p) => ({ date, hour: p.hour, price_uah_mwh: p.priceUahMwh }))));
    const L = labels(lang);
    const max = Math.max(...values);
    const min = Math.min(...values);
    const table = makeTable([L.hour, L.price, ''], out.c, { right: [1] });
    values.forEach((v, h) => {
      const b = bar(v, max, 32);
      table.push([dstDay ? `#${h + 1}` : hh(h), formatMoney(v, lang), v === max ? out.c.red(b) : v === min ? out.c.green(b) : b]);
    });
    out.print(out.c.bold(`${L.prices} · ${date}`) + out.c.dim(` · ${loaded.source}`));
    out.print(table.toString());
    out.print('');
    out.print(columnChart(values, { c: out.c }).join('\n'));
  });

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
