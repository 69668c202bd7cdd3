/** API instances fed by `svc ingest` with SVC_LIVE_MKTOP_FALLBACK=false: database reads only, never the operator. */
import { describe, expect, it } from 'vitest';
import { cachedRead, type MarketDataEntry, type MarketDataKey } from '../../../src/providers/mktop/cache.js';
import { UpstreamError } from '../../../src/providers/mktop/errors.js';

const KEY: MarketDataKey = { source: 'mktop-public', dataset: 'prices', market: 'DAM', zone: 'IPS', period: '03.2025' };

function memoryCache(entries: MarketDataEntry[] = []) {
  const map = new Map(entries.map((e) => [e.period, e]));
  return { get: async (k: MarketDataKey) => map.get(k.period) ?? null, put: async (e: MarketDataEntry) => void map.set(e.period, e) };
}

describe('cachedRead with liveFetch false', () => {
  const now = () => new Date('2025-03-20T12:00:00.000Z');
  let fetches = 0;
  const read = { key: KEY, fetch: async () => { fetches += 1; return { days: [1] }; }, isComplete: () => false };

  it('serves the stored copy at any age, without asking the operator, and says so', async () => {
    fetches = 0;
    const cache = memoryCache([{ ...KEY, fetchedAt: '2025-03-01T00:00:00.000Z', contentHash: 'h', complete: false, document: '{"days":[7]}' }]);
    const got = await cachedRead({ mode: 'auto', liveFetch: false, ttlMinutes: 60, now, cache: async () => cache }, read);
    expect(got.data).toEqual({ days: [7] });
    expect(got.freshness).toMatchObject({ source: 'cache', status: 'stale', fetchedAt: '2025-03-01T00:00:00.000Z' });
    expect(got.freshness.note).toMatch(/SVC_LIVE_MKTOP_FALLBACK=false/);
    expect(fetches).toBe(0);
  });

  it('answers no_data when the database has nothing, still without asking; live fetch on (default) does ask', async () => {
    fetches = 0;
    const error = await cachedRead({ mode: 'auto', liveFetch: false, ttlMinutes: 60, now, cache: async () => memoryCache() }, read).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).reason).toBe('no_data');
    expect(fetches).toBe(0);
    const live = await cachedRead({ mode: 'auto', ttlMinutes: 60, now, cache: async () => memoryCache() }, read);
    expect(live.freshness.source).toBe('live');
    expect(fetches).toBe(1);
  });
});
