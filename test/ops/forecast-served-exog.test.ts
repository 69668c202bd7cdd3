/**
 * The served forecasts (svc forecast --date/--month: forecast.days; the plans: forecastsForPlans;
 * GET /api/forecast) use the exogenous inputs `svc forecast evaluate` measures by default, each read
 * as at 11:00 Kyiv on D−1, offline from the shipped fixtures; an input missing for a day the fits
 * read makes the request prices only, said so; and no datum published after the cutoff of D can
 * change the served forecast of D.
 */
import { describe, expect, it } from 'vitest';
import { realBook } from '../engines/backtest-fixture.js';
import { DEFAULT_FORECAST, availableAt, cutoffOf, indexOf, rollingForecast, seriesFromPriceBook, type ForecastOptions } from '../../src/engines/forecast/index.js';
import { forecastDays } from '../../src/ops/forecast/forecast-days.js';
import { forecastsForPlans } from '../../src/ops/forecast/forecast-day.js';
import { loadExogData } from '../../src/ops/forecast/forecast-exog.js';
import { SERVED_EXOG, servedInputs } from '../../src/ops/forecast/forecast-inputs.js';
import { damCapsOf } from '../../src/ops/forecast/forecast-model.js';
import { loadCapsTableSync } from '../../src/data/caps.js';
import { loadConfig } from '../../src/config/config.js';
import type { PriceBook } from '../../src/domain/prices.js';
import type { OpContext } from '../../src/ops/types.js';
import { testDataDir } from '../temp-data-dir.js';
import { call, localCtx } from './helpers.js';

/** The shipped prices of month `fromMonth` to December 2024, relabelled `shiftDays` later. */
function book(fromMonth: number, shiftDays = 0): PriceBook {
  const out: PriceBook = {};
  for (const [d, day] of Object.entries(realBook().book)) {
    if (!d.endsWith('.2024') || Number(d.slice(3, 5)) < fromMonth) continue;
    const [dd, mm, yy] = d.split('.').map(Number) as [number, number, number];
    const t = new Date(Date.UTC(yy, mm - 1, dd + shiftDays));
    out[`${String(t.getUTCDate()).padStart(2, '0')}.${String(t.getUTCMonth() + 1).padStart(2, '0')}.${t.getUTCFullYear()}`] = day;
  }
  return out;
}

/** Offline: no cache, no network (SVC_MARKET_DATA=fixture). */
const offline = (): OpContext => ({ ...localCtx(), config: loadConfig({ SVC_MARKET_DATA: 'fixture' }, { dataDir: testDataDir() }) });
const FAST: ForecastOptions = { ...DEFAULT_FORECAST, lear: { ...DEFAULT_FORECAST.lear, members: [{ window: 56, transform: 'asinh' }] }, combineDays: 7, bands: { ...DEFAULT_FORECAST.bands, days: 7 } };

describe('served forecasts and their exogenous inputs', () => {
  it('svc forecast (forecast.days) and the plans use base by default, offline from the fixtures, and name the series; off is prices only', async () => {
    expect(SERVED_EXOG).toBe('base');
    const priceBook = book(9);
    const served = await call(forecastDays, offline(), { priceBook, from: '20.12.2024', to: '20.12.2024' });
    expect(served.exogenous).toMatchObject({ mode: 'base', requested: 'base', fallback: null });
    expect(served.exogenous.series.map((x) => x.series)).toEqual(['eu-dam', 'nbu-rate', 'caps', 'calendar']);
    for (const x of served.exogenous.series.slice(0, 2)) expect({ fixture: x.fixture, cache: x.cache, live: x.live }).toEqual({ fixture: x.fixture, cache: 0, live: 0 });
    const off = await call(forecastDays, offline(), { priceBook, from: '20.12.2024', to: '20.12.2024', exogenous: 'off' });
    expect(off.exogenous).toEqual({ mode: 'off', requested: 'off', fallback: null, series: [] });
    expect(off.days[0]?.points).not.toEqual(served.days[0]?.points);
    const plans = await forecastsForPlans(priceBook, ['20.12.2024'], { ctx: offline() });
    const f = plans.get('20.12.2024');
    expect(f?.inputs).toMatch(/^base: eu-dam \(fixture \d+ d\), nbu-rate \(fixture \d+ d\), caps/);
    // The plan's p50 is the served forecast's (rounded to the cent, held to the caps).
    expect(f?.p50.map((v) => Math.round(v))).toEqual(served.days[0]?.points.map((p) => Math.round(p.p50)));
  }, 300_000);

  it('an input missing for a day the fits read (the EU prices after the fixture, no token): prices only, and the reason names the series and the token', async () => {
    // The 2024 prices relabelled into 2025–2026: the fixtures end on 31.12.2025.
    const priceBook = book(9, 379);
    const r = await call(forecastDays, offline(), { priceBook, from: '15.01.2026', to: '15.01.2026' });
    expect(r.exogenous.mode).toBe('off');
    expect(r.exogenous.requested).toBe('base');
    expect(r.exogenous.fallback).toMatch(/eu-dam: no value within 7 days before \d+ of the days read \(08\.01\.2026 – 15\.01\.2026\).*SVC_TSOPLATFORM_TOKEN/);
    expect(r.exogenous.fallback).toMatch(/nbu-rate/);
    const off = await call(forecastDays, offline(), { priceBook, from: '15.01.2026', to: '15.01.2026', exogenous: 'off' });
    expect(r.days[0]?.points).toEqual(off.days[0]?.points);
  }, 300_000);

  it('no look-ahead on the served path: changing every input published after 11:00 on D−1 leaves the served forecast of D the same bits', async () => {
    const priceBook = book(6);
    const s = seriesFromPriceBook(priceBook);
    const capsOf = damCapsOf(loadCapsTableSync(), s);
    const t = indexOf(s, '12.10.2024');
    const target = s.startDay + t;
    const cutoff = cutoffOf(target);
    const ctx = offline();
    const altered: typeof loadExogData = async (c, from, to, mode, caps) => {
      const r = await loadExogData(c, from, to, mode, caps);
      const eu = new Map(r.data.euBase);
      const rates = new Map(r.data.uahPerEur);
      for (const d of eu.keys()) if (availableAt.euBase(d) > cutoff) eu.set(d, { HU: 999, PL: 1, RO: 5000 });
      for (const d of rates.keys()) if (availableAt.rate(d) > cutoff) rates.set(d, 1 + d);
      for (let d = target; d <= to + 5; d++) eu.set(d, { SK: 12345 });
      return { ...r, data: { ...r.data, euBase: eu, uahPerEur: rates } };
    };
    const run = async (load: typeof loadExogData) => {
      const { series, exogenous } = await servedInputs(ctx, s, capsOf, t, t, 'base', load);
      expect(exogenous.mode).toBe('base');
      return rollingForecast(series, t, t, FAST, capsOf).days[0];
    };
    const first = await run(loadExogData);
    const second = await run(altered);
    expect(Buffer.from((second?.p50 as Float64Array).buffer).toString('hex')).toBe(Buffer.from((first?.p50 as Float64Array).buffer).toString('hex'));
    expect(Array.from(second?.p90 as Float64Array)).toEqual(Array.from(first?.p90 as Float64Array));
    // Not vacuous: the same change one day earlier (the EU base of D−1, published before the cutoff) moves it.
    const early: typeof loadExogData = async (c, from, to, mode, caps) => {
      const r = await loadExogData(c, from, to, mode, caps);
      const eu = new Map(r.data.euBase);
      eu.set(target - 1, { HU: 999, PL: 1, RO: 5000 });
      return { ...r, data: { ...r.data, euBase: eu } };
    };
    expect(Array.from((await run(early))?.p50 as Float64Array)).not.toEqual(Array.from(first?.p50 as Float64Array));
  }, 300_000);
});
