/**
 * Predictive bands and cap-hit probabilities from out-of-sample residuals (split-conformal, rolling).
 *
 * For day d, the residuals e = actual − p50 of the forecasts made for the `days` days before d
 * (each made, in turn, only from data before its own day) form the predictive sample of hour h,
 * pooled with the hours h ± span to steady the tails. The band is [p50 + q_lo, p50 + q_hi] with
 * q_lo the ⌊(n+1)·lower⌋-th and q_hi the ⌈(n+1)·upper⌉-th order statistic of the n residuals — the
 * split-conformal quantiles, which cover at the nominal rate when residuals are exchangeable. The
 * same sample gives P(price reaches the cap) as the share of p50 + e at or beyond the cap (within
 * a tolerance). Nothing after day d − 1 is read.
 */
import { H } from './series.js';

export interface BandOptions {
  /** Days of residuals behind each band. */
  days: number;
  /** Hours pooled either side of the delivery hour. */
  span: number;
  lower: number;
  upper: number;
  /**
   * Locally scaled (normalised) conformal bands: 0 off; else each day's residuals are divided by
   * that day's scale, the mean absolute residual over all hours of the `scaleDays` days before
   * it (known before the day), and the sample's quantiles are multiplied by the forecast day's
   * own scale — so the band widens within days of a jump in volatility (a cap change, a crisis)
   * instead of waiting for `days` days of new residuals to outnumber the old.
   */
  scaleDays: number;
  /**
   * Levels of the full predictive distribution (DayForecast.quantiles), ascending, in (0, 1): each
   * the conformal quantile of the same residual sample as the band (0.5 is p50 itself).
   */
  quantiles: readonly number[];
}

/** p05, p10, p20, …, p80, p90, p95: eleven levels of the predictive distribution. */
export const QUANTILE_LEVELS: readonly number[] = [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95];

export const DEFAULT_BANDS: BandOptions = { days: 56, span: 1, lower: 0.1, upper: 0.9, scaleDays: 0, quantiles: QUANTILE_LEVELS };

/** Residual sample of hour h from the residual matrix rows [from, to) (NaN rows skipped), sorted ascending. */
export function residualSample(res: Float64Array, from: number, to: number, h: number, span: number): Float64Array {
  const out: number[] = [];
  for (let d = Math.max(from, 0); d < to; d++) {
    for (let j = Math.max(0, h - span); j <= Math.min(H - 1, h + span); j++) {
      const e = res[d * H + j] as number;
      if (!Number.isNaN(e)) out.push(e);
    }
  }
  return Float64Array.from(out).sort();
}

/**
 * The normalised residual sample of hour h (residualSample with each residual of day d divided by
 * scale[d], days without a positive scale skipped), multiplied by `now`, sorted ascending.
 */
export function scaledResidualSample(res: Float64Array, scale: Float64Array, from: number, to: number, h: number, span: number, now: number): Float64Array {
  const out: number[] = [];
  for (let d = Math.max(from, 0); d < to; d++) {
    const sd = scale[d] as number;
    if (!(sd > 0)) continue;
    for (let j = Math.max(0, h - span); j <= Math.min(H - 1, h + span); j++) {
      const e = res[d * H + j] as number;
      if (!Number.isNaN(e)) out.push((e / sd) * now);
    }
  }
  return Float64Array.from(out).sort();
}

/** Mean absolute residual over every hour of the rows [from, to) (NaN skipped); NaN when none. */
export function residualScale(res: Float64Array, from: number, to: number): number {
  let sum = 0;
  let n = 0;
  for (let i = Math.max(from, 0) * H; i < to * H; i++) {
    const e = res[i] as number;
    if (!Number.isNaN(e)) {
      sum += Math.abs(e);
      n++;
    }
  }
  return n > 0 ? sum / n : Number.NaN;
}

/** The conformal [q_lo, q_hi] of a sorted sample; [0, 0] for an empty one. */
export function conformalQuantiles(sorted: Float64Array, lower: number, upper: number): [number, number] {
  const n = sorted.length;
  if (n === 0) return [0, 0];
  const lo = Math.min(Math.max(Math.floor((n + 1) * lower), 1), n) - 1;
  const hi = Math.min(Math.max(Math.ceil((n + 1) * upper), 1), n) - 1;
  return [sorted[lo] as number, sorted[hi] as number];
}

/**
 * The conformal residual quantile of level tau: below the median the ⌊(n+1)·tau⌋-th order
 * statistic, above it the ⌈(n+1)·tau⌉-th (as conformalQuantiles), 0 at tau = 0.5 (p50 itself).
 * Monotone in tau, so the quantiles p50 + q(tau) never cross.
 */
export function conformalQuantile(sorted: Float64Array, tau: number): number {
  const n = sorted.length;
  if (n === 0 || tau === 0.5) return 0;
  const k = tau < 0.5 ? Math.floor((n + 1) * tau) : Math.ceil((n + 1) * tau);
  return sorted[Math.min(Math.max(k, 1), n) - 1] as number;
}

/** Absolute tolerance within which a price counts as "at the cap": 0.5 % of the cap, at least 1 UAH/MWh. */
export const capTolerance = (cap: number): number => Math.max(Math.abs(cap) * 0.005, 1);

/** Share of the predictive sample p50 + e at or above cap − tolerance. */
export function probAtMax(p50: number, sorted: Float64Array, cap: number): number {
  if (sorted.length === 0) return p50 >= cap - capTolerance(cap) ? 1 : 0;
  const threshold = cap - capTolerance(cap) - p50;
  let c = 0;
  for (let i = sorted.length - 1; i >= 0 && (sorted[i] as number) >= threshold; i--) c++;
  return c / sorted.length;
}

/** Share of the predictive sample p50 + e at or below cap + tolerance. */
export function probAtMin(p50: number, sorted: Float64Array, cap: number): number {
  if (sorted.length === 0) return p50 <= cap + capTolerance(cap) ? 1 : 0;
  const threshold = cap + capTolerance(cap) - p50;
  let c = 0;
  for (let i = 0; i < sorted.length && (sorted[i] as number) <= threshold; i++) c++;
  return c / sorted.length;
}
