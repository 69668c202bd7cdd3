/** forecast.evaluate with exogenous inputs: the series used by every forecast and where their days came from (fixtures offline). */
import { describe, expect, it } from 'vitest';
import { dayNumber } from '../../src/engines/forecast/index.js';
import { forecastEvaluate } from '../../src/ops/forecast/forecast-evaluate.js';
import { loadExogData } from '../../src/ops/forecast/forecast-exog.js';
import { realBook } from '../engines/backtest-fixture.js';
import { loadConfig } from '../../src/config/config.js';
import { testDataDir } from '../temp-data-dir.js';
import { call, localCtx } from './helpers.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import { closeClients } from '../../src/providers/mktop/reads.js';
import { startReplay } from '../providers/mktop/replay.js';

/** Sep–Dec 2024 of the shipped prices as the operation's series (keeps the fits short). */
function series(): { dates: string[]; prices: number[][] } {
  const { book } = realBook();
  const dates = Object.keys(book).filter((d) => d.endsWith('.2024') && Number(d.slice(3, 5)) >= 9);
  return { dates, prices: dates.map((d) => (book[d] ?? []).map((p) => p.priceUahMwh)) };
}

describe('forecast.evaluate --exog', () => {
  it('off: prices only; lagged: every Ukrainian series, its columns, when a forecast may read it, and the fixture as the offline source', async () => {
    const s = series();
    const off = await call(forecastEvaluate, localCtx(), { series: s, from: '10.12.2024', to: '10.12.2024', damCaps: true, exogenous: 'off' });
    expect(off.exogenous).toEqual({ mode: 'off', requested: 'off', fallback: null, series: [] });
    const r = await call(forecastEvaluate, localCtx(), { series: s, from: '10.12.2024', to: '10.12.2024', damCaps: true, exogenous: 'lagged' });
    expect(r.exogenous.mode).toBe('lagged');
    expect(r.exogenous.series.map((x) => x.series)).toEqual(['eu-dam', 'nbu-rate', 'caps', 'calendar', 'ua-res-solar', 'ua-res-wind']);
    const by = Object.fromEntries(r.exogenous.series.map((x) => [x.series, x]));
    // 122 series days + the day after + the 10 look-back days, all from the shipped files (SVC_MARKET_DATA=fixture).
    for (const k of ['eu-dam', 'nbu-rate', 'ua-res-solar', 'ua-res-wind']) expect(by[k]?.days).toEqual({ book: 0, fixture: 133, cache: 0, live: 0, missing: 0 });
    expect(by['ua-res-solar']).toMatchObject({ columns: ['solar_lagged'], provider: 'uares', fixtureFile: 'fixtures/ua-res/gpee-res-hourly-mw-2022-2025.csv' });
    expect(by['eu-dam']?.availability).toMatch(/D−1/);
    expect(r.metrics.sampleDays).toBe(1);
    expect(r.metrics.mae).not.toBe(off.metrics.mae);
  }, 300_000);

  it('projected names the optimistic column; base leaves RES out', async () => {
    const s = series();
    const p = await call(forecastEvaluate, localCtx(), { series: s, from: '10.12.2024', to: '10.12.2024', damCaps: true, exogenous: 'projected' });
    expect(p.exogenous.series.find((x) => x.series === 'ua-res-solar')?.columns).toEqual(['solar_projected']);
    expect(p.exogenous.series.find((x) => x.series === 'ua-res-solar')?.availability).toMatch(/optimistic/);
    const b = await loadExogData(localCtx(), dayNumber('01.12.2024'), dayNumber('10.12.2024'), 'base', () => null);
    expect(b.sources.map((x) => x.series)).toEqual(['eu-dam', 'nbu-rate', 'caps', 'calendar']);
    expect(b.data.solarActual.size).toBe(0);
  }, 300_000);

  it('the look-back days before the range come from the fixtures alone: the shipped book (from 01.01.2022) asks no cache and no network, whatever SVC_MARKET_DATA says', async () => {
    let asked = 0;
    const ctx = {
      ...localCtx(),
      config: loadConfig({ SVC_MARKET_DATA: 'auto', SVC_RATES_BASE_URL: 'http://127.0.0.1:9', SVC_UARES_BASE_URL: 'http://127.0.0.1:9' }, { dataDir: testDataDir() }),
      stores: () => {
        asked++;
        return Promise.reject(new Error('no store'));
      },
    };
    const r = await loadExogData(ctx, dayNumber('01.01.2022'), dayNumber('05.01.2022'), 'lagged', () => null);
    expect(asked).toBe(0);
    // 22–31.12.2021 are before the fixtures (2022–2025): missing, not read live; 01–05.01.2022 from the fixtures.
    for (const x of r.sources.filter((x) => ['eu-dam', 'nbu-rate', 'ua-res-solar', 'ua-res-wind'].includes(x.series))) expect({ series: x.series, fixture: x.fixture, cache: x.cache, live: x.live, missing: x.missing }).toEqual({ series: x.series, fixture: 5, cache: 0, live: 0, missing: 10 });
    // A day of the range itself beyond the fixtures (2026) is still read through the cache and the network (here: refused, so missing).
    const later = await loadExogData(ctx, dayNumber('01.01.2026'), dayNumber('01.01.2026'), 'base', () => null);
    expect(asked).toBeGreaterThan(0);
    expect(later.sources.find((x) => x.series === 'nbu-rate')).toMatchObject({ fixture: 10, live: 0, missing: 1 });
  });
});

describe('loadExogData beyond the fixtures', () => {
  it('reads the days of the range the fixtures lack through each provider: live first, the cache after, with the values the upstream gave', async () => {
    const rateOf = (iso: string): number => 48 + Number(iso.slice(6, 8)) / 10;
    const solarOf = (h: number): number => (h >= 8 && h <= 16 ? 100 * h : 0);
    const replay = await startReplay((hit) =>
      hit.path === '/main/loadCharts'
        ? { body: JSON.stringify([...Array.from({ length: 24 }, (_, h) => solarOf(h) + Number(hit.form.gen)), 0, ...Array.from({ length: 24 }, (_, h) => solarOf(h) + 1)]) }
        : { body: JSON.stringify([{ r030: 978, txt: 'Євро', rate: rateOf(hit.form.date ?? ''), cc: 'EUR', exchangedate: `${hit.form.date?.slice(6, 8)}.${hit.form.date?.slice(4, 6)}.${hit.form.date?.slice(0, 4)}` }]) },
    );
    try {
      const stores = openMemoryStores();
      const ctx = {
        ...localCtx(),
        now: () => new Date('2026-02-01T10:00:00.000Z'),
        config: loadConfig({ SVC_MARKET_DATA: 'live', SVC_RATES_BASE_URL: `${replay.base}/NBUStatService/v1/statdirectory/exchange`, SVC_UARES_BASE_URL: replay.base }, { dataDir: testDataDir() }),
        stores: () => Promise.resolve(stores),
      };
      const from = dayNumber('05.01.2026');
      const to = dayNumber('06.01.2026');
      const first = await loadExogData(ctx, from, to, 'lagged', () => null);
      const count = (r: typeof first, series: string) => {
        const x = r.sources.find((s) => s.series === series);
        return x && { fixture: x.fixture, cache: x.cache, live: x.live, missing: x.missing };
      };
      // 26–31.12.2025 from the fixtures; 01–04.01.2026 are look-back days beyond them (never read beyond: missing); the range live.
      for (const series of ['nbu-rate', 'ua-res-solar', 'ua-res-wind']) expect(count(first, series), series).toEqual({ fixture: 6, cache: 0, live: 2, missing: 4 });
      expect([first.data.uahPerEur.get(from), first.data.uahPerEur.get(to)]).toEqual([48.5, 48.6]);
      expect(first.data.uahPerEur.get(from - 1)).toBeUndefined();
      expect(Array.from(first.data.solarActual.get(from) ?? [])).toEqual(Array.from({ length: 24 }, (_, h) => solarOf(h) + 1));
      expect(Array.from(first.data.windActual.get(to) ?? [])).toEqual(Array.from({ length: 24 }, (_, h) => solarOf(h) + 2));
      expect(Array.from(first.data.windProjected.get(to) ?? [])).toEqual(Array.from({ length: 24 }, (_, h) => solarOf(h) + 1));
      const asked = replay.hits.length;
      expect(asked).toBe(6);
      const again = await loadExogData(ctx, from, to, 'lagged', () => null);
      for (const series of ['nbu-rate', 'ua-res-solar', 'ua-res-wind']) expect(count(again, series), series).toEqual({ fixture: 6, cache: 2, live: 0, missing: 4 });
      expect({ ...again.data, caps: null }).toEqual({ ...first.data, caps: null });
      expect(replay.hits.length).toBe(asked);
      // The EU base is read beyond the fixtures only with the platform's token: without it, missing.
      expect(count(first, 'eu-dam')).toEqual({ fixture: 6, cache: 0, live: 0, missing: 6 });
    } finally {
      await replay.close();
      await closeClients();
    }
  });
});
