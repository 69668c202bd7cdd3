/**
 * Health's data-provider parts from the provider contract (src/providers/contract.ts) through
 * `sourceStatuses` (sources.ts), the same code `svc doctor` runs: the `dataProviderHealth` entries
 * of the sources the spec lists, the `dataProviders` catalogue's status, address and detail, and
 * the `marketData` check and gate. True to what was last seen: `connected` only after a live read
 * succeeded; a later failure makes it `review` with the reason. Never a token's value.
 */
import type { SvcConfig } from '../../config/config.js';
import type { DataProvider, DataProviderHealth } from '../../domain/operational.js';
import { catalogueStatus, healthEntry, hostOf, type SourceStatus } from '../../providers/contract.js';

const API_PATHS: Partial<Record<string, string>> = {
  mktop: '/api/mktop/prices',
  exch: '/api/exch/electricity-indexes',
  tsoplatform: '/api/coupling/flows',
  gridop: '/api/system-operations',
};

function detailOf(st: SourceStatus): string {
  const token = st.tokenEnv ? ` ${st.tokenEnv} ${st.tokenSet ? 'is set' : 'is not set'}.` : '';
  const seen = st.lastSeen ? ` Last live read ${st.lastSeen.ok ? 'succeeded' : `failed (${st.lastSeen.reason ?? 'error'})`} at ${st.lastSeen.at}.` : ' No live read seen by this process yet.';
  if (!st.live) return `${st.liveWhy}; reads serve ${st.fallback}.${token}`;
  return `Live from ${hostOf(st.address)}${st.defaultAddress ? ' (the default address)' : ''}; when it fails: ${st.fallback}.${token}${seen}`;
}

function nextStepOf(st: SourceStatus, p: DataProvider): string {
  if (st.freshness === 'blocked') return p.nextStep;
  if (st.tokenEnv && st.tokenSet === false && p.requiresToken) return `Set ${st.tokenEnv} for live data.`;
  if (!st.live) return 'Set SVC_MARKET_DATA=auto (or live) for live reads.';
  return 'Run `svc doctor` to check reachability; watch freshness.';
}

export function providerCatalogue(base: readonly DataProvider[], statuses: readonly SourceStatus[]): DataProvider[] {
  return base.map((p) => {
    const st = statuses.find((s) => s.healthId === p.id);
    if (!st) return { ...p };
    const apiPath = API_PATHS[p.id];
    return {
      ...p,
      status: catalogueStatus(st, p.requiresToken),
      ...(/^https?:\/\//i.test(st.address) ? { sourceUrl: st.address } : {}),
      ...(apiPath ? { apiPath } : {}),
      detail: detailOf(st),
      nextStep: nextStepOf(st, p),
    };
  });
}

export function providerHealth(statuses: readonly SourceStatus[], now: Date): DataProviderHealth[] {
  return statuses.map((s) => healthEntry(s, now)).filter((h): h is DataProviderHealth => h !== null);
}

/** The `marketData` check and gate from the operator's status. */
export function marketDataVerdict(config: SvcConfig, mktop: SourceStatus | undefined): { check: 'pass' | 'review'; gate: 'ready' | 'review'; detail: string } {
  if (config.marketData.mode === 'fixture' || !mktop) return { check: 'review', gate: 'review', detail: 'Fixture mode: shipped operator prices only (to 31.12.2024).' };
  if (mktop.freshness === 'fresh') return { check: 'pass', gate: 'ready', detail: `Live operator feed; newest read ${mktop.ageHours} h old.` };
  return {
    check: 'review', gate: 'review',
    detail: mktop.newest === null ? 'Live feed configured; no read has succeeded yet.' : `Live feed configured; newest read ${mktop.ageHours} h old (limit ${mktop.maxAgeHours} h).`,
  };
}
