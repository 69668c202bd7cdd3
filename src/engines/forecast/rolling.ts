/**
 * Rolling-origin forecasts: for every day d of a range, the LEAR ensemble recalibrated on data
 * strictly before d, combined with the standard naive, banded and clipped to the caps in force.
 *
 *   raw(d)   = mean over calibration windows of LEAR(d)                    (lear.ts)
 *   p50(d)   = (1 − w_d)·raw(d) + w_d·naive(d), clipped to [floor, cap]
 *   w_d      = the weight in `naiveWeights` with the least MAE over the `combineDays` days before
 *              d (ties: the smaller weight); 0 while fewer than half of those days are scored
 *   p10, p90 = p50 + conformal residual quantiles of the `bands.days` days before d (bands.ts)
 *
 * Everything about day d is computed from prices before d (and exogenous values for d, which a
 * day-ahead market knows at gate closure): the range is therefore preceded by a warm-up of
 * max(combineDays, bands.days) days whose forecasts only feed weights and residuals. Pure and
 * deterministic: no clock, no randomness, a fixed order of floating-point operations.
 */
import { H, naiveLag, type DailySeries } from './series.js';
import { DEFAULT_LEAR, forecastEnsemble, learScratch, type LearOptions } from './lear.js';
import { DEFAULT_BANDS, conformalQuantiles, probAtMax, probAtMin, residualSample, type BandOptions } from './bands.js';

export interface ForecastOptions {
  lear: LearOptions;
  /** Days of past forecasts the naive weight is chosen on (0: never combine). */
  combineDays: number;
  naiveWeights: number[];
  bands: BandOptions;
}

export const DEFAULT_FORECAST: ForecastOptions = {
  lear: DEFAULT_LEAR,
  combineDays: 28,
  naiveWeights: [0, 0.1, 0.2, 0.3, 0.4, 0.5],
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
  /** The LEAR ensemble before combination and clipping. */
  raw: Float64Array;
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

const naiveAt = (s: DailySeries, t: number, h: number): number => s.price[(t - naiveLag(s, t)) * H + h] as number;

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
  const raw = new Float64Array(len * H).fill(Number.NaN);
  const p50 = new Float64Array(len * H).fill(Number.NaN);
  const res = new Float64Array(len * H).fill(Number.NaN);
  const windows = new Int32Array(len);
  const k = learScratch(s, o.lear);
  const one = new Float64Array(H);
  const days: DayForecast[] = [];
  const skipped: number[] = [];
  const observed = (t: number): boolean => t >= 0 && t < s.nDays && s.observed[t] === 1;
  for (let t = a; t <= to; t++) {
    const i = t - a;
    if (!canForecast(s, t) || (windows[i] = forecastEnsemble(s, t, o.lear, k, one)) === 0) {
      if (t >= from) skipped.push(t);
      onProgress?.(t - a + 1, len);
      continue;
    }
    raw.set(one, i * H);
    const w = naiveWeight(s, raw, a, t, o);
    const caps = capsOf(t);
    for (let h = 0; h < H; h++) {
      const v = (1 - w) * (one[h] as number) + w * naiveAt(s, t, h);
      p50[i * H + h] = clip(v, caps, h);
    }
    if (t >= from) days.push(finish(t, i, raw, p50, res, w, windows[i] as number, caps, o.bands));
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

/** The naive weight for day t from the raw forecasts of the combineDays days before it. */
function naiveWeight(s: DailySeries, raw: Float64Array, a: number, t: number, o: ForecastOptions): number {
  if (o.combineDays <= 0 || o.naiveWeights.length === 0) return 0;
  const errs = new Float64Array(o.naiveWeights.length);
  let scored = 0;
  for (let d = Math.max(a, t - o.combineDays); d < t; d++) {
    if (!s.observed[d] || Number.isNaN(raw[(d - a) * H] as number)) continue;
    scored++;
    for (let h = 0; h < H; h++) {
      const y = s.price[d * H + h] as number;
      const f = raw[(d - a) * H + h] as number;
      const nv = naiveAt(s, d, h);
      o.naiveWeights.forEach((w, c) => (errs[c] = (errs[c] as number) + Math.abs(y - ((1 - w) * f + w * nv))));
    }
  }
  if (scored * 2 < o.combineDays) return 0;
  let best = 0;
  for (let c = 1; c < errs.length; c++) if ((errs[c] as number) < (errs[best] as number)) best = c;
  return o.naiveWeights[best] as number;
}

function finish(t: number, i: number, raw: Float64Array, p50: Float64Array, res: Float64Array, w: number, used: number, caps: DayCaps | null, b: BandOptions): DayForecast {
  const f: DayForecast = { t, p10: new Float64Array(H), p50: p50.slice(i * H, i * H + H), p90: new Float64Array(H), raw: raw.slice(i * H, i * H + H), naiveWeight: w, windows: used, capHit: null };
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
