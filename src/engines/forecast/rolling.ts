/**
 * Rolling-origin forecasts: for every day d of a range, the LEAR ensemble recalibrated on data
 * strictly before d, combined with the naive prices, banded and clipped to the caps in force.
 *
 *   F_k(d)   = the components: LEAR(d) of each calibration window (lear.ts), the prices of d-1
 *              and of d-7, each clipped to the caps in force
 *   p50(d)   = Σ_k w_k(d)·F_k(d), clipped to [floor, cap]
 *   w(d)     = the convex weights with the least absolute error over the hours of the
 *              `combineDays` days before d (combine.ts); while fewer than half of those days have
 *              every component, the plain mean of the windows
 *   p10, p90 = p50 + conformal residual quantiles of the `bands.days` days before d (bands.ts)
 *
 * Everything about day d is computed from prices before d (and exogenous values for d, which a
 * day-ahead market knows at gate closure): the range is therefore preceded by a warm-up of
 * max(combineDays, bands.days) days whose forecasts only feed weights and residuals. Pure and
 * deterministic: no clock, no randomness, a fixed order of floating-point operations.
 */
import { H, type DailySeries } from './series.js';
import { DEFAULT_LEAR, forecastWindow, learScratch, type LearOptions } from './lear.js';
import { combineWork, simplexLad } from './combine.js';
import { DEFAULT_BANDS, conformalQuantiles, probAtMax, probAtMin, residualSample, type BandOptions } from './bands.js';

export interface ForecastOptions {
  lear: LearOptions;
  /** Days of past forecasts the combination weights are fitted on (0: the plain mean of the windows). */
  combineDays: number;
  bands: BandOptions;
}

export const DEFAULT_FORECAST: ForecastOptions = {
  lear: DEFAULT_LEAR,
  combineDays: 28,
  bands: DEFAULT_BANDS,
};

/** Caps in force on a day, per hour (NaN where the table has no number). */
export interface DayCaps {
  min: ArrayLike<number>;
  max: ArrayLike<number>;
}

export interface DayForecast {
  /** Series index of the delivery day. */
  t: number;
  p10: Float64Array;
  p50: Float64Array;
  p90: Float64Array;
  /** The plain mean of the windows' LEAR forecasts (each clipped to the caps), before combination. */
  raw: Float64Array;
  /** Combination weights: one per calibration window (0 where it had too little history), then d-1, then d-7. */
  weights: Float64Array;
  /** The weight on the naive prices (d-1 and d-7 together). */
  naiveWeight: number;
  /** Calibration windows that had enough history. */
  windows: number;
  /** Per hour P(price at the max cap) and P(price at the min cap); null where no cap is known. */
  capHit: { max: (number | null)[]; min: (number | null)[] } | null;
}

export interface RollingRun {
  days: DayForecast[];
  /** Days whose forecast could not be made (too little history). */
  skipped: number[];
}

export const warmupDays = (o: ForecastOptions): number => Math.max(o.combineDays, o.bands.days);

/** Does the series allow a forecast of day t (lags in range; exogenous values for t present)? */
export function canForecast(s: DailySeries, t: number): boolean {
  if (t < 7) return false;
  if (s.exog.length > 0 && t >= s.nDays) return false;
  return t <= s.nDays;
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
  const a = Math.max(7, from - warmupDays(o));
  const len = Math.max(0, to - a + 1);
  const nw = o.lear.windows.length;
  const nc = nw + 2;
  // comp[(i·nc + k)·H + h]: component k of day a + i, clipped to that day's caps (NaN: none).
  const comp = new Float64Array(len * nc * H).fill(Number.NaN);
  const p50 = new Float64Array(len * H).fill(Number.NaN);
  const res = new Float64Array(len * H).fill(Number.NaN);
  const k = learScratch(s, o.lear);
  const one = new Float64Array(H);
  const cw = combineWork(Math.max(1, o.combineDays * H));
  const days: DayForecast[] = [];
  const skipped: number[] = [];
  const observed = (t: number): boolean => t >= 0 && t < s.nDays && s.observed[t] === 1;
  for (let t = a; t <= to; t++) {
    const i = t - a;
    const caps = capsOf(t);
    let used = 0;
    if (canForecast(s, t)) {
      for (let c = 0; c < nw; c++) {
        if (!forecastWindow(s, t, o.lear.windows[c] as number, o.lear.lasso, k, one)) continue;
        used++;
        for (let h = 0; h < H; h++) comp[(i * nc + c) * H + h] = clip(one[h] as number, caps, h);
      }
    }
    if (used === 0) {
      if (t >= from) skipped.push(t);
      onProgress?.(t - a + 1, len);
      continue;
    }
    for (let h = 0; h < H; h++) {
      comp[(i * nc + nw) * H + h] = clip(s.price[(t - 1) * H + h] as number, caps, h);
      comp[(i * nc + nw + 1) * H + h] = clip(s.price[(t - 7) * H + h] as number, caps, h);
    }
    const w = combinationWeights(s, comp, a, t, nc, o, cw);
    for (let h = 0; h < H; h++) {
      let v = 0;
      for (let c = 0; c < nc; c++) if (w[c] !== 0) v += (w[c] as number) * (comp[(i * nc + c) * H + h] as number);
      p50[i * H + h] = clip(v, caps, h);
    }
    if (t >= from) days.push(finish(t, i, comp, nw, p50, res, w, used, caps, o.bands));
    if (observed(t)) for (let h = 0; h < H; h++) res[i * H + h] = (s.price[t * H + h] as number) - (p50[i * H + h] as number);
    onProgress?.(t - a + 1, len);
  }
  return { days, skipped };
}

function clip(v: number, caps: DayCaps | null, h: number): number {
  if (!caps) return v;
  const lo = caps.min[h] as number;
  const hi = caps.max[h] as number;
  if (!Number.isNaN(hi) && v > hi) v = hi;
  if (!Number.isNaN(lo) && v < lo) v = lo;
  return v;
}

const has = (comp: Float64Array, i: number, nc: number, c: number): boolean => !Number.isNaN(comp[(i * nc + c) * H] as number);

/**
 * The weights of day t's components: simplex-LAD over the observed days among the combineDays
 * before t that have every component t has; the plain mean of t's windows while fewer than half
 * of those days qualify.
 */
function combinationWeights(s: DailySeries, comp: Float64Array, a: number, t: number, nc: number, o: ForecastOptions, cw: ReturnType<typeof combineWork>): Float64Array {
  const i = t - a;
  const avail: number[] = [];
  for (let c = 0; c < nc; c++) if (has(comp, i, nc, c)) avail.push(c);
  const w = new Float64Array(nc);
  const rows: number[] = [];
  for (let d = Math.max(a, t - o.combineDays); d < t; d++) if (s.observed[d] && avail.every((c) => has(comp, d - a, nc, c))) rows.push(d);
  if (o.combineDays <= 0 || rows.length * 2 < o.combineDays) {
    const windows = avail.filter((c) => c < nc - 2);
    for (const c of windows) w[c] = 1 / windows.length;
    return w;
  }
  const n = rows.length * H;
  const y = new Float64Array(n);
  const F = avail.map(() => new Float64Array(n));
  rows.forEach((d, r) => {
    for (let h = 0; h < H; h++) {
      y[r * H + h] = s.price[d * H + h] as number;
      avail.forEach((c, j) => ((F[j] as Float64Array)[r * H + h] = comp[((d - a) * nc + c) * H + h] as number));
    }
  });
  const fitted = simplexLad(F, y, n, cw);
  avail.forEach((c, j) => (w[c] = fitted[j] as number));
  return w;
}

function finish(t: number, i: number, comp: Float64Array, nw: number, p50: Float64Array, res: Float64Array, w: Float64Array, used: number, caps: DayCaps | null, b: BandOptions): DayForecast {
  const nc = nw + 2;
  const raw = new Float64Array(H);
  for (let c = 0; c < nw; c++) if (has(comp, i, nc, c)) for (let h = 0; h < H; h++) raw[h] = (raw[h] as number) + (comp[(i * nc + c) * H + h] as number) / used;
  const f: DayForecast = { t, p10: new Float64Array(H), p50: p50.slice(i * H, i * H + H), p90: new Float64Array(H), raw, weights: w, naiveWeight: (w[nw] as number) + (w[nw + 1] as number), windows: used, capHit: null };
  const hitMax: (number | null)[] = [];
  const hitMin: (number | null)[] = [];
  let anyCap = false;
  for (let h = 0; h < H; h++) {
    const sample = residualSample(res, i - b.days, i, h, b.span);
    const [lo, hi] = conformalQuantiles(sample, b.lower, b.upper);
    const m = f.p50[h] as number;
    f.p10[h] = clip(Math.min(m, m + lo), caps, h);
    f.p90[h] = clip(Math.max(m, m + hi), caps, h);
    const cmax = caps ? (caps.max[h] as number) : Number.NaN;
    const cmin = caps ? (caps.min[h] as number) : Number.NaN;
    hitMax.push(Number.isNaN(cmax) ? null : probAtMax(m, sample, cmax));
    hitMin.push(Number.isNaN(cmin) ? null : probAtMin(m, sample, cmin));
    if (!Number.isNaN(cmax) || !Number.isNaN(cmin)) anyCap = true;
  }
  if (anyCap) f.capHit = { max: hitMax, min: hitMin };
  return f;
}
