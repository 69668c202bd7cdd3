/**
 * Glue between the forecast engine and the records of the spec, shared by the forecast operation,
 * the CLI and the plan-on-forecast options: the caps of the DAM table as the engine's per-hour
 * arrays, the engine's days as ForecastBook / capHitProbability records, and the model's name.
 * No schema library here, so the CLI can use it cheaply.
 */
import { createHash } from 'node:crypto';
import { daysBefore } from '../../domain/dates.js';
import type { PriceBook } from '../../domain/prices.js';
import type { CapsTable } from '../../data/caps.js';
import { forecastCapsTable } from './forecast-caps.js';
import { H, DEFAULT_FORECAST, capBand, capBreaks, describeMembers, tradeDateOf, type DailySeries, type DayCaps, type DayForecast, warmupDays } from '../../engines/forecast/index.js';

/** History a forecast day needs before it: the shortest member's calibration window. */
export const MIN_HISTORY_DAYS = Math.min(...DEFAULT_FORECAST.lear.members.map((m) => m.window));

/** Fewest scenario days behind a plan on the mean path (and its PnL distribution; forecast-day.ts). */
export const MIN_SCENARIOS = 14;

/** Days of the engine's own rolling evaluation behind GET /api/forecast's `metrics`. */
export const METRICS_DAYS = 28;

/**
 * Days of history before a month that make its forecasts (and the metric days before it) the
 * forecasts a complete book gives: the longest member's window and its 7 lag days, the warm-up of
 * the rolling run, and the metric days.
 */
export const HISTORY_DAYS = Math.max(...DEFAULT_FORECAST.lear.members.map((m) => m.window)) + 7 + warmupDays(DEFAULT_FORECAST) + METRICS_DAYS;

/** The days of `book` a forecast of `date` reads: the HISTORY_DAYS before it (what a caller need send as `history`). */
export function historyWindow(book: PriceBook, date: string): PriceBook {
  return daysBefore(book, date, HISTORY_DAYS);
}

/** The model in one line (≤ 1,000 characters: the bound of a model name in the plan and brief inputs, PricesForecastSchema). */
export const MODEL_NAME = `LEAR ensemble with kernel ridge members (${describeMembers(DEFAULT_FORECAST.lear.members)}; refitted daily) with the d-1 and d-7 prices, least-absolute-deviation weights over the last ${(DEFAULT_FORECAST.combineWindows ?? [DEFAULT_FORECAST.combineDays]).join(' and ')} days averaged, per block of hours (${DEFAULT_FORECAST.hourBlocks.length}; after a cap change the days since it${DEFAULT_FORECAST.regime.caps ? ', the equal share on the short and on-caps members' : ''}), ${Math.round(DEFAULT_FORECAST.shrink * 100)} % shrunk to equal member weights; locally scaled conformal quantiles p05…p95; cap-hit probabilities pooled ${Math.round(DEFAULT_FORECAST.capHit.shrink.min * 100)} % with the same cap's climatology`;
/**
 * Bumped whenever the engine's numbers change for the same options (a new solver, a new
 * transform): with the options, it keys the stored fits, so an upgrade never serves a forecast of
 * the previous model from the cache.
 */
export const MODEL_REVISION = '2026-12-07 (seventh session): the asinh LEAR on 364 days of prices replaced by an N-PIT one on 1092 days; 2026-12-07 (sixth session): a third kernel member, on the N-PIT design (bandwidth 8), and the kernels’ solve in two triangular sweeps; 2026-12-07 (fifth session): two kernel ridge members on 364 days; 2026-12-07 (later): the refit\'s coefficients solved from its final active set, started from the day before\'s; 2026-12-07 issue 28: after a cap change the members on the caps share the equal weights with the short ones; 2026-12-06: members on the caps (364/728 days, asinh and N-PIT); since-break members after 7 days, half d-1 for the first week after a break, hour blocks, scaled bands, quantiles';
export const MODEL_FINGERPRINT = createHash('sha256').update(MODEL_REVISION).update(JSON.stringify(DEFAULT_FORECAST)).digest('hex').slice(0, 16);
/**
 * The forecast scores that are prices (the series' unit; UAH/MWh for OREE books), rounded to 0.01
 * like every price (present.ts): the errors `mae` and `rmse`, the pinball losses and the CRPS. The
 * ratios and scores beside them (rmaeVs…, coverage, smape, Brier, Diebold–Mariano) are not rounded.
 */
export const FORECAST_SCORE_UNITS = { mae: 'uahPerMwh', rmse: 'uahPerMwh', pinball: 'uahPerMwh', pinballQuantiles: 'uahPerMwh', crps: 'uahPerMwh' } as const;
export const BASELINE_NAME = 'standard EPF naive (d-1 Tue–Fri, d-7 Mon/Sat/Sun)';

/**
 * The caps each series day's forecast is held to (forecast-caps.ts: the DAM caps in force, a
 * partial regime completed from the one it follows, a floor never at or below zero), as the
 * engine's per-hour arrays (memoised per day). Also records on `s` the days the caps change
 * (s.breaks), which the regime-aware members read, and the band of the caps of every day (s.caps),
 * which the members on the caps read.
 */
export function damCapsOf(table: CapsTable | null, s: DailySeries): (t: number) => DayCaps | null {
  const capsOn = forecastCapsTable(table);
  const capsOf = (t: number): DayCaps | null => capsOn(tradeDateOf(s.startDay + t));
  // The days the caps change are known breaks of the market's regime (engines/forecast lear.ts sinceBreak).
  s.breaks = capBreaks(capsOf, s.nDays);
  // The caps in force, hour by hour, for the members on the price's position inside them (lear.ts space).
  // One day more than the prices: the day after the data is the one a forecast is for.
  const band = capBand(capsOf, s.nDays + 1);
  if (band) s.caps = band;
  return capsOf;
}

export interface ForecastPointRecord {
  hour: number;
  p10: number;
  p50: number;
  p90: number;
}

export interface CapHitRecord {
  hour: number;
  /** P(price at the max cap in force, within the tolerance); null where the table has no number. */
  max: number | null;
  min: number | null;
}

const nonNegative = (v: number): number => (v > 0 ? v : 0);

/** A day's ForecastPoints (negative values, possible only on markets without a floor, shown as 0). */
export function forecastPoints(d: DayForecast): ForecastPointRecord[] {
  return Array.from({ length: H }, (_, h) => ({ hour: h, p10: nonNegative(d.p10[h] as number), p50: nonNegative(d.p50[h] as number), p90: nonNegative(d.p90[h] as number) }));
}

export function capHitPoints(d: DayForecast): CapHitRecord[] | null {
  if (!d.capHit) return null;
  const { max, min } = d.capHit;
  return Array.from({ length: H }, (_, h) => ({ hour: h, max: max[h] ?? null, min: min[h] ?? null }));
}
