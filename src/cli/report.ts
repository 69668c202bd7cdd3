/**
 * `svc report backtest|forecast|day`: one self-contained HTML page from the report operations
 * (src/ops/report*.ts, rendered by src/report). This file only maps flags to the op's input and
 * writes the page: a book file is read here and sent as `priceBook`; `mktop` sends none, and the
 * operation reads the operator's prices itself (as `svc serve` does).
 */
import type { Command } from 'commander';
import type { CliEnv } from './cli-env.js';
import { BOOK_ARG_HELP, addBookOptions, loadBook, parseDateFlag } from './book.js';
import { BESS_FLAGS, TRADING_FLAGS, addFlags, checkOutputPath, explainBothSettings, resolveSettings, writeOutputFile } from './settings.js';
import type { AnyOperation } from '../ops/types.js';
import { SvcError } from '../domain/errors.js';
import { BESS_SETTING_KEYS, SETTINGS_FIELDS } from '../domain/settings-fields.js';

/** The report ops take settings as flat fields (as the HTTP query does): their errors are read back as the records' paths, so that they name the flag. */
function asRecordPaths(e: unknown): unknown {
  if (!(e instanceof SvcError) || e.code !== 'validation_error') return e;
  const groupOf = (path: string) => (BESS_SETTING_KEYS.has(path) ? 'bessSettings' : SETTINGS_FIELDS.find((f) => f.key === path)?.group);
  if (!e.issues.some((i) => groupOf(i.path))) return e;
  return SvcError.validation(e.message, e.issues.map((i) => ({ ...i, path: groupOf(i.path) ? `${groupOf(i.path)}.${i.path}` : i.path })));
}

interface ReportOpts {
  from?: string;
  to?: string;
  date?: string;
  output?: string;
  planOn?: string;
  settings?: string;
  dst?: string;
  onInvalid?: string;
  [flag: string]: unknown;
}

type Kind = 'backtest' | 'forecast' | 'day';

/** The book as the op takes it: the file's days and what its reader left out, or nothing for mktop (the op reads it). */
async function bookInput(env: CliEnv, file: string, opts: ReportOpts): Promise<Record<string, unknown>> {
  if (file === 'mktop') return {};
  const loaded = await loadBook(env, file, opts, { warnDst: false });
  const leftOut = [...loaded.skippedDstDays.map((date) => ({ date, reason: 'dst' })), ...loaded.invalidDays.map((d) => ({ date: d.date, reason: 'invalid' }))].slice(0, 5000);
  return { priceBook: loaded.book, source: loaded.source.slice(0, 200), ...(leftOut.length ? { leftOut } : {}) };
}

async function runReport(env: CliEnv, kind: Kind, file: string, opts: ReportOpts): Promise<void> {
  const { reportBacktest, reportForecast, reportDay } = await import('../ops/report/report.js');
  const dates = { from: parseDateFlag(opts.from, '--from'), to: parseDateFlag(opts.to, '--to'), date: parseDateFlag(opts.date, '--date') };
  const settings = kind === 'forecast' ? undefined : resolveSettings(opts);
  checkOutputPath(opts.output, '--output');
  const flat = settings ? { ...settings.strategySettings, ...settings.bessSettings } : {};
  const range = kind === 'day' ? { date: dates.date } : { ...(dates.from ? { from: dates.from } : {}), ...(dates.to ? { to: dates.to } : {}) };
  const input = { ...(await bookInput(env, file, opts)), ...range, ...flat, ...(opts.planOn ? { planOn: opts.planOn } : {}), lang: env.globals().lang };
  const op: AnyOperation = kind === 'backtest' ? reportBacktest : kind === 'forecast' ? reportForecast : reportDay;
  const out = env.out();
  const progress = await out.progress(kind === 'backtest' ? 'backtesting' : kind === 'forecast' ? 'forecasting' : '');
  env.onProgress((d, t, label) => progress.update(d, t, label));
  const result = (await env
    .runOp(op, input)
    .catch((e: unknown) => {
      throw settings ? explainBothSettings(asRecordPaths(e), settings, opts) : e;
    })
    .finally(() => {
      env.onProgress(undefined);
      progress.stop();
    })) as { html: string; figures: unknown[] };
  if (env.globals().format === 'json') return out.json({ ...(opts.output ? { file: opts.output } : {}), bytes: Buffer.byteLength(result.html), figures: result.figures });
  if (!opts.output || opts.output === '-') return out.raw(result.html);
  writeOutputFile(opts.output, result.html, '--output');
  out.info(`wrote the ${kind} report to ${opts.output} (${Buffer.byteLength(result.html)} bytes)`);
}

export function registerReport(program: Command, env: CliEnv): void {
  const report = program.command('report').description('one self-contained HTML report (inline SVG, no network when opened; prints on A4): backtest, forecast or day');
  report.addHelpText(
    'after',
    '\nExamples:\n' +
      '  $ svc report backtest fixtures/oree-dam-ips-2022-2024.csv --capacity 2 --power 1 -o backtest.html\n' +
      '  $ svc report day fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 -o day.html',
  );
  const common = (cmd: Command): Command => addBookOptions(cmd.argument('<file>', BOOK_ARG_HELP).option('-o, --output <report.html>', 'write the page here (default: stdout)'));

  const backtest = common(report.command('backtest').description('equity curve and drawdown, PnL by month, price heat map, daily PnL distribution, settings and provenance'))
    .option('--from <DD.MM.YYYY>', 'first day (inclusive; required with mktop)')
    .option('--to <DD.MM.YYYY>', 'last day (inclusive; required with mktop)')
    .option('--settings <file.json>', 'JSON { "strategySettings": {...}, "bessSettings": {...} }; flags override it')
    .option('--plan-on <actual|forecast>', 'forecast: also plan every day on its p50 forecast and show the capture against perfect foresight');
  addFlags(addFlags(backtest, TRADING_FLAGS), BESS_FLAGS);
  backtest.addHelpText('after', '\nExample:\n  $ svc report backtest fixtures/oree-dam-ips-2022-2024.csv --capacity 2 --power 1 -o backtest.html');
  backtest.action((file: string, opts: ReportOpts) => runReport(env, 'backtest', file, opts));

  common(report.command('forecast').description('rolling evaluation: fan chart with actual prices, errors by hour and month beside the naive, coverage'))
    .requiredOption('--from <DD.MM.YYYY>', 'first day evaluated')
    .requiredOption('--to <DD.MM.YYYY>', 'last day evaluated')
    .addHelpText('after', '\nExample:\n  $ svc report forecast fixtures/oree-dam-ips-2022-2024.csv --from 01.12.2024 --to 07.12.2024 -o forecast.html')
    .action((file: string, opts: ReportOpts) => runReport(env, 'forecast', file, opts));

  const day = common(report.command('day').description('prices with the caps, spread plan, battery schedule with state of charge, risk checks and the brief'))
    .requiredOption('--date <DD.MM.YYYY>', 'trade date')
    .option('--settings <file.json>', 'JSON { "strategySettings": {...}, "bessSettings": {...} }; flags override it')
    .option('--plan-on <actual|forecast>', 'forecast: plan on the p50 forecast from the days before, settle at the actual prices');
  addFlags(addFlags(day, TRADING_FLAGS), BESS_FLAGS);
  day.addHelpText('after', '\nExamples:\n  $ svc --lang uk report day fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 -o day.html\n  $ svc report day fixtures/oree-dam-ips-2022-2024.csv --date 01.01.2025 -o forecast-day.html   # no prices yet: planned on the forecast');
  day.action((file: string, opts: ReportOpts) => runReport(env, 'day', file, opts));
}
