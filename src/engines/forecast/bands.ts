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
}

export const DEFAULT_BANDS: BandOptions = { days: 56, span: 1, lower: 0.1, upper: 0.9 };

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

/** The conformal [q_lo, q_hi] of a sorted sample; [0, 0] for an empty one. */
export function conformalQuantiles(sorted: Float64Array, lower: number, upper: number): [number, number] {
  const n = sorted.length;
  if (n === 0) return [0, 0];
  const lo = Math.min(Math.max(Math.floor((n + 1) * lower), 1), n) - 1;
  const hi = Math.min(Math.max(Math.ceil((n + 1) * upper), 1), n) - 1;
  return [sorted[lo] as number, sorted[hi] as number];
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
