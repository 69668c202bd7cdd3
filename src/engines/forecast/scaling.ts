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
