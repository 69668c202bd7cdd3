/**
 * The central bank's rate provider: the official series shipped in fixtures/rates/, the NBU open
 * API's JSON replayed by a local server (built from the shipped values), the cache, the offline
 * fallback, and the guard that keeps the suite off real hosts.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SOURCE_ADDRESSES } from '../../src/config/market.js';
import { UpstreamError } from '../../src/providers/mktop/errors.js';
import { closeClients } from '../../src/providers/mktop/reads.js';
import { RealHostInTestError } from '../../src/providers/guard.js';
import { fixtureRate, parseNbuRate, parseRatesCsv, RATES_FIXTURE, readOfficialRate } from '../../src/providers/rates/index.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import { sourceDeps } from './source-deps.js';
import { startReplay, type Replay, type Script } from './mktop/replay.js';

const series = parseRatesCsv(readFileSync(RATES_FIXTURE, 'utf8'));
/** The NBU answer for a date, as the open API shapes it. */
const nbuBody = (date: string): string => JSON.stringify([{ r030: 978, txt: 'Євро', rate: series.get(date), cc: 'EUR', exchangedate: date }]);

let replay: Replay;
let script: Script;
beforeAll(async () => {
  replay = await startReplay((hit, n) => script(hit, n));
});
afterAll(async () => {
  await replay.close();
  await closeClients();
});

const deps = sourceDeps;

describe('the shipped official series', () => {
  it('holds every calendar day 2022–2025 with the official values', () => {
    expect(series.size).toBe(1461);
    expect(series.get('15.01.2024')).toBe(41.3879);
    expect(series.get('01.11.2022')).toBe(36.2377);
    expect(fixtureRate('15.01.2024')).toEqual({ rateDate: '15.01.2024', uahPerEur: 41.3879 });
    // After the series ends: the last rate within 7 days, then nothing.
    expect(fixtureRate('05.01.2026')?.rateDate).toBe('31.12.2025');
    expect(fixtureRate('08.01.2026')).toBeNull();
  });
});

describe('the NBU answer', () => {
  it('parses the EUR entry and refuses other shapes', () => {
    expect(parseNbuRate(nbuBody('15.01.2024'), '15.01.2024')).toEqual({ rateDate: '15.01.2024', uahPerEur: 41.3879 });
    expect(parseNbuRate('[]', '15.01.2030')).toBeNull();
    for (const bad of ['<html>maintenance</html>', '{"rate":1}', '[{"cc":"USD","rate":40,"exchangedate":"15.01.2024"}]', nbuBody('15.01.2024').replace('41.3879', '"x"'), '[{"cc":"EUR","r030":978,"rate":41,"exchangedate":"16.01.2024"}]']) {
      expect(() => parseNbuRate(bad, '15.01.2024'), bad).toThrow(UpstreamError);
    }
  });
});

describe('readOfficialRate', () => {
  it('live: asks the documented query, caches the set rate, serves the cache after', async () => {
    script = (hit) => ({ body: nbuBody(`${hit.form.date?.slice(6, 8)}.${hit.form.date?.slice(4, 6)}.${hit.form.date?.slice(0, 4)}`) });
    replay.hits.length = 0;
    const stores = openMemoryStores();
    const first = await readOfficialRate(deps(`${replay.base}/NBUStatService/v1/statdirectory/exchange`, 'live', stores), '15.01.2024');
    expect(first.rate).toMatchObject({ rateDate: '15.01.2024', uahPerEur: 41.3879 });
    expect(first.rate.source).toMatch(/^live 127\.0\.0\.1/);
    expect(first.freshness).toMatchObject({ status: 'fresh', source: 'live' });
    expect(replay.hits).toHaveLength(1);
    expect(replay.hits[0]).toMatchObject({ path: '/NBUStatService/v1/statdirectory/exchange', form: { valcode: 'EUR', date: '20240115', json: '' } });
    const again = await readOfficialRate(deps(`${replay.base}/NBUStatService/v1/statdirectory/exchange`, 'live', stores), '15.01.2024');
    expect(again.freshness.source).toBe('cache');
    expect(replay.hits).toHaveLength(1);
  });

  it('auto without a reachable host: the shipped series, said so; live mode surfaces the failure', async () => {
    const dead = 'http://127.0.0.1:9/NBUStatService/v1/statdirectory/exchange';
    const read = await readOfficialRate(deps(dead), '15.01.2024');
    expect(read.rate).toMatchObject({ uahPerEur: 41.3879, source: 'fixture fixtures/rates/uah-per-eur-nbu-2022-2025.csv' });
    expect(read.freshness).toMatchObject({ status: 'fallback', source: 'fixture', upstreamError: { reason: 'upstream_unreachable' } });
    await expect(readOfficialRate(deps(dead, 'live'), '15.01.2024')).rejects.toMatchObject({ reason: 'upstream_unreachable' });
    // No rate in 2030 anywhere: an error with the reason, never a made-up value.
    await expect(readOfficialRate(deps(dead), '15.01.2030')).rejects.toBeInstanceOf(UpstreamError);
  });

  it('fixture mode never asks the network', async () => {
    replay.hits.length = 0;
    const read = await readOfficialRate(deps(replay.base, 'fixture'), '01.11.2022');
    expect(read.rate.uahPerEur).toBe(36.2377);
    expect(replay.hits).toHaveLength(0);
  });

  it('a provider pointed at its real default address fails the suite instead of reaching the host', async () => {
    await expect(readOfficialRate(deps(DEFAULT_SOURCE_ADDRESSES.rates), '15.01.2024')).rejects.toBeInstanceOf(RealHostInTestError);
  });
});
