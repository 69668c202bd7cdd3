/**
 * forecast.evaluate (CLI `svc forecast evaluate`; no HTTP route): rolling-origin evaluation of an
 * hourly series, with published reference forecasts scored over the same days. Progress through
 * ctx.progress, the caps through ctx (forecast-caps.ts `capsTableOf`), the elapsed time by ctx.now().
 * docs/forecast.md.
 */
import { z } from 'zod';
import { TradeDate } from '../../domain/common.js';
import { SvcError } from '../../domain/errors.js';
import { DEFAULT_FORECAST, H, dieboldMariano, evaluateRun, indexOf, isEvaluable, makeSeries, score, tradeDateOf } from '../../engines/forecast/index.js';
import { rollingForecastParallel } from './forecast-parallel.js';
import { memberCacheOf } from './forecast-member-cache.js';
import { defineOperation } from '../types.js';
import { MIN_HISTORY_DAYS, MODEL_NAME, damCapsOf } from './forecast-model.js';
import { capsTableOf } from './forecast-caps.js';
import { EXOG_MODES, type ExogSourceReport } from './forecast-exog.js';
import { SERVED_EXOG, servedInputs } from './forecast-inputs.js';

export { MIN_HISTORY_DAYS };

const Day24 = z.array(z.number()).length(24);
const Scores = z.record(z.string(), z.number());

export const ForecastEvaluateRequest = z.strictObject({
  /** Hourly prices (may be negative) and optional exogenous series, one row of 24 per day. */
  series: z.strictObject({ dates: z.array(TradeDate), prices: z.array(Day24), exog: z.array(z.array(Day24)).optional() }),
  from: TradeDate.optional(),
  to: TradeDate.optional(),
  /** Clip to and score against the DAM caps table (OREE books). */
  damCaps: z.boolean().default(false),
  /** Published forecasts to score over exactly the evaluated days. */
  reference: z.array(z.strictObject({ name: z.string(), dates: z.array(TradeDate), values: z.array(Day24) })).default([]),
  /** Include every hour's forecast in `daily`. */
  daily: z.boolean().default(false),
  /** Default range when from is absent: the last N days (EPF: 728, its test period). */
  defaultDays: z.number().int().min(1).default(365),
  /**
   * Exogenous inputs as of 11:00 Kyiv on D−1 (ops/forecast/forecast-inputs.ts; Ukrainian series, for OREE books). Default: the
   * served forecasts' mode (SERVED_EXOG) on a book with DAM caps and no columns of its own, else off (an EPF file's own columns).
   */
  exogenous: z.enum(EXOG_MODES).optional(),
});

const ExogSource = z.strictObject({
  series: z.string(),
  columns: z.array(z.string()),
  availability: z.string(),
  provider: z.string(),
  fixtureFile: z.string().nullable(),
  /** Days of the series read, by where they came from (`book`: columns of the evaluated file). */
  days: z.strictObject({ book: z.number().int(), fixture: z.number().int(), cache: z.number().int(), live: z.number().int(), missing: z.number().int() }),
});

export const ForecastEvaluateResponse = z.strictObject({
  model: z.string(),
  /** The levels of the predictive quantiles scored by `metrics.pinballQuantiles` and `metrics.crps` (svc extension). */
  quantileLevels: z.array(z.number()),
  from: z.string(),
  to: z.string(),
  metrics: Scores,
  monthly: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  dieboldMarianoVsNaive: Scores,
  capHit: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  reference: z.array(z.strictObject({ name: z.string(), metrics: Scores, dieboldMarianoVsNaive: Scores })),
  /** Days of the range with too little history to forecast. */
  skippedDays: z.array(z.string()),
  /** Days of the range forecast but not scored, and why: `no_prices` (not in the book: a gap or a clock-change day), `no_real_d1`, `no_real_d7` (a naive would not be a real price). */
  unscoredDays: z.array(z.strictObject({ date: z.string(), reason: z.enum(['no_prices', 'no_real_d1', 'no_real_d7']) })),
  seconds: z.number(),
  /** The exogenous series every forecast of the run used, and where their days came from. */
  exogenous: z.strictObject({ mode: z.enum(EXOG_MODES), requested: z.enum(EXOG_MODES), fallback: z.string().nullable(), series: z.array(ExogSource) }),
  daily: z.array(z.strictObject({ date: z.string(), hour: z.number().int(), actual: z.number().nullable(), p10: z.number(), p50: z.number(), p90: z.number(), naiveWeight: z.number() })).optional(),
});

export const forecastEvaluate = defineOperation({
  id: 'forecast.evaluate',
  summary: 'Rolling-origin evaluation of the forecast engine over a date range',
  description:
    'Recalibrated every day on data strictly before it; metrics rmaeVsNaive (standard EPF naive), rmaeVsWeeklyNaive, mae, rmse, smape (%), ' +
    'sampleDays, coverage of [p10, p90], pinball (q 0.1/0.5/0.9), pinballQuantiles (mean over the quantileLevels p05…p95) and crps (approximated from those quantiles); per month; Diebold–Mariano against the naive; cap-hit Brier scores against climatology; ' +
    'reference forecasts scored over the same days. docs/forecast.md.',
  tags: ['decision'],
  access: 'key',
  input: ForecastEvaluateRequest,
  output: ForecastEvaluateResponse,
  cost: 'heavy',
  exactOutput: true,
  async run(ctx, input) {
    const prices = makeSeries({ dates: input.series.dates, prices: input.series.prices, ...(input.series.exog ? { exog: input.series.exog } : {}) });
    if (prices.nDays === 0) throw SvcError.validation('the series has no days', [{ path: 'series.dates', message: 'empty' }]);
    const last = prices.nDays - 1;
    const firstDate = tradeDateOf(prices.startDay);
    const lastDate = tradeDateOf(prices.startDay + last);
    if (input.from && indexOf(prices, input.from) > last) throw SvcError.validation(`from ${input.from} is after the last day with prices (${lastDate}): nothing to score`, [{ path: 'from', message: 'after the data' }], 'insufficient_history');
    if (input.to && indexOf(prices, input.to) < 0) throw SvcError.validation(`to ${input.to} is before the first day with prices (${firstDate}): nothing to score`, [{ path: 'to', message: 'before the data' }], 'insufficient_history');
    const a = Math.max(0, input.from ? indexOf(prices, input.from) : last - input.defaultDays + 1);
    const b = Math.min(last, input.to ? indexOf(prices, input.to) : last);
    if (b < a) throw SvcError.validation(`from ${input.from ?? tradeDateOf(prices.startDay + a)} is after to ${input.to ?? lastDate}: nothing to score`, [{ path: 'from', message: 'empty range' }]);
    const capsOf = input.damCaps ? damCapsOf(capsTableOf(ctx), prices) : () => null;
    const requested = input.exogenous ?? (input.damCaps && !input.series.exog?.length ? SERVED_EXOG : 'off');
    const { series: s, exogenous } = await servedInputs(ctx, prices, capsOf, a, b, requested);
    const started = ctx.now().getTime();
    const run = await rollingForecastParallel(s, a, b, { capsOf, cache: memberCacheOf(ctx.config), onProgress: (done, total) => ctx.progress?.(done, total, 'days'), ...(ctx.signal ? { signal: ctx.signal } : {}) });
    const ev = evaluateRun(s, run, capsOf);
    const seconds = (ctx.now().getTime() - started) / 1000;
    const date = (t: number) => tradeDateOf(s.startDay + t);
    const evaluated = new Set(ev.days.map((d) => d.t));
    const skippedDays: string[] = [];
    for (let t = a; t <= b; t++) if (!evaluated.has(t)) skippedDays.push(date(t));
    const unscoredDays = ev.days.filter((d) => !isEvaluable(s, d.t)).map((d) => ({ date: date(d.t), reason: !s.observed[d.t] ? ('no_prices' as const) : !s.observed[d.t - 1] ? ('no_real_d1' as const) : ('no_real_d7' as const) }));
    if (ev.metrics.sampleDays === 0) {
      const why = [skippedDays.length ? `${skippedDays.length} with too little history (the first day with enough is ${date(Math.max(a, MIN_HISTORY_DAYS))})` : '', unscoredDays.length ? `${unscoredDays.length} without prices or real naive prices` : ''].filter(Boolean).join(', ');
      throw SvcError.validation(`no day of ${date(a)} – ${date(b)} could be scored: ${why}`, [{ path: 'from', message: 'no scorable day' }], 'insufficient_history');
    }
    const reference = input.reference.map((r) => {
      const days = r.dates.map((d, i) => ({ t: indexOf(s, d), p50: r.values[i] as number[] })).filter((d) => evaluated.has(d.t));
      return { name: r.name, metrics: { ...score(s, days) }, dieboldMarianoVsNaive: { ...dieboldMariano(s, days) } };
    });
    const daily = input.daily
      ? ev.days.flatMap((d) => Array.from({ length: H }, (_, h) => ({ date: date(d.t), hour: h, actual: s.observed[d.t] ? (s.price[d.t * H + h] as number) : null, p10: d.p10[h] as number, p50: d.p50[h] as number, p90: d.p90[h] as number, naiveWeight: d.naiveWeight })))
      : undefined;
    return {
      model: MODEL_NAME,
      quantileLevels: [...DEFAULT_FORECAST.bands.quantiles],
      from: date(a),
      to: date(b),
      metrics: { ...ev.metrics },
      monthly: ev.monthly.map((m) => ({ ...m })),
      dieboldMarianoVsNaive: { ...ev.dieboldMarianoVsNaive },
      capHit: ev.capHit.map((c) => ({ ...c })),
      reference,
      skippedDays,
      unscoredDays,
      seconds,
      exogenous: { mode: exogenous.mode, requested, fallback: exogenous.fallback, series: [...bookColumns(input.series.exog?.length ?? 0, prices.nDays), ...exogenous.series.map(exogSource)] },
      ...(daily ? { daily } : {}),
    };
  },
});

/** The evaluated file's own exogenous columns (EPF: the day-ahead forecasts of load and wind). */
function bookColumns(n: number, days: number): z.infer<typeof ExogSource>[] {
  return Array.from({ length: n }, (_, i) => ({
    series: `book column x${i + 1}`,
    columns: [`x${i + 1} of d, d-1, d-7 (24 each)`],
    availability: 'as given in the file (a day-ahead forecast for d)',
    provider: 'book',
    fixtureFile: null,
    days: { book: days, fixture: 0, cache: 0, live: 0, missing: 0 },
  }));
}

const exogSource = (r: ExogSourceReport): z.infer<typeof ExogSource> => ({
  series: r.series,
  columns: r.columns,
  availability: r.availability,
  provider: r.provider,
  fixtureFile: r.fixtureFile,
  days: { book: 0, fixture: r.fixture, cache: r.cache, live: r.live, missing: r.missing },
});
