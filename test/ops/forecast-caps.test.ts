/**
 * Every forecast svc hands on is inside the caps in force for its hour: the floor is the minimum cap
 * (never zero or below), a partial regime is completed from the one it follows, the band is clamped
 * with p50, and each day's forecast can be planned. The full shipped history is fitted ONCE here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCapsTableSync } from '../../src/data/caps.js';
import { compareTradeDates } from '../../src/domain/dates.js';
import { DEFAULT_BESS_SETTINGS, DEFAULT_TRADING_SETTINGS } from '../../src/domain/settings.js';
import { forecastCapsFor } from '../../src/ops/forecast/forecast-caps.js';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as fromSources from '../../src/ops/forecast/forecast-day.js';
import type { DayForecastFor } from '../../src/ops/forecast/forecast-day.js';
import { BESS, SPREAD, planOnForecast } from '../../src/ops/strategy/plan-on.js';
import { realBook } from '../engines/backtest-fixture.js';
import { ORACLE_FULL } from '../engines/oracle-data.js';
import { localCtx } from './helpers.js';

const table = loadCapsTableSync();
// The built module fits on the pool (one thread per core); the sources fit inline (same bits, slower).
const BUILT = new URL('../../dist/ops/forecast/forecast-day.js', import.meta.url);
const { forecastsForPlans } = existsSync(fileURLToPath(BUILT)) ? ((await import(BUILT.href)) as typeof fromSources) : fromSources;

describe('the caps a forecast is held to', () => {
  it('complete a regime that records only some bands from the regime it follows, with a floor', () => {
    // R5 (01.08.2025–16.01.2026) records only the 17–23 max: the other bands and the floor are R4's.
    expect(table.capsFor('15.10.2025', 'DAM')?.minByHour.every((v) => v === null)).toBe(true);
    const c = forecastCapsFor(table, '15.10.2025');
    expect(c.min).toEqual(new Array(24).fill(10));
    expect(c.max.slice(17, 23)).toEqual(new Array(6).fill(15000));
    expect(c.max.slice(0, 7)).toEqual(new Array(7).fill(5600));
    expect(c.max[23]).toBe(6900);
  });

  it('give a positive floor and no ceiling on a day no dated regime covers', () => {
    const c = forecastCapsFor(table, '15.01.2022');
    expect(c.min).toEqual(new Array(24).fill(10));
    expect(c.max.every(Number.isNaN)).toBe(true);
    expect(forecastCapsFor(null, '15.01.2022').min.every((v) => v > 0)).toBe(true);
  });
});

/**
 * By default the days around each change of the DAM caps inside the book (the floor's fall on
 * 01.07.2023, the new bands of 01.12.2023) and its last days with the day after it: each window is
 * one rolling run with its own warm-up, about a quarter of the fits of the whole history (which took
 * 2–4 minutes of the suite). `npm run test:oracle` (SVC_ORACLE_FULL=1) forecasts every day, as before.
 */
const WINDOWS: readonly (readonly [string, string])[] = ORACLE_FULL
  ? [['01.01.2022', '01.01.2025']]
  : [
      ['24.06.2023', '08.07.2023'],
      ['24.11.2023', '08.12.2023'],
      ['18.12.2024', '01.01.2025'],
    ];

describe(ORACLE_FULL ? 'forecasts of the whole shipped history' : 'forecasts around every cap change of the shipped history', () => {
  const book = realBook().book;
  const all = [...Object.keys(book), '01.01.2025'].sort(compareTradeDates);
  const dates = all.filter((d) => WINDOWS.some(([a, b]) => compareTradeDates(d, a) >= 0 && compareTradeDates(d, b) <= 0));
  let forecasts: Map<string, DayForecastFor>;
  beforeAll(async () => {
    forecasts = new Map();
    for (const [a, b] of WINDOWS) {
      const inWindow = dates.filter((d) => compareTradeDates(d, a) >= 0 && compareTradeDates(d, b) <= 0);
      // With the CLI's context (fixture mode): the days' member fits come from the run's shared cache
      // (test/global-setup.ts) when another file fitted them, as the last window's warm-up often is.
      for (const [d, f] of await forecastsForPlans(book, inWindow, { ctx: localCtx() })) forecasts.set(d, f);
    }
  }, 3_600_000);

  it('are inside the caps in force for every day and hour, band and planned path included, and every day can be planned', () => {
    // Every day of a window has the history a forecast needs; of the whole history, all but its first weeks.
    if (ORACLE_FULL) expect(forecasts.size).toBeGreaterThan(dates.length - 60);
    else expect([...forecasts.keys()].sort(compareTradeDates)).toEqual(dates);
    expect(forecasts.has('01.01.2025')).toBe(true);
    const bad: string[] = [];
    for (const [d, f] of forecasts) {
      const caps = forecastCapsFor(table, d);
      for (let h = 0; h < 24; h++) {
        const lo = caps.min[h] as number;
        const hi = Number.isNaN(caps.max[h]) ? Number.POSITIVE_INFINITY : (caps.max[h] as number);
        const inside = (v: number) => Number.isFinite(v) && v >= lo && v <= hi;
        const ok = lo > 0 && f.minCap[h] === lo && inside(f.p10[h]!) && inside(f.p50[h]!) && inside(f.p90[h]!) && inside(f.mean[h]!) && f.p10[h]! <= f.p50[h]! && f.p50[h]! <= f.p90[h]! && f.scenarios.every((s) => inside(s[h]!)) && f.quantiles[h]!.every((v, k, q) => inside(v) && (k === 0 || v >= q[k - 1]!));
        if (!ok) bad.push(`${d} hour ${h}`);
      }
      planOnForecast(BESS, f, { ...DEFAULT_BESS_SETTINGS, degradationCostUahMwh: 150 });
      planOnForecast(SPREAD, f, DEFAULT_TRADING_SETTINGS);
    }
    expect(bad).toEqual([]);
  });
});
