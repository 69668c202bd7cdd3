/**
 * Scores of day-ahead forecasts, as the EPF literature computes them (Lago et al. 2021, §5 of
 * shared/data/epf/README.md), over exactly the evaluated days:
 *   mae, rmse; smape = mean 2|y − ŷ|/(|y| + |ŷ|) in %; rmaeVsNaive = MAE / MAE(standard EPF
 *   naive: d-1 on Tue–Fri, d-7 on Mon/Sat/Sun); rmaeVsWeeklyNaive = MAE / MAE(d-7);
 *   coverage = share of hours with p10 ≤ y ≤ p90; pinball = mean over q ∈ {0.1, 0.5, 0.9} of
 *   the mean pinball loss ρ_q(y − ŷ_q) = max(q·(y − ŷ_q), (q − 1)·(y − ŷ_q)); with the full
 *   predictive distribution (levels τ_1 < … < τ_K): pinballQuantiles = mean over the K levels of
 *   the mean ρ_τ, and crps ≈ 2·Σ_k w_k·ρ_τk(y − ŷ_τk), the quantile-score form of the CRPS
 *   (CRPS = 2∫₀¹ ρ_τ(y − F⁻¹(τ)) dτ, Laio & Tamea 2007) by the midpoint rule, w_k the width of the
 *   cell of τ_k between the midpoints to its neighbours (0 and 1 at the ends); the tails beyond the
 *   outer levels take their outer quantile, so it is a slight underestimate there.
 * An evaluated day is observed and so are d-1 and d-7, so both naives use real prices only (their
 * history may precede the range). Diebold–Mariano: loss differential per day
 * Δ_d = ||e_naive,d||₁ − ||e_model,d||₁ (the multivariate DM of Lago et al.), statistic
 * mean(Δ)/√(var(Δ)/T), one-sided p-value for "the model is more accurate" from the normal law.
 */
import { H, monthOf, naiveLag, type DailySeries } from './series.js';
import { normalCdf } from './scaling.js';

export { normalCdf };

export interface PointScores {
  mae: number;
  rmse: number;
  smape: number;
  rmaeVsNaive: number;
  rmaeVsWeeklyNaive: number;
  sampleDays: number;
}

export interface IntervalScores {
  coverage: number;
  pinball: number;
  /** Mean pinball loss over every quantile level of the predictive distribution. */
  pinballQuantiles: number;
  /** CRPS approximated from the quantiles (quantileCrpsWeights); same unit as the prices. */
  crps: number;
}

/** A day's point forecast and, when banded, its p10 / p90. */
export interface ScoredDay {
  t: number;
  p50: ArrayLike<number>;
  p10?: ArrayLike<number>;
  p90?: ArrayLike<number>;
  /** The predictive quantiles, one row of 24 per level of `levels` (ascending). */
  quantiles?: readonly ArrayLike<number>[];
  levels?: readonly number[];
}

/** Midpoint-rule weights of the quantile levels for the CRPS integral over (0, 1); they sum to 1. */
export function quantileCrpsWeights(levels: readonly number[]): number[] {
  return levels.map((tau, k) => {
    const lo = k === 0 ? 0 : (tau + (levels[k - 1] as number)) / 2;
    const hi = k === levels.length - 1 ? 1 : (tau + (levels[k + 1] as number)) / 2;
    return hi - lo;
  });
}

export const isEvaluable = (s: DailySeries, t: number): boolean =>
  t >= 7 && t < s.nDays && s.observed[t] === 1 && s.observed[t - 1] === 1 && s.observed[t - 7] === 1;

/** Point and interval scores of the evaluable days among `days`. */
export function score(s: DailySeries, days: readonly ScoredDay[]): PointScores & Partial<IntervalScores> {
  let ae = 0;
  let se = 0;
  let sm = 0;
  let an = 0;
  let aw = 0;
  let n = 0;
  let inside = 0;
  let pin = 0;
  let banded = 0;
  let pq = 0;
  let crps = 0;
  let qHours = 0;
  for (const d of days) {
    if (!isEvaluable(s, d.t)) continue;
    n++;
    const lag = naiveLag(s, d.t);
    for (let h = 0; h < H; h++) {
      const y = s.price[d.t * H + h] as number;
      const f = d.p50[h] as number;
      const e = y - f;
      ae += Math.abs(e);
      se += e * e;
      const den = Math.abs(y) + Math.abs(f);
      sm += den === 0 ? 0 : (2 * Math.abs(e)) / den;
      an += Math.abs(y - (s.price[(d.t - lag) * H + h] as number));
      aw += Math.abs(y - (s.price[(d.t - 7) * H + h] as number));
      if (d.p10 && d.p90) {
        const lo = d.p10[h] as number;
        const hi = d.p90[h] as number;
        if (y >= lo && y <= hi) inside++;
        pin += (pinballLoss(y, lo, 0.1) + pinballLoss(y, f, 0.5) + pinballLoss(y, hi, 0.9)) / 3;
        banded++;
      }
      if (d.quantiles && d.levels && d.levels.length > 0) {
        const levels = d.levels;
        const wts = crpsWeightsOf(levels);
        let sum = 0;
        let c = 0;
        levels.forEach((tau, k) => {
          const l = pinballLoss(y, (d.quantiles as readonly ArrayLike<number>[])[k]?.[h] as number, tau);
          sum += l;
          c += 2 * (wts[k] as number) * l;
        });
        pq += sum / levels.length;
        crps += c;
        qHours++;
      }
    }
  }
  const k = n * H;
  const out: PointScores & Partial<IntervalScores> = {
    mae: k ? ae / k : 0,
    rmse: k ? Math.sqrt(se / k) : 0,
    smape: k ? (100 * sm) / k : 0,
    rmaeVsNaive: an > 0 ? ae / an : 0,
    rmaeVsWeeklyNaive: aw > 0 ? ae / aw : 0,
    sampleDays: n,
  };
  if (banded > 0) {
    out.coverage = inside / banded;
    out.pinball = pin / banded;
  }
  if (qHours > 0) {
    out.pinballQuantiles = pq / qHours;
    out.crps = crps / qHours;
  }
  return out;
}

let lastLevels: readonly number[] | null = null;
let lastWeights: number[] = [];
const crpsWeightsOf = (levels: readonly number[]): number[] => {
  if (levels !== lastLevels) {
    lastLevels = levels;
    lastWeights = quantileCrpsWeights(levels);
  }
  return lastWeights;
};

/**
 * rMAE against the weekly naive as epftoolbox computes it (`rMAE(p_real, p_pred, m='W')`, the
 * convention of the figures Lago et al. 2021 print and issue 28 names): the naive is built from the
 * range's own prices, p(d-7) when d-7 is a day of [from, to] with prices (a range loses its first
 * week), while the model's MAE covers every day of `days` in the range with prices, each once.
 * `score`'s rmaeVsWeeklyNaive reads d-7 before the range too, so it has no such gap; on the EPF test
 * periods the two naive MAEs differ by up to 0.5 % (PJM 6.294 against 6.326,
 * shared/data/epf/README.md §5). The range defaults to the days' first to last. Null when no day
 * has a naive, or the naive never errs (epftoolbox gives NaN or infinity there).
 */
export function rmaeVsWeeklyNaiveInRange(s: DailySeries, days: readonly ScoredDay[], from?: number, to?: number): number | null {
  const byT = new Map<number, ScoredDay>();
  for (const d of days) if (s.observed[d.t] === 1 && !byT.has(d.t)) byT.set(d.t, d);
  if (byT.size === 0) return null;
  const a = from ?? Math.min(...byT.keys());
  const b = to ?? Math.max(...byT.keys());
  let ae = 0;
  let n = 0;
  let aw = 0;
  let nw = 0;
  for (const [t, d] of byT) {
    if (t < a || t > b) continue;
    const naive = t - 7 >= a && s.observed[t - 7] === 1;
    n++;
    if (naive) nw++;
    for (let h = 0; h < H; h++) {
      const y = s.price[t * H + h] as number;
      ae += Math.abs(y - (d.p50[h] as number));
      if (naive) aw += Math.abs(y - (s.price[(t - 7) * H + h] as number));
    }
  }
  return nw > 0 && aw > 0 ? ae / n / (aw / nw) : null;
}

export function pinballLoss(y: number, q: number, tau: number): number {
  const e = y - q;
  return e >= 0 ? tau * e : (tau - 1) * e;
}

export interface MonthRow extends PointScores, Partial<IntervalScores> {
  month: string;
}

/** The scores per calendar month MM.YYYY, in date order. */
export function monthly(s: DailySeries, days: readonly ScoredDay[]): MonthRow[] {
  const groups = new Map<string, ScoredDay[]>();
  for (const d of days) {
    const m = monthOf(s.startDay + d.t);
    const g = groups.get(m);
    if (g) g.push(d);
    else groups.set(m, [d]);
  }
  return [...groups].map(([month, g]) => ({ month, ...score(s, g) }));
}

export interface DieboldMariano {
  /** Positive: the model's daily L1 error is smaller than the naive's. */
  statistic: number;
  /** One-sided p-value of "the model is more accurate than the naive". */
  pValue: number;
  meanLossDifferential: number;
  days: number;
}

export function dieboldMariano(s: DailySeries, days: readonly ScoredDay[]): DieboldMariano {
  const diffs: number[] = [];
  for (const d of days) {
    if (!isEvaluable(s, d.t)) continue;
    const lag = naiveLag(s, d.t);
    let m = 0;
    let nv = 0;
    for (let h = 0; h < H; h++) {
      const y = s.price[d.t * H + h] as number;
      m += Math.abs(y - (d.p50[h] as number));
      nv += Math.abs(y - (s.price[(d.t - lag) * H + h] as number));
    }
    diffs.push(nv - m);
  }
  const T = diffs.length;
  const mean = T ? diffs.reduce((a, b) => a + b, 0) / T : 0;
  const v = T > 1 ? diffs.reduce((a, b) => a + (b - mean) ** 2, 0) / T : 0;
  const statistic = v > 0 ? mean / Math.sqrt(v / T) : 0;
  return { statistic, pValue: normalCdf(-statistic), meanLossDifferential: mean, days: T };
}
