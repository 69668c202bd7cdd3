/**
 * The Gram-matrix kernels of a LEAR fit (lear.ts `prepareWindow`): dot products summed in a fixed
 * order (even and odd terms apart, then added), so that every fit gives the same bits on every
 * machine, and the symmetric entry of a column pair (0 where either column is constant).
 */

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

export function setGram(g: Float64Array, p: number, diag: Float64Array, a: number, b: number, d: number, n: number): void {
  const v = diag[a] === 0 || diag[b] === 0 ? 0 : d / n;
  g[a * p + b] = v;
  g[b * p + a] = v;
}
