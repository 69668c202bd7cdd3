/**
 * The Gram matrix and the targets' correlations of a LEAR fit (lear.ts `forecastOn`, on the design
 * of `prepareWindow`): dot products summed in a fixed order (even and odd terms apart, then added),
 * so that every fit gives the same bits on every machine whatever the grouping of the columns, and
 * the symmetric entry of a column pair (0 where either column is constant).
 */
import { H } from './series.js';

export function dot(a: Float64Array, ao: number, b: Float64Array, bo: number, n: number): number {
  let s0 = 0;
  let s1 = 0;
  let i = 0;
  for (; i + 1 < n; i += 2) {
    s0 += (a[ao + i] as number) * (b[bo + i] as number);
    s1 += (a[ao + i + 1] as number) * (b[bo + i + 1] as number);
  }
  if (i < n) s0 += (a[ao + i] as number) * (b[bo + i] as number);
  return s0 + s1;
}

/**
 * dot(u[uo..], v[b..]), dot(u[uo..], v[c..]), dot(u[uo..], v[d..]) and dot(u[uo..], v[e..]) in one
 * pass over u[uo..], each summed exactly as `dot` sums (even and odd terms apart), so the bits are
 * those of four `dot` calls: four Gram entries of one column, or one column's correlations with
 * four hours' targets.
 */
export function dot4(u: Float64Array, uo: number, v: Float64Array, b: number, c: number, d: number, e: number, n: number, out: Float64Array): void {
  let b0 = 0;
  let b1 = 0;
  let c0 = 0;
  let c1 = 0;
  let d0 = 0;
  let d1 = 0;
  let e0 = 0;
  let e1 = 0;
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const u0 = u[uo + i] as number;
    const u1 = u[uo + i + 1] as number;
    b0 += u0 * (v[b + i] as number);
    b1 += u1 * (v[b + i + 1] as number);
    c0 += u0 * (v[c + i] as number);
    c1 += u1 * (v[c + i + 1] as number);
    d0 += u0 * (v[d + i] as number);
    d1 += u1 * (v[d + i + 1] as number);
    e0 += u0 * (v[e + i] as number);
    e1 += u1 * (v[e + i + 1] as number);
  }
  if (i < n) {
    const u0 = u[uo + i] as number;
    b0 += u0 * (v[b + i] as number);
    c0 += u0 * (v[c + i] as number);
    d0 += u0 * (v[d + i] as number);
    e0 += u0 * (v[e + i] as number);
  }
  out[0] = b0 + b1;
  out[1] = c0 + c1;
  out[2] = d0 + d1;
  out[3] = e0 + e1;
}

function setGram(g: Float64Array, p: number, diag: Float64Array, a: number, b: number, d: number, n: number): void {
  const v = diag[a] === 0 || diag[b] === 0 ? 0 : d / n;
  g[a * p + b] = v;
  g[b * p + a] = v;
}

/**
 * G = XᵀX / n (p × p, row-major) of the design x (n × p, column-major), shared by the 24 hourly
 * targets: four columns b of a row at a time, then one by one.
 */
export function gramMatrix(x: Float64Array, n: number, p: number, diag: Float64Array, g: Float64Array, quad: Float64Array): void {
  for (let a = 0; a < p; a++) {
    let b = a;
    for (; b + 3 < p; b += 4) {
      dot4(x, a * n, x, b * n, (b + 1) * n, (b + 2) * n, (b + 3) * n, n, quad);
      for (let c = 0; c < 4; c++) setGram(g, p, diag, a, b + c, quad[c] as number, n);
    }
    for (; b < p; b++) setGram(g, p, diag, a, b, dot(x, a * n, x, b * n, n), n);
  }
}

/** q_h = Xᵀy_h / n of every hour h into row h of qAll (p wide), one column against four hours at a time; 0 at a constant column. */
export function hourCorrelations(x: Float64Array, y: Float64Array, n: number, p: number, diag: Float64Array, qAll: Float64Array, quad: Float64Array): void {
  for (let j = 0; j < p; j++) {
    if (diag[j] === 0) {
      for (let h = 0; h < H; h++) qAll[h * p + j] = 0;
      continue;
    }
    for (let h = 0; h < H; h += 4) {
      dot4(x, j * n, y, h * n, (h + 1) * n, (h + 2) * n, (h + 3) * n, n, quad);
      for (let c = 0; c < 4; c++) qAll[(h + c) * p + j] = (quad[c] as number) / n;
    }
  }
}
