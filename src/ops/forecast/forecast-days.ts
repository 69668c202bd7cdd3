/**
 * forecast.days (CLI `svc forecast`; no HTTP route): the day-ahead forecasts of a range of days of
 * a price book or of the operator's history, each from the days before it. Progress through
 * ctx.progress, the caps through ctx (forecast-caps.ts `capsTableOf`). docs/forecast.md.
 */
import { z } from 'zod';
import { PriceBook } from '../../domain/prices.js';
import { TradeDate } from '../../domain/common.js';
import { SvcError } from '../../domain/errors.js';
import { H, indexOf, seriesFromPriceBook, tradeDateOf } from '../../engines/forecast/index.js';
import { rollingForecastParallel } from './forecast-parallel.js';
import { memberCacheOf } from './forecast-member-cache.js';
import { defineOperation } from '../types.js';
import { BASELINE_NAME, MIN_HISTORY_DAYS, MODEL_NAME, capHitPoints, damCapsOf, forecastPoints } from './forecast-model.js';
import { HISTORY_MONTHS, mktopHistory } from './forecast-history.js';
import { capsTableOf } from './forecast-caps.js';
import { EXOG_MODES } from './forecast-exog.js';
import { SERVED_EXOG, servedInputs } from './forecast-inputs.js';

export { MIN_HISTORY_DAYS };

export const ForecastDaysRequest = z
  .strictObject({
    /** The prices to forecast from; or */
    priceBook: PriceBook.optional(),
    /** `mktop`: the market operator's DAM prices of the months before `to` (mktopHistory, as GET /api/forecast reads them). */
    history: z.literal('mktop').optional(),
    from: TradeDate,
    to: TradeDate,
    /** Exogenous inputs as of 11:00 Kyiv on D−1 (forecast-inputs.ts); prices only when one is missing, said in `exogenous.fallback`. */
    exogenous: z.enum(EXOG_MODES).default(SERVED_EXOG),
  })
  .superRefine((v, issue) => {
    if ((v.priceBook === undefined) === (v.history === undefined)) issue.addIssue({ code: 'custom', path: ['priceBook'], message: 'give exactly one of priceBook or history' });
  });
const ExogSeries = z.strictObject({ series: z.string(), columns: z.array(z.string()), availability: z.string(), provider: z.string(), fixtureFile: z.string().nullable(), fixture: z.number().int(), cache: z.number().int(), live: z.number().int(), missing: z.number().int() });
/** The exogenous inputs a served forecast used: the mode, the one asked for, why they differ, and where each series' days came from. */
export const ExogUsedSchema = z.strictObject({ mode: z.enum(EXOG_MODES), requested: z.enum(EXOG_MODES), fallback: z.string().nullable(), series: z.array(ExogSeries) });
const Point = z.strictObject({ hour: z.number().int(), p10: z.number(), p50: z.number(), p90: z.number() });
export const ForecastDaysResponse = z.strictObject({
  /** Where the prices came from: `book`, `mktop`, or `mktop (with shipped fixtures)`. */
  source: z.string(),
  model: z.string(),
  baseline: z.string(),
  lastDataDay: z.string(),
  exogenous: ExogUsedSchema,
  days: z.array(
    z.strictObject({
      date: z.string(),
      points: z.array(Point),
      capHit: z.array(z.strictObject({ hour: z.number().int(), max: z.number().nullable(), min: z.number().nullable() })).nullable(),
      actual: z.array(z.number()).nullable(),
      maxCap: z.array(z.number().nullable()),
      minCap: z.array(z.number().nullable()),
      naiveWeight: z.number(),
    }),
  ),
});

export const forecastDays = defineOperation({
  id: 'forecast.days',
  summary: 'Day-ahead forecasts of a range of days of a price book, each from the days before it',
  description: 'p10/p50/p90 per hour and the cap-hit probabilities; `to` may be the day after the last day of the book. docs/forecast.md.',
  tags: ['decision'],
  access: 'key',
  input: ForecastDaysRequest,
  output: ForecastDaysResponse,
  async run(ctx, input) {
    let book = input.priceBook;
    let source = 'book';
    let why = '';
    if (input.history === 'mktop') {
      const history = await mktopHistory(ctx, 'DAM', input.to.slice(3));
      if (!history) throw SvcError.validation(`mktop: no DAM prices in the cache, from the operator or in the shipped fixtures for the ${HISTORY_MONTHS} months to ${input.to.slice(3)}`, [{ path: 'history', message: 'no history' }], 'insufficient_history');
      ({ book, source } = history);
      why = (history.unreadable ?? []).map((u) => `; mktop ${u.month}: ${u.reason}`).join('');
    }
    const s = seriesFromPriceBook(book ?? {});
    if (s.nDays === 0) throw SvcError.validation('the price book has no days', [{ path: 'priceBook', message: 'empty' }]);
    const last = tradeDateOf(s.startDay + s.nDays - 1);
    const a = indexOf(s, input.from);
    const b = Math.min(s.nDays, indexOf(s, input.to));
    if (a > s.nDays || b < a) throw SvcError.validation(`${input.from} is past the day after the ${source === 'book' ? 'book' : 'history'}'s last day (${last}): a day-ahead forecast needs the day before${why}`, [{ path: 'from', message: 'beyond the data' }], 'insufficient_history');
    const capsOf = damCapsOf(capsTableOf(ctx), s);
    const { series, exogenous } = await servedInputs(ctx, s, capsOf, a, b, input.exogenous);
    const run = await rollingForecastParallel(series, a, b, { capsOf, cache: memberCacheOf(ctx.config), onProgress: (done, total) => ctx.progress?.(done, total, 'days'), ...(ctx.signal ? { signal: ctx.signal } : {}) });
    if (run.days.length === 0) throw SvcError.validation(`not enough history before ${input.from} (the shortest window needs ${MIN_HISTORY_DAYS} days)`, [{ path: 'priceBook', message: 'too short' }], 'insufficient_history');
    return {
      source,
      model: MODEL_NAME,
      baseline: BASELINE_NAME,
      lastDataDay: last,
      exogenous,
      days: run.days.map((d) => {
        const caps = capsOf(d.t);
        return {
          date: tradeDateOf(s.startDay + d.t),
          points: forecastPoints(d),
          capHit: capHitPoints(d),
          actual: d.t < s.nDays && s.observed[d.t] ? Array.from(s.price.subarray(d.t * H, d.t * H + H)) : null,
          maxCap: Array.from({ length: H }, (_, h) => (caps && !Number.isNaN(caps.max[h] as number) ? (caps.max[h] as number) : null)),
          minCap: Array.from({ length: H }, (_, h) => (caps && !Number.isNaN(caps.min[h] as number) ? (caps.min[h] as number) : null)),
          naiveWeight: d.naiveWeight,
        };
      }),
    };
  },
});
