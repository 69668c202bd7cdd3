/**
 * The variance-stabilising transform of LEAR (Uniejewski, Weron, Ziel 2018): per column, centre
 * on the median, scale by the normal-consistent MAD, then asinh. Heavy tails and spikes are
 * compressed; negative prices pass through (asinh is defined on the whole line). The scale is
 * fitted on the training rows only and reused for the forecast row.
 */

const MAD_TO_SIGMA = 0.6744897501960817;

/** k-th smallest of v[0..n) by quickselect (v is reordered; deterministic middle pivot). */
function select(v: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (hi > lo) {
    const pivot = v[(lo + hi) >> 1] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((v[i] as number) < pivot) i++;
      while ((v[j] as number) > pivot) j--;
      if (i <= j) {
        const t = v[i] as number;
        v[i] = v[j] as number;
        v[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return v[k] as number;
  }
  return v[k] as number;
}

/** Median of v[0..n) (v is reordered). */
export function medianInPlace(v: Float64Array, n: number): number {
  const m = n >> 1;
  const upper = select(v, n, m);
  if (n % 2) return upper;
  let lower = -Infinity;
  for (let i = 0; i < m; i++) if ((v[i] as number) > lower) lower = v[i] as number;
  return (lower + upper) / 2;
}

export interface Scale {
  med: number;
  mad: number;
}

/**
 * Median and MAD of v[off .. off + n). A column with MAD 0 (constant in most of the window, as
 * under regulated floors) falls back to the mean absolute deviation around the median, then to 1,
 * so the transform never divides by zero.
 */
export function fitScale(v: Float64Array, off: number, n: number, work: Float64Array): Scale {
  for (let i = 0; i < n; i++) work[i] = v[off + i] as number;
  const med = medianInPlace(work, n);
  let sumAbs = 0;
  for (let i = 0; i < n; i++) {
    const d = Math.abs((v[off + i] as number) - med);
    work[i] = d;
    sumAbs += d;
  }
  let mad = medianInPlace(work, n) / MAD_TO_SIGMA;
  if (!(mad > 1e-9)) mad = sumAbs / n / 0.7978845608028654;
  if (!(mad > 1e-9)) mad = 1;
  return { med, mad };
}

export const forward = (v: number, s: Scale): number => Math.asinh((v - s.med) / s.mad);
export const inverse = (z: number, s: Scale): number => Math.sinh(z) * s.mad + s.med;

/**
 * The N-PIT transform (Uniejewski, Weron, Ziel 2018: the normal probability integral transform):
 * a value's mid-rank among the n training values of its column, as a probability
 * rank/(n + 1), mapped through the standard normal quantile function. Unlike asinh it uses no
 * scale at all, only the order of the values, so a spike or a cap moves nothing but its own rank;
 * its inverse (below) can only return values inside the training range. LEAR members on both
 * transforms make the ensemble more diverse than either (docs/forecast.md).
 *
 * `sorted[0..n)` holds the column's training values in ascending order (see npitSort).
 */
export function npitForward(v: number, sorted: Float64Array, n: number): number {
  if (Number.isNaN(v)) return v;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if ((sorted[m] as number) < v) lo = m + 1;
    else hi = m;
  }
  let upto = lo;
  while (upto < n && sorted[upto] === v) upto++;
  // 1-based mid-rank: values below + half the ties + ½ (a value between two order statistics gets
  // the half rank between them). Twice it is an integer, so its normal quantile is read from a table.
  return npitZ(lo + upto + 1, n);
}

/**
 * Per n, the normal quantile of each half rank k/2 (k = 1 … 2n + 1), filled as asked: npitForward
 * reads the same few thousand values for every column of a window, each once computed by
 * normalQuantile exactly as before (the same bits).
 */
const NPIT_Z = new Map<number, Float64Array>();

function npitZ(twiceRank: number, n: number): number {
  let table = NPIT_Z.get(n);
  if (!table) {
    table = new Float64Array(2 * n + 2).fill(Number.NaN);
    NPIT_Z.set(n, table);
  }
  const z = table[twiceRank] as number;
  if (!Number.isNaN(z)) return z;
  const rank = twiceRank / 2;
  const u = Math.min(Math.max(rank / (n + 1), 0.5 / (n + 1)), 1 - 0.5 / (n + 1));
  return (table[twiceRank] = normalQuantile(u));
}

/** The inverse of npitForward: the normal probability back to a position among the order statistics, interpolated. */
export function npitInverse(z: number, sorted: Float64Array, n: number): number {
  const pos = normalCdf(z) * (n + 1) - 1;
  if (pos <= 0) return sorted[0] as number;
  if (pos >= n - 1) return sorted[n - 1] as number;
  const i = Math.floor(pos);
  const lo = sorted[i] as number;
  return lo + (pos - i) * ((sorted[i + 1] as number) - lo);
}

/** sorted[0..n) ← v[off .. off + n) in ascending order. */
export function npitSort(v: Float64Array, off: number, n: number, sorted: Float64Array): void {
  for (let i = 0; i < n; i++) sorted[i] = v[off + i] as number;
  sorted.subarray(0, n).sort();
}

/** Φ(x), the standard normal distribution function (erfc by W. J. Cody's rational approximations; relative error ~1e-14 for |x| ≤ 8, 1e-13 at |x| = 30). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const e = erfcPositive(z);
  return x >= 0 ? 1 - e / 2 : e / 2;
}

function erfcPositive(x: number): number {
  if (x < 0.5) {
    const t = x * x;
    const num = (((0.18577770618460315 * t + 3.1611237438705655) * t + 113.86415415105016) * t + 377.485237685302) * t + 3209.3775891384694;
    const den = (((t + 23.601290952344122) * t + 244.02463793444417) * t + 1282.6165260773723) * t + 2844.236833439171;
    return 1 - (x * num) / den;
  }
  if (x < 4) {
    const num = (((((((2.1531153547440383e-8 * x + 0.5641884969886701) * x + 8.883149794388377) * x + 66.11919063714163) * x + 298.6351381974001) * x + 881.952221241769) * x + 1712.0476126340707) * x + 2051.0783778260716) * x + 1230.3393547979972;
    const den = (((((((x + 15.744926110709835) * x + 117.6939508913125) * x + 537.1811018620099) * x + 1621.3895745666903) * x + 3290.7992357334597) * x + 4362.619090143247) * x + 3439.3676741437216) * x + 1230.3393548037495;
    return (Math.exp(-x * x) * num) / den;
  }
  const t = 1 / (x * x);
  const num = ((((0.016315387137302097 * t + 0.30532663496123236) * t + 0.36034489994980445) * t + 0.12578172611122926) * t + 0.016083785148742275) * t + 0.0006587491615298378;
  const den = ((((t + 2.568520192289822) * t + 1.8729528499234673) * t + 0.5279051029514285) * t + 0.06051834131244132) * t + 0.0023352049762686918;
  return (Math.exp(-x * x) / x) * (0.5641895835477563 - (t * num) / den);
}

/**
 * Φ⁻¹(p) for 0 < p < 1: Acklam's rational approximation refined by one Halley step on Φ, from
 * the lower tail (p > ½ by symmetry, so the step never subtracts two numbers near 1); relative
 * error ~1e-15. ∓Infinity at 0 and 1, NaN outside [0, 1].
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) return p === 0 ? -Infinity : p === 1 ? Infinity : Number.NaN;
  if (p > 0.5) return -normalQuantile(1 - p);
  const pl = 0.02425;
  let x: number;
  if (p < pl) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((-0.007784894002430293 * q - 0.3223964580411365) * q - 2.400758277161838) * q - 2.549732539343734) * q + 4.374664141464968) * q + 2.938163982698783) / ((((0.007784695709041462 * q + 0.3224671290700398) * q + 2.445134137142996) * q + 3.754408661907416) * q + 1);
  } else {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((-39.69683028665376 * r + 220.9460984245205) * r - 275.9285104469687) * r + 138.357751867269) * r - 30.66479806614716) * r + 2.506628277459239) * q) / (((((-54.47609879822406 * r + 161.5858368580409) * r - 155.6989798598866) * r + 66.80131188771972) * r - 13.28068155211573) * r + 1);
  }
  const e = normalCdf(x) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}
