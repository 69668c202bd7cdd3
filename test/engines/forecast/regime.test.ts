/** Regime awareness: known breaks from the caps, members cut at a break, the combination after it. */
import { describe, expect, it } from 'vitest';
import { realBook } from '../backtest-fixture.js';
import { DEFAULT_FORECAST, H, capBand, capBreaks, indexOf, makeSeries, rollingForecast, seriesFromPriceBook, type DayCaps, type ForecastOptions } from '../../../src/engines/forecast/index.js';
import { trainingDays } from '../../../src/engines/forecast/lear.js';

const flat = (v: number) => new Array<number>(H).fill(v);

describe('known breaks', () => {
  it('capBreaks lists the days whose caps differ from the day before', () => {
    const capsOf = (t: number): DayCaps => ({ min: flat(10), max: flat(t < 5 ? 4000 : t < 9 ? 5600 : 9000) });
    expect(capBreaks(capsOf, 12)).toEqual([5, 9]);
    expect(capBreaks(() => null, 12)).toEqual([]);
  });

  it('a since-break member trains from the latest break once it is sinceBreak days old, else on its whole window', () => {
    const dates = Array.from({ length: 120 }, (_, d) => new Date(Date.UTC(2024, 0, 1 + d)).toISOString().slice(0, 10).split('-').reverse().join('.'));
    const s = makeSeries({ dates, prices: dates.map(() => flat(100)) });
    s.breaks = [60];
    const m = { window: 56, transform: 'asinh' as const, sinceBreak: 14 };
    expect(trainingDays(s, 70, m)?.[0]).toBe(70 - 56 + 7); // 10 days after the break: whole window
    expect(trainingDays(s, 74, m)?.[0]).toBe(60); // 14 days after: from the break
    expect(trainingDays(s, 74, m)).toHaveLength(14);
    expect(trainingDays(s, 74, { window: 56, transform: 'asinh' })?.[0]).toBe(74 - 56 + 7); // not regime-aware
    expect(trainingDays(s, 130 - 10, m)?.[0]).toBe(120 - 56 + 7); // the break left the window
  });
});

describe('regime-aware forecasts', () => {
  const FAST: ForecastOptions = {
    ...DEFAULT_FORECAST,
    lear: { ...DEFAULT_FORECAST.lear, members: [{ window: 28, transform: 'asinh', sinceBreak: 14 }, { window: 42, transform: 'asinh' }] },
    combineDays: 7,
    bands: { ...DEFAULT_FORECAST.bands, days: 7, scaleDays: 3 },
  };

  it('is the same bits whatever range a day is forecast in, across a cap change, and a later price changes nothing earlier', () => {
    const s = seriesFromPriceBook(realBook().book);
    const change = indexOf(s, '10.10.2024');
    const capsOf = (t: number): DayCaps => ({ min: flat(10), max: flat(t < change ? 9000 : 8000) });
    s.breaks = capBreaks(capsOf, s.nDays);
    const t = change + 16;
    const alone = rollingForecast(s, t, t, FAST, capsOf).days[0];
    const longer = rollingForecast(s, t - 5, t + 2, FAST, capsOf).days.find((d) => d.t === t);
    expect(Buffer.from(alone?.p50.buffer ?? new ArrayBuffer(0)).equals(Buffer.from(longer?.p50.buffer ?? new ArrayBuffer(0)))).toBe(true);
    expect(alone?.quantiles.map((q) => Array.from(q))).toEqual(longer?.quantiles.map((q) => Array.from(q)));
    const later = { ...s, price: s.price.slice() };
    for (let h = 0; h < H; h++) later.price[(t + 1) * H + h] = 1;
    const again = rollingForecast(later, t, t, FAST, capsOf).days[0];
    expect(Array.from(again?.p50 ?? [])).toEqual(Array.from(alone?.p50 ?? []));
  });

  it('weights d-1 by half on the first days after a change (fallback naive1), before the new regime has minDays of errors', () => {
    const s = seriesFromPriceBook(realBook().book);
    const change = indexOf(s, '10.10.2024');
    const capsOf = (t: number): DayCaps => ({ min: flat(10), max: flat(t < change ? 9000 : 8000) });
    s.breaks = capBreaks(capsOf, s.nDays);
    const [d] = rollingForecast(s, change + 1, change + 1, FAST, capsOf).days;
    expect(d?.naiveWeight).toBeCloseTo(0.5, 12);
    const [later] = rollingForecast(s, change + 10, change + 10, FAST, capsOf).days;
    expect(later?.naiveWeight).not.toBeCloseTo(0.5, 6);
  });

  it('after a change, the equal-weight share goes to the short members and, with regime.caps, to the members on the caps too', () => {
    const s = seriesFromPriceBook(realBook().book);
    const change = indexOf(s, '10.10.2024');
    const capsOf = (t: number): DayCaps => ({ min: flat(10), max: flat(t < change ? 9000 : 8000) });
    s.breaks = capBreaks(capsOf, s.nDays);
    s.caps = capBand(capsOf, s.nDays + 1)!;
    const members = [{ window: 28, transform: 'asinh' as const, sinceBreak: 14 }, { window: 120, transform: 'asinh' as const, space: 'caps' as const }, { window: 140, transform: 'asinh' as const }];
    const base: ForecastOptions = { ...FAST, shrink: 1, lear: { ...FAST.lear, members }, regime: { ...FAST.regime, caps: false } };
    const at = (o: ForecastOptions, t: number) => Array.from(rollingForecast(s, t, t, o, capsOf).days[0]?.weights ?? []).slice(0, 3);
    // shrink 1: the weights are the equal share alone; inside the regime's days after the change:
    expect(at(base, change + 10)).toEqual([1, 0, 0]);
    expect(at({ ...base, regime: { ...base.regime, caps: true } }, change + 10)).toEqual([0.5, 0.5, 0]);
    // the first days (fallback naive1): half d-1, half the mean of the same members
    expect(at({ ...base, regime: { ...base.regime, caps: true } }, change + 1)).toEqual([0.25, 0.25, 0]);
    // long after the change, every member shares it either way
    const late = change - 200;
    expect(at({ ...base, regime: { ...base.regime, caps: true } }, late).map((w) => Number(w.toFixed(12)))).toEqual([1 / 3, 1 / 3, 1 / 3].map((w) => Number(w.toFixed(12))));
  });
});
