/**
 * The lasso with a penalty weight per column, solved exactly by the homotopy (LARS-lasso) path:
 *
 *   minimise ½·βᵀGβ − qᵀβ + λ·Σ_j pw_j·|β_j|      (G = XᵀX/n, q = Xᵀy/n)
 *
 * at λ = `target`, following the piecewise-linear solution path down from λ_max = max_j |q_j|/pw_j
 * (Osborne, Presnell, Turlach 2000; Efron, Hastie, Johnstone, Tibshirani 2004). On a stretch with
 * active set A and signs θ, β_A(λ) = G_AA⁻¹(q_A − λ·pw_A∘θ_A); the stretch ends where an inactive
 * column's correlation r_j = q_j − (Gβ)_j reaches ±λ·pw_j (it joins) or an active coefficient
 * reaches zero (it leaves). The Cholesky factor of G_AA grows by one row per join and loses one
 * per leave (Givens rotations). A column whose join would make G_AA singular (to 1e-10 of its own variance) is
 * left out, as LARS implementations do with degenerate regressors.
 *
 * This is the LEAR refit (lasso.ts): coordinate descent converges slowly at such weak penalties on
 * correlated columns, while the path costs O(p·|A|) per event. Returns false when the event budget
 * runs out (β then holds a point of the path, not the solution).
 */

export interface PathWork {
  idx: Int32Array;
  theta: Float64Array;
  out: Uint8Array;
  l: Float64Array;
  w: Float64Array;
  a: Float64Array;
  r: Float64Array;
  tmp: Float64Array;
  /** The size of the active set the last successful path ended on (idx[0..k) with theta). */
  k: number;
}

export function pathWork(p: number): PathWork {
  return { idx: new Int32Array(p), theta: new Float64Array(p), out: new Uint8Array(p), l: new Float64Array(p * p), w: new Float64Array(p), a: new Float64Array(p), r: new Float64Array(p), tmp: new Float64Array(p), k: 0 };
}

/** Appends column j to the Cholesky factor L (rows of stride p) of G_AA with |A| = k; false if degenerate. */
export function append(g: Float64Array, p: number, idx: Int32Array, k: number, j: number, l: Float64Array): boolean {
  const row = k * p;
  let ss = 0;
  for (let i = 0; i < k; i++) {
    let v = g[j * p + (idx[i] as number)] as number;
    for (let c = 0; c < i; c++) v -= (l[i * p + c] as number) * (l[row + c] as number);
    v /= l[i * p + i] as number;
    l[row + i] = v;
    ss += v * v;
  }
  const gjj = g[j * p + j] as number;
  const d = gjj - ss;
  if (!(d > 1e-10 * gjj)) return false;
  l[row + k] = Math.sqrt(d);
  return true;
}

/**
 * Removes row `at` of the k×k factor L (L·Lᵀ = G_AA loses that row and column): the rows below move
 * up, and Givens rotations of neighbouring columns make the factor lower triangular again, in O(k²).
 */
function cholDelete(l: Float64Array, p: number, k: number, at: number): void {
  for (let i = at; i < k - 1; i++) {
    const dst = i * p;
    const src = (i + 1) * p;
    for (let c = 0; c <= i + 1; c++) l[dst + c] = l[src + c] as number;
  }
  for (let c = at; c < k - 1; c++) {
    const x0 = l[c * p + c] as number;
    const y0 = l[c * p + c + 1] as number;
    const h = Math.hypot(x0, y0);
    const cs = x0 / h;
    const sn = y0 / h;
    for (let i = c; i < k - 1; i++) {
      const x = l[i * p + c] as number;
      const y = l[i * p + c + 1] as number;
      l[i * p + c] = cs * x + sn * y;
      l[i * p + c + 1] = cs * y - sn * x;
    }
    l[c * p + c + 1] = 0;
  }
}

/** out += Σ_c coef[c]·G[idx[c], ·]: rows of the symmetric G, two at a time (half the passes over out). */
export function accumulateRows(g: Float64Array, p: number, idx: Int32Array, k: number, coef: Float64Array, out: Float64Array): void {
  let c = 0;
  for (; c + 1 < k; c += 2) {
    const c0 = coef[c] as number;
    const c1 = coef[c + 1] as number;
    const r0 = (idx[c] as number) * p;
    const r1 = (idx[c + 1] as number) * p;
    for (let j = 0; j < p; j++) out[j] = (out[j] as number) + (g[r0 + j] as number) * c0 + (g[r1 + j] as number) * c1;
  }
  if (c < k) {
    const c0 = coef[c] as number;
    const r0 = (idx[c] as number) * p;
    for (let j = 0; j < p; j++) out[j] = (out[j] as number) + (g[r0 + j] as number) * c0;
  }
}

/** Solves L·Lᵀ·x = b (|A| = k) into x. */
export function cholSolve(l: Float64Array, p: number, k: number, b: Float64Array, x: Float64Array): void {
  for (let i = 0; i < k; i++) {
    let v = b[i] as number;
    for (let c = 0; c < i; c++) v -= (l[i * p + c] as number) * (x[c] as number);
    x[i] = v / (l[i * p + i] as number);
  }
  for (let i = k - 1; i >= 0; i--) {
    let v = x[i] as number;
    for (let c = i + 1; c < k; c++) v -= (l[c * p + i] as number) * (x[c] as number);
    x[i] = v / (l[i * p + i] as number);
  }
}

/**
 * β (length p, overwritten) = the minimiser at λ = target. Columns with diag 0 or pw 0 are never
 * used.
 */
export function lassoPath(g: Float64Array, p: number, diag: Float64Array, q: Float64Array, pw: Float64Array, target: number, beta: Float64Array, ws: PathWork, maxEvents = 8 * p): boolean {
  const { idx, theta, out, l, w, a, r, tmp } = ws;
  beta.fill(0);
  theta.fill(0);
  out.fill(0);
  for (let j = 0; j < p; j++) if (diag[j] === 0 || !((pw[j] as number) > 0)) out[j] = 1;
  let lam = 0;
  let first = -1;
  for (let j = 0; j < p; j++) {
    if (out[j]) continue;
    const v = Math.abs(q[j] as number) / (pw[j] as number);
    if (v > lam) {
      lam = v;
      first = j;
    }
  }
  ws.k = 0;
  if (first < 0 || lam <= target) return true;
  let k = 0;
  const join = (j: number, sign: number): void => {
    if (!append(g, p, idx, k, j, l)) {
      out[j] = 1;
      return;
    }
    idx[k++] = j;
    theta[j] = sign;
  };
  join(first, Math.sign(q[first] as number));
  for (let event = 0; event < maxEvents; event++) {
    // r = q − Gβ (recomputed every 16 events against drift, else updated below), the direction
    // w = G_AA⁻¹ (pw_A∘θ_A) and a = G_{·A}·w; G is symmetric, so both run along contiguous rows.
    if (event % 16 === 0) {
      for (let c = 0; c < k; c++) tmp[c] = -(beta[idx[c] as number] as number);
      r.set(q);
      accumulateRows(g, p, idx, k, tmp, r);
    }
    for (let c = 0; c < k; c++) tmp[c] = (pw[idx[c] as number] as number) * (theta[idx[c] as number] as number);
    cholSolve(l, p, k, tmp, w);
    a.fill(0);
    accumulateRows(g, p, idx, k, w, a);
    let gamma = lam - target;
    let joinAt = -1;
    let joinSign = 0;
    let leaveAt = -1;
    const tiny = 1e-12 * lam;
    for (let j = 0; j < p; j++) {
      if (out[j] || theta[j] !== 0) continue;
      const pj = pw[j] as number;
      const cj = r[j] as number;
      const aj = a[j] as number;
      if (pj - aj > 0) {
        const gm = (lam * pj - cj) / (pj - aj);
        if (gm > tiny && gm < gamma) {
          gamma = gm;
          joinAt = j;
          joinSign = 1;
          leaveAt = -1;
        }
      }
      if (pj + aj > 0) {
        const gm = (lam * pj + cj) / (pj + aj);
        if (gm > tiny && gm < gamma) {
          gamma = gm;
          joinAt = j;
          joinSign = -1;
          leaveAt = -1;
        }
      }
    }
    for (let c = 0; c < k; c++) {
      const wc = w[c] as number;
      if (wc === 0) continue;
      const gm = -(beta[idx[c] as number] as number) / wc;
      if (gm > 0 && gm < gamma) {
        gamma = gm;
        leaveAt = c;
        joinAt = -1;
      }
    }
    for (let c = 0; c < k; c++) {
      const i = idx[c] as number;
      beta[i] = (beta[i] as number) + gamma * (w[c] as number);
    }
    lam -= gamma;
    for (let j = 0; j < p; j++) r[j] = (r[j] as number) - gamma * (a[j] as number);
    if (joinAt < 0 && leaveAt < 0) {
      ws.k = k;
      return true;
    }
    if (joinAt >= 0) {
      join(joinAt, joinSign);
      continue;
    }
    // A coefficient reached zero: it leaves, and its row leaves the factor.
    const gone = idx[leaveAt] as number;
    beta[gone] = 0;
    theta[gone] = 0;
    for (let c = leaveAt; c < k - 1; c++) idx[c] = idx[c + 1] as number;
    cholDelete(l, p, k, leaveAt);
    k--;
  }
  return false;
}
