/**
 * Health's market-operator (`mktop`) and exchange (`exch`) entries, the `marketData` check and
 * gate, true to the configuration and the cache: in fixture mode the shipped fixtures date the
 * data; otherwise the newest successful (hence cached) operator read does. Nothing secret: whether
 * a B2B key is configured, never the key.
 */
import type { SvcConfig } from '../config.js';
import type { DataProvider, DataProviderHealth } from '../domain/operational.js';
import { FIXTURE_LATEST_DATA_AT } from './health-catalog.js';

export interface MarketDataState {
  /** Newest successful operator price read (cached), or null. */
  latestFetch: string | null;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

export function marketDataProviders(base: readonly DataProvider[], config: SvcConfig): DataProvider[] {
  const md = config.marketData;
  const host = new URL(md.mktop.baseUrl).hostname;
  return base.map((p) => {
    if (p.id === 'mktop') {
      if (md.mode === 'fixture') {
        return { ...p, status: 'review' as const, apiPath: '/api/mktop/prices', detail: 'SVC_MARKET_DATA=fixture: the shipped DAM prices of the IPS zone (01.01.2022–31.12.2024) only; the network is never asked.', nextStep: 'Set SVC_MARKET_DATA=auto (or live) and SVC_MKTOP_BASE_URL for the live feed.' };
      }
      return {
        ...p, status: 'connected' as const, apiPath: '/api/mktop/prices',
        detail: `Live from ${host}${md.mktop.apiKey ? ' and the operator\'s B2B API (key configured, preferred for DAM)' : ''}, cached in the store (complete past months immutable, current month TTL ${md.mktop.ttlMinutes} min)${md.mode === 'auto' ? '; when the operator fails: the cached copy, then the shipped fixtures, said so in each answer' : '; no fallback (live mode)'}.`,
        nextStep: 'Watch freshness; run `svc prices fetch` or the ingestion job on a schedule.',
      };
    }
    if (p.id === 'exch') {
      const on = Boolean(md.exch.agreement && md.exch.source);
      return on
        ? { ...p, status: 'connected' as const, apiPath: '/api/exch/electricity-indexes', detail: `Served under the redistribution agreement "${md.exch.agreement}" from the licensed source.`, nextStep: 'Keep the agreement current.' }
        : { ...p, apiPath: '/api/exch/electricity-indexes', detail: 'Licence-gated: off until SVC_EXCH_AGREEMENT and SVC_EXCH_SOURCE name a redistribution agreement and its licensed source; the read answers 200 with available: false meanwhile.' };
    }
    return p;
  });
}

export function marketDataHealth(now: Date, config: SvcConfig, state: MarketDataState): DataProviderHealth[] {
  const checkedAt = now.toISOString();
  const md = config.marketData;
  const maxAgeHours = md.mktop.maxAgeHours;
  let mktop: DataProviderHealth;
  if (md.mode === 'fixture') {
    const ageHours = round1(Math.max(0, (now.getTime() - Date.parse(FIXTURE_LATEST_DATA_AT)) / 3_600_000));
    mktop = { providerId: 'mktop', status: 'stale', cadence: 'daily', maxAgeHours, latestDataAt: FIXTURE_LATEST_DATA_AT, checkedAt, ageHours, detail: 'Fixture mode: the newest shipped delivery day is 31.12.2024.' };
  } else if (state.latestFetch === null) {
    mktop = { providerId: 'mktop', status: 'pending', cadence: 'daily', maxAgeHours, latestDataAt: null, checkedAt, ageHours: null, detail: `No operator read has succeeded yet${md.mode === 'auto' ? '; reads fall back to the shipped fixtures' : ''}.` };
  } else {
    const ageHours = round1(Math.max(0, (now.getTime() - Date.parse(state.latestFetch)) / 3_600_000));
    const fresh = ageHours <= maxAgeHours;
    mktop = {
      providerId: 'mktop', status: fresh ? 'fresh' : 'stale', cadence: 'daily', maxAgeHours, latestDataAt: state.latestFetch, checkedAt, ageHours,
      detail: fresh ? 'Newest operator read (cached) within the freshness limit.' : `Newest operator read is older than ${maxAgeHours} h: run \`svc prices fetch\` or check the feed.`,
    };
  }
  const exchOn = Boolean(md.exch.agreement && md.exch.source);
  const exch: DataProviderHealth = exchOn
    ? { providerId: 'exch', status: 'pending', cadence: 'monthly', maxAgeHours: 744, latestDataAt: null, checkedAt, ageHours: null, detail: 'Read on demand from the licensed source; not cached.' }
    : { providerId: 'exch', status: 'blocked', cadence: 'monthly', maxAgeHours: 744, latestDataAt: null, checkedAt, ageHours: null, detail: 'Licence-gated feed, off without a redistribution agreement.' };
  return [mktop, exch];
}

/** The `marketData` check and gate from the mktop health entry. */
export function marketDataVerdict(config: SvcConfig, mktop: DataProviderHealth): { check: 'pass' | 'review'; gate: 'ready' | 'review'; detail: string } {
  if (config.marketData.mode === 'fixture') return { check: 'review', gate: 'review', detail: 'Fixture mode: shipped operator prices only (to 31.12.2024).' };
  if (mktop.status === 'fresh') return { check: 'pass', gate: 'ready', detail: `Live operator feed; newest read ${mktop.ageHours} h old.` };
  return { check: 'review', gate: 'review', detail: mktop.status === 'pending' ? 'Live feed configured; no read has succeeded yet.' : `Live feed configured; newest read ${mktop.ageHours} h old (limit ${mktop.maxAgeHours} h).` };
}
