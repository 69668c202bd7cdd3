/**
 * The registration of every data source's settings: the configuration mapped onto the provider
 * contract (src/providers/contract.ts), and the one function that gathers each source's status
 * from the contract, the store's newest fetch and, for `svc doctor`, one probe. GET /api/health
 * and `svc doctor` both call `sourceStatuses`, so they cannot disagree.
 */
import { DEFAULT_SOURCE_ADDRESSES } from '../../config/market.js';
import type { SvcConfig } from '../../config/config.js';
import { sourceStatus, type CacheState, type ProviderContract, type SourceSettings, type SourceStatus } from '../../providers/contract.js';
import { probeSource } from '../../providers/probe.js';
import { PROVIDERS } from '../../providers/registry.js';
import type { OpContext } from '../types.js';

const NO_AGREEMENT = 'licence-gated: off until SVC_EXCH_AGREEMENT and SVC_EXCH_SOURCE name a redistribution agreement and its licensed source';

/** One line per source: its settings from the configuration. */
const SETTINGS: Record<string, (c: SvcConfig) => SourceSettings> = {
  mktop: (c) => ({
    mode: c.marketData.mode, address: c.marketData.mktop.baseUrl, defaultAddress: DEFAULT_SOURCE_ADDRESSES.mktop,
    tokenSet: Boolean(c.marketData.mktop.apiKey), disabledBecause: null, maxAgeHours: c.marketData.mktop.maxAgeHours,
  }),
  exch: (c) => ({
    mode: c.marketData.mode, address: c.marketData.exch.source ?? '', defaultAddress: '', tokenSet: false,
    disabledBecause: c.marketData.exch.agreement && c.marketData.exch.source ? null : NO_AGREEMENT, maxAgeHours: 744,
  }),
  // The platform's reads need the token and follow SVC_MARKET_DATA as the others do (docs/data.md).
  tsoplatform: (c) => platform(c),
  gridop: (c) => platform(c),
  eudam: (c) => platform(c),
  rates: (c) => ({
    mode: c.marketData.mode, address: c.marketData.rates.baseUrl, defaultAddress: DEFAULT_SOURCE_ADDRESSES.rates,
    tokenSet: false, disabledBecause: null, maxAgeHours: 48,
  }),
  uares: (c) => ({
    mode: c.marketData.mode, address: c.marketData.uares.baseUrl, defaultAddress: DEFAULT_SOURCE_ADDRESSES.uares,
    tokenSet: false, disabledBecause: null, maxAgeHours: 48,
  }),
  // Switched by SVC_REGIONAL_SOURCE, not SVC_MARKET_DATA: the `api` source asks the platform on every read, no fallback (ops/market/multizone.ts).
  regional: (c) => ({
    mode: c.marketData.mode, address: c.regional.apiBase ?? '', defaultAddress: '', tokenSet: false, disabledBecause: null, maxAgeHours: 24,
    ownSwitch: regionalSwitch(c.regional),
  }),
};

function regionalSwitch(r: SvcConfig['regional']): NonNullable<SourceSettings['ownSwitch']> {
  if (!r.dbReadsEnabled) return { live: false, why: 'SVC_DB_READS_ENABLED=false: regional-price reads are disabled', otherwise: 'nothing: reads answer 503 database_reads_disabled' };
  if (r.source === 'none') return { live: false, why: 'SVC_REGIONAL_SOURCE=none', otherwise: 'nothing: reads answer 503 database_not_configured' };
  if (r.source === 'store') return { live: false, why: 'SVC_REGIONAL_SOURCE=store: the platform API is not asked', otherwise: "svc's own store (svc zones import)" };
  if (!r.apiBase) return { live: false, why: 'SVC_REGIONAL_SOURCE=api without SVC_REGIONAL_API_BASE', otherwise: 'nothing: reads answer 503 missing_api_base' };
  return { live: true, why: 'SVC_REGIONAL_SOURCE=api: live reads of the platform API, no fallback', otherwise: 'nothing: an upstream error' };
}

function platform(c: SvcConfig): SourceSettings {
  return {
    // The platform follows SVC_MARKET_DATA like the other sources (ops/grid/tsoplatform-shared.ts platformOff, tsoDeps).
    mode: c.marketData.mode, address: c.tsoplatform.baseUrl, defaultAddress: DEFAULT_SOURCE_ADDRESSES.tsoplatform,
    tokenSet: Boolean(c.tsoplatform.token), disabledBecause: null, maxAgeHours: c.tsoplatform.maxAgeMinutes / 60,
  };
}

export function settingsOf(contract: ProviderContract, config: SvcConfig): SourceSettings {
  const of = SETTINGS[contract.id];
  if (!of) throw new Error(`data source ${contract.id} has no settings registration in src/ops/system/sources.ts`);
  return of(config);
}

async function newestOf(ctx: OpContext, contract: ProviderContract, s: SourceSettings): Promise<CacheState | null> {
  if (!contract.cache || s.mode === 'fixture' || (contract.requiresToken && !s.tokenSet)) return null;
  try {
    const stores = await ctx.stores();
    if (contract.cache.kind === 'tsoCache') {
      const at = await stores.tsoCache.latestFetch();
      return at ? { fetchedAt: at, period: null } : null;
    }
    return await stores.marketData.latestFetch(contract.cache.dataset);
  } catch {
    return null;
  }
}

/** Probe deadline of `svc doctor`: short, so a cron run never hangs on a dead host. */
export const PROBE_TIMEOUT_MS = 3_000;

export async function sourceStatuses(ctx: OpContext, options: { probe: boolean; timeoutMs?: number } = { probe: false }): Promise<SourceStatus[]> {
  const now = ctx.now();
  return Promise.all(PROVIDERS.map(async (contract) => {
    const s = settingsOf(contract, ctx.config);
    const newest = await newestOf(ctx, contract, s);
    // Fixture mode never asks the network, not even to probe it (README, "SVC_MARKET_DATA").
    const probe = options.probe && s.address !== '' && s.mode !== 'fixture' ? await probeSource(contract, s.address, options.timeoutMs ?? PROBE_TIMEOUT_MS) : null;
    return sourceStatus(contract, s, now, newest, probe);
  }));
}
