/** The forecast engine: lasso optimality, scaling, no leakage, determinism, metrics, bands. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { realBook } from '../backtest-fixture.js';
import { DEFAULT_FORECAST, H, evaluateRolling, indexOf, makeSeries, rollingForecast, score, seriesFromPriceBook, type DailySeries, type ForecastOptions } from '../../../src/engines/forecast/index.js';
import { DEFAULT_LASSO, lassoIC, lassoWork } from '../../../src/engines/forecast/lasso.js';
import { medianInPlace } from '../../../src/engines/forecast/scaling.js';
import { conformalQuantiles, probAtMax } from '../../../src/engines/forecast/bands.js';

/** Short windows and few days: a fast but complete run of the pipeline. */
const FAST: ForecastOptions = {
  ...DEFAULT_FORECAST,
  lear: { ...DEFAULT_FORECAST.lear, members: [{ window: 28, transform: 'asinh' }, { window: 42, transform: 'asinh' }, { window: 28, transform: 'npit' }] },
  combineDays: 7,
  bands: { ...DEFAULT_FORECAST.bands, days: 7 },
};

let cachedSeries: DailySeries | undefined;
function series(): DailySeries {
  cachedSeries ??= seriesFromPriceBook(realBook().book);
  return cachedSeries;
}

function bits(a: ArrayLike<number>): string {
  return Buffer.from(Float64Array.from(a).buffer).toString('hex');
}

describe('lasso (coordinate descent on the Gram matrix)', () => {
  it('returns coefficients that satisfy the KKT conditions at the chosen penalty', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        let x = seed;
        const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
        const n = 40;
        const p = 8;
        const X = Array.from({ length: n }, () => Array.from({ length: p }, rnd));
        const y = X.map((r) => 2 * (r[0] as number) - (r[3] as number) + 0.3 * rnd());
        // standardise columns, centre y
        for (let j = 0; j < p; j++) {
          const m = X.reduce((a, r) => a + (r[j] as number), 0) / n;
          const sd = Math.sqrt(X.reduce((a, r) => a + ((r[j] as number) - m) ** 2, 0) / n);
          for (const r of X) r[j] = ((r[j] as number) - m) / sd;
        }
        const ym = y.reduce((a, b) => a + b, 0) / n;
        const yc = y.map((v) => v - ym);
        const g = new Float64Array(p * p);
        const q = new Float64Array(p);
        for (let a = 0; a < p; a++) {
          for (let b = 0; b < p; b++) g[a * p + b] = X.reduce((s, r) => s + (r[a] as number) * (r[b] as number), 0) / n;
          q[a] = X.reduce((s, r, i) => s + (r[a] as number) * (yc[i] as number), 0) / n;
        }
        const yy = yc.reduce((s, v) => s + v * v, 0) / n;
        const fit = lassoIC(g, p, new Float64Array(p).fill(1), q, yy, n, { ...DEFAULT_LASSO, tol: 1e-10 }, lassoWork(p));
        expect(fit.df).toBeGreaterThan(0);
        for (let j = 0; j < p; j++) {
          let r = q[j] as number;
          for (let k = 0; k < p; k++) r -= (g[j * p + k] as number) * (fit.beta[k] as number);
          const b = fit.beta[j] as number;
          if (b === 0) expect(Math.abs(r)).toBeLessThanOrEqual(fit.lambda + 1e-7);
          else expect(r).toBeCloseTo(Math.sign(b) * fit.lambda, 6);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('scaling', () => {
  it('medianInPlace equals the median of the sorted values', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 60 }), (xs) => {
        const sorted = [...xs].sort((a, b) => a - b);
        const m = sorted.length >> 1;
        const expected = sorted.length % 2 ? sorted[m] : ((sorted[m - 1] as number) + (sorted[m] as number)) / 2;
        // === (not Object.is): -0 and +0 are the same median
        expect(medianInPlace(Float64Array.from(xs), xs.length) === expected).toBe(true);
      }),
    );
  });
});

describe('rolling forecasts', () => {
  it('never lets a later price change an earlier forecast, and a changed lag does change the forecast', () => {
    const s = series();
    const t0 = indexOf(s, '02.12.2024');
    const run = (ser: DailySeries) => rollingForecast(ser, t0, t0 + 3, FAST).days;
    const before = run(s);
    const changed: DailySeries = { ...s, price: s.price.slice() };
    for (let h = 0; h < H; h++) changed.price[(t0 + 2) * H + h] = (s.price[(t0 + 2) * H + h] as number) * 3 + 1000;
    const after = run(changed);
    for (const i of [0, 1, 2]) {
      const a = before[i];
      const b = after[i];
      expect(a && b).toBeTruthy();
      expect(bits(b!.p50)).toBe(bits(a!.p50));
      expect(bits(b!.p10)).toBe(bits(a!.p10));
      expect(bits(b!.p90)).toBe(bits(a!.p90));
    }
    expect(bits(after[3]!.raw)).not.toBe(bits(before[3]!.raw));
  });

  it('shrinks the fitted weights toward equal member weights: convex, each member at least shrink/members, the naive at most 1 − shrink', () => {
    const s = series();
    const t0 = indexOf(s, '02.12.2024');
    const members = FAST.lear.members.length;
    for (const shrink of [0, 0.25, 1]) {
      const days = rollingForecast(s, t0, t0 + 4, { ...FAST, shrink }).days;
      for (const d of days) {
        const w = Array.from(d.weights);
        expect(Math.abs(w.reduce((x, y) => x + y, 0) - 1)).toBeLessThan(1e-12);
        for (const v of w.slice(0, members)) expect(v).toBeGreaterThanOrEqual(shrink / members - 1e-15);
        expect(d.naiveWeight).toBeLessThanOrEqual(1 - shrink + 1e-12);
        if (shrink === 1) expect(w).toEqual([...new Array(members).fill(1 / members), 0, 0]);
      }
      if (shrink === 0) expect(days.some((d) => d.naiveWeight > 0.25)).toBe(true); // the fitted weights do use the naive here
    }
  });

  it('gives a day the same forecast whatever range it is forecast in (a day alone, a month, a longer run)', () => {
    const s = series();
    const t = indexOf(s, '20.11.2024');
    const alone = rollingForecast(s, t, t, FAST).days[0]!;
    for (const from of [t - 1, t - 5, t - 13, t - 40]) {
      const inRange = rollingForecast(s, from, t, FAST).days.at(-1)!;
      expect(inRange.t).toBe(t);
      expect(bits(inRange.p50) + bits(inRange.p10) + bits(inRange.p90)).toBe(bits(alone.p50) + bits(alone.p10) + bits(alone.p90));
      expect(bits(inRange.capHit?.max.map((v) => v ?? -1) ?? [])).toBe(bits(alone.capHit?.max.map((v) => v ?? -1) ?? []));
    }
  });

  it('is deterministic bit for bit', () => {
    const s = series();
    const t0 = indexOf(s, '10.11.2024');
    const a = rollingForecast(s, t0, t0 + 2, FAST).days;
    const b = rollingForecast(seriesFromPriceBook(realBook().book), t0, t0 + 2, FAST).days;
    expect(a.map((d) => bits(d.p10) + bits(d.p50) + bits(d.p90))).toEqual(b.map((d) => bits(d.p10) + bits(d.p50) + bits(d.p90)));
  });

  it('keeps p10 ≤ p50 ≤ p90 and clips to the caps in force', () => {
    const s = series();
    const t0 = indexOf(s, '15.10.2024');
    const cap = Array.from({ length: H }, () => 5000);
    const floor = Array.from({ length: H }, () => 100);
    const { days } = rollingForecast(s, t0, t0 + 2, FAST, () => ({ min: floor, max: cap }));
    expect(days).toHaveLength(3);
    for (const d of days) {
      for (let h = 0; h < H; h++) {
        expect(d.p10[h]).toBeLessThanOrEqual(d.p50[h] as number);
        expect(d.p50[h]).toBeLessThanOrEqual(d.p90[h] as number);
        expect(d.p90[h]).toBeLessThanOrEqual(5000);
        expect(d.p10[h]).toBeGreaterThanOrEqual(100);
        const p = d.capHit?.max[h];
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
      }
    }
  });

  it('forecasts the day after the data from the data alone', () => {
    const s = series();
    const { days, skipped } = rollingForecast(s, s.nDays, s.nDays, FAST);
    expect(skipped).toEqual([]);
    expect(days[0]?.t).toBe(s.nDays);
    expect(days[0]?.p50.every((v) => Number.isFinite(v))).toBe(true);
  });

  it('beats the standard naive on a real month even with short windows (rMAE < 1) and scores every day', () => {
    const s = series();
    const ev = evaluateRolling(s, indexOf(s, '01.12.2024'), indexOf(s, '14.12.2024'), FAST);
    expect(ev.metrics.sampleDays).toBe(14);
    expect(ev.metrics.rmaeVsNaive).toBeLessThan(1);
    expect(ev.monthly.map((m) => m.month)).toEqual(['12.2024']);
    expect(ev.dieboldMarianoVsNaive.days).toBe(14);
  });
});

describe('metrics', () => {
  const days = Array.from({ length: 21 }, (_, d) => `${String(d + 1).padStart(2, '0')}.01.2024`);
  const prices = days.map((_, d) => Array.from({ length: H }, (_, h) => 100 + 10 * h + ((d * 7) % 5) * 13 + (d % 2) * 50));
  const s = makeSeries({ dates: days, prices });

  it('scores the naive itself at rMAE 1 and a perfect forecast at 0 with full coverage', () => {
    const naive = [];
    const perfect = [];
    for (let t = 7; t < 21; t++) {
      const lag = [1, 2, 3, 4].includes(s.dow[t] as number) ? 1 : 7;
      naive.push({ t, p50: s.price.slice((t - lag) * H, (t - lag + 1) * H) });
      const y = s.price.slice(t * H, (t + 1) * H);
      perfect.push({ t, p50: y, p10: y, p90: y });
    }
    expect(score(s, naive).rmaeVsNaive).toBeCloseTo(1, 12);
    const p = score(s, perfect);
    expect(p.mae).toBe(0);
    expect(p.coverage).toBe(1);
    expect(p.pinball).toBe(0);
    expect(p.sampleDays).toBe(14);
  });

  it('conformal quantiles and cap probabilities read the sorted residuals', () => {
    const sorted = Float64Array.from([-30, -20, -10, 0, 10, 20, 30, 40, 50]);
    expect(conformalQuantiles(sorted, 0.1, 0.9)).toEqual([-30, 50]);
    expect(probAtMax(100, sorted, 140)).toBeCloseTo(2 / 9, 12); // 140 − 1 tolerance: residuals ≥ 39
  });
});
