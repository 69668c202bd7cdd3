/**
 * forecast.days' request and response (the op: forecast-days.ts; its CLI view beside it,
 * forecast-days-view.ts, names them from here).
 */
import { z } from 'zod';
import { PriceBook } from '../../domain/prices.js';
import { TradeDate } from '../../domain/common.js';
import { EXOG_MODES } from './forecast-exog.js';
import { SERVED_EXOG } from './forecast-inputs.js';

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

