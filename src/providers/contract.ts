/**
 * The provider contract: what every data source declares about itself, so that a new source is
 * one folder under src/providers/ (client, parser, reads through the one cache, and a
 * `ProviderContract` in its index.ts) plus one line in the registry (src/providers/registry.ts)
 * and one line mapping its settings (src/ops/system/sources.ts).
 *
 * The contract carries the facts that do not need the network or the store: name, address, token,
 * cadence, the cache's dataset, the fixture fallback, the cheap probe. `sourceStatus` turns them,
 * with what the store and this process last saw, into the one status record that GET /api/health
 * (its `dataProviderHealth` and `dataProviders` entries) and `svc doctor` both render.
 */
import { upperFirst } from '../domain/text.js';
import type { DataProviderHealth } from '../domain/operational.js';

export type ProviderId = DataProviderHealth['providerId'];
import { lastSeen, type SeenOutcome } from './last-seen.js';

export type MarketDataMode = 'live' | 'fixture' | 'auto';

export interface ProviderContract {
  /** svc's id of the source: the spec's neutral word where the spec lists it (mktop, tsoplatform…). */
  id: string;
  /** The spec's provider id in GET /api/health, or null for a source the spec does not list. */
  healthId: ProviderId | null;
  name: string;
  /** How often the upstream publishes. */
  cadence: string;
  /** `svc doctor` exits 1 when a source the daily brief needs cannot answer live or from the cache. */
  neededByBrief: boolean;
  /** The setting holding the address, and the one holding the token (null: no token). */
  addressEnv: string;
  tokenEnv: string | null;
  /** Live reads need the token (without it the reads serve what `fallback` says). */
  requiresToken: boolean;
  /** The store cache the reads fill: a `market_data` dataset, the platform's document cache, or none. */
  cache: { kind: 'marketData'; dataset: string } | { kind: 'tsoCache' } | null;
  /** The shipped fixtures a read falls back to (file and span), or null. */
  fixture: { file: string; first: string; last: string } | null;
  /** One cheap request that says whether the host answers now (no token is ever sent). */
  probeUrl(address: string): URL;
}

/** The settings a status needs, mapped from the configuration by the registration in ops. */
export interface SourceSettings {
  mode: MarketDataMode;
  address: string;
  /** The real public address the provider is written for (the setting's default). */
  defaultAddress: string;
  tokenSet: boolean;
  /** Off for a reason other than mode or token (the exchange's missing agreement), or null. */
  disabledBecause: string | null;
  maxAgeHours: number;
  /**
   * A source switched by a setting of its own instead of SVC_MARKET_DATA (the regional prices'
   * SVC_REGIONAL_SOURCE): whether live reads are attempted, why, and what reads serve when they
   * are not. Absent: the mode and the token decide, as for every other source.
   */
  ownSwitch?: { live: boolean; why: string; otherwise: string };
}

/** What the store holds: the newest fetch of the source's dataset. */
export interface CacheState {
  fetchedAt: string;
  period: string | null;
}

export interface SourceStatus {
  id: string;
  healthId: ProviderId | null;
  name: string;
  address: string;
  defaultAddress: boolean;
  tokenEnv: string | null;
  tokenSet: boolean | null;
  /** live reads are attempted (mode, token, agreement). */
  live: boolean;
  liveWhy: string;
  /** null: not probed (health never probes; doctor does). */
  reachable: boolean | null;
  reachableDetail: string | null;
  newest: CacheState | null;
  ageHours: number | null;
  freshness: 'fresh' | 'stale' | 'pending' | 'blocked';
  lastSeen: SeenOutcome | null;
  fallback: string;
  /** Whether a read can answer from live or the cache now (fixtures do not count). */
  canAnswer: boolean;
  neededByBrief: boolean;
  cadence: string;
  maxAgeHours: number;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

/** Why a source is not asked live: SVC_MARKET_DATA=fixture, or its token missing. */
export interface NotAsked {
  cause: 'fixture_mode' | 'no_token';
  /** `SVC_MARKET_DATA=fixture: the network is never asked`, `No SVC_TSOPLATFORM_TOKEN configured`. */
  note: string;
}

/**
 * Why a source is not asked live, or null when it is: the one rule (README, "SVC_MARKET_DATA").
 * Fixture mode never asks the network, token or not; otherwise a source that needs a token
 * (`tokenEnv`, null: none needed) is asked only with it. The doctor, the health entries and the
 * platform's ops (ops/grid/tsoplatform-shared.ts platformOff) all say it from here.
 */
export function notAsked(mode: MarketDataMode, tokenEnv: string | null, tokenSet: boolean): NotAsked | null {
  if (mode === 'fixture') return { cause: 'fixture_mode', note: 'SVC_MARKET_DATA=fixture: the network is never asked' };
  if (tokenEnv !== null && !tokenSet) return { cause: 'no_token', note: `No ${tokenEnv} configured` };
  return null;
}

function liveState(c: ProviderContract, s: SourceSettings): { live: boolean; why: string } {
  if (s.disabledBecause) return { live: false, why: s.disabledBecause };
  if (s.ownSwitch) return { live: s.ownSwitch.live, why: s.ownSwitch.why };
  const off = notAsked(s.mode, c.requiresToken ? (c.tokenEnv ?? 'token') : null, s.tokenSet);
  if (off) return { live: false, why: off.note };
  return { live: true, why: s.mode === 'live' ? 'live reads, no fallback (SVC_MARKET_DATA=live)' : 'live reads, falling back when the host fails (SVC_MARKET_DATA=auto)' };
}

function fallbackOf(c: ProviderContract, s: SourceSettings, live: boolean): string {
  if (!live && s.ownSwitch) return s.ownSwitch.otherwise;
  const fixture = c.fixture ? `the shipped fixtures (${c.fixture.file}, ${c.fixture.first}–${c.fixture.last})` : null;
  if (!live) return fixture ?? 'nothing: the read answers that the data are unavailable';
  if (s.mode === 'live') return c.cache ? 'the cache only when it is within its rules; otherwise an upstream error' : 'nothing: an upstream error';
  const cache = c.cache ? 'the cached copy' : null;
  return [cache, fixture].filter((x): x is string => x !== null).join(', then ') || 'nothing: an upstream error';
}

/** The one status of a source, from its contract, settings, cache and what this process last saw. */
export function sourceStatus(c: ProviderContract, s: SourceSettings, now: Date, newest: CacheState | null, probe: { reachable: boolean; detail: string } | null = null): SourceStatus {
  const { live, why } = liveState(c, s);
  const seen = lastSeen(c.id);
  const ageHours = newest ? round1(Math.max(0, (now.getTime() - Date.parse(newest.fetchedAt)) / 3_600_000)) : null;
  let freshness: SourceStatus['freshness'];
  if (s.disabledBecause) freshness = 'blocked';
  else if (!live || newest === null || ageHours === null) freshness = 'pending';
  else freshness = ageHours <= s.maxAgeHours ? 'fresh' : 'stale';
  const cacheAnswers = newest !== null && freshness === 'fresh';
  const liveAnswers = live && (probe ? probe.reachable : seen?.ok === true);
  return {
    id: c.id, healthId: c.healthId, name: c.name, address: s.address, defaultAddress: s.address !== '' && s.address === s.defaultAddress,
    tokenEnv: c.tokenEnv, tokenSet: c.tokenEnv ? s.tokenSet : null, live, liveWhy: why,
    reachable: probe ? probe.reachable : null, reachableDetail: probe ? probe.detail : null,
    newest, ageHours, freshness, lastSeen: seen, fallback: fallbackOf(c, s, live),
    canAnswer: live && (liveAnswers || cacheAnswers), neededByBrief: c.neededByBrief, cadence: c.cadence, maxAgeHours: s.maxAgeHours,
  };
}

/** The GET /api/health `dataProviderHealth` entry of a status (sources the spec lists only). */
export function healthEntry(st: SourceStatus, now: Date): DataProviderHealth | null {
  if (st.healthId === null) return null;
  const seen = st.lastSeen;
  const last = seen ? ` Last ${seen.ok ? 'successful' : 'failed'} live read by this process at ${seen.at}${seen.ok ? '' : ` (${seen.reason})`}.` : '';
  let detail: string;
  if (st.freshness === 'blocked') detail = `${st.liveWhy}.`;
  else if (!st.live) detail = `${upperFirst(st.liveWhy)}: reads serve ${st.fallback}.`;
  else if (st.newest === null) detail = `No read of ${hostOf(st.address)} has succeeded yet; reads fall back to ${st.fallback}.${last}`;
  else detail = st.freshness === 'fresh'
    ? `Newest read of ${hostOf(st.address)} (cached) within ${st.maxAgeHours} h.${last}`
    : `Newest read of ${hostOf(st.address)} is older than ${st.maxAgeHours} h.${last}`;
  return {
    providerId: st.healthId, status: st.freshness, cadence: st.cadence, maxAgeHours: st.maxAgeHours,
    latestDataAt: st.newest?.fetchedAt ?? null, checkedAt: now.toISOString(), ageHours: st.ageHours, detail,
  };
}

/**
 * The `dataProviders` status word, true to what was last seen: `connected` only when a live read
 * succeeded (this process, or a cached fetch within the freshness limit) and no later one failed.
 */
export function catalogueStatus(st: SourceStatus, requiresToken: boolean): 'connected' | 'tokenRequired' | 'planned' | 'review' {
  if (requiresToken && st.tokenSet === false) return 'tokenRequired';
  if (st.freshness === 'blocked') return 'planned';
  if (!st.live) return 'review';
  if (st.lastSeen && !st.lastSeen.ok) return 'review';
  return st.lastSeen?.ok || st.freshness === 'fresh' ? 'connected' : 'review';
}

export function hostOf(address: string): string {
  try {
    return new URL(address).host;
  } catch {
    return address;
  }
}

