import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openMemoryStores, type SqliteStores } from '../../../src/store/sqlite/index.js';
import { UpstreamError } from '../../../src/providers/mktop/errors.js';
import { closeClients, readMonthIndexes, readMonthPrices, readTradingResults, type MktopDeps, type MktopSettings } from '../../../src/providers/mktop/reads.js';
import { shippedFixtures } from '../../../src/providers/mktop/fixtures.js';
import {
  fixtureDays, indexesBody, indexesOf, MAINTENANCE_PAGE, pricesBody, resultsBody, startReplay, toCp1251, volumeDays, type Replay, type Script,
} from './replay.js';

let days: Map<string, number[]>;
let replay: Replay;
let stores: SqliteStores;
let script: Script;

beforeAll(async () => {
  days = await fixtureDays();
  replay = await startReplay((hit, n) => script(hit, n));
});
afterAll(async () => {
  await replay.close();
  await closeClients();
});
afterEach(() => {
  replay.hits.length = 0;
});

function deps(over: Partial<MktopSettings> = {}, now = new Date('2025-02-01T10:00:00Z')): MktopDeps {
  stores ??= openMemoryStores();
  return {
    settings: {
      mode: 'auto', baseUrl: replay.base, apiBaseUrl: `${replay.base}/b2b`, apiKey: undefined, ttlMinutes: 60, publicationTime: '13:00',
      http: { connectTimeoutMs: 500, timeoutMs: 400, retries: 2, concurrency: 2, userAgent: 'svc/test', backoffMs: () => 5 },
      ...over,
    },
    now: () => now,
    cache: async () => stores.marketData,
    fixtures: shippedFixtures,
  };
}

const fresh = (): void => {
  stores = openMemoryStores();
};

const ok = (body: string, contentType?: string) => ({ body, ...(contentType ? { contentType } : {}) });

async function failure(p: Promise<unknown>): Promise<UpstreamError> {
  const e = await p.then(() => null, (error: unknown) => error);
  expect(e).toBeInstanceOf(UpstreamError);
  return e as UpstreamError;
}

describe('monthly prices from the operator public page', () => {
  it('equals the fixture hour by hour, sends the documented form, and a complete past month is never fetched again', async () => {
    fresh();
    script = (hit) => ok(pricesBody(days, hit.form.date ?? ''));
    const first = await readMonthPrices(deps(), { month: '12.2024', market: 'DAM' });
    expect(replay.hits).toHaveLength(1);
    const hit = replay.hits[0];
    expect(hit?.method).toBe('POST');
    expect(hit?.path).toBe('/index.php/pricectr/data_view');
    expect(hit?.form).toEqual({ date: '12.2024', market: 'DAM', zone: 'IPS' });
    expect(hit?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(hit?.headers['user-agent']).toBe('svc/test');
    expect(first.freshness).toMatchObject({ status: 'fresh', source: 'live' });
    expect(first.data.days).toHaveLength(31);
    for (const d of first.data.days) expect(d.periods).toEqual(days.get(d.date));
    const again = await readMonthPrices(deps(), { month: '12.2024', market: 'DAM' });
    expect(replay.hits).toHaveLength(1);
    expect(again.freshness).toMatchObject({ status: 'fresh', source: 'cache', contentHash: first.freshness.contentHash });
    await readMonthPrices(deps(), { month: '12.2024', market: 'DAM', refresh: true });
    expect(replay.hits).toHaveLength(2);
  });

  it('keeps the 23- and 25-period days with their own periods', async () => {
    fresh();
    script = (hit) => ok(pricesBody(days, hit.form.date ?? ''));
    const oct = await readMonthPrices(deps(), { month: '10.2024', market: 'DAM' });
    expect(oct.data.days.find((d) => d.date === '27.10.2024')?.periods).toEqual(days.get('27.10.2024'));
    const mar = await readMonthPrices(deps(), { month: '03.2024', market: 'DAM' });
    expect(mar.data.days.find((d) => d.date === '31.03.2024')?.periods).toHaveLength(23);
  });

  it('reads IDM with market=IDM and caches it apart from DAM', async () => {
    fresh();
    script = (hit) => ok(pricesBody(days, hit.form.date ?? ''));
    await readMonthPrices(deps(), { month: '11.2024', market: 'IDM' });
    await readMonthPrices(deps(), { month: '11.2024', market: 'DAM' });
    expect(replay.hits.map((h) => h.form.market)).toEqual(['IDM', 'DAM']);
    expect(await stores.marketData.get({ source: 'mktop', dataset: 'prices', market: 'IDM', zone: 'IPS', period: '11.2024' })).not.toBeNull();
  });

  it('treats a 200 maintenance page as unparseable, does not retry it, caches nothing', async () => {
    fresh();
    script = () => ({ body: MAINTENANCE_PAGE, contentType: 'text/html; charset=utf-8' });
    const e = await failure(readMonthPrices(deps({ mode: 'live' }), { month: '12.2024', market: 'DAM' }));
    expect(e.reason).toBe('upstream_unparseable');
    expect(e.message).toContain('Технічні роботи');
    expect(replay.hits).toHaveLength(1);
    expect(await stores.marketData.get({ source: 'mktop', dataset: 'prices', market: 'DAM', zone: 'IPS', period: '12.2024' })).toBeNull();
  });

  it('retries a 500 and succeeds; a 500 that persists stops after the retries', async () => {
    fresh();
    script = (hit, n) => (n === 1 ? { status: 500, body: 'oops' } : ok(pricesBody(days, hit.form.date ?? '')));
    const r = await readMonthPrices(deps(), { month: '12.2024', market: 'DAM' });
    expect(r.data.days).toHaveLength(31);
    expect(replay.hits).toHaveLength(2);
    replay.hits.length = 0;
    script = () => ({ status: 503, body: 'down' });
    const e = await failure(readMonthPrices(deps({ mode: 'live' }), { month: '11.2024', market: 'DAM' }));
    expect(e.reason).toBe('upstream_status');
    expect(replay.hits).toHaveLength(3);
  });

  it('gives up on a response slower than the timeout after the bounded retries', async () => {
    fresh();
    script = (hit) => ({ ...ok(pricesBody(days, hit.form.date ?? '')), delayMs: 1_000 });
    const e = await failure(readMonthPrices(deps({ mode: 'live' }), { month: '12.2024', market: 'DAM' }));
    expect(e.reason).toBe('upstream_timeout');
    expect(replay.hits).toHaveLength(3);
  });

  it('rejects truncated JSON, a missing or extra column, a non-numeric cell and a day of another month', async () => {
    fresh();
    const body = pricesBody(days, '12.2024');
    const cases: [string, Script, string][] = [
      ['truncated', () => ok(body.slice(0, 4_000)), 'not valid JSON'],
      ['missing column', () => ok(pricesBody(days, '12.2024', (rows) => rows.map((r, i) => (i === 3 ? r.replace(/<td>[^<]*<\/td><\/tr>$/, '</tr>') : r)))), 'has 23 hourly cells'],
      ['extra column', () => ok(pricesBody(days, '12.2024', (rows) => rows.map((r, i) => (i === 5 ? r.replace('</tr>', '<td>1.00</td></tr>') : r)))), 'has 25 hourly cells'],
      ['non-numeric', () => ok(pricesBody(days, '12.2024', (rows) => rows.map((r, i) => (i === 0 ? r.replace(/<td>\d+\.\d{2}<\/td>/, '<td>n/a</td>') : r)))), 'not a number'],
      ['other month', () => ok(pricesBody(days, '12.2024', (rows) => [...rows, (rows[0] ?? '').replace('01.12.2024', '01.01.2025')])), 'another month'],
    ];
    for (const [name, s, text] of cases) {
      script = s;
      const e = await failure(readMonthPrices(deps({ mode: 'live' }), { month: '12.2024', market: 'DAM' }));
      expect(e.reason, name).toBe('upstream_unparseable');
      expect(e.message, name).toContain(text);
    }
    expect(await stores.marketData.get({ source: 'mktop', dataset: 'prices', market: 'DAM', zone: 'IPS', period: '12.2024' })).toBeNull();
  });

  it('says a past month with missing days is incomplete', async () => {
    fresh();
    script = () => ok(pricesBody(days, '12.2024', (rows) => rows.slice(0, 30)));
    const e = await failure(readMonthPrices(deps({ mode: 'live' }), { month: '12.2024', market: 'DAM' }));
    expect(e.reason).toBe('upstream_incomplete');
  });
});

describe('the client', () => {
  it('keeps at most SVC_MKTOP_CONCURRENCY requests in flight', async () => {
    fresh();
    let inFlight = 0;
    let peak = 0;
    script = async (hit) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 40));
      inFlight -= 1;
      return ok(pricesBody(days, hit.form.date ?? ''));
    };
    const d = deps({ mode: 'live', http: { connectTimeoutMs: 500, timeoutMs: 2_000, retries: 0, concurrency: 2, userAgent: 'svc/test-c2' } });
    await Promise.all(['01.2024', '02.2024', '04.2024', '05.2024', '06.2024', '07.2024'].map((month) => readMonthPrices(d, { month, market: 'DAM' })));
    expect(replay.hits).toHaveLength(6);
    expect(peak).toBe(2);
  });
});

describe('when the operator is down', () => {
  it('auto serves the cached copy as stale, then the fixtures as fallback; live surfaces the failure', async () => {
    fresh();
    const now = new Date('2024-12-05T08:00:00Z');
    script = () => ok(pricesBody(days, '12.2024', (rows) => rows.slice(0, 6)));
    await readMonthPrices(deps({}, now), { month: '12.2024', market: 'DAM' });
    script = () => ({ status: 502, body: 'bad gateway' });
    const later = new Date('2024-12-05T10:00:00Z');
    const stale = await readMonthPrices(deps({}, later), { month: '12.2024', market: 'DAM' });
    expect(stale.freshness).toMatchObject({ status: 'stale', source: 'cache', upstreamError: { reason: 'upstream_status' } });
    expect(stale.data.days).toHaveLength(6);
    const fallback = await readMonthPrices(deps({}, later), { month: '11.2024', market: 'DAM' });
    expect(fallback.freshness).toMatchObject({ status: 'fallback', source: 'fixture' });
    expect(fallback.data.days).toHaveLength(30);
    const e = await failure(readMonthPrices(deps({ mode: 'live' }, later), { month: '11.2024', market: 'DAM' }));
    expect(e.reason).toBe('upstream_status');
  });

  it('fixture mode never asks the network', async () => {
    fresh();
    script = () => {
      throw new Error('must not be called');
    };
    const r = await readMonthPrices(deps({ mode: 'fixture' }), { month: '06.2023', market: 'DAM' });
    expect(r.freshness.source).toBe('fixture');
    expect(replay.hits).toHaveLength(0);
    const e = await failure(readMonthPrices(deps({ mode: 'fixture' }), { month: '06.2025', market: 'DAM' }));
    expect(e.reason).toBe('no_data');
  });
});

describe('the current month', () => {
  it('is refetched after the TTL and after the publication time when tomorrow is missing', async () => {
    fresh();
    const upTo = (n: number) => () => ok(pricesBody(days, '12.2024', (rows) => rows.slice(0, n)));
    script = upTo(10); // 01..10.12: today is 10.12 (Kyiv)
    await readMonthPrices(deps({}, new Date('2024-12-10T08:00:00Z')), { month: '12.2024', market: 'DAM' });
    await readMonthPrices(deps({}, new Date('2024-12-10T08:30:00Z')), { month: '12.2024', market: 'DAM' });
    expect(replay.hits).toHaveLength(1);
    script = upTo(11);
    // 11:10 Kyiv (UTC+2) = 09:10 UTC: past the fetch, inside the TTL, before 13:00: cached.
    await readMonthPrices(deps({}, new Date('2024-12-10T08:50:00Z')), { month: '12.2024', market: 'DAM' });
    expect(replay.hits).toHaveLength(1);
    // 13:05 Kyiv: tomorrow should be published; the cached copy predates it.
    const r = await readMonthPrices(deps({ ttlMinutes: 600 }, new Date('2024-12-10T11:05:00Z')), { month: '12.2024', market: 'DAM' });
    expect(replay.hits).toHaveLength(2);
    expect(r.data.days).toHaveLength(11);
  });
});

describe('indexes and trading results', () => {
  it('decodes a windows-1251 answer and maps the index columns by their Ukrainian headers', async () => {
    fresh();
    script = () => ({ body: toCp1251(indexesBody(days, '11.2024')), contentType: 'application/json; charset=windows-1251' });
    const r = await readMonthIndexes(deps(), { month: '11.2024', zone: 'IPS' });
    const expected = indexesOf(days, '11.2024');
    expect(r.data.days).toHaveLength(expected.length);
    expect(r.data.days[4]).toEqual({
      tradeDate: expected[4]?.date, baseIndexUahMwh: expected[4]?.values[0], peakIndexUahMwh: expected[4]?.values[1], offPeakIndexUahMwh: expected[4]?.values[2],
      minPriceUahMwh: expected[4]?.values[3], maxPriceUahMwh: expected[4]?.values[4], weightedAverageUahMwh: expected[4]?.values[5],
    });
  });

  it('reads a day of results (24, 23 and the autumn day), and says when it is not published', async () => {
    fresh();
    const vol = volumeDays();
    script = (hit) => ok(resultsBody(vol.get(hit.path.split('/')[4] ?? '') ?? []));
    const dec = await readTradingResults(deps(), { tradeDate: '02.12.2024', market: 'DAM' });
    expect(replay.hits[0]?.path).toBe('/index.php/PXS/get_pxs_hdata/02.12.2024/DAM/2');
    expect(dec.data.periods.map((p) => p.priceUahMwh)).toEqual(vol.get('02.12.2024')?.map((p) => p.price));
    expect(dec.data.periods.map((p) => p.sellVolumeMwh)).toEqual(vol.get('02.12.2024')?.map((p) => p.volume));
    expect((await readTradingResults(deps(), { tradeDate: '31.03.2024', market: 'DAM' })).data.periods).toHaveLength(23);
    expect((await readTradingResults(deps(), { tradeDate: '27.10.2024', market: 'DAM' })).data.periods).toHaveLength(24);
    await readTradingResults(deps(), { tradeDate: '02.12.2024', market: 'DAM' });
    expect(replay.hits).toHaveLength(3);
    script = () => ok(JSON.stringify({ html: '<div class="bs-callout bs-callout-warning">Дані відсутні</div>' }));
    const e = await failure(readTradingResults(deps({ mode: 'live' }), { tradeDate: '03.12.2024', market: 'DAM' }));
    expect(e.reason).toBe('upstream_not_published');
  });
});

describe('the B2B API', () => {
  it('is preferred when a key is set; the key goes only in its header, never in an error', async () => {
    fresh();
    const key = 'sk-mktop-SECRET-123';
    script = (hit) => {
      if (hit.path !== '/b2b/damprices') return { status: 404, body: 'no' };
      const month = (hit.form.date_from ?? '').slice(3);
      const records = [...days.entries()].filter(([d]) => d.slice(3) === month).flatMap(([d, p]) => p.map((price, i) => ({ trade_day: d, period: i + 1, price })));
      return ok(JSON.stringify(records));
    };
    const r = await readMonthPrices(deps({ apiKey: key }), { month: '12.2024', market: 'DAM' });
    expect(r.data.origin).toBe('mktop-api');
    expect(replay.hits[0]?.headers['x-api-key']).toBe(key);
    expect(replay.hits[0]?.form.zone).toBe('10Y1001C--000182');
    expect(r.data.days[0]?.periods).toEqual(days.get('01.12.2024'));
    script = () => ({ status: 401, body: 'bad key' });
    const e = await failure(readMonthPrices(deps({ apiKey: key, mode: 'live' }), { month: '11.2024', market: 'DAM' }));
    expect(e.message).not.toContain(key);
  });
});
