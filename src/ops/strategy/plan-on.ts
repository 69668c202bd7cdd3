/**
 * Plans chosen on the forecast: ONE place for the plan, BESS, plan-ahead and backtest operations
 * (docs/forecast.md, "Plans on the forecast"). The schedule is chosen on the day's expected price
 * path (forecast-day.ts: the mean of whole-day scenarios drawn from the day's conformal quantiles,
 * inside the caps), priced as a distribution over those scenarios with its p10–p90 and P(loss)
 * calibrated on the same plan's realised PnL of the 56 days before (engines/pnl-band.ts), turned
 * into a bid sheet with a break-even limit per hour, and, where the day's prices are known,
 * settled at them beside the perfect-foresight optimum.
 */
import { z } from 'zod';
import { addDays, calendarDayOf } from '../../domain/dates.js';
import { hourlyPrices } from '../../domain/hourly.js';
import { SvcError } from '../../domain/errors.js';
import { PriceBook } from '../../domain/prices.js';
import type { BessPlan, TradingPlan } from '../../domain/plans.js';
import type { BessSettings, TradingSettings } from '../../domain/settings.js';
import { planBess } from '../../engines/bess.js';
import { planSpread } from '../../engines/strategy.js';
import { bessBids, pnlDistribution, settleBess, settleSpread, spreadBids, type ForecastDaySettlement, type HourBid, type PnlDistribution } from '../../engines/settle.js';
import { calibratedPnlBand, type PnlCalibrationDay } from '../../engines/pnl-band.js';
import { HISTORY_DAYS, MIN_HISTORY_DAYS, MIN_SCENARIOS, MODEL_NAME } from '../forecast/forecast-model.js';
import type { DayForecastFor } from '../forecast/forecast-day.js';
import { QUANTILE_LEVELS } from '../../engines/forecast/bands.js';
import type { OpContext } from '../types.js';

export const PlanOn = z.enum(['actual', 'forecast']);

/** Days of caller-supplied `history` a plan on the forecast accepts: what a forecast reads (the longest window, its lags, the warm-up, the metric days). */
export const MAX_HISTORY_DAYS = HISTORY_DAYS;

/** `history` of a plan on the forecast: at most MAX_HISTORY_DAYS days (older days would not be read). */
export const PlanHistory = PriceBook.refine((v) => Object.keys(v).length <= MAX_HISTORY_DAYS, { message: `at most ${MAX_HISTORY_DAYS} days: a forecast reads no further back` });

const Hour = z.number().int().min(0).max(23);
export const PlanForecast = z.strictObject({
  model: z.string(),
  /** The price path the schedule was chosen on: `mean` (expected prices; the default) or `p50` (too few scenario days). */
  plannedOn: z.enum(['mean', 'p50']),
  /** The levels of every hour's `quantiles` (p05…p95, ascending; 0.1, 0.5 and 0.9 are p10, p50, p90). */
  quantileLevels: z.array(z.number().gt(0).lt(1)).min(1).describe('The levels of every hour’s `quantiles`, ascending: 0.05, 0.1, 0.2, …, 0.9, 0.95 (0.1, 0.5 and 0.9 are p10, p50 and p90).'),
  hours: z
    .array(
      z.strictObject({
        hour: Hour,
        p10: z.number(),
        p50: z.number(),
        p90: z.number(),
        /** The predictive distribution of the hour: one price per `quantileLevels`, non-decreasing, inside the caps. */
        quantiles: z.array(z.number()).describe('The hour’s predictive distribution (UAH/MWh): the locally scaled split-conformal quantile at each of `quantileLevels`, non-decreasing, inside the caps; the whole-day scenarios behind `pnl` are drawn from them (ECC-Q).'),
        mean: z.number(),
        minCap: z.number(),
        maxCap: z.number().nullable(),
      }),
    )
    .length(24),
  /** Days of recent out-of-sample errors behind the scenarios (and the skill). */
  scenarioDays: z.number().int(),
  skill: z.strictObject({ days: z.number().int(), maeUahMwh: z.number().nullable(), rmaeVsNaive: z.number().nullable() }),
  /** svc extension: the exogenous inputs of the forecast and where they came from (`prices only` when none). */
  inputs: z.string().optional(),
});
/** A forecast as a risk report or a brief names it when its prices are that forecast. */
export const PricesForecastSchema = z.strictObject({ model: z.string().min(1).max(1000), rmaeVsNaive: z.number().nullable(), days: z.number().int().min(0) });

export const PlanPnl = z.strictObject({
  expectedUah: z.number(),
  p10Uah: z.number(),
  p90Uah: z.number(),
  probabilityOfLoss: z.number(),
  scenarios: z.number().int(),
  band: z
    .enum(['conformal', 'scenarios'])
    .describe(
      'Where p10Uah, p90Uah and probabilityOfLoss come from: `conformal`, expectedUah plus the split-conformal p10/p90 of the realised − expected PnL of the same plan chosen on each of the last 56 days’ own forecasts (docs/forecast.md, “Plans on the forecast”); `scenarios`, the PnL over the scenarios alone (fewer than 14 such days; measured too narrow).',
    ),
  /** Days behind a conformal band (0 for `scenarios`). */
  calibrationDays: z.number().int(),
});
export const PlanBid = z.strictObject({ hour: Hour, side: z.enum(['buy', 'sell']), volumeMwh: z.number(), limitPriceUahMwh: z.number() });

export const PlanSettlement = z.strictObject({
  planOn: z.literal('forecast'),
  /** The p50 forecast of the day (UAH/MWh, hours 0..23). */
  forecastP50: z.array(z.number()).length(24),
  /** The path the plan was chosen on (`forecast.plannedOn`). */
  plannedPrices: z.array(z.number()).length(24),
  realisedPnlUah: z.number(),
  perfectForesightPnlUah: z.number(),
  captureRatio: z.number().nullable(),
});

/** What a plan on the forecast adds to the plan: the forecast, the PnL distribution, the bid sheet. */
export const planOnForecastFields = {
  forecast: PlanForecast.optional(),
  /** PnL of the schedule over the scenarios (null: no scenario day); at the planned prices the plan's own total is `expectedUah`. */
  pnl: PlanPnl.nullable().optional(),
  /** One row per scheduled hour with its break-even limit; svc prepares, a person approves and submits. */
  bids: z.array(PlanBid).optional(),
};

const SettledMonth = z.strictObject({ realisedPnlUah: z.number(), perfectForesightPnlUah: z.number(), captureRatio: z.number().nullable() });
export const ForecastPlansSummary = z.strictObject({
  days: z.number().int(),
  /** Days of the range without enough history before them to forecast (left out of these totals). */
  skippedDays: z.array(z.string()),
  /** Days that could not be planned on their forecast, and why (left out of these totals; the run goes on). */
  failedDays: z.array(z.strictObject({ date: z.string(), reason: z.string() })),
  monthly: z.array(
    z.strictObject({
      month: z.string(),
      days: z.number().int(),
      realisedPnlUah: z.number(),
      perfectForesightPnlUah: z.number(),
      captureRatio: z.number().nullable(),
      /** Each plan that ran, on its own (the fields above are their sum). */
      spread: SettledMonth.optional(),
      bess: SettledMonth.optional(),
    }),
  ),
});

/** A plan engine as plans on the forecast use it. */
export interface PlanEngine<S, P> {
  plan(prices: number[], s: S): P;
  settle(plan: P, prices: readonly number[], s: S): number;
  bids(plan: P, planned: readonly number[], s: S): HourBid[];
  total(plan: P): number;
}
export const SPREAD: PlanEngine<TradingSettings, TradingPlan> = { plan: planSpread, settle: settleSpread, bids: spreadBids, total: (p) => p.netPnlUah };
export const BESS: PlanEngine<BessSettings, BessPlan> = { plan: planBess, settle: settleBess, bids: bessBids, total: (p) => p.netProfitUah };

/** An engine error on forecast prices says so and names the day. */
export function onForecastPrices<T>(date: string, run: () => T): T {
  try {
    return run();
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw SvcError.validation(`forecast prices for ${date} could not be planned: ${why}`, [{ path: 'forecast', message: `forecast prices of ${date}` }], 'forecast_prices');
  }
}

export type PlanPnlBand = PnlDistribution & { band: 'conformal' | 'scenarios'; calibrationDays: number };

export interface PlanOnForecast<P> {
  plan: P;
  forecast: z.infer<typeof PlanForecast>;
  pnl: PlanPnlBand | null;
  bids: HourBid[];
}

/** A recent day behind the PnL band's calibration: its own forecast (from the days before it) and the prices that cleared. */
export interface CalibrationDay {
  f: Pick<DayForecastFor, 'date' | 'mean' | 'scenarios'>;
  actual: number[];
}

/**
 * The plan chosen on each calibration day's forecast, as the PnL band's calibration reads it:
 * expected over that day's scenarios, realised at its prices. A day with too few scenarios (its
 * plan was not on the mean), or one the engine cannot plan, is left out.
 */
export function calibrationOf<S, P>(engine: PlanEngine<S, P>, past: readonly CalibrationDay[], settings: S): PnlCalibrationDay[] {
  const out: PnlCalibrationDay[] = [];
  for (const { f, actual } of past) {
    if (f.scenarios.length < MIN_SCENARIOS) continue;
    let plan: P;
    try {
      plan = engine.plan(f.mean, settings);
    } catch {
      continue;
    }
    const expectedUah = f.scenarios.reduce((a, sc) => a + engine.settle(plan, sc, settings), 0) / f.scenarios.length;
    out.push({ expectedUah, realisedUah: engine.settle(plan, actual, settings) });
  }
  return out;
}

/**
 * The plan's PnL over the day's scenarios, its band calibrated on the recent days where there are
 * enough of them (engines/pnl-band.ts), else the scenarios' own p10–p90.
 */
export function pnlOnForecast<S, P>(engine: PlanEngine<S, P>, plan: P, f: DayForecastFor, settings: S, past: readonly CalibrationDay[]): PlanPnlBand | null {
  const d = pnlDistribution((prices) => engine.settle(plan, prices, settings), f.scenarios);
  if (!d) return null;
  const c = calibratedPnlBand(d.expectedUah, calibrationOf(engine, past, settings));
  if (!c) return { ...d, band: 'scenarios', calibrationDays: 0 };
  return { ...d, p10Uah: c.p10Uah, p90Uah: c.p90Uah, probabilityOfLoss: c.probabilityOfLoss, band: 'conformal', calibrationDays: c.days };
}

const clampLimit = (v: number, f: DayForecastFor, h: number): number => {
  const hi = f.maxCap[h];
  return Math.max(f.minCap[h] as number, hi === null || hi === undefined ? v : Math.min(hi, v));
};

/** The schedule chosen on a day's forecast, its PnL over the scenarios and its bid sheet. */
export function planOnForecast<S, P>(engine: PlanEngine<S, P>, f: DayForecastFor, settings: S, past: readonly CalibrationDay[] = []): PlanOnForecast<P> {
  const plan = onForecastPrices(f.date, () => engine.plan(f.mean, settings));
  const bids = engine.bids(plan, f.mean, settings).map((b) => ({ ...b, limitPriceUahMwh: clampLimit(b.limitPriceUahMwh, f, b.hour) }));
  return {
    plan,
    forecast: {
      model: MODEL_NAME,
      plannedOn: f.plannedOn,
      quantileLevels: [...QUANTILE_LEVELS],
      hours: f.p50.map((p50, hour) => ({ hour, p10: f.p10[hour] as number, p50, p90: f.p90[hour] as number, quantiles: (f.quantiles[hour] as number[]).slice(), mean: f.mean[hour] as number, minCap: f.minCap[hour] as number, maxCap: f.maxCap[hour] ?? null })),
      scenarioDays: f.scenarios.length,
      skill: f.skill,
      ...(f.inputs ? { inputs: f.inputs } : {}),
    },
    pnl: pnlOnForecast(engine, plan, f, settings, past),
    bids,
  };
}

/** What settling a plan reads of a day's forecast (a backtest sends no more to the pool). */
export type ForecastPath = Pick<DayForecastFor, 'date' | 'mean' | 'p50'>;

/** The plan on the forecast of `date` settled at its actual prices, beside the plan on those prices. */
export function settleOnForecast<S, P>(engine: PlanEngine<S, P>, f: ForecastPath, actual: number[], settings: S, plan: P): z.infer<typeof PlanSettlement> {
  const realised = engine.settle(plan, actual, settings);
  const perfect = engine.total(engine.plan(actual, settings));
  return { planOn: 'forecast', forecastP50: f.p50, plannedPrices: f.mean, realisedPnlUah: realised, perfectForesightPnlUah: perfect, captureRatio: perfect > 0 ? realised / perfect : null };
}

/** The plans of a backtest day chosen on its forecast (both, or the one given), settled at the actual prices, beside their optima. */
export function settleDayOnForecast<S1, P1, S2, P2>(f: ForecastPath, actual: number[], spread: [PlanEngine<S1, P1>, S1] | null, bess: [PlanEngine<S2, P2>, S2] | null): ForecastDaySettlement {
  const one = <S, P>([engine, s]: [PlanEngine<S, P>, S]) => {
    const r = settleOnForecast(engine, f, actual, s, onForecastPrices(f.date, () => engine.plan(f.mean, s)));
    return { realisedPnlUah: r.realisedPnlUah, perfectForesightPnlUah: r.perfectForesightPnlUah };
  };
  const a = spread ? one(spread) : undefined;
  const b = bess ? one(bess) : undefined;
  return {
    tradeDate: f.date,
    realisedPnlUah: (a?.realisedPnlUah ?? 0) + (b?.realisedPnlUah ?? 0),
    perfectForesightPnlUah: (a?.perfectForesightPnlUah ?? 0) + (b?.perfectForesightPnlUah ?? 0),
    ...(a ? { spread: a } : {}),
    ...(b ? { bess: b } : {}),
  };
}

/** A complete day's 24 prices, or null (a clock-change day, a gap). */
function fullDay(book: PriceBook, date: string): number[] | null {
  const day = book[date];
  if (!day || new Set(day.map((p) => p.hour)).size !== 24) return null;
  return hourlyPrices(day);
}

/**
 * The forecast of one trade date from `history` (its days before it), or a 400 saying the history
 * is too short; with the forecasts of the SCENARIO_DAYS days before it that have prices in
 * `history` (each from the days before it), the calibration days of the PnL band.
 */
export async function forecastForDay(ctx: OpContext, sentDate: string, history: PriceBook, onProgress?: (done: number, total: number) => void): Promise<{ forecast: DayForecastFor; past: CalibrationDay[] }> {
  // Bodies take any string for tradeDate; a forecast needs the calendar day (DD.MM.YYYY or YYYY-MM-DD).
  const tradeDate = calendarDayOf(sentDate);
  if (tradeDate === null) {
    throw SvcError.validation('planOn forecast: tradeDate must name a calendar day (DD.MM.YYYY or YYYY-MM-DD) to forecast it', [
      { path: 'tradeDate', message: 'not a recognisable day' },
    ]);
  }
  // Loaded here, not at the top: a plan on actual prices (every cold `svc plan`) needs none of the
  // forecast's fitting, store and worker-pool modules.
  const { forecastsForPlans, SCENARIO_DAYS } = await import('../forecast/forecast-day.js');
  const pastDates = Array.from({ length: SCENARIO_DAYS }, (_, i) => addDays(tradeDate, i - SCENARIO_DAYS)).filter((d) => fullDay(history, d) !== null);
  const all = await forecastsForPlans(history, [...pastDates, tradeDate], { ctx, ...(onProgress ? { onProgress } : {}) });
  const f = all.get(tradeDate);
  if (!f) {
    throw SvcError.validation(
      `planOn forecast: not enough price history before ${tradeDate} to forecast it: the shortest calibration window needs the ${MIN_HISTORY_DAYS} days before it (a book that reaches back that far; over HTTP, \`history\`)`,
      [{ path: 'history', message: 'too short to forecast the trade date' }],
      'insufficient_history',
    );
  }
  const past: CalibrationDay[] = [];
  for (const d of pastDates) {
    const g = all.get(d);
    if (g) past.push({ f: g, actual: fullDay(history, d) as number[] });
  }
  return { forecast: f, past };
}
