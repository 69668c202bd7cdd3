/**
 * The guaranteed buyer's RES output provider: the series shipped in fixtures/ua-res/, the chart
 * endpoint's answer replayed by a local server in its documented shape (one flat array: 24 metered
 * values, the 25th-hour slot, 24 projected values) built from the shipped values, bad answers, the
 * cache, the offline fallback, and the guard that keeps the suite off the real host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SOURCE_ADDRESSES } from '../../src/config/market.js';
import { UpstreamError } from '../../src/providers/mktop/errors.js';
import { closeClients } from '../../src/providers/mktop/reads.js';
import { RealHostInTestError } from '../../src/providers/guard.js';
import { fixtureRes, fixtureResDay, parseLoadCharts, readResDay, type ResGen } from '../../src/providers/uares/index.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import { sourceDeps } from './source-deps.js';
import { startReplay, type Replay, type Script } from './mktop/replay.js';

/** The endpoint's answer for a day, as the source shapes it, from the shipped values. */
function chartsBody(isoDate: string, gen: string): string {
  const date = `${isoDate.slice(8, 10)}.${isoDate.slice(5, 7)}.${isoDate.slice(0, 4)}`;
  const day = fixtureResDay(date, gen === '1' ? 'solar' : 'wind');
  if (!day) return '[]';
  return JSON.stringify([...day.actual, 0, ...day.projected]);
}

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

describe('the shipped series', () => {
  it('holds 2022–2025, solar and wind, metered and projected, 24 hours a day', () => {
    const s = fixtureRes();
    expect(s.get('solar_actual')?.size).toBe(1460);
    expect(s.get('wind_actual')?.size).toBe(1459);
    const day = fixtureResDay('01.01.2022', 'solar') as { actual: number[]; projected: number[] };
    expect(day.actual).toHaveLength(24);
    expect(day.actual[12]).toBe(338);
    expect(day.projected[12]).toBe(306);
    expect(fixtureResDay('01.01.2030', 'wind')).toBeNull();
  });
});

describe('the chart endpoint answer', () => {
  it('reads positions 1–24 as metered and 26–49 as projected; refuses other shapes', () => {
    const day = parseLoadCharts(chartsBody('2024-06-15', '1'), '15.06.2024', 'solar');
    expect(day.actual).toEqual(fixtureResDay('15.06.2024', 'solar')?.actual);
    expect(day.projected).toEqual(fixtureResDay('15.06.2024', 'solar')?.projected);
    // Hours not published yet come as null: NaN, not 0.
    const partial = parseLoadCharts(JSON.stringify([1, 2, ...new Array(22).fill(null), null, ...new Array(24).fill(5)]), '15.06.2024', 'solar');
    expect(partial.actual[1]).toBe(2);
    expect(partial.actual[2]).toBeNaN();
    for (const bad of ['<html>maintenance</html>', '{"a":1}', '[1,2,3]', JSON.stringify(new Array(49).fill('x')), JSON.stringify(new Array(49).fill(null)), 'not json']) {
      expect(() => parseLoadCharts(bad, '15.06.2024', 'solar'), bad).toThrow(UpstreamError);
    }
  });
});

describe('readResDay', () => {
  it('live: posts the documented form, caches a complete day, serves the cache after', async () => {
    script = (hit) => ({ body: chartsBody(hit.form.date ?? '', hit.form.gen ?? '') });
    replay.hits.length = 0;
    const stores = openMemoryStores();
    const first = await readResDay(deps(replay.base, 'live', stores), '15.06.2024', 'wind');
    expect(first.day.actual).toEqual(fixtureResDay('15.06.2024', 'wind')?.actual);
    expect(first.freshness).toMatchObject({ status: 'fresh', source: 'live' });
    expect(replay.hits).toHaveLength(1);
    expect(replay.hits[0]).toMatchObject({ method: 'POST', path: '/main/loadCharts', form: { date: '2024-06-15', zona: '1', gen: '2' } });
    const again = await readResDay(deps(replay.base, 'live', stores), '15.06.2024', 'wind');
    expect(again.freshness.source).toBe('cache');
    expect(replay.hits).toHaveLength(1);
  });

  it('a bad answer is an upstream error in live mode, never cached; auto falls back to the shipped series and says so', async () => {
    for (const reply of [{ body: '<html>busy</html>', contentType: 'text/html' }, { status: 500, body: 'oops' }, { body: '[1,2]' }]) {
      script = () => reply;
      const stores = openMemoryStores();
      await expect(readResDay(deps(replay.base, 'live', stores), '15.06.2024', 'solar')).rejects.toBeInstanceOf(UpstreamError);
      const fallback = await readResDay(deps(replay.base, 'auto', stores), '15.06.2024', 'solar');
      expect(fallback.freshness).toMatchObject({ status: 'fallback', source: 'fixture' });
      expect(fallback.day.actual).toEqual(fixtureResDay('15.06.2024', 'solar')?.actual);
    }
    // Nothing shipped for 2030 and the host down: an error, never made-up values.
    await expect(readResDay(deps('http://127.0.0.1:9'), '15.06.2030', 'solar')).rejects.toBeInstanceOf(UpstreamError);
  });

  it('fixture mode never asks the network', async () => {
    replay.hits.length = 0;
    for (const gen of ['solar', 'wind'] as ResGen[]) expect((await readResDay(deps(replay.base, 'fixture'), '01.11.2022', gen)).freshness.source).toBe('fixture');
    expect(replay.hits).toHaveLength(0);
  });

  it('a provider pointed at its real default address fails the suite instead of reaching the host', async () => {
    await expect(readResDay(deps(DEFAULT_SOURCE_ADDRESSES.uares), '15.06.2024', 'solar')).rejects.toBeInstanceOf(RealHostInTestError);
  });
});
