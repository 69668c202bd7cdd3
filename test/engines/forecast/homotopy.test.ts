import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lassoPath, pathWork } from '../../../src/engines/forecast/homotopy.js';
import { DEFAULT_LASSO, lassoIC, lassoRefit, lassoWork } from '../../../src/engines/forecast/lasso.js';
import { capHitScores } from '../../../src/engines/forecast/capscore.js';
import { makeSeries, type DayForecast } from '../../../src/engines/forecast/index.js';
import { lassoProblem } from './lasso-problem.js';

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
        const { g, q, rnd } = lassoProblem(seed, n, p, rho);
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
    const { g, q, yy } = lassoProblem(7, 200, p, 0.9);
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
    const { g, q } = lassoProblem(3, 100, p, 0.5);
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
