/**
 * Rolling-origin forecasts: for every day d of a range, the LEAR ensemble recalibrated on data
 * strictly before d, combined with the naive prices, banded and clipped to the caps in force.
 *
 *   F_k(d)   = the components: LEAR(d) of each ensemble member (lear.ts: a calibration window
 *              and a transform), the prices of d-1 and of d-7, each clipped to the caps in force
 *   p50(d)   = Σ_k w_k(d)·F_k(d), clipped to [floor, cap]
 *   w(d)     = (1 − shrink)·v(d) + shrink·(equal weights on the members), where v(d) are the
 *              convex weights with the least absolute error over the hours of the `combineDays`
 *              days before d (combine.ts); while fewer than half of those days have every
 *              component, the plain mean of the members
 *   p10, p90 = p50 + conformal residual quantiles of the `bands.days` days before d (bands.ts)
 *
 * Everything about day d is computed from prices before d (and exogenous values for d, which a
 * day-ahead market knows at gate closure): the range is therefore preceded by a warm-up of
 * combineDays + bands.days days whose forecasts only feed weights and residuals (warmupDays). Pure and
 * deterministic: no clock, no randomness, a fixed order of floating-point operations.
 */
import { H, type DailySeries, type DayCaps } from './series.js';
import { DEFAULT_LEAR, forecastMember, learScratch, type LearMember, type LearOptions } from './lear.js';
import { combineWork, simplexLad } from './combine.js';
import { DEFAULT_BANDS, conformalQuantile, conformalQuantiles, probAtMax, probAtMin, residualSample, residualScale, scaledResidualSample, type BandOptions } from './bands.js';
import { calibratedCapHit, capClimate, type CapClimate, type CapHitOptions } from './caphit.js';

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
   * most `shortWindow` (the ones that learn the new regime first). days 0: off.
   */
  regime: { days: number; minDays: number; fallback: 'members' | 'naive1'; shortWindow: number };
  bands: BandOptions;
  /** Cap-hit probabilities pooled with their causal climatology (caphit.ts). */
  capHit: CapHitOptions;
}

/** One block: a single set of combination weights for all 24 hours. */
export const ALL_HOURS: readonly (readonly number[])[] = [Array.from({ length: H }, (_, h) => h)];

const hours = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

/** Night (23–07), morning (07–11), day (11–17), evening peak (17–23): the hour bands of the DAM caps from 06.2024 (R4). */
export const FOUR_BLOCKS: readonly (readonly number[])[] = [[...hours(0, 7), 23], hours(7, 11), hours(11, 17), hours(17, 23)];

/** The model chosen on OREE 2023 and 2024 together (docs/forecast.md, "Model choice across years"). */
export const DEFAULT_FORECAST: ForecastOptions = {
  lear: DEFAULT_LEAR,
  combineDays: 28,
  shrink: 0.25,
  hourBlocks: FOUR_BLOCKS,
  // minDays 7: half d-1 for the first week after a cap change, while the short members still mix the regimes (docs/forecast.md, "Regime awareness, variants").
  regime: { days: 56, minDays: 7, fallback: 'naive1', shortWindow: 84 },
  bands: { ...DEFAULT_BANDS, scaleDays: 7 },
  // 12 % on the climatology of the days with the same cap: the least pooled Brier score of 2023 and 2024 with skill ≥ 0.029 in each (docs/forecast.md, "Cap-hit probabilities").
  capHit: { climateDays: 364, climate: 'sameCap', shrink: { max: 0.12, min: 0.12 } },
};

/** Caps in force on a day, per hour (NaN where the table has no number). */
export type { DayCaps } from './series.js';

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

/** Does the series allow a forecast of day t (lags in range; exogenous values for t present)? */
export function canForecast(s: DailySeries, t: number): boolean {
  if (t < 7) return false;
  if (s.exog.length > 0 && t >= s.nDays) return false;
  return t <= s.nDays;
}

/** Days whose members are fitted for a forecast of from..to: the range and its warm-up. */
export const fittedRange = (from: number, to: number, o: ForecastOptions): [number, number] => [Math.max(7, from - warmupDays(o)), to];

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
      for (let c = 0; c < nm; c++) if (forecastMember(s, t, o.members[c] as LearMember, o.lasso, k, one)) out.set(one, ((t - a) * nm + c) * H);
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

/** Days t in [1, nDays] whose caps differ from those of t − 1: the known breaks of DailySeries.breaks. */
export function capBreaks(capsOf: (t: number) => DayCaps | null, nDays: number): number[] {
  const out: number[] = [];
  for (let t = 1; t <= nDays; t++) if (capsChanged(capsOf(t - 1), capsOf(t))) out.push(t);
  return out;
}

/** Did the caps in force change between day t − 1 and day t (some hour's min or max)? */
function capsChanged(prev: DayCaps | null, cur: DayCaps | null): boolean {
  if (!prev || !cur) return false;
  for (let h = 0; h < H; h++) {
    const a = prev.max[h] as number;
    const b = cur.max[h] as number;
    const c = prev.min[h] as number;
    const d = cur.min[h] as number;
    if (!(a === b || (Number.isNaN(a) && Number.isNaN(b))) || !(c === d || (Number.isNaN(c) && Number.isNaN(d)))) return true;
  }
  return false;
}

/**
 * The day of the latest change of caps within the `days` days up to t (t itself included: the
 * caps of the delivery day are known before it), or −1. Looks back at most `days` days from t
 * memoised per day in `seen`.
 */
function lastBreak(t: number, capsOf: (t: number) => DayCaps | null, days: number, seen: Map<number, boolean>): number {
  if (days <= 0) return -1;
  for (let d = t; d > t - days && d > 0; d--) {
    let b = seen.get(d);
    if (b === undefined) {
      b = capsChanged(capsOf(d - 1), capsOf(d));
      seen.set(d, b);
    }
    if (b) return d;
  }
  return -1;
}

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
  const short = regime ? members.filter((c) => (o.lear.members[c] as LearMember).window <= o.regime.shortWindow) : members;
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
  const n = rows.length * block.length;
  const y = new Float64Array(n);
  const F = avail.map(() => new Float64Array(n));
  const nb = block.length;
  rows.forEach((d, r) => {
    block.forEach((h, j) => {
      y[r * nb + j] = s.price[d * H + h] as number;
      avail.forEach((c, k) => ((F[k] as Float64Array)[r * nb + j] = comp[((d - a) * nc + c) * H + h] as number));
    });
  });
  let fitted: Float64Array;
  try {
    fitted = simplexLad(F, y, n, cw);
  } catch {
    // The solver refuses only data it cannot certify (an iteration limit, a singular basis): the
    // plain mean of the members is then the forecast, not a failed day.
    return plainMean();
  }
  avail.forEach((c, j) => (w[c] = (1 - o.shrink) * (fitted[j] as number)));
  for (const c of equal) w[c] = (w[c] as number) + o.shrink / equal.length;
  return w;
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
