/**
 * Averaging the combination across its calibration windows (ForecastOptions combineWindows): absent
 * or [combineDays] it changes nothing; several windows average the weights each fits alone, on a
 * crafted problem whose best component changes five days before the forecast day. The shipped model
 * uses [14, 28].
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

describe('combineWindows', () => {
  it('the shipped model averages the LAD weights of the last 14 and 28 days', () => {
    expect(DEFAULT_FORECAST.combineWindows).toEqual([14, 28]);
    expect(Math.max(...(DEFAULT_FORECAST.combineWindows ?? []))).toBeLessThanOrEqual(DEFAULT_FORECAST.combineDays); // the warm-up covers every window
  });

  it('absent or [combineDays], the forecast is the one-LAD model bit for bit; two windows move it', () => {
    const s = seriesFromPriceBook(realBook().book);
    const t = indexOf(s, '20.11.2024');
    const { combineWindows: _w, ...withoutWindows } = DEFAULT_FORECAST;
    const FAST: ForecastOptions = { ...withoutWindows, lear: { ...DEFAULT_FORECAST.lear, members: [{ window: 28, transform: 'asinh' }, { window: 42, transform: 'asinh' }] } };
    const [a] = fittedRange(t - 3, t, FAST);
    const m = memberForecasts(s, a, t, FAST.lear);
    const base = combineRolling(s, t - 3, t, m, FAST).days;
    const neutral = combineRolling(s, t - 3, t, m, { ...FAST, combineWindows: [FAST.combineDays] }).days;
    expect(neutral.map((d) => Array.from(d.p50))).toEqual(base.map((d) => Array.from(d.p50)));
    expect(neutral.map((d) => d.quantiles.map((q) => Array.from(q)))).toEqual(base.map((d) => d.quantiles.map((q) => Array.from(q))));
    // and a variant does move it
    const other = combineRolling(s, t - 3, t, m, { ...FAST, combineWindows: [7, 14] }).days;
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

  it('a forecast with the options is the same bits whatever range it is made in', () => {
    const s = seriesFromPriceBook(realBook().book);
    const t = indexOf(s, '20.11.2024');
    const o: ForecastOptions = { ...DEFAULT_FORECAST, lear: { ...DEFAULT_FORECAST.lear, members: [{ window: 28, transform: 'asinh' }] }, combineDays: 14, combineWindows: [7, 14] };
    const alone = rollingForecast(s, t, t, o).days[0];
    const longer = rollingForecast(s, t - 4, t + 1, o).days.find((d) => d.t === t);
    expect(alone?.p50).toHaveLength(24);
    expect(longer?.p50).toHaveLength(24);
    expect(Array.from(alone?.p50 ?? [])).toEqual(Array.from(longer?.p50 ?? []));
  });
});
