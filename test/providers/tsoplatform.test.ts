import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDocument, TsoPlatformError } from '../../src/providers/tsoplatform/client.js';
import { dailyMeans, toKyivHours } from '../../src/providers/tsoplatform/hourly.js';
import { parseMarketDocument } from '../../src/providers/tsoplatform/parse.js';
import { readFlows, readSystem } from '../../src/providers/tsoplatform/reads.js';
import { kyivPeriods } from '../../src/providers/tsoplatform/time.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import { ACK_NO_DATA, publication, replayServer, xml, type ReplayServer } from './tsoplatform-server.js';

let server: ReplayServer;
beforeAll(async () => {
  server = await replayServer();
});
afterAll(async () => {
  await server.close();
});

const TOKEN = 'test-token-abc123';
const client = (over: Partial<{ timeoutMs: number; retries: number }> = {}) => ({ baseUrl: server.baseUrl, token: TOKEN, timeoutMs: 2_000, retries: 1, backoffMs: () => 0, ...over });

// Kyiv 01.11.2022 = 2022-10-31T22:00Z .. 2022-11-01T22:00Z
const DAY = { start: '2022-10-31T22:00Z', end: '2022-11-01T22:00Z' };

describe('platform documents over HTTP', () => {
  it('reads an hourly document and sends the token only as securityToken', async () => {
    server.setHandler((url, _req, res) => xml(res, publication({ type: 'A11', ...DAY, resolution: 'PT60M', points: Array.from({ length: 24 }, (_, i) => [i + 1, 100 + i]) })));
    const doc = await fetchDocument(client(), { documentType: 'A11' });
    expect(doc.kind).toBe('publication');
    const hours = toKyivHours(doc.kind === 'publication' ? doc.series.flatMap((s) => s.points) : []);
    expect(hours).toHaveLength(24);
    expect(hours[0]).toMatchObject({ tradeDate: '01.11.2022', hour: 0, value: 100 });
    expect(hours[23]).toMatchObject({ tradeDate: '01.11.2022', hour: 23, value: 123 });
    expect(server.requests.at(-1)?.searchParams.get('securityToken')).toBe(TOKEN);
  });

  it('aggregates a 15-minute price document to hours and the day', async () => {
    const points: [number, number][] = Array.from({ length: 96 }, (_, q) => [q + 1, 10 * Math.floor(q / 4) + (q % 4)]);
    server.setHandler((_u, _q, res) => xml(res, publication({ type: 'A44', ...DAY, resolution: 'PT15M', points, price: true })));
    const doc = await fetchDocument(client(), { documentType: 'A44' });
    const hours = toKyivHours(doc.kind === 'publication' ? doc.series.flatMap((s) => s.points) : []);
    expect(hours).toHaveLength(24);
    expect(hours[3]?.value).toBeCloseTo(31.5, 9); // mean of 30, 31, 32, 33
    expect(dailyMeans(hours)[0]?.value).toBeCloseTo(116.5, 9);
  });

  it('holds the previous value over absent positions under curve type A03, leaves a gap under A01', async () => {
    const pts: [number, number][] = [[1, 5], [4, 9]];
    server.setHandler((_u, _q, res) => xml(res, publication({ type: 'A75', ...DAY, resolution: 'PT60M', points: pts, curveType: 'A03' })));
    const a03 = await fetchDocument(client(), {});
    expect(a03.kind === 'publication' && a03.series[0]?.points.map((p) => p.value)).toEqual([5, 5, 5, ...Array(21).fill(9)]);
    const a01 = parseMarketDocument(publication({ type: 'A75', ...DAY, resolution: 'PT60M', points: pts }));
    expect(a01.kind === 'publication' && a01.series[0]?.points.map((p) => p.value)).toEqual([5, 9]);
  });

  it('returns an acknowledgement as "no data" (also on the platform\'s 400)', async () => {
    server.setHandler((_u, _q, res) => xml(res, ACK_NO_DATA, 400));
    const doc = await fetchDocument(client(), {});
    expect(doc).toEqual({ kind: 'acknowledgement', reason: 'No matching data found for Data item Physical Flows' });
  });

  it('opens a zipped answer', async () => {
    const a = publication({ type: 'A11', ...DAY, resolution: 'PT60M', points: [[1, 7]] });
    const zip = zipSync({ 'b.xml': strToU8(a), 'a.xml': strToU8(a), 'readme.txt': strToU8('x') });
    server.setHandler((_u, _q, res) => xml(res, zip));
    const doc = await fetchDocument(client(), {});
    expect(doc.kind === 'publication' && doc.series).toHaveLength(2);
  });

  it('rejects a malformed document without retrying it', async () => {
    const before = server.requests.length;
    server.setHandler((_u, _q, res) => xml(res, '<Publication_MarketDocument><type>A11</type><TimeSeries><Period><resolution>PT60M</resolution></Period></TimeSeries></Publication_MarketDocument>'));
    await expect(fetchDocument(client(), {})).rejects.toMatchObject({ kind: 'malformed' });
    server.setHandler((_u, _q, res) => xml(res, '<<not xml'));
    await expect(fetchDocument(client(), {})).rejects.toMatchObject({ kind: 'malformed' });
    expect(server.requests.length - before).toBe(2);
  });

  it('maps a DST day to 25 and 23 periods', async () => {
    expect(kyivPeriods('30.10.2022')).toBe(25);
    expect(kyivPeriods('26.03.2023')).toBe(23);
    // 30.10.2022 Kyiv: 2022-10-29T21:00Z .. 2022-10-30T22:00Z
    server.setHandler((_u, _q, res) => xml(res, publication({ type: 'A11', start: '2022-10-29T21:00Z', end: '2022-10-30T22:00Z', resolution: 'PT60M', points: Array.from({ length: 25 }, (_, i) => [i + 1, i]) })));
    const doc = await fetchDocument(client(), {});
    const hours = toKyivHours(doc.kind === 'publication' ? doc.series.flatMap((s) => s.points) : []);
    expect(hours.map((h) => h.tradeDate)).toEqual(Array(25).fill('30.10.2022'));
    expect(hours.map((h) => h.hour).filter((h) => h === 3)).toHaveLength(2);
    expect(hours.map((h) => h.period)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('reports a 401 for a bad token without the token in the message', async () => {
    server.setHandler((_u, _q, res) => xml(res, 'Unauthorized', 401));
    const error = await fetchDocument(client(), {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TsoPlatformError);
    expect((error as TsoPlatformError).kind).toBe('unauthorized');
    expect(String((error as Error).message)).not.toContain(TOKEN);
  });

  it('times out, retries a bounded number of times, then fails', async () => {
    const before = server.requests.length;
    server.setHandler(() => undefined); // never answers
    await expect(fetchDocument(client({ timeoutMs: 150, retries: 2 }), {})).rejects.toMatchObject({ kind: 'timeout' });
    expect(server.requests.length - before).toBe(3);
  });

  it('retries a 503 and succeeds on the next answer', async () => {
    let n = 0;
    server.setHandler((_u, _q, res) => (n++ === 0 ? xml(res, 'busy', 503) : xml(res, publication({ type: 'A11', ...DAY, resolution: 'PT60M', points: [[1, 1]] }))));
    expect((await fetchDocument(client(), {})).kind).toBe('publication');
  });
});

describe('reads with the store cache', () => {
  const settings = () => ({ token: TOKEN, baseUrl: server.baseUrl, timeoutMs: 300, retries: 0, maxAgeMinutes: 60 });

  it('serves fixtures without a token and says so', async () => {
    const deps = { settings: { ...settings(), token: undefined }, now: () => new Date('2026-03-02T10:00:00Z'), cache: async () => undefined };
    const flows = await readFlows(deps, 'PL', '30.10.2022', '30.10.2022');
    expect(flows.freshness.source).toBe('fixture');
    expect(flows.hours).toHaveLength(25);
    // Load and generation have no real fixture: the synthetic samples are never served.
    const system = await readSystem(deps, '01.11.2022');
    expect(system).toMatchObject({ hours: [], noData: true });
  });

  it('caches a good answer, serves it while fresh, never caches a bad one, serves stale on failure', async () => {
    const stores = openMemoryStores();
    let now = new Date('2026-03-02T10:00:00Z');
    const deps = { settings: settings(), now: () => now, cache: async () => stores.tsoCache, mode: 'live' as const };
    server.setHandler((_u, _q, res) => xml(res, '<broken'));
    await expect(readFlows(deps, 'PL', '01.11.2022', '01.11.2022')).rejects.toMatchObject({ code: 'upstream_error', reason: 'tsoplatform_malformed' });
    expect(await stores.tsoCache.latestFetch()).toBeNull();
    // SVC_MARKET_DATA=auto: the same failure with nothing cached is answered from the shipped documents, said so; still nothing cached.
    const fallback = await readFlows({ ...deps, mode: 'auto' }, 'PL', '01.11.2022', '01.11.2022');
    expect(fallback.freshness).toMatchObject({ source: 'fixture', status: 'fixture' });
    expect(fallback.freshness.note).toMatch(/Platform failed \(malformed\) and nothing is cached/);
    expect(fallback.hours).toHaveLength(24);
    expect(await stores.tsoCache.latestFetch()).toBeNull();
    server.setHandler((url, _q, res) => xml(res, publication({ type: 'A11', ...DAY, resolution: 'PT60M', inDomain: url.searchParams.get('in_Domain') ?? '', points: Array.from({ length: 24 }, (_, i) => [i + 1, url.searchParams.get('in_Domain') === '10Y1001C--000182' ? 300 : 100]) })));
    const live = await readFlows(deps, 'PL', '01.11.2022', '01.11.2022');
    expect(live.freshness.source).toBe('live');
    expect(live.hours[0]).toMatchObject({ leg: { fromTo: 100, toFrom: 300 }, netFlowMw: 200 });
    const requests = server.requests.length;
    expect((await readFlows(deps, 'PL', '01.11.2022', '01.11.2022')).freshness).toMatchObject({ source: 'cache', status: 'fresh' });
    expect(server.requests.length).toBe(requests);
    now = new Date(now.getTime() + 2 * 3_600_000);
    server.setHandler((_u, _q, res) => xml(res, 'down', 503));
    const stale = await readFlows(deps, 'PL', '01.11.2022', '01.11.2022');
    expect(stale.freshness).toMatchObject({ source: 'cache', status: 'stale' });
    expect(stale.hours[0]?.netFlowMw).toBe(200);
    await stores.close();
  });
  it('auto: when one leg fails and the other answers, both legs are the shipped file\'s and the answer says fixture (never a live label on a shipped leg)', async () => {
    const stores = openMemoryStores();
    const deps = { settings: settings(), now: () => new Date('2026-03-02T10:00:00Z'), cache: async () => stores.tsoCache, mode: 'auto' as const };
    // The export leg (out of UA) fails; the import leg answers 999 MW every hour.
    server.setHandler((url, _q, res) => {
      if (url.searchParams.get('out_Domain') === '10Y1001C--000182') return void res.writeHead(503).end();
      xml(res, publication({ type: 'A11', ...DAY, resolution: 'PT60M', inDomain: '10Y1001C--000182', points: Array.from({ length: 24 }, (_, i) => [i + 1, 999]) }));
    });
    const r = await readFlows(deps, 'PL', '01.11.2022', '01.11.2022');
    expect(r.freshness).toMatchObject({ source: 'fixture', status: 'fixture' });
    expect(r.freshness.note).toMatch(/Platform failed \(unavailable\)/);
    expect(r.hours.some((h) => h.leg.toFrom === 999)).toBe(false);
    await stores.close();
  });

  it('a platform that did not answer is not asked again for a while: the next read fails at once, without a request', async () => {
    server.setHandler(() => undefined); // accepts and never answers
    const options = { token: TOKEN, baseUrl: server.baseUrl, timeoutMs: 200, retries: 0 };
    await expect(fetchDocument(options, { documentType: 'A11' })).rejects.toMatchObject({ kind: 'timeout' });
    const asked = server.requests.length;
    await expect(fetchDocument(options, { documentType: 'A11', in_Domain: 'x' })).rejects.toThrow(/not asked again within 60 s/);
    expect(server.requests.length).toBe(asked);
    // A new upstream (the replay's next handler) is asked again.
    server.setHandler((_u, _q, res) => xml(res, ACK_NO_DATA, 400));
    await expect(fetchDocument(options, { documentType: 'A11' })).resolves.toMatchObject({ kind: 'acknowledgement' });
  });
});
