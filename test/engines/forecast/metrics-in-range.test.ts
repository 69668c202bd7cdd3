import { describe, expect, it } from 'vitest';
import { H, makeSeries, rmaeVsWeeklyNaiveInRange, score } from '../../../src/engines/forecast/index.js';

// epftoolbox's rMAE(p_real, p_pred, m='W'), restated on flat hourly arrays of the evaluated range
// alone: the naive of hour k is the real price of hour k − 168 of the same array.
function epftoolboxRmae(real: number[], pred: number[]): number {
  const mae = real.reduce((a, y, k) => a + Math.abs(y - (pred[k] as number)), 0) / real.length;
  let naive = 0;
  for (let k = 168; k < real.length; k++) naive += Math.abs((real[k] as number) - (real[k - 168] as number));
  return mae / (naive / (real.length - 168));
}

describe('rMAE against the weekly naive built from the range (the EPF papers\' convention)', () => {
  const dates = Array.from({ length: 40 }, (_, d) => new Date(Date.UTC(2024, 0, 1 + d)).toISOString().slice(0, 10).split('-').reverse().join('.'));
  const price = (d: number, h: number) => 50 + 20 * Math.sin(h / 3 + d) + ((d * 13 + h * 7) % 11) * 3;
  const s = makeSeries({ dates, prices: dates.map((_, d) => Array.from({ length: H }, (_, h) => price(d, h))) });
  const range = Array.from({ length: 30 }, (_, i) => i + 10);
  const forecast = (t: number) => Array.from({ length: H }, (_, h) => price(t, h) + ((t + h) % 5) - 2);
  const days = range.map((t) => ({ t, p50: forecast(t) }));

  it('equals epftoolbox on the flattened range: the first week has no naive, every day counts in the model\'s MAE', () => {
    const real = range.flatMap((t) => Array.from({ length: H }, (_, h) => price(t, h)));
    const pred = range.flatMap((t) => forecast(t));
    expect(rmaeVsWeeklyNaiveInRange(s, days)).toBeCloseTo(epftoolboxRmae(real, pred), 12);
  });

  it('differs from score\'s, whose naive reads the week before the range', () => {
    const inRange = rmaeVsWeeklyNaiveInRange(s, days);
    const gapFree = score(s, days).rmaeVsWeeklyNaive;
    expect(inRange).toBeGreaterThan(0);
    expect(Math.abs((inRange ?? 0) - gapFree)).toBeGreaterThan(1e-6);
  });

  it('is null when no day has its d-7 in the range (a week or less), not a perfect 0', () => {
    expect(rmaeVsWeeklyNaiveInRange(s, days.slice(0, 7))).toBeNull();
    expect(rmaeVsWeeklyNaiveInRange(s, [])).toBeNull();
  });

  it('counts a day once, and takes the naive from every day of the range with prices, scored or not', () => {
    expect(rmaeVsWeeklyNaiveInRange(s, [...days, ...days.slice(3, 9)])).toBe(rmaeVsWeeklyNaiveInRange(s, days));
    // Day 25 has no prices: it is neither scored nor a naive (day 32 loses its naive); day 26 still is
    // a naive for day 33 though a caller left it out of the days it scores.
    const gap = { ...s, observed: Uint8Array.from(s.observed, (v, t) => (t === 25 ? 0 : v)) };
    const scored = days.filter((d) => d.t !== 25 && d.t !== 26);
    const real = (t: number) => Array.from({ length: H }, (_, h) => price(t, h));
    let ae = 0;
    for (const d of scored) ae += real(d.t).reduce((x, y, h) => x + Math.abs(y - (d.p50[h] as number)), 0);
    let aw = 0;
    let nw = 0;
    for (const d of scored) {
      if (d.t - 7 < 10 || d.t - 7 === 25) continue;
      nw++;
      aw += real(d.t).reduce((x, y, h) => x + Math.abs(y - (real(d.t - 7)[h] as number)), 0);
    }
    expect(rmaeVsWeeklyNaiveInRange(gap, scored, 10, 39)).toBeCloseTo(ae / scored.length / (aw / nw), 12);
  });
});
