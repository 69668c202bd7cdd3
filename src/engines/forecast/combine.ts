/**
 * Forecast combination by least absolute deviations on the simplex:
 *
 *   minimise  Σ_i |y_i − Σ_k w_k·F_k,i|   subject to  w_k ≥ 0,  Σ_k w_k = 1
 *
 * over the out-of-sample forecasts F_k of the components (the calibration windows' LEAR
 * forecasts and the naive prices of d-1 and d-7) for the hours of the last days. MAE is what the
 * forecast is judged on, so the weights minimise it directly, and the simplex keeps the result a
 * convex combination (no extrapolation beyond the components, no intercept to drift).
 *
 * Method: exact line minimisations from equal weights. Along a direction d (Σd = 0) every
 * residual changes by −δ·a_i with a = F·d, so the objective along the line is Σ|a_i|·|r_i/a_i − δ|,
 * minimised exactly by the weighted median of r_i/a_i (weights |a_i|), clamped so that w stays
 * ≥ 0. First pairwise exchanges (d = e_k − e_j) until no mass moves; such a point can still be a
 * kink where only a move of three or more weights at once descends, so then every edge and
 * lineality direction of the local cone (null spaces of {Σd = 0} with up to K − 2 of the zero
 * residuals and zero weights) is tried, and the most descending one is followed; repeat until
 * none descends — for a polyhedral convex objective that is the optimality condition. Against the
 * linear-programming optimum (HiGHS) on 400 random problems of 24–672 rows the relative gap was
 * at most 1.5·10⁻¹¹ (round-off); test/engines/forecast/combine.test.ts holds it to 10⁻⁹.
 * Deterministic: fixed direction order, a total order in the sort.
 */

export interface CombineWork {
  r: Float64Array;
  x: Float64Array;
  a: Float64Array;
  order: Uint32Array;
}

export function combineWork(n: number): CombineWork {
  return { r: new Float64Array(n), x: new Float64Array(n), a: new Float64Array(n), order: new Uint32Array(n) };
}

/**
 * Weights of the K components F[k][0..n) for targets y[0..n).
 * `work` may be reused across calls (sized for at least n).
 */
export function simplexLad(F: readonly Float64Array[], y: Float64Array, n: number, work: CombineWork = combineWork(n), maxRounds = 50): Float64Array {
  const K = F.length;
  const w = new Float64Array(K).fill(1 / K);
  let scale = 0;
  for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(y[i] as number));
  for (let k = 0; k < K; k++) for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs((F[k] as Float64Array)[i] as number));
  const zeroTol = 1e-9 * (scale || 1);
  for (let round = 0; round < maxRounds; round++) {
    residuals(F, y, n, w, work.r);
    pairwise(F, n, w, work);
    snap(w);
    residuals(F, y, n, w, work.r);
    const d = descentAtKink(F, n, w, work.r, zeroTol);
    if (!d || step(F, n, w, d, work) === 0) break;
  }
  return w;
}

/** Weights within rounding of 0 become 0 (they are bounds, not room to move), the rest sum to 1. */
function snap(w: Float64Array): void {
  let sum = 0;
  for (let k = 0; k < w.length; k++) {
    if ((w[k] as number) < 1e-12) w[k] = 0;
    sum += w[k] as number;
  }
  for (let k = 0; k < w.length; k++) w[k] = (w[k] as number) / sum;
}

function residuals(F: readonly Float64Array[], y: Float64Array, n: number, w: Float64Array, r: Float64Array): void {
  for (let i = 0; i < n; i++) {
    let p = 0;
    for (let k = 0; k < F.length; k++) p += (w[k] as number) * ((F[k] as Float64Array)[i] as number);
    r[i] = (y[i] as number) - p;
  }
}

/** Sweeps of pairwise exchanges until no mass moves. */
function pairwise(F: readonly Float64Array[], n: number, w: Float64Array, work: CombineWork, maxSweeps = 50): void {
  const K = F.length;
  const d = new Float64Array(K);
  for (let s = 0; s < maxSweeps; s++) {
    let moved = 0;
    for (let j = 0; j < K; j++) {
      for (let k = 0; k < K; k++) {
        if (j === k || (w[j] as number) <= 0) continue;
        d.fill(0);
        d[j] = -1;
        d[k] = 1;
        moved += step(F, n, w, d, work);
      }
    }
    if (moved < 1e-9) break;
  }
}

/**
 * The exact line minimisation along direction d (Σd = 0): moves w to w + δ·d with δ ≥ 0 the
 * weighted median of r_i/a_i (a = F·d, weights |a_i|), clamped so that w stays ≥ 0; updates r.
 * Returns δ·max|d| (how far it moved).
 */
function step(F: readonly Float64Array[], n: number, w: Float64Array, d: Float64Array, work: CombineWork): number {
  const K = F.length;
  const { r, x, a, order } = work;
  let limit = Infinity;
  for (let k = 0; k < K; k++) if ((d[k] as number) < 0) limit = Math.min(limit, (w[k] as number) / -(d[k] as number));
  if (!(limit > 0)) return 0;
  let m = 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    let ai = 0;
    for (let k = 0; k < K; k++) if (d[k] !== 0) ai += (d[k] as number) * ((F[k] as Float64Array)[i] as number);
    if (ai === 0) continue;
    x[m] = (r[i] as number) / ai;
    a[m] = ai < 0 ? -ai : ai;
    order[m] = m;
    total += a[m] as number;
    m++;
  }
  if (m === 0) return 0;
  const idx = order.subarray(0, m).sort((p, q) => (x[p] as number) - (x[q] as number) || p - q);
  let acc = 0;
  let med = x[idx[m - 1] as number] as number;
  for (let i = 0; i < m; i++) {
    const o = idx[i] as number;
    acc += a[o] as number;
    if (acc >= total / 2) {
      med = x[o] as number;
      break;
    }
  }
  const delta = Math.min(Math.max(med, 0), limit);
  if (!(delta > 1e-12)) return 0;
  let size = 0;
  for (let k = 0; k < K; k++) {
    if (d[k] === 0) continue;
    // A weight driven to its bound lands on exactly 0.
    w[k] = delta === limit && (w[k] as number) / -(d[k] as number) === limit ? 0 : (w[k] as number) + delta * (d[k] as number);
    size = Math.max(size, Math.abs(d[k] as number));
  }
  residualsUpdate(F, n, d, delta, r);
  return delta * size;
}

function residualsUpdate(F: readonly Float64Array[], n: number, d: Float64Array, delta: number, r: Float64Array): void {
  for (let k = 0; k < F.length; k++) {
    const dk = (d[k] as number) * delta;
    if (dk === 0) continue;
    const f = F[k] as Float64Array;
    for (let i = 0; i < n; i++) r[i] = (r[i] as number) - dk * (f[i] as number);
  }
}

/**
 * At a point where no pairwise exchange descends, a direction that does, or null when none
 * exists (the point is optimal). The objective is polyhedral, so its directional derivative
 *   D(d) = Σ_{r_i ≠ 0} −sign(r_i)·(F·d)_i + Σ_{r_i = 0} |(F·d)_i|
 * is negative somewhere in the feasible cone {Σd = 0, d_k ≥ 0 where w_k = 0} iff it is negative
 * on one of the cone's edges or lineality directions — the null spaces of {Σd = 0} with up to
 * K − 2 of the kinks (r_i = 0) and bounds (w_k = 0) through the point. All are tried.
 */
function descentAtKink(F: readonly Float64Array[], n: number, w: Float64Array, r: Float64Array, zeroTol: number): Float64Array | null {
  const K = F.length;
  if (K < 2) return null;
  const rows: Float64Array[] = [];
  for (let k = 0; k < K; k++) {
    if (w[k] !== 0) continue;
    const e = new Float64Array(K);
    e[k] = 1;
    rows.push(e);
  }
  const zero: number[] = [];
  for (let i = 0; i < n; i++) if (Math.abs(r[i] as number) <= zeroTol) zero.push(i);
  const inZero = new Uint8Array(n);
  for (const i of zero) inZero[i] = 1;
  // The smooth part of D is linear in d: D(d) = lin·d + Σ_{kinks} |F_i·d|.
  const lin = new Float64Array(K);
  for (let k = 0; k < K; k++) {
    const f = F[k] as Float64Array;
    let v = 0;
    for (let i = 0; i < n; i++) if (!inZero[i]) v += (r[i] as number) > 0 ? -(f[i] as number) : (f[i] as number);
    lin[k] = v;
  }
  // A kink constrains a direction only through F_i minus its mean (Σd = 0): hours where every
  // component is the same (all clipped to a cap, say) constrain nothing, and kinks with parallel
  // rows are one constraint. Only distinct ones enter the enumeration.
  const kinks: Float64Array[] = [];
  for (const i of zero) {
    const v = Float64Array.from(F, (f) => f[i] as number);
    let mean = 0;
    for (let k = 0; k < K; k++) mean += (v[k] as number) / K;
    let norm = 0;
    for (let k = 0; k < K; k++) norm = Math.max(norm, Math.abs((v[k] = (v[k] as number) - mean)));
    if (norm <= zeroTol) continue;
    for (let k = 0; k < K; k++) v[k] = (v[k] as number) / norm;
    const same = kinks.some((u) => {
      let dPlus = 0;
      let dMinus = 0;
      for (let k = 0; k < K; k++) {
        dPlus = Math.max(dPlus, Math.abs((u[k] as number) - (v[k] as number)));
        dMinus = Math.max(dMinus, Math.abs((u[k] as number) + (v[k] as number)));
      }
      return Math.min(dPlus, dMinus) <= 1e-12;
    });
    if (!same) kinks.push(v);
  }
  // A pile of distinct exact fits would make the enumeration large; stop there, at a descent point.
  if (kinks.length > 4 * K) return null;
  rows.push(...kinks);
  const ones = new Float64Array(K).fill(1);
  let best: Float64Array | null = null;
  // Below floating-point noise (each term is at most ~scale; zeroTol = 1e-9·scale) is no descent.
  let bestD = -1e-3 * zeroTol * n;
  const tryDir = (d: Float64Array): void => {
    let norm = 0;
    for (let k = 0; k < K; k++) norm = Math.max(norm, Math.abs(d[k] as number));
    if (norm === 0) return;
    // Elimination leaves round-off where a component is 0; a bound must see an exact 0.
    for (let k = 0; k < K; k++) if (Math.abs(d[k] as number) < 1e-12 * norm) d[k] = 0;
    for (let k = 0; k < K; k++) if (w[k] === 0 && (d[k] as number) < 0) return;
    let D = 0;
    for (let k = 0; k < K; k++) D += (lin[k] as number) * (d[k] as number);
    for (const i of zero) {
      let ai = 0;
      for (let k = 0; k < K; k++) ai += (d[k] as number) * ((F[k] as Float64Array)[i] as number);
      D += Math.abs(ai);
    }
    D /= norm;
    if (D < bestD) [bestD, best] = [D, Float64Array.from(d, (v) => v / norm)];
  };
  const chosen: number[] = [];
  const visit = (start: number): void => {
    for (const b of nullSpace([ones, ...chosen.map((c) => rows[c] as Float64Array)], K)) {
      tryDir(b);
      tryDir(b.map((v) => -v));
    }
    if (chosen.length === K - 2) return;
    for (let c = start; c < rows.length; c++) {
      chosen.push(c);
      visit(c + 1);
      chosen.pop();
    }
  };
  visit(0);
  return best;
}

/** A basis of {d : row·d = 0 for every row} by Gauss–Jordan elimination with partial pivoting. */
function nullSpace(rows: Float64Array[], K: number): Float64Array[] {
  const m: Float64Array[] = rows.map((r) => new Float64Array(r));
  const pivotCol: number[] = [];
  let rank = 0;
  for (let c = 0; c < K && rank < m.length; c++) {
    let p = rank;
    for (let i = rank + 1; i < m.length; i++) if (Math.abs((m[i] as Float64Array)[c] as number) > Math.abs((m[p] as Float64Array)[c] as number)) p = i;
    const pv = (m[p] as Float64Array)[c] as number;
    if (Math.abs(pv) < 1e-12) continue;
    const row = m[p] as Float64Array;
    m[p] = m[rank] as Float64Array;
    m[rank] = row;
    for (let j = 0; j < K; j++) row[j] = (row[j] as number) / pv;
    for (let i = 0; i < m.length; i++) {
      if (i === rank) continue;
      const f = (m[i] as Float64Array)[c] as number;
      if (f !== 0) for (let j = 0; j < K; j++) (m[i] as Float64Array)[j] = ((m[i] as Float64Array)[j] as number) - f * (row[j] as number);
    }
    pivotCol.push(c);
    rank++;
  }
  const basis: Float64Array[] = [];
  for (let free = 0; free < K; free++) {
    if (pivotCol.includes(free)) continue;
    const b = new Float64Array(K);
    b[free] = 1;
    pivotCol.forEach((c, i) => (b[c] = -((m[i] as Float64Array)[free] as number)));
    basis.push(b);
  }
  return basis;
}
