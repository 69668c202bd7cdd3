/**
 * The exogenous inputs are read only as available at 11:00 Kyiv on D−1: changing any datum
 * published after that moment cannot change a feature of D (property, fast-check) nor the forecast
 * of D (end to end, on the shipped real series). Also: the calendar and the features' values.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { realBook } from '../backtest-fixture.js';
import {
  DEFAULT_FORECAST, availableAt, cutoffOf, dayNumber, exogColumns, exogFeatures, holidayFlag, indexOf, rollingForecast, seriesFromPriceBook, tradeDateOf, ukrainianHolidays,
  type DailySeries, type ExogData, type ExogOptions, type ForecastOptions,
} from '../../../src/engines/forecast/index.js';
import { EU_DAM_FIXTURE, parseDailyBase } from '../../../src/providers/eudam/index.js';
import { RATES_FIXTURE, parseRatesCsv } from '../../../src/providers/rates/index.js';
import { fixtureRes } from '../../../src/providers/uares/index.js';

const MODES: ExogOptions[] = [
  { res: 'lagged', resLagHours: 1, lookbackDays: 7 },
  { res: 'projected', resLagHours: 1, lookbackDays: 7 },
  { res: 'none', resLagHours: 1, lookbackDays: 7 },
  { res: 'lagged', resLagHours: 0, lookbackDays: 3 },
];

type Rng = () => number;
const rngOf = (seed: number): Rng => {
  let x = seed >>> 0 || 1;
  return () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 4294967296);
};

/** Random inputs for days t0..t1, with some days missing. */
function randomData(rnd: Rng, t0: number, t1: number): { data: ExogData; maps: Record<string, Map<number, unknown>> } {
  const euBase = new Map<number, Record<string, number>>();
  const uahPerEur = new Map<number, number>();
  const res = { solarActual: new Map<number, Float64Array>(), solarProjected: new Map<number, Float64Array>(), windActual: new Map<number, Float64Array>(), windProjected: new Map<number, Float64Array>() };
  for (let d = t0; d <= t1; d++) {
    if (rnd() > 0.1) euBase.set(d, { HU: 50 + 200 * rnd(), PL: 50 + 200 * rnd(), RO: 50 + 200 * rnd(), SK: 50 + 200 * rnd() });
    if (rnd() > 0.1) uahPerEur.set(d, 30 + 15 * rnd());
    for (const m of Object.values(res)) if (rnd() > 0.1) m.set(d, Float64Array.from({ length: 24 }, () => 3000 * rnd()));
  }
  const caps = (day: number) => ({ max: Array.from({ length: 24 }, (_, h) => 4000 + ((day * 7 + h) % 5) * 1000), min: new Array(24).fill(10) });
  return { data: { euBase, uahPerEur, ...res, caps }, maps: { euBase, uahPerEur, ...res } };
}

/** Every datum published after the cutoff replaced, removed or added at random. */
function perturbAfter(rnd: Rng, data: ExogData, cutoff: number, t0: number, t1: number, o: ExogOptions): ExogData {
  const euBase = new Map(data.euBase);
  const uahPerEur = new Map(data.uahPerEur);
  for (let d = t0; d <= t1; d++) {
    if (availableAt.euBase(d) > cutoff) {
      if (rnd() < 0.3) euBase.delete(d);
      else euBase.set(d, { HU: 1e4 * rnd(), PL: -50 * rnd() });
    }
    if (availableAt.rate(d) > cutoff) {
      if (rnd() < 0.3) uahPerEur.delete(d);
      else uahPerEur.set(d, 100 * rnd());
    }
  }
  const actual = (m: ReadonlyMap<number, ArrayLike<number>>) => {
    const out = new Map<number, ArrayLike<number>>(m);
    for (let d = t0; d <= t1; d++) {
      const row = Float64Array.from(m.get(d) ?? new Float64Array(24).fill(Number.NaN));
      let changed = false;
      for (let h = 0; h < 24; h++) {
        if (availableAt.resActual(d, h, o.resLagHours) > cutoff) {
          row[h] = rnd() < 0.2 ? Number.NaN : 1e4 * rnd();
          changed = true;
        }
      }
      if (m.has(d) || changed) out.set(d, row);
    }
    return out;
  };
  const projected = (m: ReadonlyMap<number, ArrayLike<number>>) => {
    const out = new Map(m);
    for (let d = t0; d <= t1; d++) {
      if (availableAt.resProjected(d) <= cutoff) continue;
      if (rnd() < 0.3) out.delete(d);
      else out.set(d, Float64Array.from({ length: 24 }, () => 1e4 * rnd()));
    }
    return out;
  };
  return { euBase, uahPerEur, solarActual: actual(data.solarActual), windActual: actual(data.windActual), solarProjected: projected(data.solarProjected), windProjected: projected(data.windProjected), ...(data.caps ? { caps: data.caps } : {}) };
}

const bits = (f: { hourly: Float64Array[]; daily: number[] }): string => Buffer.from(Float64Array.from([...f.hourly.flatMap((h) => Array.from(h)), ...f.daily]).buffer).toString('hex');

describe('exogenous features: only what is published by 11:00 Kyiv on D−1', () => {
  it('changing, removing or adding any datum published after the cutoff leaves the features of D unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: MODES.length - 1 }), fc.integer({ min: 19_000, max: 20_500 }), (seed, mode, target) => {
        const o = MODES[mode] as ExogOptions;
        const rnd = rngOf(seed);
        const { data } = randomData(rnd, target - 12, target + 3);
        const before = exogFeatures(target, data, o);
        const after = exogFeatures(target, perturbAfter(rnd, data, cutoffOf(target), target - 12, target + 3, o), o);
        expect(bits(after)).toBe(bits(before));
        expect(after.used).toEqual(before.used);
        // What was read was published by the cutoff.
        if (before.used.euBase !== null) expect(availableAt.euBase(before.used.euBase)).toBeLessThanOrEqual(cutoffOf(target));
        if (before.used.rate !== null) expect(availableAt.rate(before.used.rate)).toBeLessThanOrEqual(cutoffOf(target));
      }),
      { numRuns: 300 },
    );
  });

  it('and the test is not vacuous: the data published just before the cutoff do move them', () => {
    const target = dayNumber('15.06.2024');
    const rnd = rngOf(7);
    const { data } = randomData(rnd, target - 12, target + 3);
    const full = { ...data, euBase: new Map(data.euBase).set(target - 1, { HU: 100, PL: 100, RO: 100, SK: 100 }), uahPerEur: new Map(data.uahPerEur).set(target - 1, 40) };
    const f = exogFeatures(target, full, MODES[0]);
    expect(f.daily[0]).toBeCloseTo(4000, 9); // EU base of D−1 × the rate set for D−1
    expect(f.daily[1]).toBe(40);
    const moved = exogFeatures(target, { ...full, uahPerEur: new Map(full.uahPerEur).set(target - 1, 41) }, MODES[0]);
    expect(moved.daily[1]).toBe(41);
    // Lagged RES: hours 0–9 of D−1, hours 10–23 of D−2 (published one hour after they end).
    const solar = new Map<number, Float64Array>([[target - 1, new Float64Array(24).fill(1)], [target - 2, new Float64Array(24).fill(2)]]);
    const lagged = exogFeatures(target, { ...full, solarActual: solar }, MODES[0]);
    expect(Array.from(lagged.hourly[0] as Float64Array)).toEqual([...new Array(10).fill(1), ...new Array(14).fill(2)]);
  });

  it('the columns of a series: day t reads nothing published after its own cutoff', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 5, max: 30 }), (seed, t) => {
        const start = 19_500;
        const rnd = rngOf(seed);
        const { data } = randomData(rnd, start - 10, start + 40);
        const o = MODES[0] as ExogOptions;
        const a = exogColumns(start, 35, data, o);
        const b = exogColumns(start, 35, perturbAfter(rnd, data, cutoffOf(start + t), start - 10, start + 40, o), o);
        for (let k = 0; k < a.daily.length; k++) expect(Array.from((b.daily[k] as Float64Array).subarray(0, t + 1))).toEqual(Array.from((a.daily[k] as Float64Array).subarray(0, t + 1)));
        for (let k = 0; k < a.hourly.length; k++) expect(Array.from((b.hourly[k] as Float64Array).subarray(0, (t + 1) * 24))).toEqual(Array.from((a.hourly[k] as Float64Array).subarray(0, (t + 1) * 24)));
      }),
      { numRuns: 60 },
    );
  });
});

describe('the calendar', () => {
  it('Ukrainian public holidays; under martial law only 1 January is flagged', () => {
    expect(ukrainianHolidays(2024).map(tradeDateOf)).toContain('05.05.2024');
    expect(ukrainianHolidays(2023).map(tradeDateOf)).toEqual(expect.arrayContaining(['16.04.2023', '04.06.2023', '07.01.2023', '25.12.2023']));
    expect(holidayFlag(dayNumber('07.01.2022'))).toBe(1); // before martial law, a Friday off
    expect(holidayFlag(dayNumber('08.03.2022'))).toBe(0); // martial law from 24.02.2022: a working day
    expect(holidayFlag(dayNumber('01.01.2024'))).toBe(1);
    expect(holidayFlag(dayNumber('24.08.2023'))).toBe(0);
  });
});

/** The shipped real inputs as the engine's maps (fixtures/, provenance in fixtures/README.md). */
function shippedData(): ExogData {
  const toDays = <T>(m: Map<string, T>) => new Map([...m].map(([d, v]) => [dayNumber(d), v] as const));
  const eu = parseDailyBase(readFileSync(EU_DAM_FIXTURE, 'utf8'));
  const res = fixtureRes();
  return {
    euBase: new Map([...eu].map(([d, z]) => [dayNumber(d), Object.fromEntries(z)] as const)),
    uahPerEur: toDays(parseRatesCsv(readFileSync(RATES_FIXTURE, 'utf8'))),
    solarActual: toDays(res.get('solar_actual') as Map<string, Float64Array>),
    solarProjected: toDays(res.get('solar_projected') as Map<string, Float64Array>),
    windActual: toDays(res.get('wind_actual') as Map<string, Float64Array>),
    windProjected: toDays(res.get('wind_projected') as Map<string, Float64Array>),
  };
}

const FAST: ForecastOptions = {
  ...DEFAULT_FORECAST,
  lear: { ...DEFAULT_FORECAST.lear, members: [{ window: 56, transform: 'asinh' }, { window: 42, transform: 'npit' }] },
  combineDays: 7,
  bands: { ...DEFAULT_FORECAST.bands, days: 7 },
};

describe('end to end: the forecast of D', () => {
  it('is the same bits whatever the inputs published after 11:00 on D−1 say, and the inputs do enter it', () => {
    const base = seriesFromPriceBook(realBook().book);
    const data = shippedData();
    const o = MODES[0] as ExogOptions;
    const t = indexOf(base, '12.06.2024');
    const target = base.startDay + t;
    const withExtra = (d: ExogData): DailySeries => ({ ...base, extra: exogColumns(base.startDay, base.nDays, d, o) });
    const run = (s: DailySeries) => rollingForecast(s, t, t, FAST).days[0];
    const first = run(withExtra(data));
    const rnd = rngOf(42);
    const second = run(withExtra(perturbAfter(rnd, data, cutoffOf(target), target - 3, target + 60, o)));
    expect(first?.p50).toBeDefined();
    expect(Buffer.from((second?.p50 as Float64Array).buffer).toString('hex')).toBe(Buffer.from((first?.p50 as Float64Array).buffer).toString('hex'));
    expect(Array.from(second?.p90 as Float64Array)).toEqual(Array.from(first?.p90 as Float64Array));
    // Not vacuous: without the inputs, or with the EU base of D−1 changed, the forecast moves.
    const none = run(base);
    expect(Array.from(none?.p50 as Float64Array)).not.toEqual(Array.from(first?.p50 as Float64Array));
  });
});
