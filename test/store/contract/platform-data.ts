/** Contract of the fetched-data stores: platform cache, regional prices, depth, market data. */
import { expect, it } from 'vitest';
import type { Stores } from '../../../src/store/types.js';
import { depth, marketEntry } from './records.js';

export function platformDataContract(stores: () => Stores): void {
  it('tso cache: get, put, replace, latest fetch', async () => {
    expect(await stores().tsoCache.get('k1')).toBeNull();
    expect(await stores().tsoCache.latestFetch()).toBeNull();
    await stores().tsoCache.put('k1', '2025-03-01T10:00:00.000Z', '{"a":1}');
    await stores().tsoCache.put('k2', '2025-03-01T11:00:00.000Z', '{"b":2}');
    await stores().tsoCache.put('k1', '2025-03-01T09:00:00.000Z', '{"a":3}');
    expect(await stores().tsoCache.get('k1')).toEqual({ fetchedAt: '2025-03-01T09:00:00.000Z', document: '{"a":3}' });
    expect(await stores().tsoCache.latestFetch()).toBe('2025-03-01T11:00:00.000Z');
  });

  it('regional prices: attempts in order, rows by revision and zone, next revision', async () => {
    expect(await stores().regionalPrices.nextRevision('01.03.2025')).toBe(1);
    await stores().regionalPrices.record(
      { attemptedAt: '2025-03-01T12:00:00.000Z', tradeDate: '01.03.2025', artifactHash: 'h1', revision: 1, rows: 2, status: 'completed', expectedZones: ['PL', 'HU'] },
      [{ tradeDate: '01.03.2025', zone: 'PL', revision: 1, valueEurMwh: 101.25 }, { tradeDate: '01.03.2025', zone: 'HU', revision: 1, valueEurMwh: null }],
    );
    await stores().regionalPrices.record(
      { attemptedAt: '2025-03-01T13:00:00.000Z', tradeDate: '01.03.2025', artifactHash: 'h2', revision: 2, rows: 0, status: 'failed', expectedZones: [] },
      [],
    );
    expect(await stores().regionalPrices.nextRevision('01.03.2025')).toBe(3);
    expect(await stores().regionalPrices.nextRevision('02.03.2025')).toBe(1);
    expect((await stores().regionalPrices.attempts('01.03.2025')).map((a) => [a.artifactHash, a.status, a.expectedZones])).toEqual([
      ['h1', 'completed', ['PL', 'HU']], ['h2', 'failed', []],
    ]);
    expect(await stores().regionalPrices.rows('01.03.2025')).toEqual([
      { tradeDate: '01.03.2025', zone: 'HU', revision: 1, valueEurMwh: null },
      { tradeDate: '01.03.2025', zone: 'PL', revision: 1, valueEurMwh: 101.25 },
    ]);
  });

  it('regional prices: a record whose rows fail is rolled back whole', async () => {
    const attempt = { attemptedAt: '2025-03-01T12:00:00.000Z', tradeDate: '03.03.2025', artifactHash: 'h', revision: 1, rows: 1, status: 'completed' as const, expectedZones: ['PL'] };
    const bad = { tradeDate: '03.03.2025', zone: null as unknown as string, revision: 1, valueEurMwh: 1 };
    await expect(stores().regionalPrices.record(attempt, [bad])).rejects.toThrow();
    expect(await stores().regionalPrices.attempts('03.03.2025')).toEqual([]);
  });

  it('depth: the newest capture of each hour of the date', async () => {
    const old = depth(10, '2025-03-01T08:00:00.000Z');
    const fresh = depth(10, '2025-03-01T09:00:00.000Z', { clearingPrice: null });
    const other = depth(11, '2025-03-01T08:30:00.000Z');
    const elsewhere = depth(10, '2025-03-01T10:00:00.000Z', { tradeDate: '02.03.2025' });
    await stores().depth.save([old, fresh, other, elsewhere]);
    expect(await stores().depth.latest('01.03.2025')).toEqual([fresh, other]);
    await expect(stores().depth.save([depth(1, 'x'), { ...old }])).rejects.toThrow();
    expect(await stores().depth.latest('01.03.2025')).toEqual([fresh, other]);
  });

  it('market data: get by full key, replace, latest fetch per dataset', async () => {
    const a = marketEntry();
    const b = marketEntry({ period: '02.2025', fetchedAt: '2025-03-03T08:00:00.000Z', complete: true });
    await stores().marketData.put(a);
    await stores().marketData.put(b);
    expect(await stores().marketData.get(a)).toEqual(a);
    expect(await stores().marketData.get({ ...a, market: 'IDM' })).toBeNull();
    expect(await stores().marketData.latestFetch('prices')).toEqual({ fetchedAt: b.fetchedAt, period: '02.2025' });
    const replaced = { ...a, fetchedAt: '2025-03-04T08:00:00.000Z', contentHash: 'b'.repeat(64), complete: true, document: '[]' };
    await stores().marketData.put(replaced);
    expect(await stores().marketData.get(a)).toEqual(replaced);
    expect(await stores().marketData.latestFetch('indexes')).toBeNull();
  });

  it('ping answers', async () => {
    await expect(stores().ping()).resolves.toBeUndefined();
  });
}
