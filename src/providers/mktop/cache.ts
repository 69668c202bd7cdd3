/**
 * Cache-through reads of market data, offline-first. One rule set for every dataset:
 *
 * - `fixture` mode: the shipped fixtures only, never the network (status `fallback`).
 * - A cached complete past period is immutable: served (`fresh`, source `cache`) and never fetched
 *   again unless `refresh`. An incomplete period (the current month, today) is served from the
 *   cache while younger than the TTL and not due for the operator's next publication.
 * - Otherwise the upstream is asked; a parsed answer is stored with its fetch time and a sha256 of
 *   the stored document (`fresh`, source `live`). A bad answer is never stored.
 * - When the upstream fails: `auto` serves the cached copy (`stale`) or the fixtures (`fallback`)
 *   and says so; `live` (and `auto` with nothing to fall back on) surfaces the failure, which the
 *   operations turn into a 502 with the reason.
 */
import { createHash } from 'node:crypto';
import type { MarketDataEntry, MarketDataKey } from '../../domain/market-data.js';

export type { MarketDataEntry, MarketDataKey };
import { recordSeen } from '../last-seen.js';
import { UpstreamError } from './errors.js';
import type { HttpSettings } from './http.js';

export type MarketDataMode = 'live' | 'fixture' | 'auto';

export interface Freshness {
  status: 'fresh' | 'stale' | 'fallback';
  /** Where this answer came from now: fetched live, the store cache, or the shipped fixtures. */
  source: 'live' | 'cache' | 'fixture';
  /** When the data was fetched from the upstream (null for fixtures). */
  fetchedAt: string | null;
  /** sha256 of the stored document (null for fixtures). */
  contentHash: string | null;
  ageHours: number | null;
  /** The upstream failure a stale or fallback answer stands in for. */
  upstreamError?: { reason: string; message: string };
  note: string;
}

/** What the cache needs of the store (the store's MarketDataStore satisfies it). */
export interface MarketDataCache {
  get(key: MarketDataKey): Promise<MarketDataEntry | null>;
  put(entry: MarketDataEntry): Promise<void>;
}

export interface CachedReadDeps {
  mode: MarketDataMode;
  /**
   * false: this process never asks the upstream; it serves what the ingestion job stored, at any
   * age (SVC_LIVE_MKTOP_FALLBACK=false on API instances fed by `svc ingest`). Default true.
   */
  liveFetch?: boolean;
  ttlMinutes: number;
  now(): Date;
  cache(): Promise<MarketDataCache | undefined>;
}

export interface CachedRead<T> {
  key: MarketDataKey;
  refresh?: boolean;
  fetch(): Promise<T>;
  /** A complete period: past, and every day present. */
  isComplete(data: T): boolean;
  /** True when a cached copy younger than the TTL is still due for a refetch (a publication since). */
  dueForPublication?(data: T, fetchedAt: Date): boolean;
  /** The shipped fixture for this read, or null when none covers it. */
  fixture?(): Promise<T | null>;
  /** Who answered a live read, for `freshness.note` (default: the market operator). */
  upstreamName?: string;
}

export interface Sourced<T> {
  data: T;
  freshness: Freshness;
}

const hash = (text: string): string => createHash('sha256').update(text).digest('hex');

function ageHours(now: Date, fetchedAt: string): number {
  return Math.max(0, Math.round(((now.getTime() - Date.parse(fetchedAt)) / 3_600_000) * 100) / 100);
}

async function fromFixture<T>(read: CachedRead<T>, note: string, error?: UpstreamError): Promise<Sourced<T> | null> {
  const data = read.fixture ? await read.fixture() : null;
  if (data === null) return null;
  return {
    data,
    freshness: {
      status: 'fallback', source: 'fixture', fetchedAt: null, contentHash: null, ageHours: null, note,
      ...(error ? { upstreamError: { reason: error.reason, message: error.message } } : {}),
    },
  };
}

export async function cachedRead<T>(deps: CachedReadDeps, read: CachedRead<T>): Promise<Sourced<T>> {
  if (deps.mode === 'fixture') {
    const served = await fromFixture(read, 'SVC_MARKET_DATA=fixture: shipped fixture data, the network is never asked.');
    if (served) return served;
    throw new UpstreamError('no_data', `SVC_MARKET_DATA=fixture and the shipped fixtures hold no ${read.key.dataset} for ${read.key.market || read.key.zone} ${read.key.period}`);
  }
  const now = deps.now();
  const cache = await deps.cache().catch(() => undefined);
  const entry = cache ? await cache.get(read.key).catch(() => null) : null;
  const cached = entry ? { entry, data: JSON.parse(entry.document) as T } : null;
  if (cached && !read.refresh) {
    const { entry: e } = cached;
    const young = now.getTime() - Date.parse(e.fetchedAt) <= deps.ttlMinutes * 60_000;
    const due = read.dueForPublication?.(cached.data, new Date(e.fetchedAt)) ?? false;
    if (e.complete || (young && !due)) {
      return {
        data: cached.data,
        freshness: {
          status: 'fresh', source: 'cache', fetchedAt: e.fetchedAt, contentHash: e.contentHash, ageHours: ageHours(now, e.fetchedAt),
          note: e.complete ? 'A complete past period, served from the store cache (immutable).' : `Served from the store cache (younger than ${deps.ttlMinutes} min).`,
        },
      };
    }
  }
  if (deps.liveFetch === false) {
    if (cached) {
      return {
        data: cached.data,
        freshness: {
          status: 'stale', source: 'cache', fetchedAt: cached.entry.fetchedAt, contentHash: cached.entry.contentHash, ageHours: ageHours(now, cached.entry.fetchedAt),
          note: 'Live reads are off on this instance (SVC_LIVE_MKTOP_FALLBACK=false): the copy stored by the ingestion job is served; it refreshes it.',
        },
      };
    }
    throw new UpstreamError('no_data', `${read.key.dataset} for ${read.key.market || read.key.zone} ${read.key.period} is not in the database yet and live reads are off on this instance (SVC_LIVE_MKTOP_FALLBACK=false); \`svc ingest\` fetches it`);
  }
  try {
    const data = await read.fetch();
    const document = JSON.stringify(data);
    const fetchedAt = now.toISOString();
    const contentHash = hash(document);
    recordSeen(read.key.source, { ok: true, at: fetchedAt });
    await cache?.put({ ...read.key, fetchedAt, contentHash, complete: read.isComplete(data), document }).catch(() => undefined);
    return { data, freshness: { status: 'fresh', source: 'live', fetchedAt, contentHash, ageHours: 0, note: `Fetched live from ${read.upstreamName ?? 'the market operator'} and cached.` } };
  } catch (error) {
    if (error instanceof UpstreamError && error.reason !== 'upstream_not_published' && error.reason !== 'no_data') {
      recordSeen(read.key.source, { ok: false, at: now.toISOString(), reason: error.reason });
    }
    if (!(error instanceof UpstreamError) || deps.mode === 'live') throw error;
    if (cached) {
      return {
        data: cached.data,
        freshness: {
          status: 'stale', source: 'cache', fetchedAt: cached.entry.fetchedAt, contentHash: cached.entry.contentHash,
          ageHours: ageHours(now, cached.entry.fetchedAt), upstreamError: { reason: error.reason, message: error.message },
          note: `The upstream failed (${error.reason}); the cached copy of ${cached.entry.fetchedAt} is served.`,
        },
      };
    }
    const served = await fromFixture(read, `The upstream failed (${error.reason}) and nothing is cached; shipped fixture data served.`, error);
    if (served) return served;
    throw error;
  }
}

/** What a provider reading one public address through the cache needs (the NBU rate, the GPEE RES output). */
export interface SourceReadDeps {
  settings: { mode: MarketDataMode; liveFetch?: boolean; baseUrl: string; ttlMinutes: number; http: HttpSettings };
  now(): Date;
  cache(): Promise<MarketDataCache | undefined>;
}
