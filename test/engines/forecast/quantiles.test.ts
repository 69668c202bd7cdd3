/** The full predictive distribution: non-crossing conformal quantiles p05…p95, pinball over them, CRPS from quantiles. */
import { describe, expect, it } from 'vitest';
import { realBook } from '../backtest-fixture.js';
import { DEFAULT_FORECAST, H, QUANTILE_LEVELS, evaluateRolling, indexOf, makeSeries, quantileCrpsWeights, rollingForecast, score, seriesFromPriceBook, type ForecastOptions } from '../../../src/engines/forecast/index.js';
import { conformalQuantile } from '../../../src/engines/forecast/bands.js';

const FAST: ForecastOptions = {
  ...DEFAULT_FORECAST,
  lear: { ...DEFAULT_FORECAST.lear, members: [{ window: 28, transform: 'asinh' }, { window: 42, transform: 'asinh' }] },
  combineDays: 7,
  bands: { ...DEFAULT_FORECAST.bands, days: 7 },
};

describe('predictive quantiles', () => {
  it('has at least nine levels from p05 to p95 including p10, p50 and p90', () => {
    expect(QUANTILE_LEVELS.length).toBeGreaterThanOrEqual(9);
    expect(QUANTILE_LEVELS[0]).toBe(0.05);
    expect(QUANTILE_LEVELS[QUANTILE_LEVELS.length - 1]).toBe(0.95);
    for (const q of [0.1, 0.5, 0.9]) expect(QUANTILE_LEVELS).toContain(q);
    expect([...QUANTILE_LEVELS].sort((a, b) => a - b)).toEqual([...QUANTILE_LEVELS]);
  });

  it('conformalQuantile is monotone in the level and 0 at the median', () => {
    const sorted = Float64Array.from([-30, -20, -10, 0, 10, 20, 30, 40, 50]);
    const qs = QUANTILE_LEVELS.map((tau) => conformalQuantile(sorted, tau));
    for (let k = 1; k < qs.length; k++) expect(qs[k]).toBeGreaterThanOrEqual(qs[k - 1] as number);
    expect(conformalQuantile(sorted, 0.5)).toBe(0);
    expect(conformalQuantile(sorted, 0.1)).toBe(-30);
    expect(conformalQuantile(sorted, 0.9)).toBe(50);
    expect(conformalQuantile(new Float64Array(0), 0.05)).toBe(0);
  });

  it('gives every day non-crossing quantiles inside the caps, equal to p10 / p50 / p90 at those levels', () => {
    const s = seriesFromPriceBook(realBook().book);
    const t0 = indexOf(s, '15.10.2024');
    const cap = Array.from({ length: H }, () => 5000);
    const floor = Array.from({ length: H }, () => 100);
    const { days } = rollingForecast(s, t0, t0 + 2, FAST, () => ({ min: floor, max: cap }));
    const L = FAST.bands.quantiles;
    for (const d of days) {
      expect(d.quantiles).toHaveLength(L.length);
      for (let h = 0; h < H; h++) {
        for (let k = 1; k < L.length; k++) expect(d.quantiles[k]?.[h]).toBeGreaterThanOrEqual(d.quantiles[k - 1]?.[h] as number);
        expect(d.quantiles[0]?.[h]).toBeGreaterThanOrEqual(100);
        expect(d.quantiles[L.length - 1]?.[h]).toBeLessThanOrEqual(5000);
        expect(d.quantiles[L.indexOf(0.1)]?.[h]).toBe(d.p10[h]);
        expect(d.quantiles[L.indexOf(0.5)]?.[h]).toBe(d.p50[h]);
        expect(d.quantiles[L.indexOf(0.9)]?.[h]).toBe(d.p90[h]);
      }
    }
  });

  it('evaluation reports the pinball loss over every level and the CRPS beside the coverage', () => {
    const s = seriesFromPriceBook(realBook().book);
    const ev = evaluateRolling(s, indexOf(s, '01.12.2024'), indexOf(s, '07.12.2024'), FAST);
    const m = ev.metrics;
    expect(m.coverage).toBeGreaterThan(0);
    expect(m.pinballQuantiles).toBeGreaterThan(0);
    // CRPS ≤ MAE: a point forecast's CRPS is its MAE, spread only lowers it for a sharp-enough distribution.
    expect(m.crps).toBeGreaterThan(0);
    expect(m.crps).toBeLessThanOrEqual(m.mae);
    expect(ev.monthly[0]?.crps).toBeCloseTo(m.crps as number, 9);
  });
});

describe('CRPS from quantiles', () => {
  it('midpoint weights cover (0, 1)', () => {
    const w = quantileCrpsWeights(QUANTILE_LEVELS);
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(w[0]).toBeCloseTo(0.075, 12);
    expect(quantileCrpsWeights([0.25, 0.5, 0.75])).toEqual([0.375, 0.25, 0.375]);
  });

  it('equals the MAE for a point forecast (every quantile the same) and 0 for a perfect one', () => {
    const dates = Array.from({ length: 14 }, (_, d) => `${String(d + 1).padStart(2, '0')}.01.2024`);
    const prices = dates.map((_, d) => Array.from({ length: H }, (_, h) => 100 + 10 * h + (d % 3) * 40));
    const s = makeSeries({ dates, prices });
    const point = [];
    const perfect = [];
    for (let t = 7; t < 14; t++) {
      const f = s.price.slice((t - 1) * H, t * H);
      point.push({ t, p50: f, p10: f, p90: f, quantiles: QUANTILE_LEVELS.map(() => f), levels: QUANTILE_LEVELS });
      const y = s.price.slice(t * H, (t + 1) * H);
      perfect.push({ t, p50: y, p10: y, p90: y, quantiles: QUANTILE_LEVELS.map(() => y), levels: QUANTILE_LEVELS });
    }
    const sp = score(s, point);
    expect(sp.crps).toBeCloseTo(sp.mae, 9);
    expect(sp.pinballQuantiles).toBeGreaterThan(0);
    const pp = score(s, perfect);
    expect(pp.crps).toBe(0);
    expect(pp.pinballQuantiles).toBe(0);
  });

  it('matches the closed-form CRPS of a normal predictive distribution within 2 %', () => {
    // y = 0, F = N(mu, 1): CRPS = mu(2Φ(mu) − 1) + 2φ(mu) − 1/√π. Dense levels make the midpoint rule close.
    const levels = Array.from({ length: 199 }, (_, i) => (i + 1) / 200);
    const inv = (p: number) => {
      // bisection on the normal cdf (erf via a series is enough here)
      let lo = -10;
      let hi = 10;
      for (let i = 0; i < 200; i++) {
        const m = (lo + hi) / 2;
        if (cdf(m) < p) lo = m;
        else hi = m;
      }
      return (lo + hi) / 2;
    };
    const cdf = (x: number) => {
      let sum = x;
      let term = x;
      for (let n = 1; n < 200; n++) {
        term *= (-x * x) / 2 / n;
        sum += term / (2 * n + 1);
      }
      return 0.5 + sum / Math.sqrt(2 * Math.PI);
    };
    const mu = 0.7;
    const dates = Array.from({ length: 8 }, (_, d) => `${String(d + 1).padStart(2, '0')}.01.2024`);
    const s = makeSeries({ dates, prices: dates.map(() => new Array(H).fill(0)) });
    const q = levels.map((p) => new Array(H).fill(mu + inv(p)));
    const got = score(s, [{ t: 7, p50: new Array(H).fill(mu), quantiles: q, levels }]).crps as number;
    const phi = Math.exp((-mu * mu) / 2) / Math.sqrt(2 * Math.PI);
    const exact = mu * (2 * cdf(mu) - 1) + 2 * phi - 1 / Math.sqrt(Math.PI);
    expect(Math.abs(got - exact) / exact).toBeLessThan(0.02);
  });
});
