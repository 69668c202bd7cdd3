/**
 * The forecast combination (simplex least absolute deviations) against the linear program it
 * solves, written from the definition alone and solved by HiGHS:
 *   min Σ (u_i + v_i)  s.t.  Σ_k w_k F_k,i + u_i − v_i = y_i,  Σ w_k = 1,  w, u, v ≥ 0.
 * The engine's weights must reach the optimum to round-off (relative 10⁻⁹).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { combineWork, simplexLad } from '../../../src/engines/forecast/combine.js';
import { LP_OPTIONS, loadHighs } from '../oracle.js';
import { oracleCases } from '../oracle-data.js';

function ladLp(F: Float64Array[], y: Float64Array): string {
  const n = y.length;
  const lines = ['Minimize', ` obj: ${Array.from({ length: n }, (_, i) => `u${i} + v${i}`).join(' + ')}`, 'Subject To'];
  for (let i = 0; i < n; i++) {
    const terms = F.map((f, k) => `${(f[i] as number) < 0 ? '-' : '+'} ${Math.abs(f[i] as number)} w${k}`).join(' ');
    lines.push(` r${i}: ${terms} + u${i} - v${i} = ${y[i] as number}`);
  }
  lines.push(` sum: ${F.map((_, k) => `w${k}`).join(' + ')} = 1`, 'End');
  return lines.join('\n');
}

const objective = (F: Float64Array[], y: Float64Array, w: Float64Array): number => {
  let s = 0;
  for (let i = 0; i < y.length; i++) {
    let p = 0;
    F.forEach((f, k) => (p += (w[k] as number) * (f[i] as number)));
    s += Math.abs((y[i] as number) - p);
  }
  return s;
};

/** Components that look like forecasts: a common signal, each with its own bias and noise. */
function problem(seed: number, K: number, n: number): { F: Float64Array[]; y: Float64Array } {
  let x = seed;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const signal = Array.from({ length: n }, () => 2000 + 1500 * rnd());
  const y = Float64Array.from(signal, (v) => v + 400 * (rnd() - 0.5));
  const F = Array.from({ length: K }, () => {
    const bias = 300 * (rnd() - 0.5);
    const noise = 100 + 600 * rnd();
    // Prices are quoted to the kopeck: two decimals, as in the books.
    return Float64Array.from(signal, (v) => Math.round((v + bias + noise * (rnd() - 0.5)) * 100) / 100);
  });
  return { F, y: Float64Array.from(y, (v) => Math.round(v * 100) / 100) };
}

/**
 * A degenerate problem as the DAM makes them: prices and forecasts clipped to a price cap (many
 * hours where the price and several components sit on the same value), a duplicated component and
 * repeated hours.
 */
function cappedProblem(seed: number, K: number, n: number): { F: Float64Array[]; y: Float64Array } {
  const { F, y } = problem(seed, K, n);
  const cap = 3000;
  const clip = (v: number) => Math.min(v, cap);
  const Fc = F.map((f) => Float64Array.from(f, clip));
  Fc.push(Float64Array.from(Fc[0] as Float64Array));
  const yc = Float64Array.from(y, clip);
  for (let i = 0; i + 24 < n; i += 48) {
    yc[i + 24] = yc[i] as number;
    for (const f of Fc) f[i + 24] = f[i] as number;
  }
  return { F: Fc, y: yc };
}

describe('simplexLad', () => {
  /** The engine's weights against HiGHS's LP optimum on problems from `make`: optimal to 1e-9, convex. */
  const holdsToHighs = async (make: typeof problem, maxK: number): Promise<void> => {
    const highs = await loadHighs();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 2, max: maxK }), fc.integer({ min: 1, max: 28 }).map((days) => days * 24), async (seed, K, n) => {
        const { F, y } = make(seed, K, n);
        const w = simplexLad(F, y, n);
        const sol = highs.solve(ladLp(F, y), LP_OPTIONS);
        expect(sol.Status).toBe('Optimal');
        const ours = objective(F, y, w);
        expect(ours).toBeGreaterThanOrEqual(sol.ObjectiveValue * (1 - 1e-7) - 1e-6);
        expect(ours).toBeLessThanOrEqual(sol.ObjectiveValue * (1 + 1e-9) + 1e-6);
        // a convex combination
        expect(w.every((v) => v >= 0)).toBe(true);
        expect(Math.abs(w.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
      }),
      { numRuns: oracleCases(25, 12) },
    );
  };

  it('reaches the linear-programming optimum (HiGHS) on random combination problems', () => holdsToHighs(problem, 12));

  it('reaches the optimum on degenerate problems (prices and components at a cap, duplicates)', () => holdsToHighs(cappedProblem, 11));

  it("reaches the optimum with Bland's rule from the first step (the anti-cycling fallback's own path)", async () => {
    const highs = await loadHighs();
    for (const [seed, K, n, make] of [[11, 5, 96, problem], [12, 9, 240, cappedProblem], [13, 3, 24, cappedProblem], [14, 12, 672, problem]] as const) {
      const { F, y } = make(seed, K, n);
      const w = simplexLad(F, y, n, undefined, { bland: true });
      const sol = highs.solve(ladLp(F, y), LP_OPTIONS);
      expect(objective(F, y, w)).toBeLessThanOrEqual(sol.ObjectiveValue * (1 + 1e-9) + 1e-6);
      expect(w.every((v) => v >= 0)).toBe(true);
    }
  });

  it('reaches the optimum when one component is a million times larger than the others', async () => {
    const highs = await loadHighs();
    for (const seed of [21, 22, 23]) {
      const { F, y } = problem(seed, 6, 168);
      F[2] = Float64Array.from(F[2] as Float64Array, (v) => v * 1e6);
      const w = simplexLad(F, y, 168);
      const sol = highs.solve(ladLp(F, y), LP_OPTIONS);
      expect(objective(F, y, w)).toBeLessThanOrEqual(sol.ObjectiveValue * (1 + 1e-9) + 1e-6);
    }
  });

  it('gives the same weights with a reused work buffer of any size', () => {
    const { F, y } = problem(31, 7, 240);
    const fresh = simplexLad(F, y, 240);
    expect(Array.from(simplexLad(F, y, 240, combineWork(24, 32)))).toEqual(Array.from(fresh));
    const shared = combineWork(672, 8);
    simplexLad(problem(32, 8, 672).F, problem(32, 8, 672).y, 672, shared);
    expect(Array.from(simplexLad(F, y, 240, shared))).toEqual(Array.from(fresh));
  });

  it('returns the single component, or equal weights when there are no hours', () => {
    const { F, y } = problem(3, 3, 24);
    expect(Array.from(simplexLad(F.slice(0, 1), y, 24))).toEqual([1]);
    expect(Array.from(simplexLad(F, y, 0))).toEqual([1 / 3, 1 / 3, 1 / 3]);
  });

  it('puts all weight on a component that is exact, and is deterministic to the bit', () => {
    const { F, y } = problem(7, 4, 48);
    const exact = [...F.slice(0, 2), Float64Array.from(y), ...F.slice(2)];
    const w = simplexLad(exact, y, y.length);
    expect(w[2]).toBeCloseTo(1, 12);
    const again = simplexLad(exact, y, y.length);
    expect(Buffer.from(again.buffer).equals(Buffer.from(w.buffer))).toBe(true);
  });
});
