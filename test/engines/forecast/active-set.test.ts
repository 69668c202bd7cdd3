import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { activeSet, solveFromSet, type ActiveSet } from '../../../src/engines/forecast/active-set.js';
import { pathWork } from '../../../src/engines/forecast/homotopy.js';
import { DEFAULT_LASSO, lassoRefit, lassoWork } from '../../../src/engines/forecast/lasso.js';
import { lassoProblem } from './lasso-problem.js';

/** A lasso problem (lasso-problem.ts) with per-column penalty weights and its λ_max. */
function problem(seed: number, n: number, p: number, rho: number, shift = 0) {
  const { g, q } = lassoProblem(seed, n, p, rho, shift);
  const pw = Float64Array.from({ length: p }, (_, j) => 0.2 + ((j * 7919) % 13) / 13);
  let lmax = 0;
  for (let j = 0; j < p; j++) lmax = Math.max(lmax, Math.abs(q[j] as number) / (pw[j] as number));
  return { g, q, pw, lmax };
}

const ones = (p: number) => new Float64Array(p).fill(1);
const bits = (a: Float64Array) => Array.from(a, (v) => (Object.is(v, -0) ? '-0' : String(v))).join(',');

/** The refit from scratch (the homotopy path, then the coefficients from its final set), with the set it ends on. */
function cold(g: Float64Array, p: number, q: Float64Array, pw: Float64Array, lam: number): { beta: Float64Array; set: ActiveSet } {
  const set = activeSet(p);
  const beta = Float64Array.from(lassoRefit(g, p, ones(p), q, lam, pw, DEFAULT_LASSO, lassoWork(p), set));
  return { beta, set };
}

const copy = (s: ActiveSet): ActiveSet => ({ cols: Int32Array.from(s.cols), signs: Float64Array.from(s.signs), m: s.m });

describe('the refit from an active set (the warm start of the LEAR refit)', () => {
  it('from any guess — the exact set, one column dropped or added, a flipped sign, the set of the window a day earlier — gives the bits of the refit from scratch', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 40, max: 120 }), fc.integer({ min: 4, max: 30 }), fc.double({ min: 0, max: 0.9, noNaN: true }), fc.double({ min: 0.002, max: 0.3, noNaN: true }), fc.nat(), (seed, n, p, rho, frac, pick) => {
        const today = problem(seed, n, p, rho, 1);
        const yesterday = problem(seed, n, p, rho, 0);
        const lam = frac * today.lmax;
        const ref = cold(today.g, p, today.q, today.pw, lam);
        const guesses: ActiveSet[] = [copy(ref.set), cold(yesterday.g, p, yesterday.q, yesterday.pw, frac * yesterday.lmax).set];
        if (ref.set.m > 0) {
          const drop = copy(ref.set);
          const at = pick % drop.m;
          drop.cols.copyWithin(at, at + 1);
          drop.signs.copyWithin(at, at + 1);
          drop.m--;
          guesses.push(drop);
          const flip = copy(ref.set);
          flip.signs[at] = -(flip.signs[at] as number);
          guesses.push(flip);
        }
        const outside = Array.from({ length: p }, (_, j) => j).filter((j) => !Array.from(ref.set.cols.subarray(0, Math.max(ref.set.m, 0))).includes(j));
        if (outside.length > 0) {
          const add = copy(ref.set);
          const j = outside[pick % outside.length] as number;
          const all = [...Array.from(add.cols.subarray(0, add.m), (c, i) => [c, add.signs[i] as number] as const), [j, 1] as const].sort((a, b) => a[0] - b[0]);
          all.forEach(([c, sg], i) => {
            add.cols[i] = c;
            add.signs[i] = sg;
          });
          add.m = all.length;
          guesses.push(add);
        }
        for (const guess of guesses) {
          const w = lassoWork(p);
          const beta = lassoRefit(today.g, p, ones(p), today.q, lam, today.pw, DEFAULT_LASSO, w, guess);
          expect(bits(beta)).toBe(bits(ref.beta));
          // The set kept for the next day is the solution's.
          expect(Array.from(guess.cols.subarray(0, guess.m))).toEqual(Array.from(ref.set.cols.subarray(0, ref.set.m)));
        }
      }),
      { numRuns: 80 },
    );
  });

  it('accepts the exact set at once and a near guess after a repair, and refuses a set whose conditions fail', () => {
    const p = 20;
    const { g, q, pw, lmax } = problem(11, 200, p, 0.6);
    const lam = 0.001 * lmax;
    const ref = cold(g, p, q, pw, lam);
    expect(ref.set.m).toBeGreaterThan(3);
    const beta = new Float64Array(p);
    expect(solveFromSet(g, p, ones(p), q, pw, lam, copy(ref.set), beta, pathWork(p), 1)).toBe(true);
    expect(bits(beta)).toBe(bits(ref.beta));
    // One column short: one round cannot know it; the repair adds it back (and mends what its absence moved).
    const short = copy(ref.set);
    short.cols.copyWithin(0, 1);
    short.signs.copyWithin(0, 1);
    short.m--;
    expect(solveFromSet(g, p, ones(p), q, pw, lam, copy(short), beta, pathWork(p), 1)).toBe(false);
    expect(solveFromSet(g, p, ones(p), q, pw, lam, short, beta, pathWork(p))).toBe(true);
    expect(bits(beta)).toBe(bits(ref.beta));
    // The empty set is not the solution when λ is below λ_max.
    expect(solveFromSet(g, p, ones(p), q, pw, lam, { ...activeSet(p), m: 0 }, beta, pathWork(p), 1)).toBe(false);
  });

  it('leaves a column that duplicates another to the path (a singular G_AA), with the same answer as from scratch', () => {
    const p = 6;
    const { g, q, pw } = problem(3, 100, p, 0.5);
    for (let k = 0; k < p; k++) {
      g[5 * p + k] = g[0 * p + k] as number;
      g[k * p + 5] = g[k * p + 0] as number;
    }
    g[5 * p + 5] = g[0] as number;
    q[5] = q[0] as number;
    pw[5] = pw[0] as number;
    const ref = cold(g, p, q, pw, 1e-4);
    const both: ActiveSet = { cols: Int32Array.from([0, 1, 2, 3, 4, 5]), signs: Float64Array.from([1, 1, 1, 1, 1, 1]), m: 6 };
    expect(solveFromSet(g, p, ones(p), q, pw, 1e-4, copy(both), new Float64Array(p), pathWork(p))).toBe(false);
    expect(bits(lassoRefit(g, p, ones(p), q, 1e-4, pw, DEFAULT_LASSO, lassoWork(p), both))).toBe(bits(ref.beta));
  });
  it('certifies a cold fit whichever solver found it: without a hint, with more columns than rows, and when the path gives up and coordinate descent finds the set', () => {
    let viaDescent = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const [n, p] = seed % 2 === 0 ? [20, 30] : [120, 25];
      const { g, q, pw, lmax } = problem(seed, n, p, 0.5);
      const lam = 0.01 * lmax;
      const ref = cold(g, p, q, pw, lam);
      // No hint: the same bits as with one.
      expect(bits(lassoRefit(g, p, ones(p), q, lam, pw, DEFAULT_LASSO, lassoWork(p)))).toBe(bits(ref.beta));
      // n < p: a warm start from the exact set gives the cold bits too.
      expect(bits(lassoRefit(g, p, ones(p), q, lam, pw, DEFAULT_LASSO, lassoWork(p), copy(ref.set)))).toBe(bits(ref.beta));
      if (n < p) continue;
      // A path with no events at all: the refit falls back to coordinate descent, whose set is certified and solved the same way.
      const set = activeSet(p);
      const descent = lassoRefit(g, p, ones(p), q, lam, pw, { ...DEFAULT_LASSO, pathEventsPerColumn: 0 }, lassoWork(p), set);
      expect(bits(descent)).toBe(bits(ref.beta));
      expect(set.m).toBe(ref.set.m);
      viaDescent++;
    }
    expect(viaDescent).toBe(20);
  });
});
