/** The variance-stabilising transforms of LEAR (scaling.ts): N-PIT and the normal functions it rests on. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalCdf, normalQuantile, npitForward, npitInverse, npitSort } from '../../../src/engines/forecast/scaling.js';
import { forecastMember, learScratch } from '../../../src/engines/forecast/lear.js';
import { DEFAULT_FORECAST, H, seriesFromPriceBook } from '../../../src/engines/forecast/index.js';
import { realBook } from '../backtest-fixture.js';

describe('normal distribution functions', () => {
  it('match reference values of Φ and Φ⁻¹ to 1e-13, in both tails', () => {
    // Reference values: Φ from erfc in arbitrary precision (Abramowitz & Stegun tables extended).
    const phi: [number, number][] = [
      [-8, 6.220960574271785e-16],
      [-3, 0.0013498980316300946],
      [-1, 0.15865525393145707],
      [0, 0.5],
      [0.5, 0.6914624612740131],
      [1.96, 0.9750021048517795],
      [3, 0.9986501019683699],
    ];
    for (const [x, p] of phi) expect(Math.abs(normalCdf(x) - p) / p).toBeLessThan(1e-13);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 13);
    expect(normalQuantile(1e-6)).toBeCloseTo(-4.753424308822899, 12);
    expect(normalQuantile(0.5)).toBe(0);
    // The upper tail by symmetry, to full precision (a Halley step on Φ(x) − p near 1 would cancel).
    // 1 − p is exact for p near 1, and Φ(−x) is accurate where Φ(x) is flat.
    for (const p of [1 - 1e-3, 1 - 1e-6, 1 - 1e-9, 1 - 1e-12]) expect(Math.abs(normalCdf(-normalQuantile(p)) - (1 - p)) / (1 - p)).toBeLessThan(1e-13);
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalQuantile(1.5)).toBeNaN();
  });

  it('are inverse to each other on (0, 1)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-9, max: 1 - 1e-9, noNaN: true }), (p) => {
        expect(Math.abs(normalCdf(normalQuantile(p)) - p)).toBeLessThan(1e-14 + 1e-13 * p);
      }),
    );
  });
});

describe('N-PIT', () => {
  const column = (values: number[]) => {
    const v = Float64Array.from(values);
    const sorted = new Float64Array(v.length);
    npitSort(v, 0, v.length, sorted);
    return { v, sorted, n: v.length };
  };

  it('maps the training values to normal scores of their ranks and back exactly', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.double({ min: -500, max: 5000, noNaN: true }), { minLength: 2, maxLength: 80, comparator: 'SameValueZero' }), (values) => {
        const { v, sorted, n } = column(values);
        for (const x of v) {
          const z = npitForward(x, sorted, n);
          const rank = (sorted.indexOf(x) as number) + 1;
          // Exactly: the table of half ranks holds normalQuantile's own bits.
          expect(z).toBe(normalQuantile(rank / (n + 1)));
          expect(npitInverse(z, sorted, n)).toBeCloseTo(x, 6);
        }
      }),
    );
  });

  it('gives ties their mid-rank, is monotone, and never leaves the training range on the way back', () => {
    const { sorted, n } = column([3, 1, 2, 2, 2, 5]);
    expect(npitForward(2, sorted, n)).toBe(normalQuantile(3 / 7));
    expect(npitForward(1.5, sorted, n)).toBe(normalQuantile(1.5 / 7));
    expect(npitForward(-1e9, sorted, n)).toBe(normalQuantile(0.5 / 7));
    expect(npitForward(1e9, sorted, n)).toBe(normalQuantile(1 - 0.5 / 7));
    // Another n between two reads of this one's table changes nothing.
    const other = column([1, 2, 3, 4]);
    expect(npitForward(2.5, other.sorted, other.n)).toBe(normalQuantile(2.5 / 5));
    expect(npitForward(2, sorted, n)).toBe(normalQuantile(3 / 7));
    let prev = -Infinity;
    for (let x = 0; x <= 6; x += 0.25) {
      const z = npitForward(x, sorted, n);
      expect(z).toBeGreaterThanOrEqual(prev);
      prev = z;
    }
    expect(npitInverse(40, sorted, n)).toBe(5);
    expect(npitForward(Number.NaN, sorted, n)).toBeNaN();
    expect(npitInverse(-40, sorted, n)).toBe(1);
  });

  it('an N-PIT LEAR member forecasts inside the range of its training prices', () => {
    const s = seriesFromPriceBook(realBook().book);
    const member = { window: 56, transform: 'npit' as const };
    const k = learScratch(s, { ...DEFAULT_FORECAST.lear, members: [member] });
    const out = new Float64Array(H);
    const t = s.nDays - 1;
    expect(forecastMember(s, t, member, DEFAULT_FORECAST.lear.lasso, k, out)).toBe(true);
    for (let h = 0; h < H; h++) {
      let lo = Infinity;
      let hi = -Infinity;
      for (let d = t - 49; d < t; d++) {
        lo = Math.min(lo, s.price[d * H + h] as number);
        hi = Math.max(hi, s.price[d * H + h] as number);
      }
      expect(out[h]).toBeGreaterThanOrEqual(lo);
      expect(out[h]).toBeLessThanOrEqual(hi);
    }
  });
});
