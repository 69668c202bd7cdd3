/**
 * The lasso's solution from its active set: with the columns A in play and their signs θ, the
 * minimiser of ½βᵀGβ − qᵀβ + λ·Σ_j pw_j·|β_j| is β_A = G_AA⁻¹(q_A − λ·pw_A∘θ_A), β elsewhere 0 —
 * and a guessed (A, θ) is the solution exactly when the KKT conditions hold there: every β_j of A
 * has the sign θ_j, and every other column's correlation r_j = q_j − (Gβ)_j stays within ±λ·pw_j.
 *
 * The LEAR refit (lasso.ts lassoRefit) uses it twice:
 *   - a warm start: a member's fit of an hour on day t usually has the same active set as its fit
 *     of that hour on day t − 1 (the window moved by one day), so that set is tried first and, when
 *     the conditions hold *with a margin*, the homotopy path from λ_max is skipped;
 *   - the final step of every refit, from the set the path (or, should it fail, coordinate
 *     descent) ends on: that set is certified and its coefficients computed by the same steps, from
 *     its columns in ascending order, so a fit reached by the path and a fit reached by a warm
 *     start are the same bits. The margin makes the two sets agree: a set is certified only where
 *     no column is within 1e-7 (relative) of joining or leaving and G_AA is well posed, far beyond
 *     the solvers' rounding, so the solution is unique and both ways end on it. A day's fits
 *     therefore depend on that day's inputs alone (rolling.ts, the member cache). Where the cold
 *     fit's set cannot be certified (a near tie), its own coefficients stand; a warm start would
 *     differ from them only by certifying a set the cold fit's repair rounds did not reach, which
 *     no test and no OREE year has shown.
 */
import { accumulateRows, append, cholSolve, type PathWork } from './homotopy.js';

/** Columns ascending with the sign of each coefficient; m < 0: no set known. */
export interface ActiveSet {
  cols: Int32Array;
  signs: Float64Array;
  m: number;
}

export const activeSet = (p: number): ActiveSet => ({ cols: new Int32Array(p), signs: new Float64Array(p), m: -1 });

/** Relative margin of the warm start's KKT check (see the file's comment). */
const MARGIN = 1e-7;
/** Least squared pivot of G_AA's Cholesky factor, relative to the column's variance, for a set to be certified. */
const WELL_POSED = 1e-8;

/** `to` := the path's final set (ws.idx[0..k) with ws.theta), columns ascending. */
export function setFromPath(ws: PathWork, k: number, to: ActiveSet): void {
  for (let c = 0; c < k; c++) to.cols[c] = ws.idx[c] as number;
  to.cols.subarray(0, k).sort();
  for (let c = 0; c < k; c++) to.signs[c] = ws.theta[to.cols[c] as number] as number;
  to.m = k;
}

/** `to` := the nonzero coefficients of β, columns ascending, with their signs. */
export function setFromBeta(beta: Float64Array, p: number, to: ActiveSet): void {
  let m = 0;
  for (let j = 0; j < p; j++) {
    const b = beta[j] as number;
    if (b === 0) continue;
    to.cols[m] = j;
    to.signs[m++] = Math.sign(b);
  }
  to.m = m;
}

export function copySet(from: ActiveSet, to: ActiveSet): void {
  to.cols.set(from.cols.subarray(0, Math.max(from.m, 0)));
  to.signs.set(from.signs.subarray(0, Math.max(from.m, 0)));
  to.m = from.m;
}

/**
 * β (length p, overwritten) := the solution on `set` at λ = target, its columns in ascending order.
 * False when G_AA is degenerate. Columns with diag 0 or pw 0 are never in play.
 */
export function solveOnSet(g: Float64Array, p: number, diag: Float64Array, q: Float64Array, pw: Float64Array, target: number, set: ActiveSet, beta: Float64Array, ws: PathWork): boolean {
  const { idx, l, w, tmp } = ws;
  const m = set.m;
  for (let c = 0; c < m; c++) {
    const j = set.cols[c] as number;
    if (diag[j] === 0 || !((pw[j] as number) > 0)) return false;
    if (!append(g, p, idx, c, j, l)) return false;
    idx[c] = j;
    tmp[c] = (q[j] as number) - target * (pw[j] as number) * (set.signs[c] as number);
  }
  cholSolve(l, p, m, tmp, w);
  beta.fill(0);
  for (let c = 0; c < m; c++) beta[idx[c] as number] = w[c] as number;
  return true;
}

/**
 * The solution from a guessed set: solve on the set; where the KKT conditions fail, drop the columns
 * whose coefficient has the wrong sign and add the columns over their bound (with the sign of their
 * correlation), and solve again, at most `rounds` times (a primal–dual active-set iteration). True,
 * with β and `set` the solution, only where the conditions hold with the margin; false otherwise
 * (β and `set` are then garbage: the caller runs the path).
 */
export function solveFromSet(g: Float64Array, p: number, diag: Float64Array, q: Float64Array, pw: Float64Array, target: number, set: ActiveSet, beta: Float64Array, ws: PathWork, rounds = 6): boolean {
  const { idx, tmp, r, out, theta } = ws;
  for (let round = 0; round < rounds; round++) {
    if (!solveOnSet(g, p, diag, q, pw, target, set, beta, ws)) return false;
    const m = set.m;
    // A nearly singular G_AA (a pivot below 10⁻⁸ of its column's variance, 100 times the path's
    // own cut) can carry rounding past the margin: not certified.
    for (let c = 0; c < m; c++) {
      const j = idx[c] as number;
      if (!((ws.l[c * p + c] as number) ** 2 >= WELL_POSED * (g[j * p + j] as number))) return false;
    }
    let big = 0;
    for (let c = 0; c < m; c++) big = Math.max(big, Math.abs(beta[set.cols[c] as number] as number));
    // r = q − G_{·A}·β_A (idx holds the set's columns after solveOnSet).
    for (let c = 0; c < m; c++) tmp[c] = -(beta[idx[c] as number] as number);
    r.set(q);
    accumulateRows(g, p, idx, m, tmp, r);
    // out: 1 in the set after this round; theta: its sign.
    out.fill(0);
    let changed = 0;
    let near = false;
    for (let c = 0; c < m; c++) {
      const j = set.cols[c] as number;
      const v = (beta[j] as number) * (set.signs[c] as number);
      if (v > 0) {
        out[j] = 1;
        theta[j] = set.signs[c] as number;
        if (!(v > MARGIN * big)) near = true;
      } else changed++;
    }
    for (let j = 0; j < p; j++) {
      if (out[j] || diag[j] === 0 || !((pw[j] as number) > 0)) continue;
      if (beta[j] !== 0) continue; // dropped this round
      const bound = target * (pw[j] as number);
      const a = Math.abs(r[j] as number);
      if (a > bound) {
        out[j] = 1;
        theta[j] = Math.sign(r[j] as number);
        changed++;
      } else if (!(a <= bound * (1 - MARGIN))) near = true;
    }
    if (changed === 0) return !near;
    let k = 0;
    for (let j = 0; j < p; j++) {
      if (!out[j]) continue;
      set.cols[k] = j;
      set.signs[k++] = theta[j] as number;
    }
    set.m = k;
  }
  return false;
}
