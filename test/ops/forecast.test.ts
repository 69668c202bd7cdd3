/** GET /api/forecast through invoke: a forecast from the configured book, the null reasons, the cache. */
import { describe, expect, it } from 'vitest';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forecastGet, ForecastResponse } from '../../src/ops/forecast/forecast.js';
import { MODEL_FINGERPRINT, MODEL_NAME } from '../../src/ops/forecast/forecast-model.js';
import { PricesForecastSchema } from '../../src/ops/strategy/plan-on.js';
import { invoke } from '../../src/ops/invoke.js';
import type { OpContext } from '../../src/ops/types.js';
import { localCtx } from './helpers.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import { realBook } from '../engines/backtest-fixture.js';

/** A 100-day book (Sep–Dec 2024) keeps the fit short; `lastDay` (DD.MM) cuts it earlier. */
function smallBook(lastDay = '10.12'): string {
  const { book } = realBook();
  const rows = ['date,hour,price_uah_mwh'];
  const [lastD, lastM] = lastDay.split('.').map(Number) as [number, number];
  for (const [d, day] of Object.entries(book)) {
    const y = Number(d.slice(6));
    const m = Number(d.slice(3, 5));
    if (y !== 2024 || m < 9 || m > lastM || (m === lastM && Number(d.slice(0, 2)) > lastD)) continue;
    for (const p of day) rows.push(`${d},${p.hour},${p.priceUahMwh.toFixed(2)}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'svc-forecast-'));
  const path = join(dir, 'book.csv');
  writeFileSync(path, `${rows.join('\n')}\n`);
  return path;
}

function ctx(book: string): OpContext {
  const base = localCtx();
  return { ...base, now: () => new Date('2024-12-11T10:00:00Z'), config: { ...base.config, forecastBook: book } };
}

describe('the model name', () => {
  it('fits the bound of a model name in the plan and brief inputs, and names every member kind', () => {
    // The plans on the forecast hand it on to the risk check and the brief (PricesForecastSchema).
    expect(PricesForecastSchema.safeParse({ model: MODEL_NAME, rmaeVsNaive: 0.9, days: 1 }).success).toBe(true);
    expect(MODEL_NAME).toMatch(/asinh 56\/84\/728\/1092\/1456 days, N-PIT 56\/84\/1092 days; on the caps: asinh and N-PIT 364\/728 days; kernel ridge 364 days, bandwidth 2 and 4, N-PIT bandwidth 8;/);
  });
});

describe('forecast.get', () => {
  const book = smallBook();

  it('forecasts the days of the month up to the day after the history, with metrics and cap-hit probabilities', async () => {
    const out = ForecastResponse.parse(await invoke(forecastGet, ctx(book), { month: '12.2024', market: 'DAM' }));
    const f = out.forecast;
    expect(f).not.toBeNull();
    expect(Object.keys(f!.data)).toEqual(Array.from({ length: 11 }, (_, i) => `${String(i + 1).padStart(2, '0')}.12.2024`));
    expect(f!.metrics.sampleDays).toBeGreaterThan(20);
    expect(f!.metrics.evaluatedTo).toBe('10.12.2024');
    // mae and rmse are UAH/MWh, rounded to 0.01 (they were printed full precision, 610.1094039809667); the ratios are not rounded.
    for (const v of [f!.metrics.mae, f!.metrics.rmse]) expect(v).toBe(Math.round(v * 100) / 100);
    expect(f!.metrics.mae % 1).not.toBe(0);
    expect(String(f!.metrics.rmaeVsNaive).split('.')[1]?.length).toBeGreaterThan(4);
    expect(f!.freshness.status).toBe('fresh');
    expect(f!.source).toBe('book:book.csv'); // a name, never a server path
    const day = f!.data['11.12.2024']!;
    for (const p of day) expect(p.p10 <= p.p50 && p.p50 <= p.p90).toBe(true);
    expect(f!.capHitProbability?.['11.12.2024']).toHaveLength(24);
    // The served inputs (svc extension): base, as svc forecast evaluate's default, from the shipped fixtures.
    expect(f!.inputs).toMatchObject({ mode: 'base', requested: 'base', fallback: null });
    expect(f!.inputs?.series.map((x) => x.series)).toEqual(['eu-dam', 'nbu-rate', 'caps', 'calendar']);
  });

  it('keeps fits: the process cache answers a repeat, the store answers another process', async () => {
    const stores = openMemoryStores();
    const logs: unknown[] = [];
    const withStore = (): OpContext => ({ ...ctx(book), stores: async () => stores, logger: { info: (_m, f) => logs.push(f?.cached), warn: () => undefined, error: () => undefined } });
    const first = await invoke(forecastGet, withStore(), { month: '12.2024', market: 'DAM' });
    expect(await stores.marketData.latestFetch('forecast')).not.toBeNull();
    const second = await invoke(forecastGet, withStore(), { month: '12.2024', market: 'DAM' });
    expect(second).toEqual(first);
    // The stored copy is what a restarted or second instance reads first.
    expect(logs[0]).not.toBe('store');
    expect(logs[1]).toBe('store');
    // A stored fit is keyed by the model too: an upgraded engine never reads the old model's fit.
    const stored = await stores.marketData.latestFetch('forecast');
    expect(JSON.stringify(stored)).toContain(MODEL_FINGERPRINT);
    await stores.close();
  });

  it('an unscored skill is null, not 0: a history of exactly the shortest window scores no day', async () => {
    // 56 days (01.09–26.10.2024): the day after is forecast, but no earlier day could be scored.
    const short = smallBook('26.10');
    const out = ForecastResponse.parse(await invoke(forecastGet, ctx(short), { month: '10.2024', market: 'DAM' }));
    expect(Object.keys(out.forecast!.data)).toEqual(['27.10.2024']);
    expect(out.forecast!.metrics.sampleDays).toBe(0);
    expect(out.forecast!.metrics.rmaeVsNaive).toBeNull();
  });

  it('says why there is no forecast', async () => {
    expect(await invoke(forecastGet, ctx(book), { month: '02.2025', market: 'DAM' })).toMatchObject({ forecast: null, reason: 'month_after_history' });
    expect(await invoke(forecastGet, ctx(book), { month: '09.2024', market: 'DAM' })).toMatchObject({ forecast: null, reason: 'insufficient_history' });
    expect(await invoke(forecastGet, ctx(book), { month: '12.2024', market: 'IDM' })).toMatchObject({ forecast: null, reason: 'no_history_for_market' });
  });

  it('says why there is no forecast from the operator history too: before it, long after it, another market', async () => {
    const base = localCtx();
    const mktop: OpContext = { ...base, config: { ...base.config, forecastBook: undefined, marketData: { ...base.config.marketData, mode: 'fixture' } } };
    expect(await invoke(forecastGet, mktop, { month: '12.2021', market: 'DAM' })).toMatchObject({ forecast: null, reason: 'insufficient_history' });
    expect(await invoke(forecastGet, mktop, { month: '03.2030', market: 'DAM' })).toMatchObject({ forecast: null, reason: 'month_after_history' });
    expect(await invoke(forecastGet, mktop, { month: '12.2024', market: 'IDM' })).toMatchObject({ forecast: null, reason: 'no_history_for_market' });
  });
});
