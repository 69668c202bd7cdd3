/**
 * Health's `tsoplatform` and `gridop` entries, true to the running configuration and the store
 * cache: without SVC_TSOPLATFORM_TOKEN the reads serve shipped fixtures (pending); with one, the
 * newest successfully parsed platform document (only good answers are cached) dates the data.
 */
import type { SvcConfig } from '../config.js';
import type { DataProvider, DataProviderHealth } from '../domain/operational.js';

export interface TsoHealthState {
  tokenConfigured: boolean;
  /** Newest fetch of a cached (good) platform document, or null. */
  latestFetch: string | null;
}

export function tsoProviders(base: readonly DataProvider[], config: SvcConfig): DataProvider[] {
  const token = Boolean(config.tsoplatform.token);
  return base.map((p) => {
    if (p.id === 'tsoplatform') {
      return {
        ...p,
        status: token ? ('connected' as const) : ('tokenRequired' as const),
        apiPath: '/api/coupling/flows',
        detail: token
          ? 'Platform token configured: flows (A11), load (A65), generation (A75) and prices (A44) are read live, cached in the store with a freshness limit.'
          : 'No SVC_TSOPLATFORM_TOKEN: the reads serve shipped fixtures (real flows 28.10–01.11.2022 and 25–27.03.2023; synthetic load, generation and price samples) with source: fixture.',
        nextStep: token ? 'Watch freshness; raw exchange-owned day-ahead prices are never redistributed.' : 'Set SVC_TSOPLATFORM_TOKEN for live data.',
      };
    }
    if (p.id === 'gridop') {
      return {
        ...p,
        status: token ? ('connected' as const) : ('tokenRequired' as const),
        apiPath: '/api/system-operations',
        summary: 'Hourly load and generation mix, as the grid operator publishes them on the transmission-data platform.',
        detail: token
          ? 'Read through the transmission-data platform (A65, A75); days the operator does not publish answer with no data.'
          : 'No platform token: a SYNTHETIC sample day is served, marked as fixture data.',
        nextStep: token ? 'Watch for days the operator does not publish.' : 'Set SVC_TSOPLATFORM_TOKEN.',
      };
    }
    return { ...p };
  });
}

export function tsoHealth(now: Date, config: SvcConfig, state: TsoHealthState): DataProviderHealth[] {
  const checkedAt = now.toISOString();
  const maxAgeHours = config.tsoplatform.maxAgeMinutes / 60;
  const entry = (providerId: 'tsoplatform' | 'gridop', cadence: string): DataProviderHealth => {
    if (!state.tokenConfigured) {
      return { providerId, status: 'pending', cadence, maxAgeHours, latestDataAt: null, checkedAt, ageHours: null, detail: 'No platform token configured: fixture data only.' };
    }
    if (state.latestFetch === null) {
      return { providerId, status: 'pending', cadence, maxAgeHours, latestDataAt: null, checkedAt, ageHours: null, detail: 'Token configured; no platform document fetched yet.' };
    }
    const ageHours = Math.max(0, Math.round(((now.getTime() - Date.parse(state.latestFetch)) / 3_600_000) * 10) / 10);
    const fresh = ageHours <= maxAgeHours;
    return {
      providerId, status: fresh ? 'fresh' : 'stale', cadence, maxAgeHours, latestDataAt: state.latestFetch, checkedAt, ageHours,
      detail: fresh ? 'Newest platform document fetched within the freshness limit.' : 'Newest platform document is older than the freshness limit.',
    };
  };
  return [entry('tsoplatform', 'hourly'), entry('gridop', 'hourly')];
}
