/** forecast.evaluate's input and output (forecast-evaluate.ts runs it; forecast-evaluate-view.ts is its CLI binding). */
import { z } from 'zod';
import { TradeDate } from '../../domain/common.js';
import { PriceBook } from '../../domain/prices.js';
import { EXOG_MODES } from './forecast-exog.js';

const Day24 = z.array(z.number()).length(24);
const Scores = z.record(z.string(), z.number());

export const ForecastEvaluateRequest = z.strictObject({
  /** Hourly prices (may be negative) and optional exogenous series, one row of 24 per day. */
  series: z.strictObject({ dates: z.array(TradeDate), prices: z.array(Day24), exog: z.array(z.array(Day24)).optional() }).optional(),
  /** Or an OREE price book (the CLI's book file): its days as the series, an hour it lacks 0. */
  priceBook: PriceBook.optional().describe('An OREE price book instead of series (CLI: the book file): its days, each hour it lacks 0; DAM caps unless damCaps is false'),
  from: TradeDate.optional(),
  to: TradeDate.optional(),
  /** Clip to and score against the DAM caps table (OREE books). Default: true with priceBook, false with series. */
  damCaps: z.boolean().optional(),
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

export const ExogSource = z.strictObject({
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
