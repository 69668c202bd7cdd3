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
 * Method: the bounded primal simplex method on the dual linear program, which has K rows however
 * many hours there are. Since Σ_i |r_i| = max_{|λ_i| ≤ 1} Σ_i λ_i·r_i, the problem's dual is
 *
 *   maximise  yᵀλ + μ   subject to  F_kᵀλ + μ + s_k = 0  (k < K),  −1 ≤ λ_i ≤ 1,  μ free,  s_k ≥ 0,
 *
 * and the weights are the simplex multipliers π of its optimal basis: the reduced cost of s_k is
 * −π_k (≤ 0 at the optimum: w ≥ 0), that of the basic μ is 1 − Σπ (= 0: Σw = 1), and that of λ_i
 * is y_i − π·F_i, the residual of hour i — so optimality is exactly "every λ_i at the sign of its
 * residual, or the residual is 0", the subgradient condition of the primal. The start is the
 * basis {μ, s_k (k ≠ k*)} with λ the signs of the residuals of the equal-weight combination.
 * Entering variables are chosen by the largest reduced cost (Dantzig); after K steps in a row that
 * do not move (degenerate vertices are common: hours at a price cap where several components sit
 * on the cap), by Bland's smallest-index rule, which cannot cycle, so the method terminates at
 * the exact optimum (within a relative 10⁻¹¹ tolerance on reduced costs). A bound flip of λ_i
 * leaves the basis — and so π and every reduced cost — unchanged, so most iterations cost O(K²);
 * a pivot re-inverts the K × K basis and re-prices the n hours in O(n·K). Against HiGHS on random
 * and degenerate problems the objective agrees to round-off (test/engines/forecast/combine.test.ts).
 * Deterministic: fixed pricing order, no randomness.
 */

export interface CombineWork {
  /** Values of λ (n), μ, s (K). */
  x: Float64Array;
  /** Reduced costs of the λ_i, and the tolerance each is held to. */
  d: Float64Array;
  tol: Float64Array;
  /** Basis position of each variable, −1 when nonbasic. */
  pos: Int32Array;
}

export function combineWork(n: number, maxK = 32): CombineWork {
  return { x: new Float64Array(n + 1 + maxK), d: new Float64Array(n), tol: new Float64Array(n), pos: new Int32Array(n + 1 + maxK) };
}

/** For tests: Bland's rule from the first step (it is otherwise only the anti-cycling fallback). */
export interface LadOptions {
  bland?: boolean;
}

/** inv ← B⁻¹ (K × K, row-major) by Gauss–Jordan elimination with partial pivoting; false if singular. */
function invert(b: Float64Array, K: number, inv: Float64Array, m: Float64Array): boolean {
  m.set(b.subarray(0, K * K));
  inv.fill(0, 0, K * K);
  for (let i = 0; i < K; i++) inv[i * K + i] = 1;
  for (let c = 0; c < K; c++) {
    let p = c;
    for (let i = c + 1; i < K; i++) if (Math.abs(m[i * K + c] as number) > Math.abs(m[p * K + c] as number)) p = i;
    const pv = m[p * K + c] as number;
    if (pv === 0) return false;
    if (p !== c) {
      for (let j = 0; j < K; j++) {
        swap(m, c * K + j, p * K + j);
        swap(inv, c * K + j, p * K + j);
      }
    }
    for (let j = 0; j < K; j++) {
      m[c * K + j] = (m[c * K + j] as number) / pv;
      inv[c * K + j] = (inv[c * K + j] as number) / pv;
    }
    for (let i = 0; i < K; i++) {
      const f = m[i * K + c] as number;
      if (i === c || f === 0) continue;
      for (let j = 0; j < K; j++) {
        m[i * K + j] = (m[i * K + j] as number) - f * (m[c * K + j] as number);
        inv[i * K + j] = (inv[i * K + j] as number) - f * (inv[c * K + j] as number);
      }
    }
  }
  return true;
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i] as number;
  a[i] = a[j] as number;
  a[j] = t;
}

/**
 * Weights of the K components F[k][0..n) for targets y[0..n).
 * `work` may be reused across calls (sized for at least n hours and K components).
 */
export function simplexLad(F: readonly Float64Array[], y: Float64Array, n: number, work: CombineWork = combineWork(n, F.length), options: LadOptions = {}): Float64Array {
  const K = F.length;
  const w = new Float64Array(K);
  if (K === 1) {
    w[0] = 1;
    return w;
  }
  if (n === 0) return w.fill(1 / K);
  let scale = 0;
  for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(y[i] as number));
  for (const f of F) for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(f[i] as number));
  const MU = n;
  const S0 = n + 1;
  const nv = n + 1 + K;
  const { x, d, tol, pos } = work.x.length >= nv && work.pos.length >= nv && work.d.length >= n && work.tol.length >= n ? work : combineWork(n, K);
  const column = (j: number, k: number): number => (j < n ? ((F[k] as Float64Array)[j] as number) : j === MU ? 1 : j - S0 === k ? 1 : 0);
  const lower = (j: number): number => (j < n ? -1 : j === MU ? -Infinity : 0);
  const upper = (j: number): number => (j < n ? 1 : Infinity);

  // Start: λ at the signs of the equal-weight residuals; μ and all s but the tightest basic.
  pos.fill(-1, 0, nv);
  for (let i = 0; i < n; i++) {
    let p = 0;
    for (let k = 0; k < K; k++) p += (F[k] as Float64Array)[i] as number;
    x[i] = (y[i] as number) - p / K >= 0 ? 1 : -1;
  }
  const fl = new Float64Array(K);
  for (let k = 0; k < K; k++) {
    const f = F[k] as Float64Array;
    let v = 0;
    for (let i = 0; i < n; i++) v += (f[i] as number) * (x[i] as number);
    fl[k] = v;
  }
  let kStar = 0;
  for (let k = 1; k < K; k++) if ((fl[k] as number) > (fl[kStar] as number)) kStar = k;
  x[MU] = -(fl[kStar] as number);
  const basis = new Int32Array(K);
  basis[0] = MU;
  for (let k = 0, m = 1; k < K; k++) {
    x[S0 + k] = -(fl[k] as number) - (x[MU] as number);
    if (k !== kStar) basis[m++] = S0 + k;
  }
  x[S0 + kStar] = 0;
  for (let m = 0; m < K; m++) pos[basis[m] as number] = m;

  const b = new Float64Array(K * K);
  const inv = new Float64Array(K * K);
  const scratch = new Float64Array(K * K);
  const pi = new Float64Array(K);
  const alpha = new Float64Array(K);
  const rhs = new Float64Array(K);
  let recomputeBasics = false;
  let stalled = 0;
  const maxIterations = 50 * (n + K);
  for (let iteration = 0; iteration < maxIterations; ) {
    // A pivot changed the basis: B⁻¹, π = B⁻ᵀ·c_B, and the reduced costs of the λ_i.
    for (let m = 0; m < K; m++) for (let k = 0; k < K; k++) b[k * K + m] = column(basis[m] as number, k);
    if (!invert(b, K, inv, scratch)) throw new Error('simplexLad: singular basis');
    if (recomputeBasics) {
      // x_B = B⁻¹·(−N·x_N) from the nonbasic values (λ at ±1, the nonbasic slacks at 0), so that
      // round-off of the updates never accumulates into an infeasible basis.
      rhs.fill(0);
      for (let i = 0; i < n; i++) {
        if ((pos[i] as number) >= 0) continue;
        const xi = x[i] as number;
        for (let k = 0; k < K; k++) rhs[k] = (rhs[k] as number) - ((F[k] as Float64Array)[i] as number) * xi;
      }
      for (let m = 0; m < K; m++) {
        let v = 0;
        for (let k = 0; k < K; k++) v += (inv[m * K + k] as number) * (rhs[k] as number);
        x[basis[m] as number] = v;
      }
    }
    for (let k = 0; k < K; k++) {
      let v = 0;
      for (let m = 0; m < K; m++) {
        const j = basis[m] as number;
        const c = j < n ? (y[j] as number) : j === MU ? 1 : 0;
        if (c !== 0) v += (inv[m * K + k] as number) * c;
      }
      pi[k] = v;
    }
    // Reduced cost of λ_i = the residual of hour i, held to a tolerance relative to that hour's
    // own terms (a component far larger than the others must not blunt every hour's test).
    for (let i = 0; i < n; i++) {
      let v = y[i] as number;
      let m = Math.abs(v);
      for (let k = 0; k < K; k++) {
        const t = (pi[k] as number) * ((F[k] as Float64Array)[i] as number);
        v -= t;
        m += Math.abs(t);
      }
      d[i] = v;
      tol[i] = 1e-11 * (m || 1);
    }
    for (;;) {
      iteration++;
      const bland = options.bland === true || stalled >= K;
      let enter = -1;
      let sigma = 0;
      let best = 0;
      for (let j = 0; j < n + 1 + K; j++) {
        if (j === MU || (pos[j] as number) >= 0) continue;
        const dj = j < n ? (d[j] as number) : -(pi[j - S0] as number);
        const tj = j < n ? (tol[j] as number) : 1e-12;
        let s = 0;
        if (dj > tj && (x[j] as number) < upper(j)) s = 1;
        else if (dj < -tj && (x[j] as number) > lower(j)) s = -1;
        if (s === 0) continue;
        const gain = j < n ? Math.abs(dj) : Math.abs(dj) * scale;
        if (bland || gain > best) {
          best = gain;
          enter = j;
          sigma = s;
          if (bland) break;
        }
      }
      if (enter < 0) return weightsOf(pi, w);
      // The basic values move by −σ·θ·α, α = B⁻¹·A_enter; θ from the ratio test (Bland's
      // smallest index among ties) or the entering variable's own range (a bound flip).
      let amax = 0;
      for (let m = 0; m < K; m++) {
        let v = 0;
        for (let k = 0; k < K; k++) v += (inv[m * K + k] as number) * column(enter, k);
        alpha[m] = v;
        amax = Math.max(amax, Math.abs(v));
      }
      let theta = upper(enter) - lower(enter);
      let leave = -1;
      let leaveTo = 0;
      for (let m = 0; m < K; m++) {
        const j = basis[m] as number;
        const rate = -sigma * (alpha[m] as number);
        if (Math.abs(rate) <= 1e-14 * amax) continue;
        let limit = Infinity;
        let to = 0;
        if (rate < 0 && lower(j) > -Infinity) {
          limit = Math.max(0, ((x[j] as number) - lower(j)) / -rate);
          to = lower(j);
        } else if (rate > 0 && upper(j) < Infinity) {
          limit = Math.max(0, (upper(j) - (x[j] as number)) / rate);
          to = upper(j);
        }
        if (limit < theta || (limit === theta && leave >= 0 && j < (basis[leave] as number))) {
          theta = limit;
          leave = m;
          leaveTo = to;
        }
      }
      if (theta === Infinity) throw new Error('simplexLad: unbounded dual (cannot happen for finite data)');
      stalled = theta > 1e-12 * (enter < n ? 1 : scale || 1) ? 0 : stalled + 1;
      for (let m = 0; m < K; m++) {
        const j = basis[m] as number;
        x[j] = (x[j] as number) - sigma * theta * (alpha[m] as number);
      }
      if (leave < 0) {
        x[enter] = sigma > 0 ? upper(enter) : lower(enter);
        if (iteration >= maxIterations) break;
        continue;
      }
      x[enter] = (x[enter] as number) + sigma * theta;
      const out = basis[leave] as number;
      x[out] = leaveTo;
      pos[out] = -1;
      basis[leave] = enter;
      pos[enter] = leave;
      recomputeBasics = true;
      break;
    }
  }
  throw new Error('simplexLad: iteration limit reached');
}

/** The multipliers as weights: round-off below 0 becomes 0, and they sum to 1 (to the last bit or so). */
function weightsOf(pi: Float64Array, w: Float64Array): Float64Array {
  let sum = 0;
  for (let k = 0; k < w.length; k++) {
    const v = pi[k] as number;
    w[k] = v > 1e-13 ? v : 0;
    sum += w[k] as number;
  }
  for (let k = 0; k < w.length; k++) w[k] = (w[k] as number) / sum;
  return w;
}
