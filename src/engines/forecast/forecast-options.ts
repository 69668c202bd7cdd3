/**
 * The forecast's options and defaults (the LEAR members, the combination, the regime rule, the
 * bands, the cap-hit pooling), the shapes of its results, and the warm-up a range needs: what
 * callers of rolling.ts configure and read, apart from the computation itself.
 */
import { DEFAULT_LEAR, type LearOptions } from './members.js';
import { H } from './series.js';
import { DEFAULT_BANDS, type BandOptions } from './bands.js';
import type { CapHitOptions } from './caphit.js';

export interface ForecastOptions {
  lear: LearOptions;
  /** Days of past forecasts the combination weights are fitted on (0: the plain mean of the members). */
  combineDays: number;
  /**
   * Share of the weight moved from the fitted (LAD) weights to equal weights on the members: the
   * fitted weights chase the last weeks' errors, the equal ones are the steadier forecast
   * average. 0 keeps the LAD weights, 1 is the plain mean of the members.
   */
  shrink: number;
  /**
   * Averaging across the combination's calibration windows: the LAD weights are fitted on the
   * last n days for each n listed (each at most combineDays, which bounds the warm-up) and
   * averaged before the shrinkage. Absent: [combineDays], one LAD.
   */
  combineWindows?: readonly number[];
  /**
   * Blocks of delivery hours with their own combination weights (each block's hours of the same
   * days are the rows of its LAD); one block of all 24 hours is a single set of weights.
   */
  hourBlocks: readonly (readonly number[])[];
  /**
   * Regime awareness after a known change of the caps in force (capsOf of day t differs from that
   * of t − 1 in some hour): for `days` days from the change, the combination weights are fitted
   * only on the days since the change — the old regime's errors say little about the new one —
   * as soon as `minDays` of them exist, and before that the components are combined with the
   * weights `fallback` (members: the plain mean of the members, as in the warm-up; `naive1`: half
   * on the members' mean, half on d-1, the one component that already prices the new regime).
   * The equal-weight share of `shrink` goes, for those days, to the members whose window is at
   * most `shortWindow` (the ones that learn the new regime first) and, with `caps`, to the members
   * on the caps too (they price the new caps from the first day). days 0: off.
   */
  regime: { days: number; minDays: number; fallback: 'members' | 'naive1'; shortWindow: number; caps?: boolean };
  bands: BandOptions;
  /** Cap-hit probabilities pooled with their causal climatology (caphit.ts). */
  capHit: CapHitOptions;
}

/** One block: a single set of combination weights for all 24 hours. */
export const ALL_HOURS: readonly (readonly number[])[] = [Array.from({ length: H }, (_, h) => h)];

const hours = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

/** Night (23–07), morning (07–11), day (11–17), evening peak (17–23): the hour bands of the DAM caps from 06.2024 (R4). */
export const FOUR_BLOCKS: readonly (readonly number[])[] = [[...hours(0, 7), 23], hours(7, 11), hours(11, 17), hours(17, 23)];

/** The short members' longest window (days): the ones that learn a new regime first. */
const SHORT_WINDOW = 84;

/** The model chosen on OREE 2023 and 2024 together (docs/forecast.md, "Model choice across years"). */
export const DEFAULT_FORECAST: ForecastOptions = {
  lear: DEFAULT_LEAR,
  combineDays: 28,
  // The LAD weights of the last 14 and of the last 28 days, averaged: better than the one LAD on 28 days on both 2023 and 2024 (docs/forecast.md, "Averaging the combination across its calibration windows").
  combineWindows: [14, 28],
  shrink: 0.25,
  hourBlocks: FOUR_BLOCKS,
  // minDays 7: half d-1 for the first week after a cap change, while the short members still mix the regimes (docs/forecast.md, "Regime awareness, variants").
  // caps: after a cap change the members on the caps share the equal-weight quarter (and the first week's mean) with the short members: better on both 2023 and 2024 (docs/forecast.md, "After a cap change, the members on the caps").
  // days 84, the short members' longest window: the regime's weighting lasts until that member's window holds only days since the change; 56 before 2026-12-07 (better on both 2023 and 2024: docs/forecast.md, "The combination's knobs on the shipped model").
  regime: { days: SHORT_WINDOW, minDays: 7, fallback: 'naive1', shortWindow: SHORT_WINDOW, caps: true },
  bands: { ...DEFAULT_BANDS, scaleDays: 7 },
  // 12 % on the climatology of the days with the same cap: the least pooled Brier score of 2023 and 2024 with skill ≥ 0.029 in each (docs/forecast.md, "Cap-hit probabilities").
  capHit: { climateDays: 364, climate: 'sameCap', shrink: { max: 0.12, min: 0.12 } },
};

/** Caps in force on a day, per hour (NaN where the table has no number). */

export interface DayForecast {
  /** Series index of the delivery day. */
  t: number;
  p10: Float64Array;
  p50: Float64Array;
  p90: Float64Array;
  /**
   * The full predictive distribution: per level of `bands.quantiles` (ascending), 24 prices
   * p50 + the conformal residual quantile of that level, held on p50's side (a level below 0.5
   * never above p50) and to the caps; non-crossing. Levels 0.1, 0.5 and 0.9 equal p10, p50, p90.
   */
  quantiles: Float64Array[];
  /** The plain mean of the members' LEAR forecasts (each clipped to the caps), before combination. */
  raw: Float64Array;
  /** Combination weights: one per ensemble member (0 where its window had too little history), then d-1, then d-7. */
  weights: Float64Array;
  /** The weight on the naive prices (d-1 and d-7 together). */
  naiveWeight: number;
  /** Ensemble members whose windows had enough history. */
  members: number;
  /** Per hour P(price at the max cap) and P(price at the min cap); null where no cap is known. */
  capHit: { max: (number | null)[]; min: (number | null)[] } | null;
}

export interface RollingRun {
  days: DayForecast[];
  /** Days whose forecast could not be made (too little history). */
  skipped: number[];
  /**
   * The out-of-sample errors actual − p50 of every fitted day (the range and its warm-up), one row
   * of 24 per day from `fittedFrom` on, NaN where a day has no forecast or no price: the residuals
   * the bands are drawn from, for whole-day price scenarios (src/ops/forecast/forecast-day.ts).
   */
  residuals: Float64Array;
  fittedFrom: number;
}

/**
 * Days fitted before a range: the band of its first day reads the errors of the bands.days days
 * before it, and each of those days' p50 the combineDays days before that, so a day's forecast is
 * the same bits whatever range it is forecast in (a day alone, a month, a year).
 */
export const warmupDays = (o: ForecastOptions): number => o.combineDays + o.bands.days + o.bands.scaleDays;

/** Days whose members are fitted for a forecast of from..to: the range and its warm-up. */
export const fittedRange = (from: number, to: number, o: ForecastOptions): [number, number] => [Math.max(7, from - warmupDays(o)), to];
