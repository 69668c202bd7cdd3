/**
 * `svc forecast evaluate <book>` (hand-written, under the derived `svc forecast`): runs the `forecast.evaluate` operation over an OREE price book
 * (any format svc reads; DAM caps apply) or an EPF benchmark file (`YYYY-MM-DD HH:MM:SS,price,x1,x2`),
 * whose published LEAR-Ens / DNN-Ens forecasts — found beside it in forecasts/ or given with
 * --reference — are scored over the same days in the same run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Command } from 'commander';
import type { CliEnv } from './cli-env.js';
import { addBookOptions } from './book.js';
import { SvcError } from '../domain/errors.js';
import { compareTradeDates } from '../domain/dates.js';

export interface EvaluateOpts {
  from?: string;
  to?: string;
  daily?: string;
  reference?: string;
  dst?: string;
  onInvalid?: string;
  exog?: string;
}

const EXOG = ['off', 'base', 'lagged', 'projected'] as const;

/** `evaluate` under `svc forecast` (made here when the derived command is not registered yet; derived.ts then completes it). */
export function registerForecastEvaluate(program: Command, env: CliEnv): void {
  const cmd = program.commands.find((c) => c.name() === 'forecast') ?? program.command('forecast');
  const ev = cmd
    .command('evaluate')
    .description('rolling-origin evaluation: recalibrated daily on data strictly before each day; rMAE vs naive, coverage, pinball, DM test')
    .argument('<book>', 'OREE price book, or an EPF benchmark CSV (its published forecasts are compared in the same run)')
    .option('--from <DD.MM.YYYY>', 'first forecast day (default: 365 days before the end; EPF: the 728-day test period)')
    .option('--to <DD.MM.YYYY>', 'last forecast day (default: the last day of the book)')
    .option('--daily <out.csv>', 'write every hour: date, hour, actual, p10, p50, p90, naiveWeight')
    .option('--reference <forecasts.csv>', 'EPF: the published forecasts file (default: forecasts/Forecasts_<MKT>_DNN_LEAR_ensembles.csv beside the book)')
    .option('--exog <mode>', 'OREE: exogenous inputs as of 11:00 Kyiv on D-1: off, base (EU base, NBU rate, caps, calendar), lagged (+ solar/wind metered hours), projected (+ the RES projection for D: optimistic); default: base on OREE books (what svc forecast serves), off on EPF files');
  addBookOptions(ev);
  ev.action(async (file: string, opts: Record<string, string | undefined>) => {
    const parent = cmd.opts<{ date?: string; month?: string; exog?: string }>();
    if (parent.date || parent.month) throw SvcError.validation('forecast evaluate: give the days to score with --from and --to (--date and --month belong to svc forecast)', [{ path: parent.date ? '--date' : '--month', message: 'use --from/--to' }]);
    // `--exog` is an option of both commands; commander may hand it to the parent.
    await runEvaluate(env, file, { ...opts, ...(opts.exog === undefined && parent.exog !== undefined ? { exog: parent.exog } : {}) });
  });
}

const isEpf = (file: string): boolean => file !== '-' && existsSync(file) && /^\d{4}-\d{2}-\d{2} \d{2}:00:00,/.test(readFileSync(file, 'utf8').slice(0, 4096).split(/\r?\n/)[1] ?? '');

async function request(env: CliEnv, file: string, opts: EvaluateOpts): Promise<{ input: Record<string, unknown>; source: string }> {
  if (isEpf(file)) {
    const { readEpfMarket, readEpfReference } = await import('../ops/facade/reference-files.js');
    const m = await readEpfMarket(file);
    const refPath = opts.reference ?? join(dirname(file), 'forecasts', `Forecasts_${basename(file, '.csv')}_DNN_LEAR_ensembles.csv`);
    const reference: { name: string; dates: string[]; values: number[][] }[] = [];
    if (existsSync(refPath)) {
      const r = await readEpfReference(refPath);
      reference.push({ name: 'LEAR-Ens (published)', dates: r.dates, values: r.lear.map((v) => Array.from(v)) }, { name: 'DNN-Ens (published)', dates: r.dates, values: r.dnn.map((v) => Array.from(v)) });
    } else if (opts.reference) throw SvcError.validation(`--reference: no such file ${refPath}`, [{ path: '--reference', message: 'not found' }]);
    const series = { dates: m.dates, prices: m.prices.map((v) => Array.from(v)), exog: m.exog.map((x) => x.map((v) => Array.from(v))) };
    return { input: { series, reference, defaultDays: 728 }, source: file };
  }
  const { loadBook } = await import('./book.js');
  const loaded = await loadBook(env, file, opts, { warnDst: false });
  const dates = Object.keys(loaded.book).sort(compareTradeDates);
  const prices = dates.map((d) => {
    const row = new Array<number>(24).fill(0);
    for (const p of loaded.book[d] ?? []) row[p.hour] = p.priceUahMwh;
    return row;
  });
  return { input: { series: { dates, prices }, damCaps: true }, source: loaded.source };
}

export async function runEvaluate(env: CliEnv, file: string, opts: EvaluateOpts): Promise<void> {
  const { parseDateFlag } = await import('./book.js');
  const out = env.out();
  const from = parseDateFlag(opts.from, '--from');
  const to = parseDateFlag(opts.to, '--to');
  // The default: the mode the served forecasts use (`svc forecast --date/--month`, plans on the
  // forecast, GET /api/forecast: ops/forecast/forecast-inputs.ts SERVED_EXOG) on OREE books, so the
  // evaluation measures what is served; an EPF file brings its own columns (off).
  const exog = opts.exog;
  if (exog !== undefined && !(EXOG as readonly string[]).includes(exog)) throw SvcError.validation(`--exog: expected one of ${EXOG.join(', ')}`, [{ path: '--exog', message: 'unknown mode' }]);
  const { input, source } = await request(env, file, opts);
  if (exog !== undefined && exog !== 'off' && isEpf(file)) throw SvcError.validation('--exog: the exogenous inputs are Ukrainian series, for OREE books (an EPF file brings its own columns)', [{ path: '--exog', message: 'not for EPF files' }]);
  const { forecastEvaluate } = await import('../ops/forecast/forecast-evaluate.js');
  const progress = await out.progress('forecasting');
  env.onProgress((d, t, label) => progress.update(d, t, label));
  const result = await env.runOp(forecastEvaluate, { ...input, ...(from ? { from } : {}), ...(to ? { to } : {}), daily: Boolean(opts.daily), ...(exog ? { exogenous: exog } : {}) }).finally(() => {
    env.onProgress(undefined);
    progress.stop();
  });
  if (opts.daily) {
    const { toCsv } = await import('./csv.js');
    const { writeOutputFile } = await import('./settings.js');
    const rows = (result.daily ?? []).map((r) => ({ ...r, actual: r.actual ?? '' }));
    writeOutputFile(opts.daily, await toCsv(rows), '--daily');
    out.info(`wrote ${rows.length} hourly rows to ${opts.daily}`);
  }
  const { daily: _daily, ...body } = result;
  const format = env.globals().format;
  if (format !== 'table') warnLeftOut(env, result, from, to);
  if (format === 'json') return out.json({ source, ...body });
  const columns = ['month', 'sampleDays', 'mae', 'rmse', 'smape', 'rmaeVsNaive', 'rmaeVsWeeklyNaive', 'coverage', 'pinball', 'pinballQuantiles', 'crps'];
  if (format === 'csv') {
    const { toCsv } = await import('./csv.js');
    return out.raw(await toCsv([{ month: 'all', ...result.metrics }, ...result.monthly], columns));
  }
  const { makeTable } = await import('./table.js');
  const c = out.c;
  const f = (v: unknown, d = 3) => (typeof v === 'number' ? v.toFixed(d) : '—');
  const m = result.metrics;
  out.print(c.bold(`forecast evaluation · ${result.from} – ${result.to} · ${f(m.sampleDays, 0)} days scored`) + c.dim(` · ${source} · ${result.seconds.toFixed(1)} s`));
  const t = makeTable(['model', 'days', 'MAE', 'RMSE', 'sMAPE %', 'rMAE naive', 'rMAE weekly', 'coverage', 'pinball', 'pinball p05–p95', 'CRPS'], c, { right: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
  const row = (name: string, s: Record<string, number>) => [name, f(s.sampleDays, 0), f(s.mae, 2), f(s.rmse, 2), f(s.smape, 2), f(s.rmaeVsNaive), f(s.rmaeVsWeeklyNaive), f(s.coverage), f(s.pinball, 2), f(s.pinballQuantiles, 2), f(s.crps, 2)];
  t.push(row('svc LEAR ensemble', m));
  for (const r of result.reference) t.push(row(r.name, r.metrics));
  out.print(t.toString());
  const dm = result.dieboldMarianoVsNaive;
  out.print(`Diebold–Mariano vs the standard naive: statistic ${f(dm.statistic, 2)}, one-sided p ${typeof dm.pValue === 'number' ? dm.pValue.toExponential(2) : '—'} over ${f(dm.days, 0)} days`);
  for (const ch of result.capHit) {
    if (typeof ch.hours !== 'number' || ch.hours === 0) continue;
    const scores = `cap-hit (${String(ch.bound)}): Brier ${f(ch.brier, 4)} vs climatology ${f(ch.brierClimatology, 4)}`;
    if (ch.skill === null) out.print(`${scores}; no skill score: none of the ${f(ch.hours, 0)} hours was at the cap`);
    else out.print(`${scores} (skill ${f(ch.skill)}), ${f(ch.events, 0)} of ${f(ch.hours, 0)} hours at the cap`);
  }
  printExogenous(out, makeTable, result.exogenous);
  const months = makeTable(['month', 'days', 'MAE', 'rMAE naive', 'rMAE weekly', 'coverage', 'CRPS'], c, { right: [1, 2, 3, 4, 5, 6] });
  for (const r of result.monthly) months.push([String(r.month), f(r.sampleDays, 0), f(r.mae, 2), f(r.rmaeVsNaive), f(r.rmaeVsWeeklyNaive), f(r.coverage), f(r.crps, 2)]);
  out.print('');
  out.print(months.toString());
  warnLeftOut(env, result, from, to);
}

const REASON = { no_prices: 'no prices: a gap or a clock-change day', no_real_d1: 'd-1 has no real prices', no_real_d7: 'd-7 has no real prices' } as const;

/** On stderr, whatever the format: the part of the asked range that was not scored, and why. */
function warnLeftOut(env: CliEnv, result: { from: string; to: string; skippedDays: string[]; unscoredDays: { date: string; reason: keyof typeof REASON }[] }, from: string | undefined, to: string | undefined): void {
  const out = env.out();
  const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
  const list = (xs: string[]) => `${xs.slice(0, 6).join(', ')}${xs.length > 6 ? ` … (${xs.length})` : ''}`;
  if (from && from !== result.from) out.warn(`--from ${from}: the series starts later; scored from ${result.from}`);
  if (to && to !== result.to) out.warn(`--to ${to}: the last day with prices is ${result.to}; scored to it`);
  if (result.skippedDays.length) out.warn(`${days(result.skippedDays.length)} had too little history to forecast: ${list(result.skippedDays)}`);
  for (const reason of Object.keys(REASON) as (keyof typeof REASON)[]) {
    const dates = result.unscoredDays.filter((d) => d.reason === reason).map((d) => d.date);
    if (dates.length) out.warn(`${days(dates.length)} forecast but not scored (${REASON[reason]}): ${list(dates)}`);
  }
}

type ExogReport = { mode: string; requested: string; fallback: string | null; series: { series: string; columns: string[]; availability: string; provider: string; days: Record<'book' | 'fixture' | 'cache' | 'live' | 'missing', number> }[] };

/** Which exogenous series every forecast of the run used, and from which source (fixture, cache, live, the book). */
function printExogenous(out: ReturnType<CliEnv['out']>, makeTable: typeof import('./table.js').makeTable, exog: ExogReport): void {
  out.print('');
  if (exog.series.length === 0) {
    out.print(`exogenous inputs: none (--exog ${exog.mode}): prices only`);
    return;
  }
  if (exog.fallback) out.print(`exogenous inputs: none, prices only (--exog ${exog.requested} asked; ${exog.fallback}); the series as read:`);
  else out.print(`exogenous inputs (--exog ${exog.mode}), as available at 11:00 Kyiv on D-1:`);
  const t = makeTable(['series', 'columns', 'a forecast of D reads', 'source', 'book', 'fixture', 'cache', 'live', 'missing'], out.c, { right: [4, 5, 6, 7, 8] });
  for (const r of exog.series) t.push([r.series, r.columns.join(', '), r.availability, r.provider, String(r.days.book), String(r.days.fixture), String(r.days.cache), String(r.days.live), String(r.days.missing)]);
  out.print(t.toString());
}
