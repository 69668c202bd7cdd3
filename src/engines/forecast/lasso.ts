/**
 * Lasso by coordinate descent on a precomputed Gram matrix, along a penalty path with warm
 * starts, the penalty chosen by an information criterion.
 *
 * Objective for one target: (1/2n)·||y − Xβ||² + λ·||β||₁ with y centred and every column of X
 * centred and scaled to unit variance (so the intercept is ȳ and is not penalised). With the Gram
 * matrix G = XᵀX / n and q = Xᵀy / n, one coordinate step is β_j ← S(q_j − (Gβ)_j + β_j, λ)
 * (S the soft-threshold), exact for that coordinate; the residual correlations r = q − Gβ are
 * kept up to date in O(p) per changed coefficient. Sweeps alternate between all coordinates and
 * the active set until no coefficient moves by more than `tol` — the KKT conditions then hold to
 * that tolerance, which is how the minimiser of this convex problem is certified. The Gram matrix
 * is shared by the 24 hourly targets of one window, so it is formed once per window.
 *
 * Penalty: a log-spaced path from λ_max = max|q_j| (β = 0) down to λ_max·ratio; each solution
 * warm-starts the next. The criterion is the one of LassoLarsIC as LEAR used it,
 * n·RSS/(n·var y) + k·df (k = 2 for AIC, ln n for BIC), df = number of nonzero coefficients. The
 * path stops early once the criterion has not improved for `patience` steps or the model saturates
 * (df ≥ n − 1); these only cut the part of the path the criterion would not choose in practice.
 * Deterministic: fixed sweep order, no randomness.
 */

import { lassoPath, pathWork, type PathWork } from './homotopy.js';
import { activeSet, copySet, setFromBeta, setFromPath, solveFromSet, solveOnSet, type ActiveSet } from './active-set.js';

export interface LassoOptions {
  nLambda: number;
  lambdaRatio: number;
  criterion: 'aic' | 'bic';
  tol: number;
  maxSweeps: number;
  patience: number;
  /**
   * Re-estimate the chosen model on the columns as they were before standardising (lear.ts), at
   * the chosen λ: per column the penalty λ/(√n·σ_j). This is what LEAR's reference implementation
   * does (LassoLarsIC with normalised columns picks α, then Lasso(α) refits the unnormalised
   * design), and it is far less shrinkage than the criterion's own choice.
   */
  refit: boolean;
  /** Convergence tolerance of the refit's fallback (coordinate descent). */
  refitTol: number;
  /** The refit's homotopy path gives up after this many events per column (default 8); coordinate descent then. */
  pathEventsPerColumn?: number;
}

export const DEFAULT_LASSO: LassoOptions = { nLambda: 25, lambdaRatio: 1e-3, criterion: 'aic', tol: 5e-4, maxSweeps: 1000, patience: 4, refit: true, refitTol: 1e-4 };

export interface LassoWork {
  beta: Float64Array;
  best: Float64Array;
  r: Float64Array;
  active: Int32Array;
  path: PathWork;
  /** The refit's final active set when the caller keeps none, and the set a cold refit found (lassoRefit). */
  set: ActiveSet;
  found: ActiveSet;
  pack: ActivePack;
}

export function lassoWork(p: number): LassoWork {
  return { beta: new Float64Array(p), best: new Float64Array(p), r: new Float64Array(p), active: new Int32Array(p), path: pathWork(p), set: activeSet(p), found: activeSet(p), pack: activePack(p) };
}

const soft = (z: number, l: number): number => (z > l ? z - l : z < -l ? z + l : 0);

/** One sweep over all coordinates, keeping every residual correlation r up to date; returns the largest change. */
function sweepAll(g: Float64Array, p: number, diag: Float64Array, beta: Float64Array, r: Float64Array, lam: number, pw: Float64Array | null): number {
  let maxDelta = 0;
  for (let j = 0; j < p; j++) {
    const gjj = diag[j] as number;
    if (gjj === 0) continue;
    const bj = beta[j] as number;
    const nb = soft((r[j] as number) + gjj * bj, pw ? lam * (pw[j] as number) : lam) / gjj;
    if (nb === bj) continue;
    const delta = nb - bj;
    beta[j] = nb;
    const row = j * p;
    for (let k = 0; k < p; k++) r[k] = (r[k] as number) - (g[row + k] as number) * delta;
    const ad = delta < 0 ? -delta : delta;
    if (ad > maxDelta) maxDelta = ad;
  }
  return maxDelta;
}

/**
 * The active set idx[0..m) packed for its sweeps (sweepActive): G_AA row-major m × m, and per
 * active coordinate its r, β, G_jj and threshold, so that a sweep reads contiguous memory. Each
 * value is the one the unpacked sweep would read, and each update the same arithmetic in the same
 * order: the same bits.
 */
export interface ActivePack {
  g: Float64Array;
  r: Float64Array;
  beta: Float64Array;
  diag: Float64Array;
  thr: Float64Array;
}

const activePack = (p: number): ActivePack => ({ g: new Float64Array(p * p), r: new Float64Array(p), beta: new Float64Array(p), diag: new Float64Array(p), thr: new Float64Array(p) });

function pack(g: Float64Array, p: number, diag: Float64Array, beta: Float64Array, r: Float64Array, lam: number, pw: Float64Array | null, idx: Int32Array, m: number, k: ActivePack): void {
  for (let a = 0; a < m; a++) {
    const j = idx[a] as number;
    const row = j * p;
    for (let b = 0; b < m; b++) k.g[a * m + b] = g[row + (idx[b] as number)] as number;
    k.r[a] = r[j] as number;
    k.beta[a] = beta[j] as number;
    k.diag[a] = diag[j] as number;
    k.thr[a] = pw ? lam * (pw[j] as number) : lam;
  }
}

/** One sweep over the packed active set, updating r only there; returns the largest change. */
function sweepActive(k: ActivePack, m: number): number {
  const { g, r, beta, diag, thr } = k;
  let maxDelta = 0;
  for (let a = 0; a < m; a++) {
    const gjj = diag[a] as number;
    const bj = beta[a] as number;
    const nb = soft((r[a] as number) + gjj * bj, thr[a] as number) / gjj;
    if (nb === bj) continue;
    const delta = nb - bj;
    beta[a] = nb;
    const row = a * m;
    for (let b = 0; b < m; b++) r[b] = (r[b] as number) - (g[row + b] as number) * delta;
    const ad = delta < 0 ? -delta : delta;
    if (ad > maxDelta) maxDelta = ad;
  }
  return maxDelta;
}

/** w.r = q − Gβ at every coordinate. */
function residual(g: Float64Array, p: number, q: Float64Array, w: LassoWork): void {
  w.r.set(q);
  for (let j = 0; j < p; j++) {
    const b = w.beta[j] as number;
    if (b === 0) continue;
    for (let c = 0; c < p; c++) w.r[c] = (w.r[c] as number) - (g[j * p + c] as number) * b;
  }
}

/** Minimises the objective at one λ from the current β (warm start). */
function solve(g: Float64Array, p: number, diag: Float64Array, q: Float64Array, w: LassoWork, lam: number, o: LassoOptions, pw: Float64Array | null = null, tol = o.tol): void {
  for (let s = 0; s < o.maxSweeps; s++) {
    if (sweepAll(g, p, diag, w.beta, w.r, lam, pw) <= tol) return;
    let m = 0;
    for (let j = 0; j < p; j++) if (w.beta[j] !== 0) w.active[m++] = j;
    pack(g, p, diag, w.beta, w.r, lam, pw, w.active, m, w.pack);
    for (let t = 0; t < o.maxSweeps; t++) if (sweepActive(w.pack, m) <= tol) break;
    for (let a = 0; a < m; a++) w.beta[w.active[a] as number] = w.pack.beta[a] as number;
    // r = q − Gβ again at every coordinate (the active sweeps kept it only on the active set).
    residual(g, p, q, w);
  }
}

export interface LassoFit {
  /** Coefficients at the chosen λ (a view into the work buffers: copy before the next fit). */
  beta: Float64Array;
  lambda: number;
  df: number;
}

/**
 * Path + criterion for one target. `g` is XᵀX/n (p × p, row-major), `q` = Xᵀy/n, `yy` = yᵀy/n
 * (y centred), n the number of rows.
 */
export function lassoIC(g: Float64Array, p: number, diag: Float64Array, q: Float64Array, yy: number, n: number, o: LassoOptions, w: LassoWork): LassoFit {
  w.beta.fill(0);
  w.best.fill(0);
  w.r.set(q);
  let lmax = 0;
  for (let j = 0; j < p; j++) if (diag[j] !== 0) lmax = Math.max(lmax, Math.abs(q[j] as number));
  const k = o.criterion === 'aic' ? 2 : Math.log(n);
  const varY = yy > 0 ? yy : 1;
  let bestCrit = n; // β = 0: RSS/n = yy, criterion n·1 + 0
  let bestLambda = lmax;
  let bestDf = 0;
  if (!(lmax > 0)) return { beta: w.best, lambda: 0, df: 0 };
  let stale = 0;
  for (let s = 1; s < o.nLambda; s++) {
    const lam = lmax * Math.pow(o.lambdaRatio, s / (o.nLambda - 1));
    solve(g, p, diag, q, w, lam, o);
    // RSS/n = yy − 2βᵀq + βᵀGβ, and Gβ = q − r.
    let bq = 0;
    let br = 0;
    let df = 0;
    for (let j = 0; j < p; j++) {
      const b = w.beta[j] as number;
      if (b === 0) continue;
      df++;
      bq += b * (q[j] as number);
      br += b * (w.r[j] as number);
    }
    const mse = Math.max(yy - bq - br, 0);
    const crit = (n * mse) / varY + k * df;
    if (crit < bestCrit) {
      bestCrit = crit;
      bestLambda = lam;
      bestDf = df;
      w.best.set(w.beta);
      stale = 0;
    } else if (++stale >= o.patience) break;
    if (df >= n - 1) break;
  }
  return { beta: w.best, lambda: bestLambda, df: bestDf };
}

/**
 * Re-estimates the chosen model at penalty λ·pw_j per column, exactly: from `hint`'s active set
 * when that set is still the solution (active-set.ts: yesterday's fit of the same member and hour),
 * else by the homotopy path (homotopy.ts); should the path run out of events, by coordinate descent
 * from the criterion's choice. Whichever found it, the set is then certified and the coefficients
 * solved from it by the same steps as a warm start's (solveFromSet), so a warm and a cold fit of
 * the same problem are the same bits. Only where no set passes that check (a near tie) do the
 * path's coefficients on its own set, or the path's or the descent's own, stand. `hint` (optional)
 * is updated to the set found. Returns the coefficients (a view into w.beta); w.best (the
 * criterion's choice, lassoIC's `beta`) is used as a temporary.
 */
export function lassoRefit(g: Float64Array, p: number, diag: Float64Array, q: Float64Array, lam: number, pw: Float64Array, o: LassoOptions, w: LassoWork, hint: ActiveSet | null = null): Float64Array {
  if (hint && hint.m >= 0 && solveFromSet(g, p, diag, q, pw, lam, hint, w.beta, w.path)) return w.beta;
  const set = hint ?? w.set;
  const found = w.found;
  if (lassoPath(g, p, diag, q, pw, lam, w.beta, w.path, (o.pathEventsPerColumn ?? 8) * p)) {
    setFromPath(w.path, w.path.k, found);
  } else {
    w.beta.set(w.best);
    residual(g, p, q, w);
    solve(g, p, diag, q, w, lam, o, pw, o.refitTol);
    setFromBeta(w.beta, p, found);
  }
  const own = w.best;
  own.set(w.beta);
  copySet(found, set);
  if (solveFromSet(g, p, diag, q, pw, lam, set, w.beta, w.path)) return w.beta;
  // No set passes the check with the margin: the coefficients on the set found, else as found.
  copySet(found, set);
  if (!solveOnSet(g, p, diag, q, pw, lam, set, w.beta, w.path)) w.beta.set(own);
  return w.beta;
}
