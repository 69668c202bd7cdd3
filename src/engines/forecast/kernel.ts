/**
 * A kernel member (issue 28): kernel ridge regression with a Gaussian kernel on the day's
 * standardised design (lear.ts prepareWindow, in the member's transform: asinh, or N-PIT where the
 * distances are between ranks and a spike weighs no more than its rank), all 24 hours from one
 * kernel matrix. LEAR is linear in its transformed inputs; this member is a smooth nonlinear function of a few of them —
 * the 24 prices of d-1, every exogenous series' 24 values for d, the extra exogenous columns and
 * the day of the week — so its errors differ from the LEARs' where the price responds to its
 * drivers nonlinearly (a merit order is convex). Alone it is worse than a LEAR; in the combination
 * its different errors are what it is worth (docs/forecast.md, "Kernel members"). The member does
 * not read prices on the caps (refused).
 *
 * With the rows' features z_i (n rows, c columns, each standardised on the window), the kernel
 * k(z, z') = exp(−|z − z'|² / (2·c·bandwidth)) — c·bandwidth is half the mean squared distance
 * between two rows at bandwidth 1, so the setting means the same whatever the number of columns —
 * and the coefficients A = (K + ridge·I)⁻¹ Y; the forecast of hour h is yMean_h + k(z*)ᵀ A_h, mapped
 * back by the hour's asinh scale (N-PIT: through the window's sorted prices of the hour, as a
 * LEAR). One Cholesky factor L of K + ridge·I serves every hour: with w = L⁻ᵀL⁻¹k(z*), two
 * triangular sweeps, the forecast is yMean_h + w·y_h. Kernel members next to each other that read
 * the same design share its preparation and distances (fitMembers). Deterministic: a direct
 * solve, the same bits for the same inputs, shared or alone.
 */
import { H, type DailySeries } from './series.js';
import { inverse, npitInverse, type Scale } from './scaling.js';
import { dot, dot4 } from './gram.js';
import { PRICE_LAGS, EXOG_LAGS, forecastMember, prepareWindow, type LearScratch } from './lear.js';
import type { LearMember } from './members.js';
import type { LassoOptions } from './lasso.js';

/** Work buffers of the kernel members of one scratch. */
interface KernelWork {
  /** The rows' features, n × c. */
  z: Float64Array;
  /** Pairwise squared distances of the rows (lower triangle, n × n), kept for every kernel of the design. */
  d2: Float64Array;
  /** K + ridge·I, then its Cholesky factor. */
  k: Float64Array;
  sq: Float64Array;
  /** Squared distances of the forecast row to each row. */
  dz: Float64Array;
  v: Float64Array;
  quad: Float64Array;
}

const works = new WeakMap<LearScratch, KernelWork>();
/** The work buffers kept beside a LEAR scratch, grown when a day needs more. */
function workOf(k: LearScratch, n: number, c: number): KernelWork {
  const w = works.get(k);
  if (w && w.sq.length >= n && w.z.length >= n * c) return w;
  const m = Math.max(n, w?.sq.length ?? 0);
  const fresh = { z: new Float64Array(m * Math.max(c, w ? w.z.length / w.sq.length : 0)), d2: new Float64Array(m * m), k: new Float64Array(m * m), sq: new Float64Array(m), dz: new Float64Array(m), v: new Float64Array(m), quad: new Float64Array(4) };
  works.set(k, fresh);
  return fresh;
}

/**
 * The design columns the kernel reads (lear.ts featureRow's layout): the prices of d-1 (of each day
 * back in `lags`), each exogenous series at lag 0 (at each lag in `exogLags`), every extra column
 * and the dummies; a constant column (diag 0) is left out.
 */
export function kernelColumns(s: DailySeries, p: number, diag: Float64Array, lags: readonly number[] = [1], exogLags: readonly number[] = [0]): number[] {
  const cols: number[] = [];
  for (const lag of lags) {
    const at = PRICE_LAGS.indexOf(lag as (typeof PRICE_LAGS)[number]);
    if (at < 0) throw new Error(`kernel: price lag ${lag} is not a LEAR lag (${PRICE_LAGS.join(', ')})`);
    for (let j = 0; j < H; j++) cols.push(at * H + j);
  }
  const exogAt = exogLags.map((lag) => {
    const at = EXOG_LAGS.indexOf(lag as (typeof EXOG_LAGS)[number]);
    if (at < 0) throw new Error(`kernel: exogenous lag ${lag} is not a LEAR lag (${EXOG_LAGS.join(', ')})`);
    return at;
  });
  let c = H * PRICE_LAGS.length;
  for (let x = 0; x < s.exog.length; x++, c += H * EXOG_LAGS.length) for (const at of exogAt) for (let j = 0; j < H; j++) cols.push(c + at * H + j);
  for (let j = c; j < p; j++) cols.push(j);
  return cols.filter((j) => diag[j] !== 0);
}

/**
 * Lower Cholesky factor of the symmetric positive definite a (n × n, row-major, lower triangle
 * read) in place, row by row (each entry a dot product of two rows' leading parts, four rows at a
 * time against row j: gram.ts dot4, summed as dot sums); false when not positive definite.
 */
export function choleskyInPlace(a: Float64Array, n: number, quad: Float64Array = new Float64Array(4)): boolean {
  for (let j = 0; j < n; j++) {
    const rj = j * n;
    const s = (a[rj + j] as number) - dot(a, rj, a, rj, j);
    if (!(s > 0)) return false;
    const d = Math.sqrt(s);
    a[rj + j] = d;
    const inv = 1 / d;
    let i = j + 1;
    for (; i + 3 < n; i += 4) {
      const ri = i * n;
      dot4(a, rj, a, ri, ri + n, ri + 2 * n, ri + 3 * n, j, quad);
      a[ri + j] = ((a[ri + j] as number) - (quad[0] as number)) * inv;
      a[ri + n + j] = ((a[ri + n + j] as number) - (quad[1] as number)) * inv;
      a[ri + 2 * n + j] = ((a[ri + 2 * n + j] as number) - (quad[2] as number)) * inv;
      a[ri + 3 * n + j] = ((a[ri + 3 * n + j] as number) - (quad[3] as number)) * inv;
    }
    for (; i < n; i++) {
      const ri = i * n;
      a[ri + j] = ((a[ri + j] as number) - dot(a, ri, a, rj, j)) * inv;
    }
  }
  return true;
}

/** b ← L⁻¹ b for the lower factor L (row-major). */
function forwardSolve(l: Float64Array, n: number, b: Float64Array): void {
  for (let i = 0; i < n; i++) {
    const ri = i * n;
    b[i] = ((b[i] as number) - dot(l, ri, b, 0, i)) / (l[ri + i] as number);
  }
}

/** b ← L⁻ᵀ b for the lower factor L (row-major), sweeping L's rows from the last. */
function backwardSolve(l: Float64Array, n: number, b: Float64Array): void {
  for (let i = n - 1; i >= 0; i--) {
    const ri = i * n;
    const bi = (b[i] as number) / (l[ri + i] as number);
    b[i] = bi;
    for (let j = 0; j < i; j++) b[j] = (b[j] as number) - (l[ri + j] as number) * bi;
  }
}

/** A day's kernel design, shared by the kernel members that read the same one. */
interface KernelDesign {
  n: number;
  c: number;
  yScale: Scale[] | null;
  yMean: Float64Array;
}

const checked = (member: LearMember) => {
  if (!member.kernel) throw new Error('kernelForecast: not a kernel member');
  if (member.space === 'caps') throw new Error('kernelForecast: a kernel member reads the design of prices (space caps asked)');
  return member.kernel;
};

/**
 * Day t's design of a kernel member into its work buffers: the window prepared (lear.ts
 * prepareWindow), the columns gathered, the rows' pairwise squared distances and the forecast
 * row's; null when the window has too little history or no column varies.
 */
function kernelDesign(s: DailySeries, t: number, member: LearMember, k: LearScratch): KernelDesign | null {
  const opts = checked(member);
  const prepared = prepareWindow(s, t, member, k);
  if (!prepared) return null;
  const { n, yScale, yMean } = prepared;
  const { x, row } = k;
  const cols = kernelColumns(s, k.p, k.diag, opts.lags, opts.exogLags);
  const c = cols.length;
  // Nothing varies over the window (no column to measure a distance on): no forecast, as a window without history.
  if (c === 0) return null;
  const { z, sq, d2, dz, quad } = workOf(k, n, c);
  for (let a = 0; a < c; a++) {
    const o = (cols[a] as number) * n;
    for (let i = 0; i < n; i++) z[i * c + a] = x[o + i] as number;
  }
  for (let i = 0; i < n; i++) sq[i] = dot(z, i * c, z, i * c, c);
  const dist = (i: number, j: number, zz: number) => Math.max(0, (sq[i] as number) + (sq[j] as number) - 2 * zz);
  for (let i = 0; i < n; i++) {
    const ri = i * c;
    let j = 0;
    for (; j + 3 < i; j += 4) {
      dot4(z, ri, z, j * c, (j + 1) * c, (j + 2) * c, (j + 3) * c, c, quad);
      for (let q = 0; q < 4; q++) d2[i * n + j + q] = dist(i, j + q, quad[q] as number);
    }
    for (; j < i; j++) d2[i * n + j] = dist(i, j, dot(z, ri, z, j * c, c));
  }
  for (let i = 0; i < n; i++) {
    let e = 0;
    for (let a = 0; a < c; a++) e += ((z[i * c + a] as number) - (row[cols[a] as number] as number)) ** 2;
    dz[i] = e;
  }
  return { n, c, yScale, yMean };
}

/** One kernel member's forecast on a day's design (kernelDesign) into out[0..24); false when K + ridge·I cannot be factored. */
function kernelSolve(member: LearMember, design: KernelDesign, k: LearScratch, out: Float64Array): boolean {
  const opts = checked(member);
  const { n, c, yScale, yMean } = design;
  const w = workOf(k, n, c);
  const { d2, dz, v, quad } = w;
  const kk = w.k;
  const g = -1 / (2 * c * opts.bandwidth);
  for (let i = 0; i < n; i++) {
    const ri = i * n;
    for (let j = 0; j < i; j++) kk[ri + j] = Math.exp(g * (d2[ri + j] as number));
    kk[ri + i] = 1 + opts.ridge;
  }
  if (!choleskyInPlace(kk, n, quad)) return false;
  // f_h = yMean_h + k*ᵀ (K + ridge·I)⁻¹ y_h = yMean_h + (L⁻ᵀ L⁻¹ k*) · y_h: two triangular solves serve the 24 hours.
  for (let i = 0; i < n; i++) v[i] = Math.exp(g * (dz[i] as number));
  forwardSolve(kk, n, v);
  backwardSolve(kk, n, v);
  const y = k.y;
  for (let h = 0; h < H; h++) {
    const f = (yMean[h] as number) + dot(v, 0, y, h * n, n);
    out[h] = yScale ? inverse(f, yScale[h] as Scale) : npitInverse(f, k.ySorted.subarray(h * n, h * n + n), n);
  }
  return true;
}

/** The kernel member's forecast of day t into out[0..24); false when its window has too little history. */
export function kernelForecast(s: DailySeries, t: number, member: LearMember, k: LearScratch, out: Float64Array): boolean {
  const design = kernelDesign(s, t, member, k);
  return design !== null && kernelSolve(member, design, k, out);
}

/** Two kernel members read the same design: the same window, transform, regime cut and columns (only the bandwidth or the ridge differ). */
const sameDesign = (a: LearMember, b: LearMember): boolean =>
  a.window === b.window && a.transform === b.transform && a.sinceBreak === b.sinceBreak && a.space === b.space && String(a.kernel?.lags ?? [1]) === String(b.kernel?.lags ?? [1]) && String(a.kernel?.exogLags ?? [0]) === String(b.kernel?.exogLags ?? [0]);

/** A member's forecast of day t into out[0..24), whichever its kind: a kernel member here, a LEAR in lear.ts. */
export function fitMember(s: DailySeries, t: number, member: LearMember, o: LassoOptions, k: LearScratch, out: Float64Array): boolean {
  return member.kernel ? kernelForecast(s, t, member, k, out) : forecastMember(s, t, member, o, k, out);
}

/**
 * Every member's forecast of day t: put(c, forecast) for each member c that has one. Kernel members
 * next to each other that read the same design share it (prepared, gathered and its distances
 * computed once; nothing else touches the scratch between them); each still solves its own kernel,
 * so every forecast has the bits of fitMember alone.
 */
export function fitMembers(s: DailySeries, t: number, members: readonly LearMember[], o: LassoOptions, k: LearScratch, one: Float64Array, put: (c: number, forecast: Float64Array) => void): void {
  let design: KernelDesign | null = null;
  for (let c = 0; c < members.length; c++) {
    const m = members[c] as LearMember;
    const prev = members[c - 1];
    if (!m.kernel) {
      if (forecastMember(s, t, m, o, k, one)) put(c, one);
      continue;
    }
    if (!(prev?.kernel && sameDesign(prev, m))) design = kernelDesign(s, t, m, k);
    if (design && kernelSolve(m, design, k, one)) put(c, one);
  }
}
