/** Cap-hit probabilities pooled with their causal climatology (engines/forecast/caphit.ts). */
import { describe, expect, it } from 'vitest';
import { realBook } from '../backtest-fixture.js';
import { DEFAULT_FORECAST, H, capHitScores, indexOf, makeSeries, rollingForecast, seriesFromPriceBook, type DayCaps, type ForecastOptions } from '../../../src/engines/forecast/index.js';
import { calibratedCapHit, capClimate } from '../../../src/engines/forecast/caphit.js';

const flat = (v: number) => new Array<number>(H).fill(v);
const datesFrom = (n: number) => Array.from({ length: n }, (_, d) => new Date(Date.UTC(2024, 0, 1 + d)).toISOString().slice(0, 10).split('-').reverse().join('.'));

describe('calibratedCapHit', () => {
  it('is the linear pool (1 − w)·p + w·climatology, inside [0, 1]', () => {
    expect(calibratedCapHit(0.5, 0.1, 0)).toBe(0.5);
    expect(calibratedCapHit(0.5, 0.1, 1)).toBe(0.1);
    expect(calibratedCapHit(0.5, 0.1, 0.25)).toBeCloseTo(0.4, 15);
    expect(calibratedCapHit(0, 0.02, 0.12)).toBeCloseTo(0.0024, 15);
    expect(calibratedCapHit(1, 1, 0.3)).toBe(1);
    for (const p of [0, 0.01, 0.3, 1]) for (const q of [0, 0.2, 1]) for (const w of [0, 0.12, 0.5, 1]) {
      const v = calibratedCapHit(p, q, w);
      expect(v).toBeGreaterThanOrEqual(Math.min(p, q));
      expect(v).toBeLessThanOrEqual(Math.max(p, q));
    }
  });

  it('leaves the model probability alone where no climatology is known', () => {
    expect(calibratedCapHit(0.37, Number.NaN, 0.12)).toBe(0.37);
  });
});

describe('capClimate', () => {
  // 40 days; the floor is 10 on days 0..19 and 1000 from day 20; prices sit on the floor at hour 3 on every 4th day.
  const n = 40;
  const floorOf = (t: number) => (t < 20 ? 10 : 1000);
  const capsOf = (t: number): DayCaps => ({ min: flat(floorOf(t)), max: flat(9000) });
  const prices = (edit?: (t: number, p: number[]) => void) =>
    Array.from({ length: n }, (_, t) => {
      const p = flat(5000);
      if (t % 4 === 0) p[3] = floorOf(t);
      edit?.(t, p);
      return Float64Array.from(p);
    });
  const s = makeSeries({ dates: datesFrom(n), prices: prices() });

  it('all: the share of the days before t at the cap in force that day, at that hour', () => {
    const c = capClimate(s, capsOf, 30, 39, 10, 'all');
    // days 20..29: 20, 24, 28 on the floor at hour 3
    expect(c.frequency('min', 30, 3)).toBeCloseTo(3 / 10, 15);
    expect(c.frequency('min', 30, 4)).toBe(0);
    expect(c.frequency('max', 30, 3)).toBe(0);
    // the window reaches back over the floor change: days 15..24 → 16, 20, 24
    const d = capClimate(s, capsOf, 25, 25, 10, 'all');
    expect(d.frequency('min', 25, 3)).toBeCloseTo(3 / 10, 15);
  });

  it('sameCap: only the days whose cap at the hour had the value of day t', () => {
    const c = capClimate(s, capsOf, 22, 25, 10, 'sameCap');
    // t = 22 (floor 1000): the days 20, 21 have that floor; day 20 at it
    expect(c.frequency('min', 22, 3)).toBeCloseTo(1 / 2, 15);
    // t = 20: no earlier day had a floor of 1000
    expect(c.frequency('min', 20, 3)).toBeNaN();
    // t = 25: days 20..24 → 20 and 24
    expect(c.frequency('min', 25, 3)).toBeCloseTo(2 / 5, 15);
    // the max cap never changed: every day counts, none at it
    expect(c.frequency('max', 25, 3)).toBe(0);
  });

  it('reads no price of day t or later (a day alone or in a range, any edit from t on)', () => {
    const t = 30;
    const later = makeSeries({ dates: datesFrom(n), prices: prices((d, p) => d >= t && p.fill(floorOf(d))) });
    for (const climate of ['all', 'sameCap'] as const) {
      const a = capClimate(s, capsOf, t, n, 364, climate);
      const b = capClimate(later, capsOf, t, t, 364, climate);
      for (let h = 0; h < H; h++) expect(b.frequency('min', t, h)).toBe(a.frequency('min', t, h));
    }
  });

  it('is the climatology capHitScores scores against (all days; 0 where none)', () => {
    const day = { t: 30, p10: new Float64Array(H), p50: new Float64Array(H), p90: new Float64Array(H), quantiles: [], raw: new Float64Array(H), weights: new Float64Array(0), naiveWeight: 0, members: 1, capHit: { max: flat(0), min: flat(0) } };
    const [, min] = capHitScores(s, [{ ...day, t: 32 }], capsOf, 10);
    // day 32 is on the floor at hour 3; climatology of days 22..31 at hour 3: 24, 28 → 0.2; elsewhere 0
    expect(min?.events).toBe(1);
    expect(min?.brierClimatology).toBeCloseTo((1 - 0.2) ** 2 / H, 15);
    expect(min?.brier).toBeCloseTo(1 / H, 15);
  });
});

describe('the forecast’s cap-hit probabilities', () => {
  const FAST: ForecastOptions = {
    ...DEFAULT_FORECAST,
    lear: { ...DEFAULT_FORECAST.lear, members: [{ window: 28, transform: 'asinh' }, { window: 42, transform: 'npit' }] },
    combineDays: 7,
    bands: { ...DEFAULT_FORECAST.bands, days: 7, scaleDays: 3 },
  };
  const s = seriesFromPriceBook(realBook().book);
  const t0 = indexOf(s, '02.12.2024');
  // Caps inside the range of December 2024's prices, so that both events happen.
  const capsOf = (): DayCaps => ({ min: flat(3000), max: flat(6000) });

  it('are (1 − w)·sample share + w·climatology of the same cap, hour by hour, and the same bits in any range', () => {
    const raw = rollingForecast(s, t0, t0 + 3, { ...FAST, capHit: { climateDays: 364, climate: 'sameCap', shrink: { max: 0, min: 0 } } }, capsOf).days;
    const w = { max: 0.12, min: 0.3 };
    const o: ForecastOptions = { ...FAST, capHit: { climateDays: 364, climate: 'sameCap', shrink: w } };
    const pooled = rollingForecast(s, t0, t0 + 3, o, capsOf).days;
    const climate = capClimate(s, capsOf, t0, t0 + 3, 364, 'sameCap');
    let moved = 0;
    pooled.forEach((d, i) => {
      const r = raw[i]!;
      expect(Array.from(d.p50)).toEqual(Array.from(r.p50)); // the calibration touches nothing else
      for (const bound of ['max', 'min'] as const)
        for (let h = 0; h < H; h++) {
          const q = climate.frequency(bound, d.t, h);
          const p = r.capHit![bound][h] as number;
          expect(d.capHit![bound][h]).toBeCloseTo((1 - w[bound]) * p + w[bound] * q, 14);
          if (d.capHit![bound][h] !== p) moved++;
        }
      const alone = rollingForecast(s, d.t, d.t, o, capsOf).days[0]!;
      expect(alone.capHit).toEqual(d.capHit);
    });
    expect(moved).toBeGreaterThan(0);
  });
});
