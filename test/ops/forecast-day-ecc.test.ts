/**
 * A plan's scenarios come from the forecast's own distribution (forecast-day.ts, ECC-Q): every
 * hour's scenarios follow the day's eleven conformal quantiles, each scenario keeps the shape of
 * one past day's errors, all inside the caps; with few scenario days the plan falls back to p50.
 */
import { describe, expect, it } from 'vitest';
import type { PriceBook } from '../../src/domain/prices.js';
import { compareTradeDates } from '../../src/domain/dates.js';
import { hourlyPrices } from '../../src/domain/prices.js';
import { QUANTILE_LEVELS, quantileAt } from '../../src/engines/forecast/index.js';
import { DAY_RECORD_REVISION, MIN_SCENARIOS, clearForecastDayMemory, dayKeys, forecastsForPlans, type DayForecastFor } from '../../src/ops/forecast/forecast-day.js';
import { MODEL_FINGERPRINT } from '../../src/ops/forecast/forecast-model.js';
import { realBook } from '../engines/backtest-fixture.js';
import { localCtx } from './helpers.js';

function slice(from: string, to: string): PriceBook {
  const out: PriceBook = {};
  for (const [d, day] of Object.entries(realBook().book)) if (compareTradeDates(d, from) >= 0 && compareTradeDates(d, to) <= 0) out[d] = day;
  return out;
}
const round2 = (v: number) => Math.round(v * 100) / 100;
const inCaps = (f: DayForecastFor, h: number, v: number) => v >= (f.minCap[h] as number) && (f.maxCap[h] === null || v <= (f.maxCap[h] as number));

describe('plan scenarios from the predictive distribution (ECC-Q)', { timeout: 300_000 }, () => {
  const date = '15.12.2024';
  // The whole book before the day, read through the run's member-fit cache: on a run of the whole
  // suite these days' fits were warmed once (test/global-setup.ts), so this costs the combination only.
  const history = slice('01.01.2022', '14.12.2024');
  const opts = { ctx: localCtx() };

  it('every hour: the scenarios are the quantile function of the day at the mid-levels, inside the caps; each keeps its day’s ranks', async () => {
    const f = (await forecastsForPlans(history, [date], opts)).get(date)!;
    const n = f.scenarios.length;
    expect(n).toBeGreaterThanOrEqual(MIN_SCENARIOS);
    expect(f.plannedOn).toBe('mean');
    expect(f.scenarioDays).toHaveLength(n);
    const errors = f.scenarioDays.map((d) => {
      const g = realBook().book[d]!;
      return hourlyPrices(g);
    });
    // The past days' errors actual − p50, from their own forecasts (the same bits in any range).
    const past = await forecastsForPlans(history, f.scenarioDays, opts);
    const err = f.scenarioDays.map((d, j) => (errors[j] as number[]).map((a, h) => a - (past.get(d)!.p50[h] as number)));
    for (let h = 0; h < 24; h++) {
      const q = f.quantiles[h] as number[];
      expect(q).toHaveLength(QUANTILE_LEVELS.length);
      for (let k = 1; k < q.length; k++) expect(q[k]).toBeGreaterThanOrEqual(q[k - 1] as number);
      expect([q[1], q[5], q[9]]).toEqual([f.p10[h], f.p50[h], f.p90[h]]);
      for (const v of q) expect(inCaps(f, h, v)).toBe(true);
      const col = f.scenarios.map((s) => s[h] as number);
      for (const v of col) expect(inCaps(f, h, v)).toBe(true);
      const sorted = col.slice().sort((a, b) => a - b);
      sorted.forEach((v, r) => {
        const x = quantileAt(QUANTILE_LEVELS, q, (r + 0.5) / n);
        expect(v).toBeCloseTo(round2(Math.min(Math.max(x, f.minCap[h] as number), f.maxCap[h] ?? Infinity)), 2);
      });
      // A higher error that day, a price at least as high in its scenario (equal where the quantile function is flat or capped).
      // The errors here are recomputed from the rounded p50 of the past days: two within 1 UAH/MWh may swap.
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if ((err[i]![h] as number) < (err[j]![h] as number) - 1) expect(col[i]).toBeLessThanOrEqual(col[j] as number);
    }
    // The day with the largest evening error (17–22, summed) is at or above every other scenario there.
    const evening = (e: number[]) => e.slice(17, 23).reduce((a, v) => a + v, 0);
    const top = err.map(evening).reduce((best, v, j, all) => (v > (all[best] as number) ? j : best), 0);
    const everywhere = [17, 18, 19, 20, 21, 22].every((h) => err.every((e) => (e[h] as number) <= ((err[top] as number[])[h] as number)));
    if (everywhere) for (let h = 17; h <= 22; h++) expect(f.scenarios[top]![h]).toBe(Math.max(...f.scenarios.map((s) => s[h] as number)));
    // The mean path planned on is the scenarios' mean.
    for (let h = 0; h < 24; h++) expect(f.mean[h]).toBeCloseTo(round2(f.scenarios.reduce((a, s) => a + (s[h] as number), 0) / n), 2);
  });

  it('is deterministic, and a record of the earlier shape is never read back: the revision is in the key', async () => {
    const key = dayKeys(history)(date);
    expect(key.startsWith(`${MODEL_FINGERPRINT}|${DAY_RECORD_REVISION}|`)).toBe(true);
    // Fitted twice in a row (not read back from this process's memory): the same record, scenarios included.
    clearForecastDayMemory();
    const a = (await forecastsForPlans(history, [date], opts)).get(date)!;
    clearForecastDayMemory();
    const b = (await forecastsForPlans(history, [date], opts)).get(date)!;
    expect(b).not.toBe(a);
    expect(b).toEqual(a);
  });

  it('with fewer than MIN_SCENARIOS scenario days: still ECC scenarios from the days there are, planned on p50', async () => {
    const short = slice('10.10.2024', '14.12.2024');
    const f = (await forecastsForPlans(short, [date])).get(date)!;
    expect(f.scenarios.length).toBeGreaterThan(0);
    expect(f.scenarios.length).toBeLessThan(MIN_SCENARIOS);
    expect(f.plannedOn).toBe('p50');
    expect(f.mean).toEqual(f.p50);
    const n = f.scenarios.length;
    for (let h = 0; h < 24; h++) {
      const sorted = f.scenarios.map((s) => s[h] as number).sort((x, y) => x - y);
      sorted.forEach((v, r) => expect(v).toBeCloseTo(round2(Math.min(Math.max(quantileAt(QUANTILE_LEVELS, f.quantiles[h]!, (r + 0.5) / n), f.minCap[h]!), f.maxCap[h] ?? Infinity)), 2));
    }
  });
});
