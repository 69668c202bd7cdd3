/**
 * A kernel member (issue 28): kernel ridge regression with a Gaussian kernel on the day's
 * standardised asinh design (lear.ts prepareWindow), all 24 hours from one kernel matrix. LEAR is
 * linear in its transformed inputs; this member is a smooth nonlinear function of a few of them —
 * the 24 prices of d-1, every exogenous series' 24 values for d, the extra exogenous columns and
 * the day of the week — so its errors differ from the LEARs' where the price responds to its
 * drivers nonlinearly (a merit order is convex). Alone it is worse than a LEAR; in the combination
 * its different errors are what it is worth (docs/forecast.md, "Kernel members"). The member's
 * transform must be asinh and it does not read prices on the caps (refused otherwise).
 *
 * With the rows' features z_i (n rows, c columns, each standardised on the window), the kernel
 * k(z, z') = exp(−|z − z'|² / (2·c·bandwidth)) — c·bandwidth is half the mean squared distance
 * between two rows at bandwidth 1, so the setting means the same whatever the number of columns —
 * and the coefficients A = (K + ridge·I)⁻¹ Y; the forecast of hour h is yMean_h + k(z*)ᵀ A_h, mapped
 * back by the hour's asinh scale. One Cholesky factor L of K + ridge·I serves every hour: with
 * v = L⁻¹k(z*) and u_h = L⁻¹y_h, the forecast is v·u_h. Deterministic: a direct solve, the same
 * bits for the same inputs.
 */
import { H, type DailySeries } from './series.js';
import { inverse, type Scale } from './scaling.js';
import { dot, dot4 } from './gram.js';
import { PRICE_LAGS, EXOG_LAGS, forecastMember, prepareWindow, type LearScratch } from './lear.js';
import type { LearMember } from './members.js';
import type { LassoOptions } from './lasso.js';

/** Work buffers of the kernel member. */
interface KernelWork {
  z: Float64Array;
  k: Float64Array;
  sq: Float64Array;
  v: Float64Array;
  u: Float64Array;
  quad: Float64Array;
}

const works = new WeakMap<LearScratch, KernelWork>();
/** The work buffers kept beside a LEAR scratch, grown when a day needs more. */
function workOf(k: LearScratch, n: number, c: number): KernelWork {
  const w = works.get(k);
  if (w && w.sq.length >= n && w.z.length >= n * c) return w;
  const m = Math.max(n, w?.sq.length ?? 0);
  const fresh = { z: new Float64Array(m * Math.max(c, w ? w.z.length / w.sq.length : 0)), k: new Float64Array(m * m), sq: new Float64Array(m), v: new Float64Array(m), u: new Float64Array(m), quad: new Float64Array(4) };
  works.set(k, fresh);
  return fresh;
}

/**
 * The design columns the kernel reads (lear.ts featureRow's layout): the prices of d-1 (of each day
 * back in `lags`), each exogenous series at lag 0, every extra column and the dummies; a constant
 * column (diag 0) is left out.
 */
export function kernelColumns(s: DailySeries, p: number, diag: Float64Array, lags: readonly number[] = [1]): number[] {
  const cols: number[] = [];
  for (const lag of lags) {
    const at = PRICE_LAGS.indexOf(lag as (typeof PRICE_LAGS)[number]);
    if (at < 0) throw new Error(`kernel: price lag ${lag} is not a LEAR lag (${PRICE_LAGS.join(', ')})`);
    for (let j = 0; j < H; j++) cols.push(at * H + j);
  }
  let c = H * PRICE_LAGS.length;
  for (let x = 0; x < s.exog.length; x++, c += H * EXOG_LAGS.length) for (let j = 0; j < H; j++) cols.push(c + j);
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

/** The kernel member's forecast of day t into out[0..24); false when its window has too little history. */
export function kernelForecast(s: DailySeries, t: number, member: LearMember, k: LearScratch, out: Float64Array): boolean {
  const opts = member.kernel;
  if (!opts) throw new Error('kernelForecast: not a kernel member');
  if (member.transform !== 'asinh' || member.space === 'caps') throw new Error(`kernelForecast: a kernel member reads the asinh design of prices (transform ${member.transform}${member.space ? `, space ${member.space}` : ''} asked)`);
  const prepared = prepareWindow(s, t, member, k);
  if (!prepared) return false;
  const { n, yScale, yMean } = prepared;
  const { x, y, row } = k;
  const cols = kernelColumns(s, k.p, k.diag, opts.lags);
  const c = cols.length;
  // Nothing varies over the window (no column to measure a distance on): no forecast, as a window without history.
  if (c === 0) return false;
  const w = workOf(k, n, c);
  const { z, sq, v, u } = w;
  const kk = w.k;
  for (let a = 0; a < c; a++) {
    const o = (cols[a] as number) * n;
    for (let i = 0; i < n; i++) z[i * c + a] = x[o + i] as number;
  }
  for (let i = 0; i < n; i++) sq[i] = dot(z, i * c, z, i * c, c);
  const g = -1 / (2 * c * opts.bandwidth);
  const quad = w.quad;
  const entry = (i: number, j: number, zz: number) => Math.exp(g * Math.max(0, (sq[i] as number) + (sq[j] as number) - 2 * zz));
  for (let i = 0; i < n; i++) {
    const ri = i * c;
    let j = 0;
    for (; j + 3 <= i; j += 4) {
      dot4(z, ri, z, j * c, (j + 1) * c, (j + 2) * c, (j + 3) * c, c, quad);
      for (let q = 0; q < 4; q++) kk[i * n + j + q] = entry(i, j + q, quad[q] as number);
    }
    for (; j <= i; j++) kk[i * n + j] = entry(i, j, dot(z, ri, z, j * c, c));
    kk[i * n + i] = 1 + opts.ridge;
  }
  if (!choleskyInPlace(kk, n, quad)) return false;
  for (let i = 0; i < n; i++) {
    let d2 = 0;
    for (let a = 0; a < c; a++) d2 += ((z[i * c + a] as number) - (row[cols[a] as number] as number)) ** 2;
    v[i] = Math.exp(g * d2);
  }
  forwardSolve(kk, n, v);
  for (let h = 0; h < H; h++) {
    for (let i = 0; i < n; i++) u[i] = y[h * n + i] as number;
    forwardSolve(kk, n, u);
    let f = yMean[h] as number;
    for (let i = 0; i < n; i++) f += (v[i] as number) * (u[i] as number);
    out[h] = inverse(f, (yScale as Scale[])[h] as Scale);
  }
  return true;
}

/** A member's forecast of day t into out[0..24), whichever its kind: a kernel member here, a LEAR in lear.ts. */
export function fitMember(s: DailySeries, t: number, member: LearMember, o: LassoOptions, k: LearScratch, out: Float64Array): boolean {
  return member.kernel ? kernelForecast(s, t, member, k, out) : forecastMember(s, t, member, o, k, out);
}
