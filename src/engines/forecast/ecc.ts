/**
 * Whole-day price scenarios drawn from the predictive distribution by Ensemble Copula Coupling
 * (Schefzik, Thorarinsdottir and Gneiting 2013, "ECC-Q"): the marginal of each hour is the day's
 * conformal quantiles (bands.ts, levels p05…p95), the dependence between the hours is the rank
 * structure of n past whole-day error paths (the template).
 *
 * - Marginal: Q_h(τ), the piecewise-linear interpolation of the (level, quantile) points of hour h;
 *   beyond the outermost levels the end segment is extended at its own slope (linear
 *   extrapolation: below p05 at the p05–p10 slope, above p95 at the p90–p95 slope; flat where
 *   that segment is flat). Flat tails would put the 3 of 56 scenarios beyond p05/p95 at p05/p95
 *   and shrink a plan's PnL band, which measured too narrow already (docs/forecast.md). The caller
 *   holds the result to the caps.
 * - Ranks: at hour h, the template's n errors are ranked 1..n ascending, ties broken by the
 *   template's order (the earlier path ranks lower): deterministic.
 * - Scenario j at hour h is Q_h((rank_jh − 0.5) / n). So the n values of every hour are exactly
 *   the quantile function at the n mid-levels (the marginal), whatever the template; and the path
 *   that had the largest error at hours 17–22 has the highest price there (the dependence).
 *
 * Pure: no clock, no random source; the same input gives the same scenarios.
 */

/** Q(τ) from ascending levels and non-decreasing values: linear inside, the end segments extended beyond. */
export function quantileAt(levels: readonly number[], values: ArrayLike<number>, tau: number): number {
  const k = levels.length;
  if (k === 0) return Number.NaN;
  if (k === 1) return values[0] as number;
  let i = 0;
  if (tau <= (levels[0] as number)) i = 0;
  else if (tau >= (levels[k - 1] as number)) i = k - 2;
  else while (i < k - 2 && tau > (levels[i + 1] as number)) i++;
  const l0 = levels[i] as number;
  const l1 = levels[i + 1] as number;
  const v0 = values[i] as number;
  const v1 = values[i + 1] as number;
  return v0 + ((v1 - v0) * (tau - l0)) / (l1 - l0);
}

/** Ranks 1..n of `xs` ascending, ties to the earlier index. */
export function ranksOf(xs: readonly number[]): number[] {
  const order = xs.map((_, j) => j).sort((a, b) => (xs[a] as number) - (xs[b] as number) || a - b);
  const ranks = new Array<number>(xs.length);
  order.forEach((j, r) => (ranks[j] = r + 1));
  return ranks;
}

/**
 * ECC-Q scenarios: one per template path (template[j][h], e.g. past days' errors), scenario j at
 * hour h = Q_h((rank of template[j][h] among template[·][h] − 0.5) / n), with
 * Q_h from `levels` and quantiles[k][h] (one row of hours per level). Unclamped.
 */
export function eccScenarios(levels: readonly number[], quantiles: readonly ArrayLike<number>[], template: readonly ArrayLike<number>[], hours: number): number[][] {
  const n = template.length;
  const out = Array.from({ length: n }, () => new Array<number>(hours));
  for (let h = 0; h < hours; h++) {
    const ranks = ranksOf(template.map((row) => row[h] as number));
    const values = quantiles.map((q) => q[h] as number);
    for (let j = 0; j < n; j++) (out[j] as number[])[h] = quantileAt(levels, values, ((ranks[j] as number) - 0.5) / n);
  }
  return out;
}
