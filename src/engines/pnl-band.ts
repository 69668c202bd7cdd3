/**
 * A calibrated band for the PnL of a plan chosen on a forecast: split-conformal on the plan's money,
 * the rule of the price bands (engines/forecast/bands.ts) applied to the PnL itself.
 *
 * Model: for each recent day d (the calibration days, each with its own forecast from the days
 * before it), the plan chosen on d's expected prices has an expected PnL E(d) over d's scenarios and
 * a realised PnL R(d) at the prices that cleared. The errors r(d) = R(d) − E(d) are the calibration
 * sample; the band of the forecast day D is [E(D) + r_lo, E(D) + r_hi], r_lo the ⌊(n+1)·0.1⌋-th and
 * r_hi the ⌈(n+1)·0.9⌉-th order statistic of the n errors, which covers at least 80 % when the
 * errors are exchangeable (with n = 56: the 5th and the 52nd, 47 / 57 = 82.5 % in expectation).
 * P(loss) is the share of E(D) + r(d) below zero.
 *
 * Why: the PnL over the scenarios alone was measured too narrow (the realised PnL inside its
 * p10–p90 on 62–74 % of the days of 2023 and 2024): errors cluster in time and a plan's PnL sums
 * the errors of the few hours it trades. The realised errors of the same plan on the recent days
 * carry that. Scaling each error by its day's scenario spread was measured too: it over-covers and
 * its band explodes where recent spreads are near zero (days at the caps), docs/forecast.md.
 *
 * Pure; deterministic.
 */
import { conformalQuantiles } from './forecast/bands.js';

/** Fewest calibration days behind a conformal band (else the scenarios' own p10–p90). */
export const MIN_CALIBRATION_DAYS = 14;

export interface PnlCalibrationDay {
  /** The plan's expected PnL over that day's own scenarios. */
  expectedUah: number;
  /** The same plan settled at that day's prices. */
  realisedUah: number;
}

export interface CalibratedPnl {
  p10Uah: number;
  p90Uah: number;
  probabilityOfLoss: number;
  /** Calibration days behind the band. */
  days: number;
}

/** The errors R − E of the calibration days, ascending. */
export function pnlErrors(days: readonly PnlCalibrationDay[]): Float64Array {
  return Float64Array.from(days.map((d) => d.realisedUah - d.expectedUah)).sort();
}

/** The conformal band of a day with expected PnL `expectedUah`; null with fewer than MIN_CALIBRATION_DAYS days. */
export function calibratedPnlBand(expectedUah: number, days: readonly PnlCalibrationDay[]): CalibratedPnl | null {
  const r = pnlErrors(days);
  if (r.length < MIN_CALIBRATION_DAYS) return null;
  const [lo, hi] = conformalQuantiles(r, 0.1, 0.9);
  let losses = 0;
  for (const e of r) if (expectedUah + e < -1e-9) losses++;
  return { p10Uah: expectedUah + lo, p90Uah: expectedUah + hi, probabilityOfLoss: losses / r.length, days: r.length };
}
