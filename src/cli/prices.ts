/** `svc prices show|stats|convert`: look at a price book, summarise it, or change its format. */
import type { Command } from 'commander';
import { toCsv } from './csv.js';
import { SvcError } from '../domain/errors.js';
import { hourlyPrices } from '../domain/hourly.js';
import type { CliEnv } from './context.js';
import { makeTable } from './table.js';
import { addBookOptions, loadBook, parseDateFlag, pickDay, sliceBook } from './book.js';
import { bar, columnChart } from './chart.js';
import { formatMoney, labels } from './i18n.js';
import { writeOutputFile } from './settings.js';
import { hh } from './plan.js';

interface PricesOpts {
  date?: string;
  from?: string;
  to?: string;
  dst?: string;
  output?: string;
}

const STAT_COLUMNS = ['base', 'peak', 'offPeak', 'min', 'max'] as const;

export function registerPrices(program: Command, env: CliEnv): void {
  const prices = program.command('prices').description('read, summarise and convert price books');

  const show = prices
    .command('show')
    .description("one day's 24 prices with a bar per hour and a chart")
    .argument('<file>', 'price book (CSV long/wide/operator export, JSON); - for stdin')
    .requiredOption('--date <DD.MM.YYYY>', 'trade date');
  addBookOptions(show).addHelpText('after', '\nExample:\n  $ svc prices show fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024');
  show.action(async (file: string, opts: PricesOpts) => {
    const date = parseDateFlag(opts.date, '--date') ?? '';
    const loaded = await loadBook(env, file, opts, { from: date, to: date });
    const day = pickDay(loaded, date);
    const out = env.out();
    const { format, lang } = env.globals();
    if (format === 'json') return out.json({ tradeDate: date, prices: day });
    if (format === 'csv') return out.raw(await toCsv(day.map((p) => ({ date, hour: p.hour, price_uah_mwh: p.priceUahMwh }))));
    const L = labels(lang);
    const values = hourlyPrices(day);
    const max = Math.max(...values);
    const min = Math.min(...values);
    const table = makeTable([L.hour, L.price, ''], out.c, { right: [1] });
    values.forEach((v, h) => {
      const b = bar(v, max, 32);
      table.push([hh(h), formatMoney(v, lang), v === max ? out.c.red(b) : v === min ? out.c.green(b) : b]);
    });
    out.print(out.c.bold(`${L.prices} · ${date}`) + out.c.dim(` · ${loaded.source}`));
    out.print(table.toString());
    out.print('');
    out.print(columnChart(values, { c: out.c }).join('\n'));
  });

  const stats = prices
    .command('stats')
    .description('per day base, peak (hours 08–20), off-peak, min and max, with a total row')
    .argument('<file>', 'price book; - for stdin')
    .option('--from <DD.MM.YYYY>', 'first day (inclusive)')
    .option('--to <DD.MM.YYYY>', 'last day (inclusive)');
  addBookOptions(stats).addHelpText('after', '\nExample:\n  $ svc prices stats fixtures/oree-dam-ips-2022-2024.csv --from 01.12.2024 --to 31.12.2024\n  $ svc prices stats fixtures/oree-dam-ips-2022-2024.csv --format csv > stats.csv');
  stats.action(async (file: string, opts: PricesOpts) => {
    const from = parseDateFlag(opts.from, '--from');
    const to = parseDateFlag(opts.to, '--to');
    const loaded = sliceBook(env, await loadBook(env, file, opts, { from, to }), from, to);
    const { priceBookStats } = await import('../engines/stats.js');
    const { daily: days, total } = priceBookStats(loaded.book);
    const out = env.out();
    const { format, lang } = env.globals();
    if (format === 'json') return out.json({ days, total });
    if (format === 'csv') {
      return out.raw(await toCsv(total ? [...days, { ...total, tradeDate: 'total' }] : days, ['tradeDate', ...STAT_COLUMNS]));
    }
    const L = labels(lang);
    const table = makeTable([L.date, L.base, L.peak, L.offPeak, L.min, L.max], out.c, { right: [1, 2, 3, 4, 5] });
    for (const d of days) table.push([d.tradeDate, ...STAT_COLUMNS.map((k) => formatMoney(d[k], lang))]);
    if (total) table.push([out.c.bold(`${L.total} (${days.length})`), ...STAT_COLUMNS.map((k) => out.c.bold(formatMoney(total[k], lang)))]);
    out.print(table.toString());
    out.info(`${days.length} days, UAH/MWh; peak = hours 08:00–20:00, off-peak = the other 12 hours`);
  });

  const convert = prices
    .command('convert')
    .description('convert a price book between JSON, long CSV and wide CSV')
    .argument('<file>', 'price book; - for stdin')
    .requiredOption('--to <format>', 'json | csv (long: date,hour,price_uah_mwh) | wide (date,h0..h23)')
    .option('-o, --output <file>', 'write to a file instead of stdout');
  addBookOptions(convert).addHelpText('after', '\nExample:\n  $ svc prices convert fixtures/oree-monthly-export-2024-12.csv --to json -o dec-2024.json\n  $ cat book.json | svc prices convert - --to wide');
  convert.action(async (file: string, opts: PricesOpts) => {
    const target = (opts.to ?? '').toLowerCase();
    if (!['json', 'csv', 'wide'].includes(target)) {
      throw SvcError.validation(`--to: expected json, csv or wide, got "${opts.to}"`, [{ path: '--to', message: 'expected json|csv|wide' }]);
    }
    const loaded = await loadBook(env, file, opts);
    const { writePriceBookJson, writeLongCsv, writeWideCsv } = await import('../data/write.js');
    const text = target === 'json' ? writePriceBookJson(loaded.book) : target === 'csv' ? writeLongCsv(loaded.book) : writeWideCsv(loaded.book);
    if (opts.output) {
      writeOutputFile(opts.output, text, '--output');
      env.out().info(`wrote ${loaded.dates.length} days to ${opts.output}`);
    } else {
      env.out().raw(text);
    }
  });
}
