/**
 * The market operator's reads as the operations need them: a month of hourly prices, a month of
 * daily indexes, one day of trading results. Each goes through the cache (cache.ts); the B2B API
 * is preferred over the public pages when a key is configured (DAM only: the API serves DAM).
 */
import { daysInMonth, nextTradeDate, tradeDateKey } from '../../domain/dates.js';
import { kyivDayStartUtc, kyivSlot } from '../tsoplatform/time.js';
import { cachedRead, type CachedReadDeps, type MarketDataCache, type MarketDataMode, type Sourced } from './cache.js';
import { UpstreamError } from './errors.js';
import { UpstreamClient, type HttpSettings } from './http.js';
import { parseApiIndexes, parseApiPrices } from './parse-api.js';
import { parseDailyResults, type PublishedResultsDay } from './parse-results.js';
import { parseMonthIndexes, parseMonthPrices, type PublishedDay, type PublishedIndex } from './parse-tables.js';

export interface MktopSettings {
  mode: MarketDataMode;
  /** false: serve only what is stored, never ask the operator (CachedReadDeps.liveFetch). */
  liveFetch?: boolean;
  baseUrl: string;
  apiBaseUrl: string;
  /** B2B API key (secret): sent only as the X-API-KEY header. */
  apiKey: string | undefined;
  ttlMinutes: number;
  /** Kyiv wall-clock time (HH:MM) after which tomorrow's DAM results are expected. */
  publicationTime: string;
  http: HttpSettings;
}

export interface MktopFixtures {
  /** The shipped prices of a month, or null when the fixtures do not cover it. */
  prices(month: string, market: string, zone: string): Promise<PublishedDay[] | null>;
  /** The first and last months the fixtures hold for a market, or null (none). */
  span?(market: string, zone: string): Promise<{ first: string; last: string } | null>;
}

export interface MktopDeps {
  settings: MktopSettings;
  now(): Date;
  cache(): Promise<MarketDataCache | undefined>;
  fixtures: MktopFixtures;
}

/** The zone's EIC for the B2B API (UA-IPS). */
export const IPS_EIC = '10Y1001C--000182';

export interface MonthPrices {
  month: string;
  market: string;
  zone: string;
  /** Where the days were read: `mktop-public`, `mktop-api` or `fixture`. */
  origin: string;
  days: PublishedDay[];
}

export interface MonthIndexes {
  month: string;
  zone: string;
  origin: string;
  days: PublishedIndex[];
}

const clients = new Map<string, UpstreamClient>();

/** One client (connection pool and concurrency limit) per upstream and settings. */
export function clientFor(name: string, http: HttpSettings): UpstreamClient {
  const key = `${name}|${JSON.stringify(http)}`;
  let client = clients.get(key);
  if (!client) {
    client = new UpstreamClient(http, name);
    clients.set(key, client);
  }
  return client;
}

export async function closeClients(): Promise<void> {
  const all = [...clients.values()];
  clients.clear();
  await Promise.all(all.map((c) => c.close()));
}

function cacheDeps(deps: MktopDeps): CachedReadDeps {
  return { mode: deps.settings.mode, ...(deps.settings.liveFetch === false ? { liveFetch: false } : {}), ttlMinutes: deps.settings.ttlMinutes, now: deps.now, cache: deps.cache };
}

function kyivToday(now: Date): string {
  return kyivSlot(Math.floor(now.getTime() / 3_600_000) * 3_600_000).tradeDate;
}

/** Last day of the month as a sort key, and its day count. */
function monthEnd(month: string): { key: number; days: number } {
  const m = Number(month.slice(0, 2));
  const y = Number(month.slice(3));
  const days = daysInMonth(y, m);
  return { key: y * 10_000 + m * 100 + days, days };
}

/** Publication instant of tomorrow's DAM results, today (UTC ms). */
function publicationInstant(today: string, time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return kyivDayStartUtc(today) + h * 3_600_000 + m * 60_000;
}

/** Shape checks that need the clock: a past month must be whole; no day after tomorrow. */
function checkMonthSpan<T>(what: string, month: string, dates: readonly string[], now: Date, items: T): T {
  const today = kyivToday(now);
  const tomorrowKey = tradeDateKey(nextTradeDate(today));
  const late = dates.find((d) => tradeDateKey(d) > tomorrowKey);
  if (late) throw new UpstreamError('upstream_unparseable', `${what}: the answer holds ${late}, after tomorrow`);
  const end = monthEnd(month);
  if (end.key < tradeDateKey(today) && dates.length < end.days) {
    throw new UpstreamError('upstream_incomplete', `${what}: ${dates.length} of the month's ${end.days} days`);
  }
  return items;
}

function isPastWhole(month: string, count: number, now: Date): boolean {
  const end = monthEnd(month);
  return end.key < tradeDateKey(kyivToday(now)) && count === end.days;
}

function dueForTomorrow(month: string, dates: readonly string[], fetchedAt: Date, deps: MktopDeps): boolean {
  const now = deps.now();
  const today = kyivToday(now);
  const tomorrow = nextTradeDate(today);
  if (tomorrow.slice(3) !== month || dates.includes(tomorrow)) return false;
  const pub = publicationInstant(today, deps.settings.publicationTime);
  return now.getTime() >= pub && fetchedAt.getTime() < pub;
}

const XHR = (referer: string): Record<string, string> => ({ 'x-requested-with': 'XMLHttpRequest', referer });

function dayRange(month: string): { from: string; to: string } {
  return { from: `01.${month}`, to: `${String(monthEnd(month).days).padStart(2, '0')}.${month}` };
}

async function fetchMonthPrices(deps: MktopDeps, month: string, market: string, zone: string): Promise<MonthPrices> {
  const { settings } = deps;
  if (settings.apiKey && market === 'DAM' && zone === 'IPS') {
    const url = new URL(`${settings.apiBaseUrl.replace(/\/$/, '')}/damprices`);
    const { from, to } = dayRange(month);
    url.search = new URLSearchParams({ date_from: from, date_to: to, zone: IPS_EIC }).toString();
    const res = await clientFor('operator API', settings.http).send({ method: 'GET', url, headers: { 'x-api-key': settings.apiKey } });
    const days = parseApiPrices(res.text, month);
    return checkMonthSpan(`operator API prices ${month}`, month, days.map((d) => d.date), deps.now(), { month, market, zone, origin: 'mktop-api', days });
  }
  const base = settings.baseUrl.replace(/\/$/, '');
  const res = await clientFor('market operator', settings.http).send({
    method: 'POST', url: new URL(`${base}/index.php/pricectr/data_view`), headers: XHR(`${base}/index.php/pricectr`), form: { date: month, market, zone },
  });
  const days = parseMonthPrices(res.text, month, market);
  return checkMonthSpan(`operator prices ${market} ${month}`, month, days.map((d) => d.date), deps.now(), { month, market, zone, origin: 'mktop-public', days });
}

export function readMonthPrices(deps: MktopDeps, q: { month: string; market: string; zone?: string; refresh?: boolean }): Promise<Sourced<MonthPrices>> {
  const zone = q.zone ?? 'IPS';
  return cachedRead(cacheDeps(deps), {
    key: { source: 'mktop', dataset: 'prices', market: q.market, zone, period: q.month },
    ...(q.refresh ? { refresh: true } : {}),
    fetch: () => fetchMonthPrices(deps, q.month, q.market, zone),
    isComplete: (d) => isPastWhole(q.month, d.days.length, deps.now()),
    dueForPublication: (d, fetchedAt) => dueForTomorrow(q.month, d.days.map((x) => x.date), fetchedAt, deps),
    fixture: async () => {
      const days = await deps.fixtures.prices(q.month, q.market, zone);
      return days ? { month: q.month, market: q.market, zone, origin: 'fixture', days } : null;
    },
  });
}

async function fetchMonthIndexes(deps: MktopDeps, month: string, zone: string): Promise<MonthIndexes> {
  const { settings } = deps;
  if (settings.apiKey && zone === 'IPS') {
    const url = new URL(`${settings.apiBaseUrl.replace(/\/$/, '')}/damindexes`);
    const { from, to } = dayRange(month);
    url.search = new URLSearchParams({ date_from: from, date_to: to, zone: IPS_EIC }).toString();
    const res = await clientFor('operator API', settings.http).send({ method: 'GET', url, headers: { 'x-api-key': settings.apiKey } });
    const days = parseApiIndexes(res.text, month);
    return checkMonthSpan(`operator API indexes ${month}`, month, days.map((d) => d.tradeDate), deps.now(), { month, zone, origin: 'mktop-api', days });
  }
  const base = settings.baseUrl.replace(/\/$/, '');
  const res = await clientFor('market operator', settings.http).send({
    method: 'POST', url: new URL(`${base}/index.php/indexes/data_view`), headers: XHR(`${base}/index.php/indexes`), form: { date: month, market: 'DAM', zone },
  });
  const days = parseMonthIndexes(res.text, month, zone);
  return checkMonthSpan(`operator indexes ${zone} ${month}`, month, days.map((d) => d.tradeDate), deps.now(), { month, zone, origin: 'mktop-public', days });
}

export function readMonthIndexes(deps: MktopDeps, q: { month: string; zone: string; refresh?: boolean }): Promise<Sourced<MonthIndexes>> {
  return cachedRead(cacheDeps(deps), {
    key: { source: 'mktop', dataset: 'indexes', market: 'DAM', zone: q.zone, period: q.month },
    ...(q.refresh ? { refresh: true } : {}),
    fetch: () => fetchMonthIndexes(deps, q.month, q.zone),
    isComplete: (d) => isPastWhole(q.month, d.days.length, deps.now()),
    dueForPublication: (d, fetchedAt) => dueForTomorrow(q.month, d.days.map((x) => x.tradeDate), fetchedAt, deps),
  });
}

export function readTradingResults(deps: MktopDeps, q: { tradeDate: string; market: string; refresh?: boolean }): Promise<Sourced<PublishedResultsDay>> {
  const base = deps.settings.baseUrl.replace(/\/$/, '');
  return cachedRead(cacheDeps(deps), {
    key: { source: 'mktop', dataset: 'trading-results', market: q.market, zone: 'IPS', period: q.tradeDate },
    ...(q.refresh ? { refresh: true } : {}),
    fetch: async () => {
      const today = kyivToday(deps.now());
      if (tradeDateKey(q.tradeDate) > tradeDateKey(nextTradeDate(today))) {
        throw new UpstreamError('upstream_not_published', `operator trading results ${q.market} ${q.tradeDate}: a day after tomorrow is never published yet`);
      }
      const res = await clientFor('market operator', deps.settings.http).send({
        method: 'GET', url: new URL(`${base}/index.php/PXS/get_pxs_hdata/${q.tradeDate}/${q.market}/2`), headers: XHR(`${base}/index.php/control/results_mo/${q.market}`),
      });
      return parseDailyResults(res.text, q.tradeDate, q.market);
    },
    // Published results do not change: a parsed day is final.
    isComplete: () => true,
  });
}

