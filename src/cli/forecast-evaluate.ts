/**
 * `svc forecast evaluate <book>`: rolling-origin evaluation of the forecast engine over a date
 * range (recalibrated every day on data strictly before it). A book is an OREE price book (any
 * format svc reads; DAM caps apply) or an EPF benchmark file (`YYYY-MM-DD HH:MM:SS,price,x1,x2`;
 * its published LEAR-Ens / DNN-Ens forecasts, found beside it in forecasts/ or given with
 * --reference, are scored over the same days in the same run).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { CliEnv } from './context.js';
import { SvcError } from '../domain/errors.js';
import type { DailySeries, Evaluation, PointScores, IntervalScores } from '../engines/forecast/index.js';

export interface EvaluateOpts {
  from?: string;
  to?: string;
  daily?: string;
  reference?: string;
  dst?: string;
  onInvalid?: string;
}

interface Loaded {
  series: DailySeries;
  source: string;
  caps: boolean;
  reference: { name: string; dates: string[]; values: Float64Array[] }[];
  defaultFrom: string;
}

const isEpf = (file: string): boolean => file !== '-' && /^\d{4}-\d{2}-\d{2} \d{2}:00:00,/.test(readFileSync(file, 'utf8').slice(0, 4096).split(/\r?\n/)[1] ?? '');

async function load(env: CliEnv, file: string, opts: EvaluateOpts): Promise<Loaded> {
  const fc = await import('../engines/forecast/index.js');
  if (isEpf(file)) {
    const { readEpfMarket, readEpfReference } = await import('../data/epf.js');
    const m = await readEpfMarket(file);
    const series = fc.makeSeries({ dates: m.dates, prices: m.prices, exog: m.exog });
    const refPath = opts.reference ?? join(dirname(file), 'forecasts', `Forecasts_${basename(file, '.csv')}_DNN_LEAR_ensembles.csv`);
    const reference = [];
    if (existsSync(refPath)) {
      const r = await readEpfReference(refPath);
      reference.push({ name: 'LEAR-Ens (published)', dates: r.dates, values: r.lear }, { name: 'DNN-Ens (published)', dates: r.dates, values: r.dnn });
    } else if (opts.reference) throw SvcError.validation(`--reference: no such file ${refPath}`, [{ path: '--reference', message: 'not found' }]);
    // EPF test period: the last 2 × 364 days.
    const defaultFrom = fc.tradeDateOf(series.startDay + Math.max(0, series.nDays - 728));
    return { series, source: file, caps: false, reference, defaultFrom };
  }
  const { loadBook } = await import('./book.js');
  const loaded = await loadBook(env, file, opts, { warnDst: false });
  const series = fc.seriesFromPriceBook(loaded.book);
  const last = series.nDays - 1;
  return { series, source: loaded.source, caps: true, reference: [], defaultFrom: fc.tradeDateOf(series.startDay + Math.max(0, last - 364)) };
}

type Scores = PointScores & Partial<IntervalScores>;

export async function runEvaluate(env: CliEnv, file: string, opts: EvaluateOpts): Promise<void> {
  const { parseDateFlag } = await import('./book.js');
  const fc = await import('../engines/forecast/index.js');
  const out = env.out();
  const from = parseDateFlag(opts.from, '--from');
  const to = parseDateFlag(opts.to, '--to');
  const L = await load(env, file, opts);
  const s = L.series;
  if (s.nDays === 0) throw SvcError.validation(`${L.source} has no days`, [{ path: 'book', message: 'empty' }]);
  const a = Math.max(0, fc.indexOf(s, from ?? L.defaultFrom));
  const b = Math.min(s.nDays - 1, fc.indexOf(s, to ?? fc.tradeDateOf(s.startDay + s.nDays - 1)));
  if (b < a) throw SvcError.validation(`no days to evaluate between ${from ?? L.defaultFrom} and ${to ?? 'the end'} in ${L.source}`, [{ path: '--from', message: 'empty range' }]);
  let capsOf: (t: number) => ReturnType<ReturnType<typeof import('../ops/forecast-model.js').damCapsOf>> = () => null;
  if (L.caps) {
    const { loadCapsTable } = await import('../data/caps.js');
    const { damCapsOf } = await import('../ops/forecast-model.js');
    capsOf = damCapsOf(await loadCapsTable(), s);
  }
  const progress = await out.progress(`forecasting ${b - a + 1} days`);
  const started = performance.now();
  const ev: Evaluation = fc.evaluateRolling(s, a, b, fc.DEFAULT_FORECAST, capsOf, (done, total) => progress.update(done, total, 'days'));
  progress.stop();
  const seconds = (performance.now() - started) / 1000;
  const evaluated = new Set(ev.days.map((d) => d.t));
  const reference = L.reference.map((r) => {
    const days = r.dates.map((d, i) => ({ t: fc.indexOf(s, d), p50: r.values[i] as Float64Array })).filter((d) => evaluated.has(d.t));
    return { name: r.name, metrics: fc.score(s, days), dieboldMarianoVsNaive: fc.dieboldMariano(s, days) };
  });
  const date = (t: number) => fc.tradeDateOf(s.startDay + t);
  const result = {
    source: L.source,
    model: (await import('../ops/forecast-model.js')).MODEL_NAME,
    from: date(a),
    to: date(b),
    metrics: ev.metrics,
    monthly: ev.monthly,
    dieboldMarianoVsNaive: ev.dieboldMarianoVsNaive,
    capHit: ev.capHit,
    reference,
    skippedDays: ev.skipped.map(date),
    seconds,
  };
  if (opts.daily) {
    const rows = [];
    for (const d of ev.days) {
      for (let h = 0; h < fc.H; h++) {
        rows.push({ date: date(d.t), hour: h, actual: d.t < s.nDays && s.observed[d.t] ? s.price[d.t * fc.H + h] : '', p10: d.p10[h], p50: d.p50[h], p90: d.p90[h], naiveWeight: d.naiveWeight });
      }
    }
    const { toCsv } = await import('./csv.js');
    const { writeOutputFile } = await import('./settings.js');
    writeOutputFile(opts.daily, await toCsv(rows), '--daily');
    out.info(`wrote ${rows.length} hourly rows to ${opts.daily}`);
  }
  const format = env.globals().format;
  if (format === 'json') return out.json(result);
  if (format === 'csv') {
    const { toCsv } = await import('./csv.js');
    return out.raw(await toCsv([{ month: 'all', ...ev.metrics }, ...ev.monthly], ['month', 'sampleDays', 'mae', 'rmse', 'smape', 'rmaeVsNaive', 'rmaeVsWeeklyNaive', 'coverage', 'pinball']));
  }
  const { makeTable } = await import('./table.js');
  const c = out.c;
  const f = (v: number | undefined, d = 3) => (v === undefined ? '—' : v.toFixed(d));
  out.print(c.bold(`forecast evaluation · ${result.from} – ${result.to} · ${ev.metrics.sampleDays} days scored`) + c.dim(` · ${L.source} · ${seconds.toFixed(1)} s`));
  const head = ['model', 'days', 'MAE', 'RMSE', 'sMAPE %', 'rMAE naive', 'rMAE weekly', 'coverage', 'pinball'];
  const t = makeTable(head, c, { right: [1, 2, 3, 4, 5, 6, 7, 8] });
  const row = (name: string, m: Scores) => [name, String(m.sampleDays), f(m.mae, 2), f(m.rmse, 2), f(m.smape, 2), f(m.rmaeVsNaive), f(m.rmaeVsWeeklyNaive), f(m.coverage), f(m.pinball, 2)];
  t.push(row('svc LEAR ensemble', ev.metrics));
  for (const r of reference) t.push(row(r.name, r.metrics));
  out.print(t.toString());
  const dm = ev.dieboldMarianoVsNaive;
  out.print(`Diebold–Mariano vs the standard naive: statistic ${dm.statistic.toFixed(2)}, one-sided p ${dm.pValue.toExponential(2)} over ${dm.days} days`);
  for (const ch of ev.capHit) if (ch.hours > 0) out.print(`cap-hit (${ch.bound}): Brier ${ch.brier.toFixed(4)} vs climatology ${ch.brierClimatology.toFixed(4)} (skill ${ch.skill === null ? '—' : ch.skill.toFixed(3)}), ${ch.events} of ${ch.hours} hours at the cap`);
  const months = makeTable(['month', 'days', 'MAE', 'rMAE naive', 'rMAE weekly', 'coverage'], c, { right: [1, 2, 3, 4, 5] });
  for (const m of ev.monthly) months.push([m.month, String(m.sampleDays), f(m.mae, 2), f(m.rmaeVsNaive), f(m.rmaeVsWeeklyNaive), f(m.coverage)]);
  out.print('');
  out.print(months.toString());
  if (result.skippedDays.length) out.warn(`${result.skippedDays.length} days had too little history to forecast: ${result.skippedDays.slice(0, 6).join(', ')}${result.skippedDays.length > 6 ? ' …' : ''}`);
}
