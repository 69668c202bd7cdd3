/**
 * The transmission-data platform and SVC_MARKET_DATA: with a token it is asked (live, then the
 * cache), and the forecast's EU base beyond the fixtures comes from its A44 prices; in fixture mode
 * it is never asked, token or not (README: "`fixture`: the shipped fixtures only, never the network").
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { dayNumber } from '../../src/engines/forecast/index.js';
import { loadExogData } from '../../src/ops/forecast/forecast-exog.js';
import { couplingFlows } from '../../src/ops/grid/coupling.js';
import { systemOperations } from '../../src/ops/grid/system-operations.js';
import { regime } from '../../src/ops/market/regime.js';
import { ZONE_EIC } from '../../src/providers/tsoplatform/eic.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import { publication, replayServer, xml, type ReplayServer } from '../providers/tsoplatform-server.js';
import { testDataDir } from '../temp-data-dir.js';
import { call, localCtx } from './helpers.js';

const ZONE_PRICE: Record<string, number> = { [ZONE_EIC.HU]: 81, [ZONE_EIC.PL]: 92, [ZONE_EIC.RO]: 103, [ZONE_EIC.SK]: 114 };

/** periodStart (yyyyMMddHHmm, UTC) as ISO. */
const isoOf = (stamp: string): string => `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(8, 10)}:${stamp.slice(10, 12)}Z`;

const CLOSED = 'http://127.0.0.1:9';

let platform: ReplayServer;
beforeAll(async () => {
  platform = await replayServer();
  platform.setHandler(answer);
});

// A44: the Kyiv day asked for, 24 hourly prices, each zone its own price; anything else (flows) an answer of 100 MW.
function answer(url: URL, _q: unknown, res: ServerResponse): void {
  const start = isoOf(url.searchParams.get('periodStart') ?? '');
  const end = new Date(Date.parse(start) + 86_400_000).toISOString().replace(':00.000Z', 'Z');
  const inD = url.searchParams.get('in_Domain') ?? '';
  if (url.searchParams.get('documentType') === 'A44') {
    xml(res, publication({ type: 'A44', start, end, resolution: 'PT60M', price: true, inDomain: inD, outDomain: inD, points: Array.from({ length: 24 }, (_, i) => [i + 1, ZONE_PRICE[inD] ?? 0]) }));
    return;
  }
  xml(res, publication({ type: 'A11', start, end, resolution: 'PT60M', inDomain: inD, points: Array.from({ length: 24 }, (_, i) => [i + 1, 100]) }));
}

afterAll(async () => {
  await platform.close();
});

function ctxWith(env: Record<string, string>) {
  const stores = openMemoryStores();
  return {
    ...localCtx(),
    now: () => new Date('2026-02-01T10:00:00.000Z'),
    // The other sources on a closed local port: in auto mode they fall back to their shipped fixtures at once.
    config: loadConfig({ SVC_TSOPLATFORM_TOKEN: 'secret-token-p', SVC_TSOPLATFORM_BASE: platform.baseUrl, SVC_TSOPLATFORM_RETRIES: '0', SVC_MKTOP_BASE_URL: CLOSED, SVC_MKTOP_RETRIES: '0', SVC_RATES_BASE_URL: CLOSED, SVC_UARES_BASE_URL: CLOSED, ...env }, { dataDir: testDataDir() }),
    stores: () => Promise.resolve(stores),
  };
}

const count = (r: Awaited<ReturnType<typeof loadExogData>>, series: string) => {
  const x = r.sources.find((s) => s.series === series);
  return x && { fixture: x.fixture, cache: x.cache, live: x.live, missing: x.missing };
};

describe('the forecast\'s EU base beyond the fixtures', () => {
  it('with a token: each zone\'s A44 prices of the Kyiv day, live first and from the cache after; the token never in the report', async () => {
    const ctx = ctxWith({ SVC_MARKET_DATA: 'auto' });
    const from = dayNumber('05.01.2026');
    const to = dayNumber('06.01.2026');
    const before = platform.requests.length;
    const first = await loadExogData(ctx, from, to, 'base', () => null);
    // 26–31.12.2025 from the fixture; 01–04.01.2026 are look-back days beyond it (never read beyond); the range live.
    expect(count(first, 'eu-dam')).toEqual({ fixture: 6, cache: 0, live: 2, missing: 4 });
    expect(first.data.euBase.get(from)).toEqual({ HU: 81, PL: 92, RO: 103, SK: 114 });
    expect(first.data.euBase.get(to)).toEqual({ HU: 81, PL: 92, RO: 103, SK: 114 });
    const asked = platform.requests.slice(before);
    expect(asked).toHaveLength(8); // 2 days × 4 zones
    expect(asked.every((u) => u.searchParams.get('documentType') === 'A44')).toBe(true);
    const again = await loadExogData(ctx, from, to, 'base', () => null);
    expect(count(again, 'eu-dam')).toEqual({ fixture: 6, cache: 2, live: 0, missing: 4 });
    expect(again.data.euBase.get(to)).toEqual(first.data.euBase.get(to));
    expect(platform.requests.length).toBe(before + 8);
    expect(JSON.stringify(first.sources)).not.toContain('secret-token-p');
  });

  it('in fixture mode, token or not: never asked; the days beyond the fixture are missing', async () => {
    const ctx = ctxWith({ SVC_MARKET_DATA: 'fixture' });
    const before = platform.requests.length;
    const r = await loadExogData(ctx, dayNumber('05.01.2026'), dayNumber('06.01.2026'), 'base', () => null);
    expect(count(r, 'eu-dam')).toEqual({ fixture: 6, cache: 0, live: 0, missing: 6 });
    expect(platform.requests.length).toBe(before);
  });
});

describe('platform reads in fixture mode with a token set', () => {
  it('regime: flows and neighbours\' prices from the shipped fixtures, the platform never asked', async () => {
    const before = platform.requests.length;
    const r = await call(regime, ctxWith({ SVC_MARKET_DATA: 'fixture' }), { date: '15.01.2024' });
    expect(platform.requests.length).toBe(before);
    expect(r.inputs.some((i) => i.source === 'live')).toBe(false);
    expect(r.inputs.filter((i) => i.name.includes('EU') || i.name.includes('base')).length).toBeGreaterThan(0);
    expect(r.missing.map((m) => m.reason).join(' ')).toContain('SVC_MARKET_DATA=fixture');
  });

  it('regime with the token outside fixture mode asks the platform (the same replay answers)', async () => {
    const before = platform.requests.length;
    const r = await call(regime, ctxWith({ SVC_MARKET_DATA: 'auto' }), { date: '15.01.2024' });
    expect(platform.requests.length).toBeGreaterThan(before);
    expect(r.inputs.some((i) => i.source === 'live')).toBe(true);
  });

  it('regime with the token, the platform down: auto answers from the shipped flows and prices; live mode says the failure', async () => {
    platform.setHandler((_u, _q, res) => res.writeHead(503).end());
    try {
      const r = await call(regime, ctxWith({ SVC_MARKET_DATA: 'auto' }), { date: '01.11.2022' });
      expect(r.inputs.length).toBeGreaterThan(0);
      expect(r.inputs.every((i) => i.source === 'fixture')).toBe(true);
      expect(r.flow.borders.filter((b) => b.netImportMw !== null).length).toBeGreaterThan(0);
      // The shipped EU series stand in for the platform's prices, and say why.
      expect(r.inputs.filter((i) => i.name.startsWith('day-ahead')).every((i) => i.name.includes('the platform failed: tsoplatform_unavailable'))).toBe(true);
      await expect(call(regime, ctxWith({ SVC_MARKET_DATA: 'live', SVC_MKTOP_BASE_URL: CLOSED }), { date: '01.11.2022' })).rejects.toMatchObject({ code: 'upstream_error', reason: 'tsoplatform_unavailable' });
    } finally {
      platform.setHandler(answer);
    }
  });

  it('system: 503 tsoplatform_not_configured saying fixture mode, the platform never asked', async () => {
    const before = platform.requests.length;
    await expect(call(systemOperations, ctxWith({ SVC_MARKET_DATA: 'fixture' }), { date: '01.11.2022' })).rejects.toMatchObject({
      code: 'unavailable',
      reason: 'tsoplatform_not_configured',
      message: expect.stringContaining('SVC_MARKET_DATA=fixture'),
    });
    expect(platform.requests.length).toBe(before);
  });
});

describe('the day read without a date', () => {
  it('with the token outside fixture mode: today\'s Kyiv day (the clock: 01.02.2026)', async () => {
    const ctx = ctxWith({ SVC_MARKET_DATA: 'auto' });
    const flows = await call(couplingFlows, ctx, {});
    expect([flows.from, flows.to, flows.source]).toEqual(['01.02.2026', '01.02.2026', 'live']);
    expect((await call(systemOperations, ctx, {})).date).toBe('01.02.2026');
    // No operator price nor official rate is shipped for it: the regime says the day it read.
    await expect(call(regime, ctx, {})).rejects.toMatchObject({ reason: 'inputs_missing', message: expect.stringContaining('regime inputs missing for 01.02.2026') });
  });

  it('in fixture mode, token or not, or without a token: the newest day the shipped documents hold for what the command reads', async () => {
    const envs: Record<string, string>[] = [{ SVC_MARKET_DATA: 'fixture' }, { SVC_MARKET_DATA: 'fixture', SVC_TSOPLATFORM_TOKEN: '' }, { SVC_MARKET_DATA: 'auto', SVC_TSOPLATFORM_TOKEN: '' }];
    for (const env of envs) {
      const ctx = ctxWith(env);
      const before = platform.requests.length;
      // flows: the hourly documents end 27.03.2023 (not the older 01.11.2022), every hour of it held.
      const flows = await call(couplingFlows, ctx, { border: 'HU' });
      expect([flows.from, flows.to, flows.source, flows.noData, flows.gaps.complete]).toEqual(['27.03.2023', '27.03.2023', 'fixture', false, true]);
      // The regime also reads the daily net positions, which end 31.03.2023.
      const r = await call(regime, ctx, {});
      expect(r.date).toBe('31.03.2023');
      expect(r.flow.netImportMw).not.toBeNull();
      // system: nothing is shipped, so no day is named.
      await expect(call(systemOperations, ctx, {})).rejects.toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^no load or generation data (with|without) /) });
      expect(platform.requests.length).toBe(before);
    }
  });
});
