/** GET /api/forecast: day-ahead p10/p50/p90 forecasts of a month, the model's skill, cap-hit risk. */
import { z } from 'zod';
import { Month } from '../../domain/common.js';
import { Forecast } from '../../domain/prices.js';
import { daysInMonth, compareTradeDates, formatTradeDate, nextTradeDate, parseTradeDate } from '../../domain/dates.js';
import { createHash } from 'node:crypto';
import { defineOperation, type OpContext } from '../types.js';
import { forecastHistory, whyNoHistory } from './forecast-history.js';
import { fitCached, fitKey } from './forecast-fit.js';
import { memberCacheOf } from './forecast-member-cache.js';
import type { FitRequest, FitResult } from './forecast-compute.js';
import { BASELINE_NAME, FORECAST_SCORE_UNITS, METRICS_DAYS, MIN_HISTORY_DAYS, MODEL_NAME } from './forecast-model.js';
import { withServedInputs } from './forecast-inputs.js';
import { ExogUsedSchema } from './forecast-days.js';

export { METRICS_DAYS, MIN_HISTORY_DAYS };

export const ForecastQuery = z.strictObject({
  month: Month,
  market: z.enum(['DAM', 'IDM']).default('DAM'),
});

export const ForecastReason = z.enum(['no_history_for_market', 'insufficient_history', 'month_after_history']);

export const ForecastResponse = z.strictObject({
  month: z.string(),
  market: z.string(),
  forecast: Forecast.extend({ /** svc extension: the exogenous inputs the forecasts used, and where each series came from. */ inputs: ExogUsedSchema.optional() }).nullable(),
  /** svc extension: why `forecast` is null (absent when there is a forecast). */
  reason: ForecastReason.optional(),
});

const dayMs = 86_400_000;
const toDay = (d: string): number => {
  const p = parseTradeDate(d) as { day: number; month: number; year: number };
  return Date.UTC(p.year, p.month - 1, p.day) / dayMs;
};
const fromDay = (n: number): string => formatTradeDate(new Date(n * dayMs));

/**
 * A fit from the store (SQLite or PostgreSQL: the market-data cache, dataset `forecast`, keyed by
 * the history's hash and the range), else from the process cache or a fresh fit, then stored, so
 * a restart or another instance answers from the store. A store that fails only costs the reuse.
 */
async function storedFit(ctx: OpContext, market: string, req: FitRequest): Promise<{ result: FitResult; cached: boolean | 'store' }> {
  const key = fitKey(req);
  const where = { source: 'svc', dataset: 'forecast', market, zone: 'IPS', period: key };
  const store = await ctx.stores().then((s) => s.marketData, () => undefined);
  const entry = await store?.get(where).catch(() => null);
  if (entry) return { result: JSON.parse(entry.document) as FitResult, cached: 'store' };
  const fit = fitCached(req);
  const result = await fit.result;
  if (store) {
    const document = JSON.stringify(result);
    await store.put({ ...where, fetchedAt: ctx.now().toISOString(), contentHash: createHash('sha256').update(document).digest('hex'), complete: true, document }).catch(() => undefined);
  }
  return { result, cached: fit.cached };
}

export const forecastGet = defineOperation({
  id: 'forecast.get',
  summary: 'Day-ahead price forecast of a month: hourly p10/p50/p90, skill against the naive, cap-hit probability',
  description:
    'For every day of `month` up to the day after the last day of history, the forecast made only from the prices before that day: ' +
    'a LEAR ensemble (lasso-estimated ARX per hour on d-1, d-2, d-3, d-7 prices and weekday dummies; penalty chosen by AIC, then the model ' +
    'refitted at that penalty on the unstandardised columns as LEAR’s reference implementation does; recalibrated daily; twelve members: ' +
    'median/MAD + asinh transform on calibration windows of 56/84/728/1092/1456 days, N-PIT (normal scores of ranks) on 56/84/1092 days, and 364/728-day windows ' +
    'in both transforms on each price’s position between the caps in force) and three kernel ridge regressions on 364 days (d-1’s prices and the day’s inputs; two on the asinh design, one on the N-PIT one), ' +
    'each where the history reaches, combined with the d-1 and d-7 prices by convex weights of least absolute error over the last 14 and the last 28 days, the two averaged ' +
    '(25 % moved to equal weights on the members), clipped to the regulator’s caps; p10/p90 are split-conformal quantiles of the last 56 days’ out-of-sample ' +
    `errors. \`metrics\` come from the engine's own rolling evaluation over the last ${METRICS_DAYS} days with actual prices ` +
    '(`evaluatedFrom`..`evaluatedTo`): rmaeVsNaive against the standard EPF naive (d-1 Tue–Fri, d-7 Mon/Sat/Sun), ' +
    'rmaeVsWeeklyNaive against d-7, coverage = share inside [p10, p90]; mae and rmse in UAH/MWh rounded to 0.01, the ratios not rounded. `capHitProbability` (svc placement): per date, 24 ' +
    '{hour, max, min} = P(price within 0.5 % (≥ 1 UAH/MWh) of the max / min DAM cap in force), null where the caps table has no ' +
    'number. `freshness.status`: fallback when the history is the shipped fixture, else fresh when it reaches yesterday, stale ' +
    'otherwise. `forecast` is null with `reason`: no_history_for_market (no IDM history yet), insufficient_history (no day of the month has ' +
    `${MIN_HISTORY_DAYS} days of history before it; a month that starts earlier is forecast from its first day that has), month_after_history ` +
    '(the month starts more than one day after the history ends). ' +
    'Exogenous inputs as at 11:00 Kyiv on D−1 (EU neighbours\' base of D−1 in UAH, the NBU rate, the caps, the calendar: docs/forecast.md), from the shipped fixtures, the cache or live; when one is missing for a day the fits read, prices only, said in `forecast.inputs.fallback`. ' +
    'The member fits run off the request thread on one pool of one thread per core; fits are cached by the model revision, the range and the SHA-256 of the days of history the fit reads, in memory and in the store (a restarted server or another instance reuses them). Not advice; see docs/forecast.md.',
  tags: ['decision'],
  access: 'key',
  input: ForecastQuery,
  output: ForecastResponse,
  cost: 'heavy',
  outputUnits: FORECAST_SCORE_UNITS,
  http: { method: 'GET', path: '/api/forecast', inputFrom: 'query', successStatus: 200, errors: [400, 401, 429] },
  tool: { name: 'get_forecast', title: 'Day-ahead price forecast with p10/p90 bands and cap-hit risk' },
  async run(ctx, input) {
    const { month, market } = input;
    const none = (reason: z.infer<typeof ForecastReason>) => ({ month, market, forecast: null, reason });
    const history = await forecastHistory(ctx, market, month);
    if (!history) return none(await whyNoHistory(ctx, market, month));
    const dates = Object.keys(history.book).sort(compareTradeDates);
    const first = dates[0];
    const last = dates[dates.length - 1];
    if (!first || !last) return none('insufficient_history');
    const mm = Number(month.slice(0, 2));
    const yyyy = Number(month.slice(3));
    const start = toDay(`01.${month}`);
    const end = Math.min(toDay(`${daysInMonth(yyyy, mm)}.${month}`), toDay(last) + 1);
    if (start > toDay(last) + 1) return none('month_after_history');
    const from = Math.max(start, toDay(first) + MIN_HISTORY_DAYS);
    if (from > end) return none('insufficient_history');
    const metricsTo = Math.min(end, toDay(last));
    const metricsFrom = Math.max(toDay(first) + MIN_HISTORY_DAYS, metricsTo - METRICS_DAYS + 1);
    const req = await withServedInputs(ctx, { book: history.book, from: fromDay(from), to: fromDay(end), metricsFrom: fromDay(metricsFrom), cache: memberCacheOf(ctx.config) });
    const { result: r, cached } = await storedFit(ctx, market, req);
    ctx.logger.info('forecast', { month, market, cached });
    const m = r.metrics;
    const now = ctx.now();
    const yesterday = formatTradeDate(new Date(now.getTime() - dayMs));
    const status: 'fallback' | 'fresh' | 'stale' = history.fallback ? 'fallback' : compareTradeDates(last, yesterday) >= 0 ? 'fresh' : 'stale';
    return {
      month,
      market,
      forecast: {
        source: history.source,
        model: MODEL_NAME,
        baseline: BASELINE_NAME,
        metrics: {
          // Unscored skill is null, never 0 (0 would read as a perfect forecast); mae/rmse stay numbers over sampleDays 0.
          rmaeVsNaive: m?.rmaeVsNaive ?? null,
          mae: m?.mae ?? 0,
          rmse: m?.rmse ?? 0,
          sampleDays: m?.sampleDays ?? 0,
          ...(m?.coverage !== undefined ? { coverage: m.coverage } : {}),
          ...(m ? { rmaeVsWeeklyNaive: m.rmaeVsWeeklyNaive } : {}),
          ...(r.evaluatedFrom ? { evaluatedFrom: r.evaluatedFrom } : {}),
          ...(r.evaluatedTo ? { evaluatedTo: r.evaluatedTo } : {}),
        },
        freshness: {
          status,
          source: history.source,
          generatedAt: now.toISOString(),
          observedAt: new Date(toDay(nextTradeDate(last)) * dayMs).toISOString(),
        },
        data: r.data,
        capHitProbability: r.capHitProbability,
        ...(r.exogenous ?? req.exogenous ? { inputs: (r.exogenous ?? req.exogenous) as NonNullable<typeof req.exogenous> } : {}),
      },
    };
  },
});
