/** The four market-data reads through the HTTP door, against the shipped fixtures and a replaying operator. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, testConfig } from './harness.js';
import { closeClients } from '../../src/providers/mktop/reads.js';
import { fixtureDays, indexesBody, pricesBody, resultsBody, startReplay, volumeDays, type Replay, type Script } from '../providers/mktop/replay.js';
import type { SvcConfig } from '../../src/config/config.js';

let days: Map<string, number[]>;
let replay: Replay;
let script: Script;

beforeAll(async () => {
  days = await fixtureDays();
  replay = await startReplay((hit, n) => script(hit, n));
});
afterAll(async () => {
  await replay.close();
  await closeClients();
});

function live(mode: 'auto' | 'live' = 'auto'): Partial<SvcConfig> {
  const md = testConfig().marketData;
  return { marketData: { ...md, mode, mktop: { ...md.mktop, baseUrl: replay.base, timeoutMs: 500, retries: 1 } } };
}

interface PricesBody {
  source: string;
  month: string;
  market: string;
  data: Record<string, { hour: number; priceUahMwh: number }[]>;
  freshness: { status: string; source: string; upstreamError?: { reason: string } };
  dst: { policy: string; days: { date: string; periods: number[] }[] };
}

describe('GET /api/mktop/prices', () => {
  it('serves the fixtures in fixture mode, hour by hour, and states the clock-change days', async () => {
    const h = await harness();
    const res = await h.inject('/api/mktop/prices?month=10.2024');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-data-freshness']).toBe('fallback; source=fixture');
    const body = h.json<PricesBody>(res);
    expect(body).toMatchObject({ month: '10.2024', market: 'DAM', freshness: { status: 'fallback', source: 'fixture' } });
    // The source names where the data came from: the shipped file, not the operator's domain.
    expect(body.source).toMatch(/^fixture fixtures\/oree-dam-ips-2022-2024\.csv/);
    expect(Object.keys(body.data)).toHaveLength(30);
    expect(body.data['15.10.2024']?.map((p) => p.priceUahMwh)).toEqual(days.get('15.10.2024'));
    expect(body.dst).toEqual({ policy: 'skip', days: [{ date: '27.10.2024', transition: 'autumn', periodsInDay: 25, periods: days.get('27.10.2024') }] });
    await h.close();
  });

  it('400 for a bad month or market, 502 with a reason when there is nothing to serve', async () => {
    const h = await harness();
    for (const q of ['month=2024-12', 'month=13.2024', 'month=12.2024&market=XYZ', '']) {
      expect((await h.inject(`/api/mktop/prices?${q}`)).statusCode, q).toBe(400);
    }
    // An undeclared parameter is ignored and named (docs/http.md, "Query parameters").
    const extra = await h.inject('/api/mktop/prices?month=12.2024&extra=1');
    expect(extra.statusCode).toBe(200);
    expect(extra.headers['x-svc-ignored-query']).toBe('extra');
    const res = await h.inject('/api/mktop/prices?month=06.2025');
    expect(res.statusCode).toBe(502);
    expect(h.json<{ error: { reason: string } }>(res).error.reason).toBe('no_data');
    await h.close();
  });

  it('live: fetched once, then cached; when the operator fails: stale copy said so, or 502 with the reason', async () => {
    const h = await harness({ config: live() });
    script = (hit) => ({ body: pricesBody(days, hit.form.date ?? '') });
    replay.hits.length = 0;
    const first = h.json<PricesBody>(await h.inject('/api/mktop/prices?month=11.2024'));
    expect(first.freshness).toMatchObject({ status: 'fresh', source: 'live' });
    expect(first.source).toBe('127.0.0.1');
    const health = h.json<{ dataProviderHealth: { providerId: string; status: string }[]; checks: { id: string; status: string }[] }>(await h.inject('/api/health'));
    expect(health.dataProviderHealth.find((p) => p.providerId === 'mktop')?.status).toBe('fresh');
    expect(health.checks.find((c) => c.id === 'marketData')?.status).toBe('pass');
    script = () => ({ status: 500, body: 'down' });
    const cached = await h.inject('/api/mktop/prices?month=11.2024');
    expect(h.json<PricesBody>(cached).freshness).toMatchObject({ status: 'fresh', source: 'cache' });
    expect(replay.hits).toHaveLength(1);
    const fallback = h.json<PricesBody>(await h.inject('/api/mktop/prices?month=09.2024'));
    expect(fallback.freshness).toMatchObject({ status: 'fallback', source: 'fixture', upstreamError: { reason: 'upstream_status' } });
    const none = await h.inject('/api/mktop/prices?month=06.2025');
    expect(none.statusCode).toBe(502);
    expect(h.json<{ error: { reason: string } }>(none).error.reason).toBe('upstream_status');
    await h.close();
    const strict = await harness({ config: live('live') });
    const refused = await strict.inject('/api/mktop/prices?month=09.2024');
    expect(refused.statusCode).toBe(502);
    await strict.close();
  });
});

describe('GET /api/mktop/indexes and /api/mktop/trading-results', () => {
  it('serve the operator tables with freshness', async () => {
    const h = await harness({ config: live() });
    script = (hit) => (hit.path.includes('indexes') ? { body: indexesBody(days, hit.form.date ?? '') } : { body: resultsBody(volumeDays().get(hit.path.split('/')[4] ?? '') ?? []) });
    const idx = await h.inject('/api/mktop/indexes?month=11.2024&zone=IPS');
    expect(idx.statusCode).toBe(200);
    const ib = h.json<{ market: string; zone: string; data: Record<string, { baseIndexUahMwh: number }> }>(idx);
    expect(ib).toMatchObject({ market: 'DAM', zone: 'IPS' });
    expect(Object.keys(ib.data)).toHaveLength(30);
    const day = await h.inject('/api/mktop/trading-results?tradeDate=02.12.2024');
    expect(day.statusCode).toBe(200);
    const db = h.json<{ data: { hours: { hour: number; sellVolumeMwh: number }[]; totalSellVolumeMwh: number; weightedAveragePriceUahMwh: number; resultId: string } }>(day);
    const vol = volumeDays().get('02.12.2024') ?? [];
    expect(db.data.hours).toHaveLength(24);
    expect(db.data.totalSellVolumeMwh).toBeCloseTo(vol.reduce((s, p) => s + p.volume, 0), 6);
    expect(db.data.weightedAveragePriceUahMwh).toBeCloseTo(vol.reduce((s, p) => s + p.price * p.volume, 0) / vol.reduce((s, p) => s + p.volume, 0), 2);
    expect(db.data.resultId).toBe('02.12.2024/DAM/2');
    const autumn = h.json<{ dst: { transition: string; periodsInDay: number } }>(await h.inject('/api/mktop/trading-results?tradeDate=27.10.2024'));
    expect(autumn.dst).toMatchObject({ transition: 'autumn', periodsInDay: 25 });
    expect((await h.inject('/api/mktop/trading-results?tradeDate=31.02.2024')).statusCode).toBe(400);
    await h.close();
  });
});

describe('GET /api/exch/electricity-indexes', () => {
  it('says why it is off without an agreement (200, available false)', async () => {
    const h = await harness();
    const res = await h.inject('/api/exch/electricity-indexes');
    expect(res.statusCode).toBe(200);
    expect(h.json(res)).toMatchObject({ market: 'BCM', zone: 'IPS', lang: 'uk', data: [], available: false, reason: 'licence_required' });
    await h.close();
  });

  it('serves the licensed file under the named agreement, decades beyond D3 included; a broken file is a 502', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-exch-'));
    const file = join(dir, 'bcm.json');
    writeFileSync(file, JSON.stringify([
      { periodType: 'monthly', deliveryKey: '2026-12', valueUahMwh: 6120.5 },
      { periodType: 'decadal', deliveryKey: '2026-12-D4', valueUahMwh: 5990, periodEn: 'Dec 2026, decade 4' },
    ]));
    const md = testConfig().marketData;
    const h = await harness({ config: { marketData: { ...md, exch: { agreement: 'BCM-2026-017', source: file } } } });
    const body = h.json<{ source: string; available: boolean; data: { period: string; deliveryKey: string }[] }>(await h.inject('/api/exch/electricity-indexes?lang=en'));
    expect(body.available).toBe(true);
    expect(body.source).toContain('BCM-2026-017');
    expect(body.data.map((d) => d.deliveryKey)).toEqual(['2026-12', '2026-12-D4']);
    expect(body.data.map((d) => d.period)).toEqual(['December 2026', 'Dec 2026, decade 4']);
    writeFileSync(file, '[{"periodType":"weekly"');
    const bad = await h.inject('/api/exch/electricity-indexes');
    expect(bad.statusCode).toBe(502);
    expect(h.json<{ error: { reason: string } }>(bad).error.reason).toBe('upstream_unparseable');
    await h.close();
  });
});

describe('GET /api/forecast on the market-data cache', () => {
  it('reads the month and the one before through the operator, the older months from the cache or the fixtures', async () => {
    const h = await harness({ config: live() });
    script = (hit) => ({ body: pricesBody(days, hit.form.date ?? '') });
    replay.hits.length = 0;
    const res = await h.inject('/api/forecast?month=12.2024');
    expect(res.statusCode).toBe(200);
    const body = h.json<{ forecast: { source: string; freshness: { status: string }; data: Record<string, unknown[]> } | null }>(res);
    expect(replay.hits.map((x) => x.form.date).sort()).toEqual(['11.2024', '12.2024']);
    expect(body.forecast?.source).toBe('mktop (with shipped fixtures)');
    expect(body.forecast?.freshness.status).toBe('fallback');
    expect(Object.keys(body.forecast?.data ?? {})).toHaveLength(31);
    await h.close();
  });
});

