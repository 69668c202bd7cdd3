/**
 * The central bank's official UAH/EUR rate (NBU). Live from the NBU open API when reachable
 * (`SVC_RATES_BASE_URL`, no token), through the one market-data cache (a past date's rate never
 * changes: cached for good), falling back to the official series shipped in
 * fixtures/rates/uah-per-eur-nbu-2022-2025.csv (every calendar day 2022–2025, fixtures/README.md).
 * A date without a rate uses the latest earlier rate within 7 days.
 */
import { readFileSync } from 'node:fs';
import { tradeDateKey } from '../../domain/dates.js';
import type { ProviderContract } from '../contract.js';
import { cachedRead, type CachedReadDeps, type Freshness, type SourceReadDeps } from '../mktop/cache.js';
import { UpstreamError } from '../mktop/errors.js';
import { clientFor } from '../mktop/reads.js';
import { parseNbuRate, parseRatesCsv, type NbuRate } from './parse.js';

export { parseNbuRate, parseRatesCsv } from './parse.js';

export const RATES_FIXTURE = new URL('../../../fixtures/rates/uah-per-eur-nbu-2022-2025.csv', import.meta.url);
const FIXTURE_NAME = 'fixtures/rates/uah-per-eur-nbu-2022-2025.csv';

export const ratesContract: ProviderContract = {
  id: 'rates',
  healthId: null,
  name: 'Central bank official UAH/EUR rate (NBU)',
  cadence: 'daily',
  neededByBrief: false,
  addressEnv: 'SVC_RATES_BASE_URL',
  tokenEnv: null,
  requiresToken: false,
  cache: { kind: 'marketData', dataset: 'uah-per-eur' },
  fixture: { file: FIXTURE_NAME, first: '01.01.2022', last: '31.12.2025' },
  probeUrl: (address) => new URL(`${address.replace(/\/$/, '')}?valcode=EUR&json`),
};

export interface OfficialRate {
  /** The date the rate was set for (DD.MM.YYYY). */
  rateDate: string;
  uahPerEur: number;
  /** Where it came from now: `live <host>`, `cache <host>` or `fixture <file>`. */
  source: string;
}

export type RatesDeps = SourceReadDeps;

let series: Map<string, number> | undefined;

const dayMs = (date: string): number => Date.UTC(Number(date.slice(6)), Number(date.slice(3, 5)) - 1, Number(date.slice(0, 2)));

/** The shipped official rate for the date, or the latest within 7 days before it; null otherwise. */
export function fixtureRate(date: string): NbuRate | null {
  series ??= parseRatesCsv(readFileSync(RATES_FIXTURE, 'utf8'));
  const key = tradeDateKey(date);
  let best: string | null = null;
  for (const d of series.keys()) {
    const k = tradeDateKey(d);
    if (k <= key && (best === null || k > tradeDateKey(best))) best = d;
  }
  if (best === null || (dayMs(date) - dayMs(best)) / 86_400_000 > 7) return null;
  return { rateDate: best, uahPerEur: series.get(best) as number };
}

const compact = (date: string): string => `${date.slice(6)}${date.slice(3, 5)}${date.slice(0, 2)}`;

/** The official rate for a date with its freshness; an UpstreamError (no_data) when nothing covers it. */
export async function readOfficialRate(deps: RatesDeps, date: string): Promise<{ rate: OfficialRate; freshness: Freshness }> {
  const cacheDeps: CachedReadDeps = { mode: deps.settings.mode, ...(deps.settings.liveFetch === false ? { liveFetch: false } : {}), ttlMinutes: deps.settings.ttlMinutes, now: deps.now, cache: deps.cache };
  const host = new URL(deps.settings.baseUrl).host;
  const read = await cachedRead<NbuRate | null>(cacheDeps, {
    key: { source: 'rates', dataset: 'uah-per-eur', market: 'EUR', zone: 'UAH', period: date },
    upstreamName: `the central bank (${host})`,
    fetch: async () => {
      const url = new URL(deps.settings.baseUrl);
      url.search = `valcode=EUR&date=${compact(date)}&json`;
      const res = await clientFor('central bank rates', deps.settings.http).send({ method: 'GET', url });
      const rate = parseNbuRate(res.text, date);
      if (rate === null) throw new UpstreamError('upstream_not_published', `central bank rate ${date}: no rate set for the date yet`);
      return rate;
    },
    // A set rate never changes.
    isComplete: (r) => r !== null,
    fixture: async () => fixtureRate(date),
  });
  if (read.data === null) throw new UpstreamError('no_data', `no official UAH/EUR rate for ${date}`);
  const where = read.freshness.source === 'fixture' ? `fixture ${FIXTURE_NAME}` : `${read.freshness.source} ${host}`;
  return { rate: { ...read.data, source: where }, freshness: read.freshness };
}
