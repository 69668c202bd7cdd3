import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lassoPath, pathWork } from '../../../src/engines/forecast/homotopy.js';
import { DEFAULT_LASSO, lassoIC, lassoRefit, lassoWork } from '../../../src/engines/forecast/lasso.js';
import { capHitScores } from '../../../src/engines/forecast/capscore.js';
import { makeSeries, type DayForecast } from '../../../src/engines/forecast/index.js';

/** Standardised design (n × p, columns correlated through a shared factor), its Gram matrix and q. */
function problem(seed: number, n: number, p: number, rho: number) {
  let s = seed >>> 0 || 1;
  const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const f = rnd();
    const row = Array.from({ length: p }, () => rho * f + (1 - rho) * rnd());
    X.push(row);
    y.push(2 * (row[0] as number) - (row[1] as number) + 0.5 * (row[p - 1] as number) + 0.3 * rnd());
  }
  for (let j = 0; j < p; j++) {
    const m = X.reduce((a, r) => a + (r[j] as number), 0) / n;
    const sd = Math.sqrt(X.reduce((a, r) => a + ((r[j] as number) - m) ** 2, 0) / n);
    for (const r of X) r[j] = ((r[j] as number) - m) / sd;
  }
  const ym = y.reduce((a, b) => a + b, 0) / n;
  const g = new Float64Array(p * p);
  const q = new Float64Array(p);
  for (let a = 0; a < p; a++) {
    for (let b = 0; b < p; b++) g[a * p + b] = X.reduce((acc, r) => acc + (r[a] as number) * (r[b] as number), 0) / n;
    q[a] = X.reduce((acc, r, i) => acc + (r[a] as number) * ((y[i] as number) - ym), 0) / n;
  }
  const yy = y.reduce((acc, v) => acc + (v - ym) ** 2, 0) / n;
  return { g, q, yy, rnd };
}

/** The KKT conditions of ½βᵀGβ − qᵀβ + λΣ pw_j|β_j|: the largest violation. */
function kkt(g: Float64Array, q: Float64Array, p: number, beta: Float64Array, lam: number, pw: Float64Array): number {
  let worst = 0;
  for (let j = 0; j < p; j++) {
    let r = q[j] as number;
    for (let k = 0; k < p; k++) r -= (g[j * p + k] as number) * (beta[k] as number);
    const b = beta[j] as number;
    const bound = lam * (pw[j] as number);
    worst = Math.max(worst, b === 0 ? Math.max(0, Math.abs(r) - bound) : Math.abs(r - Math.sign(b) * bound));
  }
  return worst;
}

describe('lasso homotopy (the LEAR refit)', () => {
  it('ends at the minimiser: KKT to 1e-9 with per-column penalties, strongly correlated columns and p > n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 8, max: 60 }), fc.integer({ min: 3, max: 40 }), fc.double({ min: 0, max: 0.95, noNaN: true }), fc.double({ min: 0.001, max: 0.5, noNaN: true }), (seed, n, p, rho, frac) => {
        const { g, q, rnd } = problem(seed, n, p, rho);
        const pw = Float64Array.from({ length: p }, () => 0.2 + Math.abs(rnd()));
        let lmax = 0;
        for (let j = 0; j < p; j++) lmax = Math.max(lmax, Math.abs(q[j] as number) / (pw[j] as number));
        const beta = new Float64Array(p);
        const ok = lassoPath(g, p, new Float64Array(p).fill(1), q, pw, frac * lmax, beta, pathWork(p));
        expect(ok).toBe(true);
        // Where n < p the Gram matrix is singular and degenerate columns are left out; the
        // conditions then hold for the columns in play, so check only the well-posed cases fully.
        if (n > p + 2) expect(kkt(g, q, p, beta, frac * lmax, pw)).toBeLessThan(1e-9);
        else for (let j = 0; j < p; j++) expect(Number.isFinite(beta[j] as number)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('agrees with coordinate descent run to a tight tolerance', () => {
    const p = 12;
    const { g, q, yy } = problem(7, 200, p, 0.9);
    const w = lassoWork(p);
    const fit = lassoIC(g, p, new Float64Array(p).fill(1), q, yy, 200, { ...DEFAULT_LASSO, tol: 1e-12 }, w);
    const pw = Float64Array.from({ length: p }, (_, j) => 0.05 + 0.01 * j);
    const exact = Float64Array.from(lassoRefit(g, p, new Float64Array(p).fill(1), q, fit.lambda, pw, DEFAULT_LASSO, w));
    expect(kkt(g, q, p, exact, fit.lambda, pw)).toBeLessThan(1e-10);
    // The refit shrinks far less than the criterion's own choice: more columns in play.
    expect(exact.filter((b) => b !== 0).length).toBeGreaterThan(fit.df);
  });

  it('leaves out a column that duplicates another (a singular G_AA) and still solves the rest', () => {
    const p = 6;
    const { g, q } = problem(3, 100, p, 0.5);
    // Column 5 := column 0.
    for (let k = 0; k < p; k++) {
      g[5 * p + k] = g[0 * p + k] as number;
      g[k * p + 5] = g[k * p + 0] as number;
    }
    g[5 * p + 5] = g[0] as number;
    q[5] = q[0] as number;
    const pw = new Float64Array(p).fill(1);
    const beta = new Float64Array(p);
    expect(lassoPath(g, p, new Float64Array(p).fill(1), q, pw, 1e-4, beta, pathWork(p))).toBe(true);
    expect((beta[0] as number) === 0 || (beta[5] as number) === 0).toBe(true);
    expect(kkt(g, q, p, beta, 1e-4, pw)).toBeLessThan(1e-9);
  });
});

describe('cap-hit skill', () => {
  const dates = Array.from({ length: 30 }, (_, i) => `${String(i + 1).padStart(2, '0')}.06.2024`);
  const caps = () => ({ min: new Float64Array(24).fill(10), max: new Float64Array(24).fill(1000) });
  const day = (t: number, p: number): DayForecast => ({ t, p10: new Float64Array(24), p50: new Float64Array(24), p90: new Float64Array(24), quantiles: [], raw: new Float64Array(24), weights: new Float64Array(0), naiveWeight: 0, members: 1, capHit: { max: new Array(24).fill(p), min: new Array(24).fill(0) } });

  it('is null when no scored hour was at the cap, however the two near-zero Brier scores compare', () => {
    const s = makeSeries({ dates, prices: dates.map(() => new Float64Array(24).fill(500)) });
    const [max] = capHitScores(s, [day(20, 0.05), day(21, 0.05)], caps);
    expect(max?.events).toBe(0);
    expect(max?.brier).toBeGreaterThan(0);
    expect(max?.skill).toBeNull();
  });

  it('is a number when events happened', () => {
    const prices = dates.map((_, i) => new Float64Array(24).fill(i % 3 === 0 ? 1000 : 500));
    const s = makeSeries({ dates, prices });
    const [max] = capHitScores(s, [day(21, 0.9), day(22, 0.1)], caps);
    expect(max?.events).toBe(24);
    expect(max?.skill).toBeGreaterThan(0);
  });
});
