/** The five transmission-platform reads through the HTTP door: success paths and every listed error. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetSeen } from '../../src/providers/last-seen.js';
import { harness, testConfig } from './harness.js';
import { ACK_NO_DATA, publication, replayServer, xml, type ReplayServer } from '../providers/tsoplatform-server.js';

const base = testConfig();

/**
 * The platform is asked only outside fixture mode (SVC_MARKET_DATA=fixture never asks the network,
 * token or not: test/ops/platform-modes.test.ts). A platform test runs in auto mode with the other
 * sources on a closed local port, so they fall back to their shipped fixtures at once.
 */
const CLOSED = 'http://127.0.0.1:9';
const withPlatform = (tsoplatform: typeof base.tsoplatform, mode: 'auto' | 'live' = 'auto') => ({
  tsoplatform,
  marketData: { ...base.marketData, mode, mktop: { ...base.marketData.mktop, baseUrl: CLOSED, retries: 0 }, rates: { baseUrl: CLOSED }, uares: { baseUrl: CLOSED } },
});

let platform: ReplayServer;
beforeAll(async () => {
  platform = await replayServer();
});
afterAll(async () => {
  await platform.close();
});

describe('GET /api/coupling/flows', () => {
  it('serves fixture flows without a token, 25 periods on the autumn clock change', async () => {
    const h = await harness();
    const res = await h.inject('/api/coupling/flows?border=PL&date=30.10.2022');
    expect(res.statusCode).toBe(200);
    const body = h.json<{ source: string; hours: { period: number; leg: { fromTo: number; toFrom: number }; netFlowMw: number }[] }>(res);
    expect(body.source).toBe('fixture');
    expect(body.hours).toHaveLength(25);
    for (const hr of body.hours) expect(hr.netFlowMw).toBeCloseTo(hr.leg.toFrom - hr.leg.fromTo, 9);
    const range = h.json<{ hours: unknown[] }>(await h.inject('/api/coupling/flows?border=HU&from=25.03.2023&to=27.03.2023'));
    expect(range.hours).toHaveLength(24 + 23 + 24);
    await h.close();
  });

  it('names what is missing: a day without data (noData), the missing days of a range, an hour without a net flow', async () => {
    type Body = { noData: boolean; summary: { hours: number; netHours: number }; gaps: { complete: boolean; missing: string[]; missingDays: number; calendarDays: number; expectedHours: number; hoursWithNet: number; missingHours: { tradeDate: string; hour: number; period: number }[] } };
    const h = await harness();
    const none = h.json<Body>(await h.inject('/api/coupling/flows?border=HU&date=15.01.2023'));
    expect(none).toMatchObject({ noData: true, summary: { hours: 0, netHours: 0 }, gaps: { complete: false, missing: ['15.01.2023'], expectedHours: 24 } });
    const range = h.json<Body>(await h.inject('/api/coupling/flows?border=HU&from=20.10.2022&to=15.11.2022'));
    expect(range).toMatchObject({ noData: false, summary: { netHours: 121 }, gaps: { complete: false, missingDays: 22, calendarDays: 27, hoursWithNet: 121 } });
    const ro = h.json<Body>(await h.inject('/api/coupling/flows?border=RO&date=01.11.2022'));
    expect(ro.summary).toMatchObject({ hours: 23, netHours: 23 });
    expect(ro.gaps.missingHours).toEqual([{ tradeDate: '01.11.2022', hour: 9, period: 10, utcStart: '2022-11-01T07:00:00.000Z' }]);
    const doc = h.json<{ components: { schemas: Record<string, unknown> }; paths: Record<string, { get: { description: string } }> }>(await h.inject('/api/openapi.json'));
    expect(doc.paths['/api/coupling/flows']?.get.description).toMatch(/`gaps`/);
    await h.close();
  });

  it('live: an hour the platform leaves out (curve A01) is named in gaps, one leg alone is not a net flow', async () => {
    platform.setHandler((url, _q, res) => {
      const exportLeg = url.searchParams.get('in_Domain') !== '10Y1001C--000182';
      // Export leg: hour 06 (position 7) left out; import leg: hour 20 (position 21) left out.
      const gap = exportLeg ? 7 : 21;
      xml(res, publication({
        type: 'A11', start: '2022-10-31T22:00Z', end: '2022-11-01T22:00Z', resolution: 'PT60M', inDomain: url.searchParams.get('in_Domain') ?? '',
        points: Array.from({ length: 24 }, (_, i): [number, number] => [i + 1, 100]).filter(([p]) => p !== gap),
      }));
    });
    const tso = { ...base.tsoplatform, token: 'secret-token-g', baseUrl: platform.baseUrl, retries: 0, timeoutMs: 1_000 };
    const h = await harness({ config: withPlatform(tso) });
    const body = h.json<{ source: string; summary: { hours: number; netHours: number }; gaps: { complete: boolean; hoursWithNet: number; missingHours: { hour: number }[] } }>(await h.inject('/api/coupling/flows?border=SK&date=01.11.2022'));
    expect(body.source).toBe('live');
    expect(body.summary).toMatchObject({ hours: 24, netHours: 22 });
    expect(body.gaps).toMatchObject({ complete: false, hoursWithNet: 22 });
    expect(body.gaps.missingHours.map((m) => m.hour)).toEqual([6, 20]);
    await h.close();
  });

  it('400 for a bad border, a half range, a reversed or too long range', async () => {
    const h = await harness();
    for (const q of ['border=BY', 'from=01.11.2022', 'from=02.11.2022&to=01.11.2022', 'from=01.01.2022&to=01.03.2022', 'date=31.02.2022', 'date=01.11.2022&from=01.11.2022&to=01.11.2022']) {
      const res = await h.inject(`/api/coupling/flows?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    await h.close();
  });

  it('live: reads the platform; 502 with a reason when the token is refused', async () => {
    platform.setHandler((url, _q, res) => xml(res, publication({
      type: 'A11', start: '2022-10-31T22:00Z', end: '2022-11-01T22:00Z', resolution: 'PT15M', inDomain: url.searchParams.get('in_Domain') ?? '',
      points: Array.from({ length: 96 }, (_, i) => [i + 1, url.searchParams.get('in_Domain') === '10Y1001C--000182' ? 400 : 50]),
    })));
    const tso = { ...base.tsoplatform, token: 'secret-token-x', baseUrl: platform.baseUrl, retries: 0, timeoutMs: 1_000 };
    const h = await harness({ config: withPlatform(tso) });
    const res = await h.inject('/api/coupling/flows?border=SK&date=01.11.2022');
    expect(res.statusCode).toBe(200);
    const body = h.json<{ source: string; hours: { netFlowMw: number }[] }>(res);
    expect(body.source).toBe('live');
    expect(body.hours).toHaveLength(24);
    expect(body.hours[0]?.netFlowMw).toBe(350);
    platform.setHandler((_u, _q, res) => xml(res, 'no', 401));
    const denied = await h.inject('/api/coupling/flows?border=RO&date=01.11.2022');
    expect(denied.statusCode).toBe(502);
    expect(denied.body).toContain('tsoplatform_unauthorized');
    expect(denied.body).not.toContain('secret-token-x');
    await h.close();
  });

  it('live: an acknowledgement is "no data" (200, empty hours); a timeout with nothing cached is 502 tsoplatform_timeout', async () => {
    const tso = { ...base.tsoplatform, token: 'secret-token-z', baseUrl: platform.baseUrl, retries: 0, timeoutMs: 200 };
    const h = await harness({ config: withPlatform(tso) });
    platform.setHandler((_u, _q, res) => xml(res, ACK_NO_DATA, 400));
    const empty = await h.inject('/api/coupling/flows?border=MD&date=02.11.2022');
    expect(empty.statusCode).toBe(200);
    expect(h.json<{ noData: boolean; hours: unknown[] }>(empty)).toMatchObject({ noData: true, hours: [] });
    platform.setHandler(() => undefined);
    const slow = await h.inject('/api/system-operations?date=03.11.2022');
    expect(slow.statusCode).toBe(502);
    expect(slow.body).toContain('tsoplatform_timeout');
    await h.close();
  });

  it('auto: a platform that fails with nothing cached is answered from the shipped documents, said in the note; live mode: 502', async () => {
    const tso = { ...base.tsoplatform, token: 'secret-token-f', baseUrl: platform.baseUrl, retries: 0, timeoutMs: 1_000 };
    platform.setHandler((_u, _q, res) => res.writeHead(503).end());
    const auto = await harness({ config: withPlatform(tso) });
    const res = await auto.inject('/api/coupling/flows?border=SK&date=01.11.2022');
    expect(res.statusCode, res.body).toBe(200);
    const body = auto.json<{ source: string; freshness: { note: string }; hours: unknown[] }>(res);
    expect(body.source).toBe('fixture');
    expect(body.freshness.note).toMatch(/Platform failed \(unavailable\) and nothing is cached: shipped fixture data/);
    expect(body.hours).toHaveLength(24);
    expect(res.body).not.toContain('secret-token-f');
    await auto.close();
    const live = await harness({ config: withPlatform(tso, 'live') });
    const failed = await live.inject('/api/coupling/flows?border=SK&date=01.11.2022');
    expect(failed.statusCode).toBe(502);
    expect(failed.body).toContain('tsoplatform_unavailable');
    await live.close();
  });

  it('401 when keys are required and none is given', async () => {
    const h = await harness({ config: { requireApiKey: true, apiKey: 'k'.repeat(32) } });
    expect((await h.inject('/api/coupling/flows')).statusCode).toBe(401);
    await h.close();
  });
});

describe('GET /api/system-operations', () => {
  it('serves no synthetic data without a token (503 tsoplatform_not_configured); with one, the replayed documents with shares summing to 1', async () => {
    const bare = await harness();
    const none = await bare.inject('/api/system-operations?date=01.11.2022');
    expect(none.statusCode).toBe(503);
    expect(bare.json<{ error: { code: string; reason: string; message: string } }>(none).error).toMatchObject({ code: 'unavailable', reason: 'tsoplatform_not_configured', message: expect.stringContaining('set SVC_TSOPLATFORM_TOKEN') });
    await bare.close();
    // The synthetic sample documents are parser test inputs: replayed here as the platform's answers.
    platform.setHandler((url, _q, res) => xml(res, readFileSync(new URL(`../../fixtures/tsoplatform/sample-${url.searchParams.get('documentType') === 'A65' ? 'load' : 'generation'}.xml`, import.meta.url))));
    const h = await harness({ config: withPlatform({ ...base.tsoplatform, token: 'secret-token-s', baseUrl: platform.baseUrl, retries: 0, timeoutMs: 1_000 }) });
    const res = await h.inject('/api/system-operations?date=01.11.2022');
    expect(res.statusCode).toBe(200);
    const body = h.json<{ source: string; note: string; hours: { shares: Record<string, number> }[]; day: { shares: Record<string, number> } }>(res);
    expect(body.source).toBe('live');
    expect(body.hours).toHaveLength(24);
    const sum = Object.values(body.day.shares).reduce((s, v) => s + v, 0);
    expect(sum).toBeCloseTo(1, 9);
    expect((await h.inject('/api/system-operations?date=1.11.2022')).statusCode).toBe(400);
    await h.close();
  });
});

describe('GET /api/regime', () => {
  it('classifies the fixture day and never returns a raw price', async () => {
    const h = await harness();
    const res = await h.inject('/api/regime?date=01.11.2022');
    expect(res.statusCode).toBe(200);
    const body = h.json<Record<string, unknown> & { regime: string; basis: { valueEurMwh: number }; inputs: unknown[] }>(res);
    expect(['scarce', 'balanced', 'surplus']).toContain(body.regime);
    expect(Number.isFinite(body.basis.valueEurMwh)).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/priceUahMwh|referenceEurMwh|uaDam/);
    expect(body.inputs.length).toBeGreaterThan(5);
    expect((await h.inject('/api/regime?date=15.06.2021')).statusCode).toBe(404);
    expect((await h.inject('/api/regime?date=x')).statusCode).toBe(400);
    await h.close();
  });
});

describe('GET /api/regime with a platform token', () => {
  it('reads flows (A11) and the neighbours\' prices (A44, Kyiv day) live; the rest from the fixtures, each named', async () => {
    platform.setHandler((url, _q, res) => {
      const type = url.searchParams.get('documentType');
      const inD = url.searchParams.get('in_Domain') ?? '';
      if (type === 'A44') {
        xml(res, publication({ type: 'A44', start: '2024-01-14T22:00Z', end: '2024-01-15T22:00Z', resolution: 'PT60M', price: true, inDomain: inD, outDomain: inD, points: Array.from({ length: 24 }, (_, i) => [i + 1, 90]) }));
        return;
      }
      xml(res, publication({ type: 'A11', start: '2024-01-14T22:00Z', end: '2024-01-15T22:00Z', resolution: 'PT60M', inDomain: inD, points: Array.from({ length: 24 }, (_, i) => [i + 1, inD === '10Y1001C--000182' ? 300 : 100]) }));
    });
    const h = await harness({ config: withPlatform({ ...base.tsoplatform, token: 'secret-token-r', baseUrl: platform.baseUrl, retries: 0, timeoutMs: 1_000 }) });
    const res = await h.inject('/api/regime?date=15.01.2024');
    expect(res.statusCode, res.body).toBe(200);
    const body = h.json<{ basis: { valueEurMwh: number }; flow: { netImportMw: number }; inputs: { name: string; source: string }[]; missing: unknown[] }>(res);
    // Five borders, each 300 MW in and 100 MW out.
    expect(body.flow.netImportMw).toBeCloseTo(1000, 9);
    expect(body.missing).toEqual([]);
    expect(body.inputs.filter((i) => i.name.includes('A44, Kyiv day')).map((i) => i.source)).toEqual(['live', 'live', 'live', 'live']);
    expect(body.inputs.find((i) => i.name.startsWith('official UAH/EUR'))?.source).toBe('fixture');
    expect(res.body).not.toContain('secret-token-r');
    await h.close();
  });
});

describe('GET /api/regime with a platform token and incomplete flows', () => {
  it('names a border without data and a border missing an hour, instead of summing and averaging silently', async () => {
    const MD = '10Y1001A1001A990';
    const SK = '10YSK-SEPS-----K';
    platform.setHandler((url, _q, res) => {
      const type = url.searchParams.get('documentType');
      const inD = url.searchParams.get('in_Domain') ?? '';
      const outD = url.searchParams.get('out_Domain') ?? '';
      if (type === 'A44') {
        xml(res, publication({ type: 'A44', start: '2024-01-14T22:00Z', end: '2024-01-15T22:00Z', resolution: 'PT60M', price: true, inDomain: inD, outDomain: inD, points: Array.from({ length: 24 }, (_, i) => [i + 1, 90]) }));
        return;
      }
      if (inD === MD || outD === MD) {
        xml(res, ACK_NO_DATA, 400);
        return;
      }
      // SK: both legs lack hour 12 (position 13).
      const points = Array.from({ length: 24 }, (_, i): [number, number] => [i + 1, inD === '10Y1001C--000182' ? 300 : 100]).filter(([p]) => !(p === 13 && (inD === SK || outD === SK)));
      xml(res, publication({ type: 'A11', start: '2024-01-14T22:00Z', end: '2024-01-15T22:00Z', resolution: 'PT60M', inDomain: inD, points }));
    });
    const h = await harness({ config: withPlatform({ ...base.tsoplatform, token: 'secret-token-i', baseUrl: platform.baseUrl, retries: 0, timeoutMs: 1_000 }) });
    const res = await h.inject('/api/regime?date=15.01.2024');
    expect(res.statusCode, res.body).toBe(200);
    const body = h.json<{ flow: { netImportMw: number }; missing: { name: string; reason: string }[] }>(res);
    expect(body.flow.netImportMw).toBeCloseTo(800, 9);
    expect(body.missing.map((m) => m.name)).toEqual(['flows MD', 'flows SK']);
    expect(body.missing[0]?.reason).toMatch(/no flow data for 15\.01\.2024 \(the platform has none\): the net position sums the other borders/);
    expect(body.missing[1]?.reason).toMatch(/1 of 24 hours \(15\.01\.2024 12\)/);
    await h.close();
  });
});

describe('GET /api/market-model/market-depth', () => {
  it('needs the service token; walks stored books; 404 without a snapshot', async () => {
    const h = await harness({ config: { serviceToken: 's'.repeat(32) } });
    await h.stores.depth.save([{ id: '7b2d0f5e-1c1a-4a52-9f43-1b6a0c1f7e10', tradeDate: '02.03.2026', hour: 8, capturedAt: '2026-03-01T12:00:00Z', clearingPrice: 4000, sell: [{ price: 4000, volume: 5 }, { price: 4100, volume: 5 }], buy: [{ price: 3990, volume: 3 }] }]);
    expect((await h.inject('/api/market-model/market-depth?tradeDate=02.03.2026')).statusCode).toBe(401);
    const headers = { 'x-svc-service-token': 's'.repeat(32) };
    const res = await h.inject({ method: 'GET', url: '/api/market-model/market-depth?tradeDate=02.03.2026&sizes=5,10&side=buy', headers });
    expect(res.statusCode).toBe(200);
    const body = h.json<{ disclaimer: string; hours: { fills: { vwap: number; risk: string }[] }[] }>(res);
    expect(body.hours[0]?.fills.map((f) => f.vwap)).toEqual([4000, 4050]);
    expect(body.disclaimer).toMatch(/not a forecast/i);
    expect((await h.inject({ method: 'GET', url: '/api/market-model/market-depth?tradeDate=03.03.2026', headers })).statusCode).toBe(404);
    expect((await h.inject({ method: 'GET', url: '/api/market-model/market-depth?tradeDate=02.03.2026&sizes=0', headers })).statusCode).toBe(400);
    await h.close();
  });

  it('503 when no service token is configured', async () => {
    const h = await harness();
    expect((await h.inject('/api/market-model/market-depth?tradeDate=02.03.2026')).statusCode).toBe(503);
    await h.close();
  });
});

describe('health tsoplatform and gridop', () => {
  type Health = { dataProviders: { id: string; status: string; detail?: string }[]; dataProviderHealth: { providerId: string; status: string; latestDataAt: string | null }[] };
  const pick = (b: Health, id: string) => ({ provider: b.dataProviders.find((p) => p.id === id)?.status, health: b.dataProviderHealth.find((p) => p.providerId === id)?.status });

  it('says tokenRequired/pending without a token, fresh after a good live fetch, stale later', async () => {
    const bare = await harness();
    const b0 = bare.json<Health>(await bare.inject('/api/health'));
    expect(pick(b0, 'tsoplatform')).toEqual({ provider: 'tokenRequired', health: 'pending' });
    expect(pick(b0, 'gridop')).toEqual({ provider: 'tokenRequired', health: 'pending' });
    await bare.close();

    platform.setHandler((_u, _q, res) => xml(res, publication({ type: 'A11', start: '2022-10-31T22:00Z', end: '2022-11-01T22:00Z', resolution: 'PT60M', points: [[1, 1]] })));
    const tso = { ...base.tsoplatform, token: 'secret-token-y', baseUrl: platform.baseUrl, retries: 0, timeoutMs: 1_000 };
    // Live mode: a failed read is the 502 (auto would answer from the shipped documents).
    const h = await harness({ config: withPlatform(tso, 'live') });
    forgetSeen();
    // A token alone is not a connection: `connected` only once a live read has succeeded.
    expect(pick(h.json<Health>(await h.inject('/api/health')), 'tsoplatform')).toEqual({ provider: 'review', health: 'pending' });
    expect((await h.inject('/api/coupling/flows?date=01.11.2022')).statusCode).toBe(200);
    expect(pick(h.json<Health>(await h.inject('/api/health')), 'tsoplatform')).toEqual({ provider: 'connected', health: 'fresh' });
    platform.setHandler((_u, _q, res) => res.writeHead(503).end());
    expect((await h.inject('/api/coupling/flows?date=02.11.2022')).statusCode).toBe(502);
    // The failure is what was last seen: no longer `connected`, and health says why.
    const failed = h.json<Health & { dataProviders: { id: string; status: string; detail: string }[] }>(await h.inject('/api/health'));
    expect(pick(failed, 'tsoplatform').provider).toBe('review');
    expect(failed.dataProviders.find((p) => p.id === 'tsoplatform')?.detail).toMatch(/failed \(tsoplatform_unavailable\)/);
    h.clock.advance(3 * 3_600_000);
    expect(pick(h.json<Health>(await h.inject('/api/health')), 'gridop').health).toBe('stale');
    await h.close();
  });
});
