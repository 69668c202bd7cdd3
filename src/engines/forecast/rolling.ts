/**
 * Rolling-origin forecasts: for every day d of a range, the LEAR ensemble recalibrated on data
 * strictly before d, combined with the naive prices, banded and clipped to the caps in force.
 *
 *   F_k(d)   = the components: LEAR(d) of each ensemble member (lear.ts: a calibration window
 *              and a transform), the prices of d-1 and of d-7, each clipped to the caps in force
 *   p50(d)   = Σ_k w_k(d)·F_k(d), clipped to [floor, cap]
 *   w(d)     = (1 − shrink)·v(d) + shrink·(equal weights on the members), where v(d) are the
 *              convex weights with the least absolute error over the hours of the `combineDays`
 *              days before d (combine.ts) — with `combineWindows`, the average of such weights
 *              fitted on the last n days for each n listed; while fewer than half of those days
 *              have every component, the plain mean of the members
 *   p10, p90 = p50 + conformal residual quantiles of the `bands.days` days before d (bands.ts)
 *
 * Everything about day d is computed from prices before d (and exogenous values for d, which a
 * day-ahead market knows at gate closure): the range is therefore preceded by a warm-up of
 * combineDays + bands.days days whose forecasts only feed weights and residuals (warmupDays). Pure and
 * deterministic: no clock, no randomness, a fixed order of floating-point operations.
 */
import { H, type DailySeries, type DayCaps } from './series.js';
import { learScratch } from './lear.js';
import type { LearMember, LearOptions } from './members.js';
import { fitMembers } from './kernel.js';
import { combineWork, simplexLad } from './combine.js';
import { conformalQuantile, conformalQuantiles, probAtMax, probAtMin, residualSample, residualScale, scaledResidualSample } from './bands.js';
import { calibratedCapHit, capClimate, type CapClimate } from './caphit.js';
import { lastBreak } from './cap-breaks.js';
import { DEFAULT_FORECAST, fittedRange, type DayForecast, type ForecastOptions, type RollingRun } from './forecast-options.js';

export type { DayCaps } from './series.js';
export { ALL_HOURS, DEFAULT_FORECAST, FOUR_BLOCKS, fittedRange, warmupDays, type DayForecast, type ForecastOptions, type RollingRun } from './forecast-options.js';
export { capBreaks } from './cap-breaks.js';

/** Does the series allow a forecast of day t (lags in range; exogenous values for t present)? */
export function canForecast(s: DailySeries, t: number): boolean {
  if (t < 7) return false;
  if (s.exog.length > 0 && t >= s.nDays) return false;
  return t <= s.nDays;
}


/**
 * Phase 1: every member's LEAR forecast of the days a..to, unclipped, at
 * out[((t − a)·members + c)·24 + h] (NaN where the member's window has too little history or the
 * day cannot be forecast). Each day is fitted on its own data alone, so a range may be split and
 * its parts computed anywhere (in worker threads: src/ops/forecast/forecast-parallel.ts) with the same
 * bits. `onProgress(done, total)` is called after every day.
 */
export function memberForecasts(s: DailySeries, a: number, to: number, o: LearOptions, onProgress?: (done: number, total: number) => void): Float64Array {
  const nm = o.members.length;
  const len = Math.max(0, to - a + 1);
  const out = new Float64Array(len * nm * H).fill(Number.NaN);
  const k = learScratch(s, o);
  const one = new Float64Array(H);
  for (let t = a; t <= to; t++) {
    if (canForecast(s, t)) {
      fitMembers(s, t, o.members, o.lasso, k, one, (c, f) => out.set(f, ((t - a) * nm + c) * H));
    }
    onProgress?.(t - a + 1, len);
  }
  return out;
}

/**
 * Forecasts of days from..to (series indices, inclusive; `to` may be nDays, the day after the
 * data). `onProgress(done, total)` is called after every fitted day.
 */
export function rollingForecast(
  s: DailySeries,
  from: number,
  to: number,
  o: ForecastOptions = DEFAULT_FORECAST,
  capsOf: (t: number) => DayCaps | null = () => null,
  onProgress?: (done: number, total: number) => void,
): RollingRun {
  const [a] = fittedRange(from, to, o);
  return combineRolling(s, from, to, memberForecasts(s, a, to, o.lear, onProgress), o, capsOf);
}

/**
 * Phase 2: the combination, bands and cap-hit probabilities of days from..to from the members'
 * forecasts of fittedRange(from, to) (memberForecasts). Sequential: the weights and bands of a day
 * come from the forecasts and errors of the days before it.
 */
export function combineRolling(s: DailySeries, from: number, to: number, members: Float64Array, o: ForecastOptions = DEFAULT_FORECAST, capsOf: (t: number) => DayCaps | null = () => null): RollingRun {
  const [a] = fittedRange(from, to, o);
  const len = Math.max(0, to - a + 1);
  const nm = o.lear.members.length;
  const nc = nm + 2;
  // comp[(i·nc + k)·H + h]: component k of day a + i, clipped to that day's caps (NaN: none).
  const comp = new Float64Array(len * nc * H).fill(Number.NaN);
  const p50 = new Float64Array(len * H).fill(Number.NaN);
  const res = new Float64Array(len * H).fill(Number.NaN);
  // Per fitted day, the scale of its residuals for normalised bands (bands.scaleDays; NaN: none).
  const scale = new Float64Array(len).fill(Number.NaN);
  const cw = combineWork(Math.max(1, o.combineDays * H), nc);
  const days: DayForecast[] = [];
  const skipped: number[] = [];
  const observed = (t: number): boolean => t >= 0 && t < s.nDays && s.observed[t] === 1;
  const breaks = new Map<number, boolean>();
  const climate = o.capHit.shrink.max > 0 || o.capHit.shrink.min > 0 ? capClimate(s, capsOf, a, to, o.capHit.climateDays, o.capHit.climate) : null;
  for (let t = a; t <= to; t++) {
    const i = t - a;
    const caps = capsOf(t);
    let used = 0;
    for (let c = 0; c < nm; c++) {
      const at = (i * nm + c) * H;
      if (!finiteDay(members, at)) continue;
      used++;
      for (let h = 0; h < H; h++) comp[(i * nc + c) * H + h] = clip(members[at + h] as number, caps, h);
    }
    if (used === 0) {
      if (t >= from) skipped.push(t);
      continue;
    }
    for (let h = 0; h < H; h++) {
      comp[(i * nc + nm) * H + h] = clip(s.price[(t - 1) * H + h] as number, caps, h);
      comp[(i * nc + nm + 1) * H + h] = clip(s.price[(t - 7) * H + h] as number, caps, h);
    }
    const since = lastBreak(t, capsOf, o.regime.days, breaks);
    const w = new Float64Array(nc);
    for (const block of o.hourBlocks) {
      const wb = combinationWeights(s, comp, a, t, nc, o, cw, block, since);
      for (const h of block) {
        let v = 0;
        for (let c = 0; c < nc; c++) if (wb[c] !== 0) v += (wb[c] as number) * (comp[(i * nc + c) * H + h] as number);
        p50[i * H + h] = clip(v, caps, h);
      }
      if (o.hourBlocks.length === 1) w.set(wb);
      else for (let c = 0; c < nc; c++) w[c] = (w[c] as number) + ((wb[c] as number) * block.length) / H;
    }
    if (o.bands.scaleDays > 0) scale[i] = residualScale(res, i - o.bands.scaleDays, i);
    if (t >= from) days.push(finish(t, i, comp, nm, p50, res, scale, w, used, caps, o, climate));
    if (observed(t)) for (let h = 0; h < H; h++) res[i * H + h] = (s.price[t * H + h] as number) - (p50[i * H + h] as number);
  }
  return { days, skipped, residuals: res, fittedFrom: a };
}

function clip(v: number, caps: DayCaps | null, h: number): number {
  if (!caps) return v;
  const lo = caps.min[h] as number;
  const hi = caps.max[h] as number;
  if (!Number.isNaN(hi) && v > hi) v = hi;
  if (!Number.isNaN(lo) && v < lo) v = lo;
  return v;
}

/** A member's forecast of a day counts only when all 24 hours are finite numbers (NaN: not fitted). */
function finiteDay(v: Float64Array, at: number): boolean {
  for (let h = 0; h < H; h++) if (!Number.isFinite(v[at + h] as number)) return false;
  return true;
}

const has = (comp: Float64Array, i: number, nc: number, c: number): boolean => !Number.isNaN(comp[(i * nc + c) * H] as number);

/**
 * The weights of day t's components for the hours of `block`: simplex-LAD over those hours of the
 * observed days among the combineDays before t that have every component t has, shrunk toward
 * equal weights on t's members; the plain mean of t's members while fewer than half of those days
 * qualify. After a cap change at day `since` (≥ 0; ForecastOptions.regime), only the days from
 * `since` on are rows.
 */
function combinationWeights(s: DailySeries, comp: Float64Array, a: number, t: number, nc: number, o: ForecastOptions, cw: ReturnType<typeof combineWork>, block: readonly number[], since: number): Float64Array {
  const i = t - a;
  const avail: number[] = [];
  for (let c = 0; c < nc; c++) if (has(comp, i, nc, c)) avail.push(c);
  const w = new Float64Array(nc);
  const rows: number[] = [];
  for (let d = Math.max(a, t - o.combineDays, since); d < t; d++) if (s.observed[d] && avail.every((c) => has(comp, d - a, nc, c))) rows.push(d);
  const members = avail.filter((c) => c < nc - 2);
  const regime = since >= 0;
  const learnsFirst = (m: LearMember): boolean => m.window <= o.regime.shortWindow || (o.regime.caps === true && m.space === 'caps');
  const short = regime ? members.filter((c) => learnsFirst(o.lear.members[c] as LearMember)) : members;
  const equal = short.length > 0 ? short : members;
  const plainMean = (): Float64Array => {
    for (const c of members) w[c] = 1 / members.length;
    return w;
  };
  if (o.combineDays <= 0) return plainMean();
  if (regime && rows.length < o.regime.minDays) {
    if (o.regime.fallback === 'members' || !avail.includes(nc - 2)) return plainMean();
    for (const c of equal) w[c] = 0.5 / equal.length;
    w[nc - 2] = 0.5;
    return w;
  }
  if (!regime && rows.length * 2 < o.combineDays) return plainMean();
  // Averaging across the combination's calibration windows (combineWindows): each window's LAD on its
  // own latest rows, the weights averaged; a window with too few rows of its own is left out.
  const windows = o.combineWindows ?? [o.combineDays];
  const sum = new Float64Array(avail.length);
  let solved = 0;
  for (const wd of windows) {
    const own = wd >= o.combineDays ? rows : rows.filter((d) => d >= t - wd);
    if (regime ? own.length < o.regime.minDays : own.length * 2 < wd) continue;
    const v = ladWeights(s, comp, a, nc, avail, own, block, cw);
    if (!v) continue;
    for (let j = 0; j < avail.length; j++) sum[j] = (sum[j] as number) + (v[j] as number);
    solved++;
  }
  // No window fitted (too few rows, or the solver refused every window's data): the plain mean of the members, not a failed day.
  if (solved === 0) return plainMean();
  const fitted = solved === 1 ? sum : sum.map((x) => x / solved);
  avail.forEach((c, j) => (w[c] = (1 - o.shrink) * (fitted[j] as number)));
  for (const c of equal) w[c] = (w[c] as number) + o.shrink / equal.length;
  return w;
}

/**
 * Simplex-LAD weights of the components `avail` over the hours of `block` of the days `rows`
 * (null when the solver cannot certify the data: the caller falls back).
 */
function ladWeights(s: DailySeries, comp: Float64Array, a: number, nc: number, avail: readonly number[], rows: readonly number[], block: readonly number[], cw: ReturnType<typeof combineWork>): Float64Array | null {
  const nb = block.length;
  const n = rows.length * nb;
  const y = new Float64Array(n);
  const F = avail.map(() => new Float64Array(n));
  rows.forEach((d, r) => {
    block.forEach((h, j) => {
      y[r * nb + j] = s.price[d * H + h] as number;
      avail.forEach((c, k) => ((F[k] as Float64Array)[r * nb + j] = comp[((d - a) * nc + c) * H + h] as number));
    });
  });
  try {
    return simplexLad(F, y, n, cw);
  } catch {
    // The solver refuses only data it cannot certify (an iteration limit, a singular basis).
    return null;
  }
}

function finish(t: number, i: number, comp: Float64Array, nw: number, p50: Float64Array, res: Float64Array, scale: Float64Array, w: Float64Array, used: number, caps: DayCaps | null, o: ForecastOptions, climate: CapClimate | null): DayForecast {
  const b = o.bands;
  const nc = nw + 2;
  const pool = (bound: 'max' | 'min', p: number, h: number): number => (climate && o.capHit.shrink[bound] > 0 ? calibratedCapHit(p, climate.frequency(bound, t, h), o.capHit.shrink[bound]) : p);
  const raw = new Float64Array(H);
  for (let c = 0; c < nw; c++) if (has(comp, i, nc, c)) for (let h = 0; h < H; h++) raw[h] = (raw[h] as number) + (comp[(i * nc + c) * H + h] as number) / used;
  const f: DayForecast = { t, p10: new Float64Array(H), p50: p50.slice(i * H, i * H + H), p90: new Float64Array(H), quantiles: b.quantiles.map(() => new Float64Array(H)), raw, weights: w, naiveWeight: (w[nw] as number) + (w[nw + 1] as number), members: used, capHit: null };
  const hitMax: (number | null)[] = [];
  const hitMin: (number | null)[] = [];
  let anyCap = false;
  for (let h = 0; h < H; h++) {
    const now = scale[i] as number;
    const sample = b.scaleDays > 0 && now > 0 ? scaledResidualSample(res, scale, i - b.days, i, h, b.span, now) : residualSample(res, i - b.days, i, h, b.span);
    const [lo, hi] = conformalQuantiles(sample, b.lower, b.upper);
    const m = f.p50[h] as number;
    f.p10[h] = clip(Math.min(m, m + lo), caps, h);
    f.p90[h] = clip(Math.max(m, m + hi), caps, h);
    b.quantiles.forEach((tau, k) => {
      const q = f.quantiles[k] as Float64Array;
      if (tau === b.lower) q[h] = f.p10[h] as number;
      else if (tau === b.upper) q[h] = f.p90[h] as number;
      else if (tau === 0.5) q[h] = m;
      else q[h] = clip(tau < 0.5 ? Math.min(m, m + conformalQuantile(sample, tau)) : Math.max(m, m + conformalQuantile(sample, tau)), caps, h);
    });
    const cmax = caps ? (caps.max[h] as number) : Number.NaN;
    const cmin = caps ? (caps.min[h] as number) : Number.NaN;
    hitMax.push(Number.isNaN(cmax) ? null : pool('max', probAtMax(m, sample, cmax), h));
    hitMin.push(Number.isNaN(cmin) ? null : pool('min', probAtMin(m, sample, cmin), h));
    if (!Number.isNaN(cmax) || !Number.isNaN(cmin)) anyCap = true;
  }
  if (anyCap) f.capHit = { max: hitMax, min: hitMin };
  return f;
}
