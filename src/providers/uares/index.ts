/**
 * Hourly solar and wind output of the guaranteed buyer's (GPEE) feed-in-tariff portfolio, IPS zone,
 * metered and projected (the forecast's RES inputs, engines/forecast/exogenous.ts). Live from the
 * buyer's public chart endpoint (`SVC_UARES_BASE_URL`, no token; parse.ts has the shape), one day
 * and technology a request, through the one market-data cache (a past day never changes: cached
 * for good), falling back to the real series shipped in
 * fixtures/ua-res/gpee-res-hourly-mw-2022-2025.csv (01.01.2022–31.12.2025, fixtures/README.md).
 */
import { readFileSync } from 'node:fs';
import type { ProviderContract } from '../contract.js';
import { cachedRead, type CachedReadDeps, type Freshness, type SourceReadDeps } from '../mktop/cache.js';
import { UpstreamError } from '../mktop/errors.js';
import { clientFor } from '../mktop/reads.js';
import { parseLoadCharts, parseResCsv, type ResDay, type ResGen, type ResSeries } from './parse.js';

export { parseLoadCharts, parseResCsv, RES_SERIES, type ResDay, type ResGen, type ResSeries } from './parse.js';

export const UARES_FIXTURE = new URL('../../../fixtures/ua-res/gpee-res-hourly-mw-2022-2025.csv', import.meta.url);
export const UARES_FIXTURE_NAME = 'fixtures/ua-res/gpee-res-hourly-mw-2022-2025.csv';
export const UARES_DEFAULT_ADDRESS = 'https://www.gpee.com.ua';

export const uaResContract: ProviderContract = {
  id: 'uares',
  healthId: null,
  name: 'Guaranteed buyer\'s solar and wind output, metered and projected (GPEE)',
  cadence: 'daily',
  neededByBrief: false,
  addressEnv: 'SVC_UARES_BASE_URL',
  tokenEnv: null,
  requiresToken: false,
  cache: { kind: 'marketData', dataset: 'res-output' },
  fixture: { file: UARES_FIXTURE_NAME, first: '01.01.2022', last: '31.12.2025' },
  probeUrl: (address) => new URL(`${address.replace(/\/$/, '')}/main/loadCharts`),
};

let shipped: Map<ResSeries, Map<string, Float64Array>> | undefined;

/** The shipped series (parsed once). */
export function fixtureRes(): Map<ResSeries, Map<string, Float64Array>> {
  shipped ??= parseResCsv(readFileSync(UARES_FIXTURE, 'utf8'));
  return shipped;
}

/** The shipped day of one technology, or null. */
export function fixtureResDay(date: string, gen: ResGen): ResDay | null {
  const s = fixtureRes();
  const actual = s.get(`${gen}_actual`)?.get(date);
  const projected = s.get(`${gen}_projected`)?.get(date);
  if (!actual && !projected) return null;
  const nan = new Array<number>(24).fill(Number.NaN);
  return { date, gen, actual: actual ? Array.from(actual) : nan, projected: projected ? Array.from(projected) : nan };
}

export type UaResDeps = SourceReadDeps;

const iso = (date: string): string => `${date.slice(6)}-${date.slice(3, 5)}-${date.slice(0, 2)}`;
const GEN_CODE: Record<ResGen, string> = { solar: '1', wind: '2' };

/** One day and technology with its freshness; an UpstreamError (no_data) when nothing covers it. */
export async function readResDay(deps: UaResDeps, date: string, gen: ResGen): Promise<{ day: ResDay; freshness: Freshness }> {
  const cacheDeps: CachedReadDeps = { mode: deps.settings.mode, ...(deps.settings.liveFetch === false ? { liveFetch: false } : {}), ttlMinutes: deps.settings.ttlMinutes, now: deps.now, cache: deps.cache };
  const host = new URL(deps.settings.baseUrl).host;
  const read = await cachedRead<ResDay>(cacheDeps, {
    key: { source: 'uares', dataset: 'res-output', market: gen, zone: 'IPS', period: date },
    upstreamName: `the guaranteed buyer (${host})`,
    fetch: async () => {
      const url = new URL(`${deps.settings.baseUrl.replace(/\/$/, '')}/main/loadCharts`);
      const res = await clientFor('guaranteed buyer', deps.settings.http).send({ method: 'POST', url, form: { date: iso(date), zona: '1', gen: GEN_CODE[gen] } });
      return parseLoadCharts(res.text, date, gen);
    },
    // Complete once every metered hour is in (a past day never changes after that).
    isComplete: (d) => d.actual.every((v) => Number.isFinite(v)),
    fixture: async () => fixtureResDay(date, gen),
  });
  return { day: read.data, freshness: read.freshness };
}

export { UpstreamError };
