/**
 * forecast.evaluate (CLI `svc forecast evaluate`, its binding and views in
 * forecast-evaluate-view.ts; no HTTP route): rolling-origin evaluation of an hourly series (or of a
 * price book's days), with published reference forecasts scored over the same days. Progress through
 * ctx.progress, the caps through ctx (forecast-caps.ts `capsTableOf`), the elapsed time by ctx.now().
 * docs/forecast.md.
 */
import type { z } from 'zod';
import { checkRangeOrder } from '../../domain/range-order.js';
import { SvcError } from '../../domain/errors.js';
import { DEFAULT_FORECAST, H, dieboldMariano, evaluateRun, indexOf, isEvaluable, makeSeries, rmaeVsWeeklyNaiveInRange, score, seriesFromPriceBook, tradeDateOf, type DailySeries, type ScoredDay } from '../../engines/forecast/index.js';
import { rollingForecastParallel } from './forecast-parallel.js';
import { memberCacheOf } from './forecast-member-cache.js';
import { defineOperation } from '../types.js';
import { FORECAST_SCORE_UNITS, MIN_HISTORY_DAYS, MODEL_NAME, damCapsOf } from './forecast-model.js';
import { capsTableOf } from './forecast-caps.js';
import type { ExogSourceReport } from './forecast-exog.js';
import { ExogSource, ForecastEvaluateRequest, ForecastEvaluateResponse } from './forecast-evaluate-contract.js';
import { SERVED_EXOG, servedInputs } from './forecast-inputs.js';
import { forecastEvaluateCli } from './forecast-evaluate-view.js';

export { MIN_HISTORY_DAYS };

export { ForecastEvaluateRequest, ForecastEvaluateResponse };

export const forecastEvaluate = defineOperation({
  id: 'forecast.evaluate',
  summary: 'Rolling-origin evaluation of the forecast engine over a date range',
  description:
    'Recalibrated every day on data strictly before it; metrics rmaeVsNaive (standard EPF naive), rmaeVsWeeklyNaive, mae, rmse, smape (%), ' +
    'rmaeVsWeeklyNaiveInRange (the EPF papers\' convention, in which their published figures are: the weekly naive built from the range\'s own prices, so its first week has none; absent for a range of a week or less), ' +
    'sampleDays, coverage of [p10, p90], pinball (q 0.1/0.5/0.9), pinballQuantiles (mean over the quantileLevels p05…p95) and crps (approximated from those quantiles); per month; Diebold–Mariano against the naive; cap-hit Brier scores against climatology; ' +
    'reference forecasts scored over the same days. mae, rmse, pinball, pinballQuantiles, crps and the hourly p10/p50/p90 of `daily` are prices (the series\' unit, UAH/MWh for OREE books), rounded to 0.01; ' +
    'the ratios and scores (rmaeVs…, coverage, smape, Brier, Diebold–Mariano) are not rounded. docs/forecast.md.',
  tags: ['decision'],
  access: 'key',
  input: ForecastEvaluateRequest,
  output: ForecastEvaluateResponse,
  cost: 'heavy',
  outputUnits: FORECAST_SCORE_UNITS,
  cli: forecastEvaluateCli,
  async run(ctx, input) {
    checkRangeOrder(input.from, input.to);
    if ((input.series === undefined) === (input.priceBook === undefined)) throw SvcError.validation('give exactly one of series or priceBook', [{ path: 'series', message: 'one of series, priceBook' }]);
    const given = input.series;
    const damCaps = input.damCaps ?? input.priceBook !== undefined;
    const prices = given ? makeSeries({ dates: given.dates, prices: given.prices, ...(given.exog ? { exog: given.exog } : {}) }) : seriesFromPriceBook(input.priceBook ?? {});
    if (prices.nDays === 0) throw SvcError.validation('the series has no days', [{ path: 'series.dates', message: 'empty' }]);
    const last = prices.nDays - 1;
    const firstDate = tradeDateOf(prices.startDay);
    const lastDate = tradeDateOf(prices.startDay + last);
    if (input.from && indexOf(prices, input.from) > last) throw SvcError.validation(`from ${input.from} is after the last day with prices (${lastDate}): nothing to score`, [{ path: 'from', message: 'after the data' }], 'insufficient_history');
    if (input.to && indexOf(prices, input.to) < 0) throw SvcError.validation(`to ${input.to} is before the first day with prices (${firstDate}): nothing to score`, [{ path: 'to', message: 'before the data' }], 'insufficient_history');
    const a = Math.max(0, input.from ? indexOf(prices, input.from) : last - input.defaultDays + 1);
    const b = Math.min(last, input.to ? indexOf(prices, input.to) : last);
    if (b < a) throw SvcError.validation(`from ${input.from ?? tradeDateOf(prices.startDay + a)} is after to ${input.to ?? lastDate}: nothing to score`, [{ path: 'from', message: 'empty range' }]);
    const capsOf = damCaps ? damCapsOf(capsTableOf(ctx), prices) : () => null;
    const requested = input.exogenous ?? (damCaps && !given?.exog?.length ? SERVED_EXOG : 'off');
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
      return { name: r.name, metrics: { ...score(s, days), ...inRange(s, days, a, b) }, dieboldMarianoVsNaive: { ...dieboldMariano(s, days) } };
    });
    const daily = input.daily
      ? ev.days.flatMap((d) => Array.from({ length: H }, (_, h) => ({ date: date(d.t), hour: h, actual: s.observed[d.t] ? (s.price[d.t * H + h] as number) : null, p10: d.p10[h] as number, p50: d.p50[h] as number, p90: d.p90[h] as number, naiveWeight: d.naiveWeight })))
      : undefined;
    return {
      model: MODEL_NAME,
      quantileLevels: [...DEFAULT_FORECAST.bands.quantiles],
      from: date(a),
      to: date(b),
      metrics: { ...ev.metrics, ...inRange(s, ev.days, a, b) },
      monthly: ev.monthly.map((m) => ({ ...m })),
      dieboldMarianoVsNaive: { ...ev.dieboldMarianoVsNaive },
      capHit: ev.capHit.map((c) => ({ ...c })),
      reference,
      skippedDays,
      unscoredDays,
      seconds,
      exogenous: { mode: exogenous.mode, requested, fallback: exogenous.fallback, series: [...bookColumns(given?.exog?.length ?? 0, prices.nDays), ...exogenous.series.map(exogSource)] },
      ...(daily ? { daily } : {}),
    };
  },
});

/** rMAE against the weekly naive as the EPF papers compute it, over the days `score` scores, the naive from the range [a, b]; absent when no day has one. */
function inRange(s: DailySeries, days: readonly ScoredDay[], a: number, b: number): { rmaeVsWeeklyNaiveInRange?: number } {
  const v = rmaeVsWeeklyNaiveInRange(s, days.filter((d) => isEvaluable(s, d.t)), a, b);
  return v === null ? {} : { rmaeVsWeeklyNaiveInRange: v };
}

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
