/** Ensemble Copula Coupling (ECC-Q): scenarios whose hours follow the conformal quantiles and whose shape follows past error paths. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { QUANTILE_LEVELS, eccScenarios, quantileAt, ranksOf } from '../../../src/engines/forecast/index.js';

const L = QUANTILE_LEVELS;
const HOURS = 24;

/** Non-decreasing quantiles of hour h: a skewed spread around a daily shape. */
function quantilesOf(h: number): number[] {
  const mid = 3000 + 1500 * Math.sin((h / 24) * 2 * Math.PI);
  return L.map((tau) => mid + (tau < 0.5 ? -1 : 1.6) * 800 * Math.abs(tau - 0.5) ** 1.2 * (1 + (h % 5) / 10));
}
const byLevel = L.map((_, k) => Array.from({ length: HOURS }, (_, h) => quantilesOf(h)[k] as number));

/** A deterministic pseudo-random template of n whole-day error paths. */
function template(n: number, seed = 7): number[][] {
  let x = seed;
  const next = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648) - 0.5;
  return Array.from({ length: n }, () => Array.from({ length: HOURS }, () => Math.round(next() * 2000)));
}

describe('ECC-Q scenarios', () => {
  it('quantileAt interpolates between levels and extends the end segments at their slope', () => {
    const v = [100, 200, 400];
    const lv = [0.1, 0.5, 0.9];
    expect(quantileAt(lv, v, 0.1)).toBe(100);
    expect(quantileAt(lv, v, 0.3)).toBeCloseTo(150, 9);
    expect(quantileAt(lv, v, 0.7)).toBeCloseTo(300, 9);
    expect(quantileAt(lv, v, 0.9)).toBe(400);
    expect(quantileAt(lv, v, 0)).toBeCloseTo(75, 9); // slope 250 per unit of level below 0.1
    expect(quantileAt(lv, v, 1)).toBeCloseTo(450, 9); // slope 500 above 0.9
    expect(quantileAt(lv, [100, 100, 400], 0.01)).toBe(100); // a flat end segment stays flat
  });

  it("every hour's scenarios are the quantile function at the mid-levels (r − 0.5)/n: its empirical quantiles are the conformal ones", () => {
    const n = 56;
    const sc = eccScenarios(L, byLevel, template(n), HOURS);
    expect(sc).toHaveLength(n);
    for (let h = 0; h < HOURS; h++) {
      const sorted = sc.map((s) => s[h] as number).sort((a, b) => a - b);
      const qs = quantilesOf(h);
      sorted.forEach((v, r) => expect(v).toBeCloseTo(quantileAt(L, qs, (r + 0.5) / n), 9));
      // p10, p50, p90 of the 56 values (the ECDF's interpolated quantile) within one mid-level step of the conformal quantile.
      for (const [tau, k] of [[0.1, 1], [0.5, 5], [0.9, 9]] as const) {
        const x = tau * n - 0.5;
        const i = Math.floor(x);
        const emp = (sorted[i] as number) + ((sorted[i + 1] as number) - (sorted[i] as number)) * (x - i);
        expect(Math.abs(emp - (qs[k] as number))).toBeLessThanOrEqual((sorted[i + 1] as number) - (sorted[i] as number) + 1e-9);
        expect(Math.abs(emp - (qs[k] as number))).toBeLessThan(0.01 * Math.abs(qs[k] as number));
      }
    }
  });

  it('keeps the rank structure of the template: the day with the largest errors at 17–22 is the highest scenario there', () => {
    const t = template(40);
    // Day 11 had the largest error of every evening hour, day 3 the smallest.
    for (let h = 17; h <= 22; h++) {
      (t[11] as number[])[h] = 5000;
      (t[3] as number[])[h] = -5000;
    }
    const sc = eccScenarios(L, byLevel, t, HOURS);
    for (let h = 17; h <= 22; h++) {
      const col = sc.map((s) => s[h] as number);
      expect(col[11]).toBe(Math.max(...col));
      expect(col[3]).toBe(Math.min(...col));
    }
    // At every hour the scenarios are ordered as the template's errors are (ties to the earlier day).
    for (let h = 0; h < HOURS; h++) {
      const ranks = ranksOf(t.map((r) => r[h] as number));
      const sRanks = ranksOf(sc.map((s) => s[h] as number));
      expect(sRanks).toEqual(ranks);
    }
  });

  it('breaks ties by the template order and is deterministic', () => {
    expect(ranksOf([5, 1, 5, 1, 3])).toEqual([4, 1, 5, 2, 3]);
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: -3, max: 3 }), { minLength: HOURS, maxLength: HOURS }), { minLength: 1, maxLength: 60 }), (t) => {
        const a = eccScenarios(L, byLevel, t, HOURS);
        const b = eccScenarios(L, byLevel, t.map((r) => r.slice()), HOURS);
        expect(a).toEqual(b);
        // With few days the levels are still (r − 0.5)/n, inside (0, 1): one day is the median.
        if (t.length === 1) for (let h = 0; h < HOURS; h++) expect((a[0] as number[])[h]).toBeCloseTo(quantilesOf(h)[5] as number, 9);
      }),
    );
  });
});
