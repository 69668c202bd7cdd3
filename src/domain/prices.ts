/** Price and forecast records of the spec. */
import { z } from 'zod';
import { BOUNDS, rangeText } from './bounds.js';
import { IsoDateTime, TradeDate } from './common.js';

import { HOURS_PER_DAY } from './hourly.js';

export * from './hourly.js';

export const Hour = z.number().int().min(0).max(23);

export const PricePoint = z.strictObject({
  hour: Hour,
  priceUahMwh: z.number().min(0).max(BOUNDS.priceUahMwh.max, `must be ${rangeText('priceUahMwh')}`),
});
export type PricePoint = z.infer<typeof PricePoint>;

/** Exactly 24 points, hours 0..23 each exactly once (any order on input). */
export const PriceDay = z
  .array(PricePoint)
  .length(HOURS_PER_DAY, 'a price day has exactly 24 points (hours 0..23)')
  .superRefine((points, ctx) => {
    // One pass with a bitmask (this runs on every plan request); a Set only for hours outside
    // 0..23, which can reach here because range and integer issues do not stop refinements.
    let seen = 0;
    let others: Set<number> | undefined;
    for (let i = 0; i < points.length; i++) {
      const hour = (points[i] as PricePoint).hour;
      let repeated: boolean;
      if (Number.isInteger(hour) && hour >= 0 && hour < HOURS_PER_DAY) {
        repeated = (seen & (1 << hour)) !== 0;
        seen |= 1 << hour;
      } else {
        others ??= new Set<number>();
        repeated = others.has(hour);
        others.add(hour);
      }
      if (repeated) ctx.addIssue({ code: 'custom', path: [i, 'hour'], message: `hour ${hour} appears twice` });
    }
  });
export type PriceDay = z.infer<typeof PriceDay>;

export const PriceBook = z.record(TradeDate, PriceDay);
export type PriceBook = z.infer<typeof PriceBook>;

export const ForecastPoint = z.strictObject({
  hour: Hour,
  p10: z.number().min(0),
  p50: z.number().min(0),
  p90: z.number().min(0),
});
export const ForecastDay = z.array(ForecastPoint).length(HOURS_PER_DAY);
export const ForecastBook = z.record(z.string(), ForecastDay);
export const ForecastMetrics = z.strictObject({
  /** null when the rolling evaluation scored no day (spec, MCP tool table: "null when the backtest scored no day"). */
  rmaeVsNaive: z.number().min(0).nullable(),
  mae: z.number().min(0),
  rmse: z.number().min(0),
  sampleDays: z.number().int().min(0),
  coverage: z.number().min(0).max(1).optional(),
  /** svc extension: relative MAE against the weekly naive p(d-7, h) (the EPF paper's rMAE). */
  rmaeVsWeeklyNaive: z.number().min(0).optional(),
  /** svc extension: the days the metrics were computed over (the engine's own rolling evaluation). */
  evaluatedFrom: z.string().optional(),
  evaluatedTo: z.string().optional(),
});
export const ForecastFreshness = z.strictObject({
  status: z.enum(['fresh', 'stale', 'missing', 'fallback']),
  source: z.string(),
  generatedAt: IsoDateTime,
  observedAt: IsoDateTime.optional(),
});
/** One hour's probability that the price reaches the regulator's max / min cap in force (within 0.5 %, at least 1 UAH/MWh); null where no cap is known. */
export const CapHitPoint = z.strictObject({
  hour: Hour,
  max: z.number().min(0).max(1).nullable(),
  min: z.number().min(0).max(1).nullable(),
});
export const CapHitDay = z.array(CapHitPoint).length(HOURS_PER_DAY);
export const Forecast = z.strictObject({
  source: z.string(),
  model: z.string(),
  baseline: z.string(),
  metrics: ForecastMetrics,
  freshness: ForecastFreshness,
  data: ForecastBook,
  /** Optional (spec: placement not shown): keyed by date like `data`, 24 CapHitPoints per day. */
  capHitProbability: z.record(z.string(), CapHitDay).optional(),
});
export type Forecast = z.infer<typeof Forecast>;

/** The calendar gaps of a book over a range (the gaps engine's summary), as the stats and backtest outputs report them. */
export const BookGaps = z.strictObject({
  from: z.string().nullable(),
  to: z.string().nullable(),
  calendarDays: z.number().int(),
  daysWithPrices: z.number().int(),
  missingDays: z.number().int(),
  missing: z.array(z.string()),
});
