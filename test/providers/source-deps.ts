/** The deps of a single-address provider under test (rates, uares): its replay server, a fixed clock, a memory cache. */
import type { SourceReadDeps } from '../../src/providers/mktop/cache.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';

export function sourceDeps(baseUrl: string, mode: 'auto' | 'live' | 'fixture' = 'auto', stores = openMemoryStores()): SourceReadDeps {
  return {
    settings: { mode, baseUrl, ttlMinutes: 60, http: { connectTimeoutMs: 500, timeoutMs: 500, retries: 0, concurrency: 1, userAgent: 'svc/test' } },
    now: () => new Date('2026-11-25T10:00:00Z'),
    cache: async () => stores.marketData,
  };
}
