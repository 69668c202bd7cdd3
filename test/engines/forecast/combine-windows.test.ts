/**
 * The combination's calibration options (ForecastOptions combineWindows, combineHalfLife,
 * shrinkTarget): absent or neutral they change nothing; present they do what they say on a crafted
 * problem whose best component changes five days before the forecast day. The shipped model uses
 * combineWindows [14, 28].
 */
import { describe, expect, it } from 'vitest';
import { realBook } from '../backtest-fixture.js';
import { ALL_HOURS, DEFAULT_FORECAST, H, combineRolling, fittedRange, indexOf, makeSeries, memberForecasts, rollingForecast, seriesFromPriceBook, type ForecastOptions } from '../../../src/engines/forecast/index.js';

/** 80 days of prices with a deterministic wobble (the naive prices are poor forecasts of them). */
function crafted(): { s: ReturnType<typeof makeSeries>; t: number } {
  const dates = Array.from({ length: 80 }, (_, d) => new Date(Date.UTC(2024, 0, 1 + d)).toISOString().slice(0, 10).split('-').reverse().join('.'));
  const prices = dates.map((_, d) => Array.from({ length: H }, (_, h) => 10000 + 3000 * Math.sin(d * 1.7 + h * 0.9) + 2000 * Math.cos(d * d * 0.31 + h)));
  return { s: makeSeries({ dates, prices }), t: 75 };
}

/** Two members: A exact on the 5 days before t (and off by 400 before), B the other way round; both off by 400 on t itself. */
function members(s: ReturnType<typeof makeSeries>, t: number, o: ForecastOptions): Float64Array {
  const [a] = fittedRange(t, t, o);
  const out = new Float64Array((t - a + 1) * 2 * H);
  for (let d = a; d <= t; d++) {
    for (let h = 0; h < H; h++) {
      const y = s.price[d * H + h] as number;
      const recent = d >= t - 5 && d < t;
      out[((d - a) * 2 + 0) * H + h] = recent ? y : y + (h % 2 === 0 ? 400 : -400);
      out[((d - a) * 2 + 1) * H + h] = recent || d === t ? y + (h % 2 === 0 ? 400 : -400) : y;
    }
  }
  return out;
}

const { combineWindows: _shipped, ...NO_WINDOWS } = DEFAULT_FORECAST;
const CRAFTED: ForecastOptions = {
  ...NO_WINDOWS,
  lear: { ...DEFAULT_FORECAST.lear, members: [{ window: 28, transform: 'asinh' }, { window: 42, transform: 'asinh' }] },
  combineDays: 28,
  shrink: 0,
  hourBlocks: ALL_HOURS,
  regime: { ...DEFAULT_FORECAST.regime, days: 0 },
  bands: { ...DEFAULT_FORECAST.bands, days: 7, scaleDays: 0 },
};

const weightsOf = (o: ForecastOptions): number[] => {
  const { s, t } = crafted();
  const [d] = combineRolling(s, t, t, members(s, t, o), o).days;
  return Array.from(d?.weights ?? []);
};

describe('the combination calibration options', () => {
  it('the shipped model averages the LAD weights of the last 14 and 28 days', () => {
    expect(DEFAULT_FORECAST.combineWindows).toEqual([14, 28]);
    expect(Math.max(...(DEFAULT_FORECAST.combineWindows ?? []))).toBeLessThanOrEqual(DEFAULT_FORECAST.combineDays); // the warm-up covers every window
  });

  it('absent or at their neutral values, the forecast is the model without them bit for bit', () => {
    const s = seriesFromPriceBook(realBook().book);
    const t = indexOf(s, '20.11.2024');
    const { combineWindows: _w, ...withoutWindows } = DEFAULT_FORECAST;
    const FAST: ForecastOptions = { ...withoutWindows, lear: { ...DEFAULT_FORECAST.lear, members: [{ window: 28, transform: 'asinh' }, { window: 42, transform: 'asinh' }] } };
    const [a] = fittedRange(t - 3, t, FAST);
    const m = memberForecasts(s, a, t, FAST.lear);
    const base = combineRolling(s, t - 3, t, m, FAST).days;
    const neutral = combineRolling(s, t - 3, t, m, { ...FAST, combineWindows: [FAST.combineDays], combineHalfLife: 0, shrinkTarget: 'members' }).days;
    expect(neutral.map((d) => Array.from(d.p50))).toEqual(base.map((d) => Array.from(d.p50)));
    expect(neutral.map((d) => d.quantiles.map((q) => Array.from(q)))).toEqual(base.map((d) => d.quantiles.map((q) => Array.from(q))));
    // and a variant does move it
    const other = combineRolling(s, t - 3, t, m, { ...FAST, combineHalfLife: 3 }).days;
    expect(other.map((d) => Array.from(d.p50))).not.toEqual(base.map((d) => Array.from(d.p50)));
  });

  it('one window of 28 days weights the component that was right on 23 of them', () => {
    const [wa, wb] = weightsOf(CRAFTED);
    expect(wa).toBeLessThan(0.05);
    expect(wb).toBeGreaterThan(0.95);
  });

  it('combineWindows averages the weights each window fits alone', () => {
    const w7 = weightsOf({ ...CRAFTED, combineWindows: [7] });
    const w28 = weightsOf({ ...CRAFTED, combineWindows: [28] });
    const both = weightsOf({ ...CRAFTED, combineWindows: [7, 28] });
    expect(w7[0]).toBeGreaterThan(0.95); // right on 5 of the last 7 days
    both.forEach((w, k) => expect(w).toBeCloseTo(((w7[k] as number) + (w28[k] as number)) / 2, 12));
    expect(both.reduce((x, v) => x + v, 0)).toBeCloseTo(1, 12);
  });

  it('combineHalfLife lets the recent days outweigh the older ones', () => {
    const [wa, wb] = weightsOf({ ...CRAFTED, combineHalfLife: 2 });
    expect(wa).toBeGreaterThan(0.95);
    expect(wb).toBeLessThan(0.05);
    // a half-life far longer than the window is the unweighted fit
    expect(weightsOf({ ...CRAFTED, combineHalfLife: 1e9 })[1]).toBeGreaterThan(0.95);
  });

  it("shrinkTarget 'members+d1' gives d-1 its equal share of the shrinkage", () => {
    const w = weightsOf({ ...CRAFTED, shrink: 0.3, shrinkTarget: 'members+d1' });
    const plain = weightsOf({ ...CRAFTED, shrink: 0.3 });
    expect(w[2]).toBeGreaterThanOrEqual(0.1 - 1e-12); // d-1: 0.3 / 3 at least
    expect((w[2] as number) - (plain[2] as number)).toBeCloseTo(0.1, 12);
    expect(w.reduce((x, v) => x + v, 0)).toBeCloseTo(1, 12);
  });

  it('a forecast with the options is the same bits whatever range it is made in', () => {
    const s = seriesFromPriceBook(realBook().book);
    const t = indexOf(s, '20.11.2024');
    const o: ForecastOptions = { ...DEFAULT_FORECAST, lear: { ...DEFAULT_FORECAST.lear, members: [{ window: 28, transform: 'asinh' }] }, combineDays: 14, combineWindows: [7, 14], combineHalfLife: 5 };
    const alone = rollingForecast(s, t, t, o).days[0];
    const longer = rollingForecast(s, t - 4, t + 1, o).days.find((d) => d.t === t);
    expect(Array.from(alone?.p50 ?? [])).toEqual(Array.from(longer?.p50 ?? []));
  });
});
