/**
 * `svc forecast <book> --date D | --month MM.YYYY`: day-ahead price forecasts (p10 / p50 / p90,
 * cap-hit probability) made from the book's days before each forecast day, and
 * `svc forecast evaluate` (forecast-evaluate.ts). Engines load only inside the actions.
 */
import type { Command } from 'commander';
import type { CliEnv } from './cli-env.js';
import { SvcError } from '../domain/errors.js';
import { addBookOptions } from './book.js';
import { MKTOP } from './market-book.js';
import { kyivPeriodsInDay } from '../ops/facade/calendar.js';

interface ForecastOpts {
  date?: string;
  month?: string;
  dst?: string;
  onInvalid?: string;
  chart?: boolean;
  exog?: string;
}

export function registerForecast(program: Command, env: CliEnv): void {
  const cmd = program
    .command('forecast')
    .description('day-ahead price forecast with p10–p90 band and cap-hit risk, from the days before it (LEAR ensemble)')
    .argument('[book]', 'price book; - for stdin; mktop: the market operator\'s DAM prices (cache, else fixtures) of the months before, as far back as the longest window reaches')
    .option('--date <DD.MM.YYYY>', 'the day to forecast (at most the day after the last day of the book)')
    .option('--month <MM.YYYY>', 'every day of a month, each from the days before it')
    .option('--no-chart', 'table output without the chart')
    .option('--exog <mode>', 'exogenous inputs as of 11:00 Kyiv on D-1 (as svc forecast evaluate): base (default: EU base, NBU rate, caps, calendar; prices only when one is missing, said so), off, lagged, projected');
  addBookOptions(cmd);
  cmd.addHelpText(
    'after',
    '\nExamples:\n  $ svc forecast fixtures/oree-dam-ips-2022-2024.csv --date 01.01.2025\n' +
      '  $ svc forecast fixtures/oree-dam-ips-2022-2024.csv --month 12.2024 --format csv\n' +
      '  $ svc forecast mktop --date 02.12.2024\n' +
      '  $ svc forecast evaluate fixtures/oree-dam-ips-2022-2024.csv --from 01.10.2024 --to 31.12.2024',
  );
  cmd.action(async (file: string | undefined, opts: ForecastOpts) => {
    if (!file) throw SvcError.validation('forecast: a price book is required (or: svc forecast evaluate <book>)', [{ path: 'book', message: 'required' }]);
    await runForecast(env, file, opts);
  });
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
    const parent = cmd.opts<ForecastOpts>();
    if (parent.date || parent.month) throw SvcError.validation('forecast evaluate: give the days to score with --from and --to (--date and --month belong to svc forecast)', [{ path: parent.date ? '--date' : '--month', message: 'use --from/--to' }]);
    const { runEvaluate } = await import('./forecast-evaluate.js');
    // `--exog` is an option of both commands; commander may hand it to the parent.
    await runEvaluate(env, file, { ...opts, ...(opts.exog === undefined && parent.exog !== undefined ? { exog: parent.exog } : {}) });
  });
}

async function runForecast(env: CliEnv, file: string, opts: ForecastOpts): Promise<void> {
  const { loadBook, parseDateFlag } = await import('./book.js');
  const { MONTH_PATTERN, daysInMonth } = await import('../domain/dates.js');
  const out = env.out();
  if (!!opts.date === !!opts.month) throw SvcError.validation('forecast: give exactly one of --date or --month', [{ path: '--date', message: 'one of --date, --month' }]);
  let from: string;
  let to: string;
  if (opts.date) {
    from = to = parseDateFlag(opts.date, '--date') as string;
  } else {
    const m = opts.month as string;
    if (!MONTH_PATTERN.test(m) || Number(m.slice(0, 2)) < 1 || Number(m.slice(0, 2)) > 12) throw SvcError.validation(`--month: expected MM.YYYY with MM 01–12, got "${m}"`, [{ path: '--month', message: 'expected MM.YYYY' }]);
    from = `01.${m}`;
    to = `${daysInMonth(Number(m.slice(3)), Number(m.slice(0, 2)))}.${m}`;
  }
  // mktop: the operator's prices of the months before, read as GET /api/forecast reads them
  // (ops/forecast/forecast-history.ts: the last two months cache-through, older ones from the cache or the
  // shipped fixtures), not a cache-through fetch of two years of months.
  const loaded = file === MKTOP ? null : await loadBook(env, file, opts, { warnDst: false });
  const exog = opts.exog as 'off' | 'base' | 'lagged' | 'projected' | undefined;
  if (exog !== undefined && !['off', 'base', 'lagged', 'projected'].includes(exog)) throw SvcError.validation('--exog: expected one of off, base, lagged, projected', [{ path: '--exog', message: 'unknown mode' }]);
  const input = { ...(loaded ? { priceBook: loaded.book, from, to } : ({ history: MKTOP, from, to } as const)), ...(exog ? { exogenous: exog } : {}) };
  const { forecastDays, MIN_HISTORY_DAYS } = await import('../ops/forecast/forecast-days.js');
  const progress = await out.progress('fitting');
  env.onProgress((d, t, label) => progress.update(d, t, label));
  const result = await env.runOp(forecastDays, input).finally(() => {
    env.onProgress(undefined);
    progress.stop();
  });
  const source = loaded?.source ?? result.source;
  if (!loaded) out.info(`mktop: history from ${result.source}, to ${result.lastDataDay}`);
  sayWhatIsMissing(env, result, from, to, MIN_HISTORY_DAYS);
  const format = env.globals().format;
  if (format === 'json') {
    const data = Object.fromEntries(result.days.map((d) => [d.date, d.points]));
    const capHitProbability = Object.fromEntries(result.days.map((d) => [d.date, d.capHit]));
    return out.json({ source, model: result.model, baseline: result.baseline, data, capHitProbability, inputs: result.exogenous });
  }
  const rows = result.days.flatMap((d) => d.points.map((p, h) => ({ date: d.date, hour: h, p10: p.p10, p50: p.p50, p90: p.p90, actual: d.actual?.[h] ?? null, maxCap: d.maxCap[h] ?? null, pMaxCap: d.capHit?.[h]?.max ?? null, minCap: d.minCap[h] ?? null, pMinCap: d.capHit?.[h]?.min ?? null })));
  if (format === 'csv') {
    const { toCsv } = await import('./csv.js');
    return out.raw(await toCsv(rows.map((r) => ({ ...r, actual: r.actual ?? '', maxCap: r.maxCap ?? '', pMaxCap: r.pMaxCap ?? '', minCap: r.minCap ?? '', pMinCap: r.pMinCap ?? '' }))));
  }
  const { makeTable } = await import('./table.js');
  const c = out.c;
  const n = (v: number | null, d = 0) => (v === null ? '—' : v.toFixed(d));
  const first = result.days[0]?.date ?? from;
  const last = result.days[result.days.length - 1]?.date ?? to;
  out.print(c.bold(`forecast · ${first}${last !== first ? ` – ${last}` : ''}`) + c.dim(` · from ${source} (data to ${result.lastDataDay}) · ${result.model}`));
  const { describeInputs } = await import('../ops/forecast/forecast-inputs.js');
  out.print(c.dim(`inputs: ${describeInputs(result.exogenous)}`));
  if (result.exogenous.fallback) out.warn(`exogenous inputs: ${result.exogenous.fallback}`);
  if (opts.date) {
    // The floor gets its columns when it is a risk that day (P(min cap) of 1 % or more in some hour).
    const floorRisk = rows.some((r) => (r.pMinCap ?? 0) >= 0.01);
    const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)} %`);
    const t = makeTable(['hour', 'p10', 'p50', 'p90', 'actual', 'max cap', 'P(max cap)', ...(floorRisk ? ['min cap', 'P(min cap)'] : [])], c, { right: floorRisk ? [1, 2, 3, 4, 5, 6, 7, 8] : [1, 2, 3, 4, 5, 6] });
    for (const r of rows) t.push([String(r.hour).padStart(2, '0'), n(r.p10), n(r.p50), n(r.p90), n(r.actual), n(r.maxCap), pct(r.pMaxCap), ...(floorRisk ? [n(r.minCap), pct(r.pMinCap)] : [])]);
    out.print(t.toString());
    if (opts.chart !== false) {
      const { bandChart } = await import('./chart.js');
      out.print('');
      out.print(bandChart(rows.map((r) => ({ hour: r.hour, p10: r.p10, p50: r.p50, p90: r.p90, cap: r.maxCap, floor: r.minCap })), { c }).join('\n'));
      out.print(c.dim('├─┤ p10–p90   ● p50   ┃ max cap (red), min cap (blue) where the band reaches it'));
    }
  } else {
    const mean = (xs: readonly number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
    const t = makeTable(['date', 'mean p50', 'min p10', 'max p90', 'mean actual', 'hours P(max cap) ≥ 50 %'], c, { right: [1, 2, 3, 4, 5] });
    for (const d of result.days) {
      t.push([d.date, n(mean(d.points.map((p) => p.p50))), n(Math.min(...d.points.map((p) => p.p10))), n(Math.max(...d.points.map((p) => p.p90))), n(d.actual ? mean(d.actual) : null), String(d.capHit?.filter((p) => (p.max ?? 0) >= 0.5).length ?? 0)]);
    }
    out.print(t.toString());
  }
  out.print(c.dim(`A forecast from past prices${result.exogenous.mode === 'off' ? ' only' : ' and the inputs named above, as known at 11:00 Kyiv the day before'}; not advice. Bands are empirical p10–p90 from recent out-of-sample errors.`));
}

/** On stderr: days of the asked range without a forecast, and clock-change days forecast on the 24-hour grid. */
function sayWhatIsMissing(env: CliEnv, result: { days: { date: string }[]; lastDataDay: string }, from: string, to: string, minHistoryDays: number): void {
  const out = env.out();
  const first = result.days[0]?.date;
  const last = result.days[result.days.length - 1]?.date;
  if (first && first !== from) out.warn(`forecast from ${first}: the days before it have too little history before them (the shortest window needs ${minHistoryDays} days)`);
  if (last && last !== to) out.warn(`forecast to ${last}: a day-ahead forecast needs the day before it, and the data end on ${result.lastDataDay}`);
  for (const d of result.days) {
    const periods = kyivPeriodsInDay(d.date);
    if (periods !== 24) out.warn(`${d.date} is a clock-change day (${periods} settlement periods): forecast on the 24-hour grid of the other days, hour by hour`);
  }
}
