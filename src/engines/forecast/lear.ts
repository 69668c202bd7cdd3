/**
 * LEAR (Lago, Marcjasz, De Schutter, Weron 2021): per delivery hour h, a lasso-estimated linear
 * model of the transformed price p[d, h] on
 *   - all 24 prices of d-1, d-2, d-3 and d-7 (96 columns),
 *   - per exogenous series, its 24 values for d (the day-ahead forecasts), d-1 and d-7 (72 each),
 *   - the series' extra exogenous columns, if any (exogenous.ts: known at 11:00 Kyiv on d-1;
 *     hourly ones at lag 0, 24 columns each, daily ones one column each),
 *   - seven day-of-week dummies,
 * fitted on a calibration window of W days immediately before d (W − 7 training rows; the first
 * 7 days only supply lags), every column and target transformed by a variance-stabilising
 * transform fitted on the training rows (scaling.ts: median/MAD + asinh, or N-PIT), λ chosen by
 * an information criterion along a path (lasso.ts). Only days strictly before d enter the fit;
 * only prices before d enter the forecast row. An ensemble member (members.ts) is a (window, transform) pair;
 * the members' forecasts are combined in rolling.ts (combine.ts).
 */
import { H, dayOfWeek, type DailySeries } from './series.js';
import type { ExtraColumns } from './series.js';
import { bandAt, fromCaps, inCaps } from './caps-space.js';
import { fitScale, forward, inverse, npitForward, npitInverse, npitSort, type Scale } from './scaling.js';
import { lassoIC, lassoRefit, lassoWork, type LassoOptions, type LassoWork } from './lasso.js';
import type { LearMember, LearOptions } from './members.js';
import { activeSet, type ActiveSet } from './active-set.js';
import { gramMatrix, hourCorrelations } from './gram.js';

export const PRICE_LAGS = [1, 2, 3, 7] as const;
export const EXOG_LAGS = [0, 1, 7] as const;
/** The first days of a calibration window only supply lags: its first training row is day t − W + LAG_SPAN. */
export const LAG_SPAN = 7;
const DUMMIES = 7;


/** Number of transformed (non-dummy) feature columns. */
export const numericColumns = (s: DailySeries): number => H * (PRICE_LAGS.length + EXOG_LAGS.length * s.exog.length) + extraColumns(s);

/** Columns of the series' extra exogenous features (exogenous.ts): 24 per hourly series, 1 per daily one. */
const extraColumns = (s: DailySeries): number => (s.extra ? H * s.extra.hourly.length + s.extra.daily.length : 0);

/** Raw features of target day t at out[o + c·stride] for column c: numeric columns, then day-of-week dummies. */
function featureRow(s: DailySeries, t: number, out: Float64Array, o: number, stride: number): void {
  let c = o;
  for (const lag of PRICE_LAGS) {
    const base = (t - lag) * H;
    for (let j = 0; j < H; j++, c += stride) out[c] = s.price[base + j] as number;
  }
  for (const x of s.exog) {
    for (const lag of EXOG_LAGS) {
      const base = (t - lag) * H;
      for (let j = 0; j < H; j++, c += stride) out[c] = x[base + j] as number;
    }
  }
  if (s.extra) c = extraRow(s.extra, t, out, c, stride);
  const w = dayOfWeek(s.startDay + t);
  for (let k = 0; k < DUMMIES; k++, c += stride) out[c] = k === w ? 1 : 0;
}

/** The extra exogenous columns of day t (exogenous.ts: values known at gate closure for t), from out[c]; returns the next c. */
function extraRow(e: ExtraColumns, t: number, out: Float64Array, c: number, stride: number): number {
  for (const x of e.hourly) for (let j = 0; j < H; j++, c += stride) out[c] = x[t * H + j] as number;
  for (const x of e.daily) {
    out[c] = x[t] as number;
    c += stride;
  }
  return c;
}

/** Reusable buffers sized for the longest window. Matrices are column-major (column c at c·n). */
export class LearScratch {
  readonly p: number;
  readonly pn: number;
  x: Float64Array;
  y: Float64Array;
  g: Float64Array;
  /** q = Xᵀy/n of each hour's target: row h (p wide) for hour h. */
  qAll: Float64Array;
  diag: Float64Array;
  /** Per column, its standard deviation before standardising, then the refit's penalty weight. */
  sd: Float64Array;
  pw: Float64Array;
  row: Float64Array;
  col: Float64Array;
  /** N-PIT: the training values of the column being transformed, then of each target hour, sorted. */
  sorted: Float64Array;
  ySorted: Float64Array;
  quad = new Float64Array(4);
  /** The prices as a member on the caps reads them (caps-space.ts inCaps), allocated on first use. */
  inCaps: Float64Array | null = null;
  lasso: LassoWork;
  /** Per member, per hour: the refit's last active set, tried first on the next day (active-set.ts). */
  private readonly sets = new Map<LearMember, ActiveSet[]>();
  setsOf(member: LearMember): ActiveSet[] {
    let v = this.sets.get(member);
    if (!v) this.sets.set(member, (v = Array.from({ length: H }, () => activeSet(this.p))));
    return v;
  }
  constructor(s: DailySeries, maxRows: number) {
    this.pn = numericColumns(s);
    this.p = this.pn + DUMMIES;
    this.x = new Float64Array(maxRows * this.p);
    this.y = new Float64Array(maxRows * H);
    this.g = new Float64Array(this.p * this.p);
    this.qAll = new Float64Array(H * this.p);
    this.diag = new Float64Array(this.p);
    this.sd = new Float64Array(this.p);
    this.pw = new Float64Array(this.p);
    this.row = new Float64Array(this.p);
    this.col = new Float64Array(Math.max(maxRows, 1));
    this.sorted = new Float64Array(Math.max(maxRows, 1));
    this.ySorted = new Float64Array(Math.max(maxRows, 1) * H);
    this.lasso = lassoWork(this.p);
  }
}

/**
 * Rows of member m's window W for target t: observed days in [t − W + 7, t − 1], from the latest
 * break on when m has sinceBreak and that break is inside the window with at least sinceBreak days
 * after it (the rows' lags may reach before the break: they are prices known then); null when
 * t − W < 0.
 */
export function trainingDays(s: DailySeries, t: number, m: LearMember): number[] | null {
  const w = m.window;
  if (t - w < 0) return null;
  let start = t - w + LAG_SPAN;
  if (m.sinceBreak !== undefined && s.breaks) {
    for (let k = s.breaks.length - 1; k >= 0; k--) {
      const c = s.breaks[k] as number;
      if (c > t - m.sinceBreak) continue;
      if (c > start) start = c;
      break;
    }
  }
  const days: number[] = [];
  for (let d = start; d < t; d++) if (s.observed[d]) days.push(d);
  return days.length >= 14 ? days : null;
}

/**
 * One member's forecast of the 24 prices of day t into out[0..24); false when its window has too
 * little history.
 */
export function forecastMember(s: DailySeries, t: number, member: LearMember, o: LassoOptions, k: LearScratch, out: Float64Array): boolean {
  if (member.kernel) throw new Error('forecastMember: a kernel member is not a LEAR (kernel.ts fitMember fits either kind)');
  if (member.space !== 'caps') return forecastOn(s, t, member, o, k, out);
  const band = bandAt(s, t);
  if (!band || !forecastOn(inCaps(s, band, t, member.window, k), t, member, o, k, out)) return false;
  fromCaps(band, t, out);
  return true;
}


function forecastOn(s: DailySeries, t: number, member: LearMember, o: LassoOptions, k: LearScratch, out: Float64Array): boolean {
  const prepared = prepareWindow(s, t, member, k);
  if (!prepared) return false;
  const { n, yScale, yMean, yy } = prepared;
  const { p, x, y, g, qAll, diag, row, sd, pw } = k;
  for (let j = 0; j < p; j++) pw[j] = diag[j] === 0 ? 0 : 1 / (Math.sqrt(n) * (sd[j] as number));
  gramMatrix(x, n, p, diag, g, k.quad);
  hourCorrelations(x, y, n, p, diag, qAll, k.quad);
  const sets = k.setsOf(member);
  for (let h = 0; h < H; h++) {
    const q = qAll.subarray(h * p, (h + 1) * p);
    const fit = lassoIC(g, p, diag, q, yy[h] as number, n, o, k.lasso);
    const beta = o.refit && fit.lambda > 0 ? lassoRefit(g, p, diag, q, fit.lambda, pw, o, k.lasso, sets[h]) : fit.beta;
    let z = yMean[h] as number;
    for (let j = 0; j < p; j++) {
      const b = beta[j] as number;
      if (b !== 0) z += b * (row[j] as number);
    }
    out[h] = yScale ? inverse(z, yScale[h] as Scale) : npitInverse(z, k.ySorted.subarray(h * n, h * n + n), n);
  }
  return true;
}

/**
 * The design of a member for day t in the scratch buffers: X (n × p, column-major, transformed and
 * standardised; diag 0 marks a constant column), Y (n × 24, transformed and centred), the forecast
 * row; null when the window has too little history. `yScale` is null for N-PIT, whose inverse
 * reads the sorted targets in k.ySorted.
 */
export function prepareWindow(s: DailySeries, t: number, member: LearMember, k: LearScratch): { n: number; yScale: Scale[] | null; yMean: Float64Array; yy: Float64Array } | null {
  const days = trainingDays(s, t, member);
  if (!days) return null;
  const n = days.length;
  const { p, pn, x, y, diag, row, sd: sds } = k;
  for (let i = 0; i < n; i++) {
    const d = days[i] as number;
    featureRow(s, d, x, i, n);
    for (let h = 0; h < H; h++) y[h * n + i] = s.price[d * H + h] as number;
  }
  featureRow(s, t, row, 0, 1);
  // Transform numeric columns and targets, fitted on the training rows only.
  const npit = member.transform === 'npit';
  for (let j = 0; j < pn; j++) {
    if (npit) {
      npitSort(x, j * n, n, k.sorted);
      for (let i = j * n, e = i + n; i < e; i++) x[i] = npitForward(x[i] as number, k.sorted, n);
      row[j] = npitForward(row[j] as number, k.sorted, n);
      continue;
    }
    const sc = fitScale(x, j * n, n, k.col);
    for (let i = j * n, e = i + n; i < e; i++) x[i] = forward(x[i] as number, sc);
    row[j] = forward(row[j] as number, sc);
  }
  const yScale: Scale[] | null = npit ? null : [];
  const yMean = new Float64Array(H);
  const yy = new Float64Array(H);
  for (let h = 0; h < H; h++) {
    let m = 0;
    if (yScale) {
      const sc = fitScale(y, h * n, n, k.col);
      yScale.push(sc);
      for (let i = h * n, e = i + n; i < e; i++) m += y[i] = forward(y[i] as number, sc);
    } else {
      const sorted = k.ySorted.subarray(h * n, h * n + n);
      npitSort(y, h * n, n, sorted);
      for (let i = h * n, e = i + n; i < e; i++) m += y[i] = npitForward(y[i] as number, sorted, n);
    }
    m /= n;
    let v = 0;
    for (let i = h * n, e = i + n; i < e; i++) {
      const c = (y[i] as number) - m;
      y[i] = c;
      v += c * c;
    }
    yMean[h] = m;
    yy[h] = v / n;
  }
  // Standardise every column (centre, unit variance); a constant column gets diag 0 and stays out.
  for (let j = 0; j < p; j++) {
    const o0 = j * n;
    let m = 0;
    for (let i = 0; i < n; i++) m += x[o0 + i] as number;
    m /= n;
    let v = 0;
    for (let i = 0; i < n; i++) {
      const c = (x[o0 + i] as number) - m;
      x[o0 + i] = c;
      v += c * c;
    }
    const sd = Math.sqrt(v / n);
    const inv = sd > 1e-12 ? 1 / sd : 0;
    for (let i = 0; i < n; i++) x[o0 + i] = (x[o0 + i] as number) * inv;
    row[j] = ((row[j] as number) - m) * inv;
    diag[j] = inv === 0 ? 0 : 1;
    sds[j] = sd;
  }
  return { n, yScale, yMean, yy };
}

/** Scratch buffers for options o. */
export function learScratch(s: DailySeries, o: LearOptions): LearScratch {
  return new LearScratch(s, Math.max(...o.members.map((m) => m.window)));
}
