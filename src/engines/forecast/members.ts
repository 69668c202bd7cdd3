/**
 * The ensemble's members: what a member is (a LEAR of lear.ts, or a kernel member of kernel.ts;
 * its window, transform, space and regime cut) and the shipped ensemble, DEFAULT_LEAR.
 */
import { DEFAULT_LASSO, type LassoOptions } from './lasso.js';

/** The variance-stabilising transform of a member: median/MAD + asinh, or N-PIT (scaling.ts). */
export type Transform = 'asinh' | 'npit';

/** One LEAR of the ensemble: its calibration window in days and its transform. */
export interface LearMember {
  window: number;
  transform: Transform;
  /**
   * Regime awareness: when a known break (DailySeries.breaks) lies inside the window and at least
   * this many days have passed since it, the member is fitted on the days from the break only —
   * the old regime's prices do not teach it the new one. Absent: the whole window, always.
   */
  sinceBreak?: number;
  /**
   * `caps`: the member sees each price as its position inside the caps in force at that hour,
   * u = (p − floor)/(max cap − floor) (DailySeries.caps), lags and targets alike, and its forecast
   * of u is mapped back with the caps of the forecast day, published before it. A cap change then
   * moves the forecast at once, as the market's range moved. Where there is no band (a market
   * without caps, a day before the first one with a max cap at every hour) the member is left out,
   * as a member whose window is longer than the history. Absent: prices.
   */
  space?: 'caps';
  /**
   * A kernel member (kernel.ts): kernel ridge regression on the window's design (asinh or N-PIT, as
   * its transform) instead of a LEAR (it is not on the caps: kernel.ts refuses it).
   * Absent: a LEAR.
   */
  kernel?: KernelOptions;
}

/** A kernel member's settings (kernel.ts). */
export interface KernelOptions {
  /** Squared length scale in units of the columns' count (1: half the mean squared distance of two rows). */
  bandwidth: number;
  /** Ridge added to the kernel's diagonal. */
  ridge: number;
  /** The days back whose 24 prices the kernel reads (each one of PRICE_LAGS); absent: [1]. */
  lags?: readonly number[];
  /** The days back (each one of EXOG_LAGS, 0 = the day itself) whose 24 values of each exogenous series the kernel reads; absent: [0]. */
  exogLags?: readonly number[];
}

export interface LearOptions {
  members: LearMember[];
  lasso: LassoOptions;
}

/**
 * asinh LEARs on 56 and 84 days follow regime changes; two to four years carry seasonality (1,092
 * and 1,456 are the long windows of the published LEAR ensemble); N-PIT LEARs on the two short
 * windows and on 1,092 days add the diversity of a rank-based transform (docs/forecast.md). A
 * member whose window is longer than the history is skipped. The four short members are
 * regime-aware (sinceBreak 7, chosen over 14 and 10 on OREE 2023 and 2024 together): a week after a
 * cap change they fit on the new regime only. The 364- and 728-day windows have twins on the caps
 * (space 'caps', both transforms; chosen on OREE 2023 and 2024 together, docs/forecast.md "Members
 * on the caps"): they carry the seasonality of a year across cap changes; on a market without caps
 * they are left out, so the EPF markets keep the eight LEARs on prices. The members were re-chosen
 * over OREE 2023, 2024 and the five EPF test periods together (docs/forecast.md "The members
 * re-chosen on the seven sets"): the asinh LEAR on 364 days of prices, the dearest to fit, gave way
 * to the N-PIT one on 1,092 days (better on the seven sets and on the untouched EPF days; on OREE
 * it has a whole window only from the last days of 2024, so it was scored on the EPF markets). Three kernel members
 * (kernel.ts: kernel ridge regression on 364 days, ridge 0.03; on the asinh design with bandwidths 2
 * and 4, on the N-PIT design with bandwidth 8; chosen over OREE 2023, 2024 and the five EPF
 * test periods together, docs/forecast.md "Kernel members") add a nonlinear function of d-1's
 * prices and the day's inputs, whose errors differ from the LEARs', on every market.
 */
export const DEFAULT_LEAR: LearOptions = {
  members: [
    ...[56, 84, 728, 1092, 1456].map((window) => ({ window, transform: 'asinh' as const, ...(window <= 84 ? { sinceBreak: 7 } : {}) })),
    ...[56, 84].map((window) => ({ window, transform: 'npit' as const, sinceBreak: 7 })),
    { window: 1092, transform: 'npit' as const },
    ...(['asinh', 'npit'] as const).flatMap((transform) => [364, 728].map((window) => ({ window, transform, space: 'caps' as const }))),
    ...[2, 4].map((bandwidth) => ({ window: 364, transform: 'asinh' as const, kernel: { bandwidth, ridge: 0.03 } })),
    { window: 364, transform: 'npit' as const, kernel: { bandwidth: 8, ridge: 0.03 } },
  ],
  lasso: DEFAULT_LASSO,
};
