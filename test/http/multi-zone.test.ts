/** GET /api/multi-zone/prices: success, each of the four 404 reasons, each of the six 503 reasons, 400 without reason. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multiZonePrices } from '../../src/ops/market/multizone.js';
import type { OpContext } from '../../src/ops/types.js';
import { harness, testConfig, type Harness } from './harness.js';
import { replayServer, type ReplayServer } from '../providers/tsoplatform-server.js';

const base = testConfig();
const licensed = (over: Partial<typeof base.regional> = {}) => ({
  regional: { ...base.regional, licensedZones: ['PL', 'SK', 'HU'], licence: 'CC-BY-4.0', attribution: 'Prices: test provider, CC BY 4.0', ...over },
});
const DATE = '01.11.2022';

async function importCsv(h: Harness, csv: string): Promise<void> {
  const { zonesImport } = await import('../../src/ops/market/multizone.js');
  const ctx = { now: () => new Date('2026-03-02T10:00:00Z'), newId: () => 'x', config: h.config, caller: { tenantId: 'local', actorId: 'local-user', roles: ['owner'], via: 'local' }, logger: { info() {}, warn() {}, error() {} }, stores: async () => h.stores } as OpContext;
  await zonesImport.run(ctx, { text: csv });
}

async function reasonOf(h: Harness, url: string): Promise<{ status: number; reason: unknown }> {
  const res = await h.inject(url);
  const body = h.json<{ error?: { reason?: unknown } }>(res);
  return { status: res.statusCode, reason: body.error?.reason };
}

let api: ReplayServer;
beforeAll(async () => {
  api = await replayServer();
});
afterAll(async () => {
  await api.close();
});

describe('GET /api/multi-zone/prices from the store', () => {
  it('serves licensed zones of the newest complete revision with licence and attribution', async () => {
    const h = await harness({ config: licensed() });
    await importCsv(h, `date,zone,value_eur_mwh\n${DATE},PL,150.5\n${DATE},SK,160\n${DATE},DE,140\n`);
    await importCsv(h, `date,zone,value_eur_mwh\n${DATE},PL,151\n${DATE},SK,\n`); // revision 2: incomplete
    const res = await h.inject(`/api/multi-zone/prices?date=${DATE}&zones=PL,SK,DE,HU`);
    expect(res.statusCode).toBe(200);
    const body = h.json<Record<string, unknown>>(res);
    expect(body).toMatchObject({ revision: 1, licence: 'CC-BY-4.0', attribution: 'Prices: test provider, CC BY 4.0', provider: 'tsoplatform', unit: 'EUR/MWh' });
    expect(body.zones).toEqual([{ zone: 'PL', valueEurMwh: 150.5 }, { zone: 'SK', valueEurMwh: 160 }]);
    expect(body.withheld).toEqual([{ zone: 'DE', reason: 'not_licensed' }, { zone: 'HU', reason: 'not_in_group' }]);
    expect((body.attempt as { artifactHash: string }).artifactHash).toMatch(/^[0-9a-f]{64}$/);
    const attempts = await h.stores.regionalPrices.attempts(DATE);
    expect(attempts.map((a) => [a.revision, a.rows])).toEqual([[1, 3], [2, 1]]);
    await h.close();
  });

  it('404 no_rows', async () => {
    const h = await harness({ config: licensed() });
    expect(await reasonOf(h, `/api/multi-zone/prices?date=${DATE}`)).toEqual({ status: 404, reason: 'no_rows' });
    await h.close();
  });

  it('404 no_rows_in_captured_artifact', async () => {
    const h = await harness({ config: licensed() });
    await importCsv(h, `date,zone,value_eur_mwh\n${DATE},PL,\n${DATE},SK,\n`);
    expect(await reasonOf(h, `/api/multi-zone/prices?date=${DATE}`)).toEqual({ status: 404, reason: 'no_rows_in_captured_artifact' });
    await h.close();
  });

  it('404 no_complete_revision_group', async () => {
    const h = await harness({ config: licensed() });
    await importCsv(h, `date,zone,value_eur_mwh\n${DATE},PL,150\n${DATE},SK,\n`);
    expect(await reasonOf(h, `/api/multi-zone/prices?date=${DATE}`)).toEqual({ status: 404, reason: 'no_complete_revision_group' });
    await h.close();
  });

  it('404 no_displayable_zone (unlicensed zones, or no licence configured)', async () => {
    const h = await harness({ config: licensed() });
    await importCsv(h, `date,zone,value_eur_mwh\n${DATE},DE,150\n`);
    expect(await reasonOf(h, `/api/multi-zone/prices?date=${DATE}`)).toEqual({ status: 404, reason: 'no_displayable_zone' });
    await h.close();
    const bare = await harness();
    await importCsv(bare, `date,zone,value_eur_mwh\n${DATE},PL,150\n`);
    expect(await reasonOf(bare, `/api/multi-zone/prices?date=${DATE}`)).toEqual({ status: 404, reason: 'no_displayable_zone' });
    await bare.close();
  });

  it('503 database_reads_disabled and database_not_configured from settings', async () => {
    const off = await harness({ config: licensed({ dbReadsEnabled: false }) });
    expect(await reasonOf(off, `/api/multi-zone/prices?date=${DATE}`)).toEqual({ status: 503, reason: 'database_reads_disabled' });
    await off.close();
    const none = await harness({ config: licensed({ source: 'none' }) });
    expect(await reasonOf(none, `/api/multi-zone/prices?date=${DATE}`)).toEqual({ status: 503, reason: 'database_not_configured' });
    await none.close();
  });

  it('503 database_query_failed when the store cannot be read', async () => {
    const config = testConfig(licensed());
    const ctx = { now: () => new Date(), newId: () => 'x', config, caller: { tenantId: 'local', actorId: 'a', roles: [], via: 'local' }, logger: { info() {}, warn() {}, error() {} }, stores: async () => { throw new Error('disk gone'); } } as OpContext;
    await expect(multiZonePrices(ctx, { date: DATE, zones: undefined })).rejects.toMatchObject({ code: 'unavailable', reason: 'database_query_failed' });
  });

  it('400 without a reason for bad queries', async () => {
    const h = await harness({ config: licensed() });
    for (const q of ['', 'date=2022-11-01', `date=${DATE}&zones=XX`]) {
      const r = await reasonOf(h, `/api/multi-zone/prices?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.reason, q).toBeUndefined();
    }
    // An undeclared parameter is ignored and named (docs/http.md, "Query parameters"), never a 400.
    const extra = await h.inject(`/api/multi-zone/prices?date=${DATE}&extra=1`);
    expect(extra.statusCode).not.toBe(400);
    expect(extra.headers['x-svc-ignored-query']).toBe('extra');
    await h.close();
  });
});

describe('GET /api/multi-zone/prices from a platform API', () => {
  it('503 missing_api_base', async () => {
    const h = await harness({ config: licensed({ source: 'api', apiBase: undefined }) });
    expect(await reasonOf(h, `/api/multi-zone/prices?date=${DATE}`)).toEqual({ status: 503, reason: 'missing_api_base' });
    await h.close();
  });

  it('serves a valid payload; 503 invalid_payload for a contract violation or another date', async () => {
    const h = await harness({ config: licensed({ source: 'api', apiBase: api.baseUrl }) });
    api.setHandler((url, _q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ tradeDate: url.searchParams.get('date'), revision: 3, zones: [{ zone: 'PL', valueEurMwh: 99 }] })));
    const ok = await h.inject(`/api/multi-zone/prices?date=${DATE}&zones=PL`);
    expect(ok.statusCode).toBe(200);
    expect(h.json<{ revision: number; source: string }>(ok)).toMatchObject({ revision: 3, source: 'api' });
    api.setHandler((_u, _q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ tradeDate: '02.11.2022', revision: 3, zones: [{ zone: 'PL', valueEurMwh: 99 }] })));
    expect(await reasonOf(h, `/api/multi-zone/prices?date=${DATE}`)).toEqual({ status: 503, reason: 'invalid_payload' });
    api.setHandler((_u, _q, res) => res.writeHead(200).end('<html>'));
    expect(await reasonOf(h, `/api/multi-zone/prices?date=${DATE}`)).toEqual({ status: 503, reason: 'invalid_payload' });
    await h.close();
  });

  it('503 platform_unavailable when the API fails or cannot be reached', async () => {
    const h = await harness({ config: licensed({ source: 'api', apiBase: api.baseUrl }) });
    api.setHandler((_u, _q, res) => res.writeHead(500).end());
    expect(await reasonOf(h, `/api/multi-zone/prices?date=${DATE}`)).toEqual({ status: 503, reason: 'platform_unavailable' });
    await h.close();
    const down = await harness({ config: licensed({ source: 'api', apiBase: 'http://127.0.0.1:9/api' }) });
    expect(await reasonOf(down, `/api/multi-zone/prices?date=${DATE}`)).toEqual({ status: 503, reason: 'platform_unavailable' });
    await down.close();
  });
});
