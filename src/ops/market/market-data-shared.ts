/** What the market-data operations share: provider dependencies, error mapping, book building. */
import { kyivDstTransition } from '../../data/dst.js';
import { SvcError } from '../../domain/errors.js';
import type { PriceBook, PriceDay } from '../../domain/prices.js';
import { UpstreamError } from '../../providers/mktop/errors.js';
import { shippedFixtures } from '../../providers/mktop/fixtures.js';
import { mktopContract } from '../../providers/mktop/index.js';
import type { MktopDeps, MonthPrices } from '../../providers/mktop/reads.js';
import type { RatesDeps } from '../../providers/rates/index.js';
import type { UaResDeps } from '../../providers/uares/index.js';
import { packageVersion } from '../../version.js';
import type { OpContext } from '../types.js';

function httpOf(ctx: OpContext): MktopDeps['settings']['http'] {
  const m = ctx.config.marketData.mktop;
  return {
    connectTimeoutMs: m.connectTimeoutMs,
    timeoutMs: m.timeoutMs,
    retries: m.retries,
    concurrency: m.concurrency,
    userAgent: `svc/${packageVersion()} (decision-support market-data client; read-only)`,
  };
}

export function mktopDeps(ctx: OpContext): MktopDeps {
  const { marketData } = ctx.config;
  const m = marketData.mktop;
  return {
    settings: {
      mode: marketData.mode,
      liveFetch: ctx.config.database.liveMktopFallback,
      baseUrl: m.baseUrl,
      apiBaseUrl: m.apiBaseUrl,
      apiKey: m.apiKey,
      ttlMinutes: m.ttlMinutes,
      publicationTime: m.publicationTime,
      http: httpOf(ctx),
    },
    now: () => ctx.now(),
    cache: async () => (await ctx.stores()).marketData,
    fixtures: shippedFixtures,
  };
}

/** The central bank's rate feed: the market-data mode, client and cache of the operator's reads. */
export function ratesDeps(ctx: OpContext): RatesDeps {
  const { marketData } = ctx.config;
  return {
    settings: { mode: marketData.mode, liveFetch: ctx.config.database.liveMktopFallback, baseUrl: marketData.rates.baseUrl, ttlMinutes: marketData.mktop.ttlMinutes, http: httpOf(ctx) },
    now: () => ctx.now(),
    cache: async () => (await ctx.stores()).marketData,
  };
}

/** The guaranteed buyer's RES output feed: the market-data mode, client and cache of the operator's reads. */
export function uaResDeps(ctx: OpContext): UaResDeps {
  const { marketData } = ctx.config;
  return {
    settings: { mode: marketData.mode, liveFetch: ctx.config.database.liveMktopFallback, baseUrl: marketData.uares.baseUrl, ttlMinutes: marketData.mktop.ttlMinutes, http: httpOf(ctx) },
    now: () => ctx.now(),
    cache: async () => (await ctx.stores()).marketData,
  };
}

/**
 * Where an answer came from, as the spec's `source` (the operator's domain) says it: the host for a
 * live read, the host and "cache" for a stored copy, the shipped file for fixture data — never the
 * operator's domain for data that did not come from it now.
 */
export function operatorDomain(ctx: OpContext, origin: string, served: 'live' | 'cache' | 'fixture'): string {
  if (served === 'fixture' || origin === 'fixture') return `fixture ${mktopContract.fixture?.file ?? ''} (the operator's published prices, shipped with svc)`;
  const url = origin === 'mktop-api' ? ctx.config.marketData.mktop.apiBaseUrl : ctx.config.marketData.mktop.baseUrl;
  const host = new URL(url).hostname;
  return served === 'cache' ? `${host} (cache)` : host;
}

/** An upstream failure as the one error type: 502 `upstream_error` with the reason (no_data: 404-free 502 too). */
export function asUpstream(error: unknown): unknown {
  if (!(error instanceof UpstreamError)) return error;
  return new SvcError('upstream_error', error.message, { reason: error.reason });
}

export async function upstream<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asUpstream(error);
  }
}

export interface BookWithDst {
  book: PriceBook;
  dst: { policy: 'skip'; days: { date: string; transition: 'spring' | 'autumn'; periodsInDay: number; periods: number[] }[] };
}

/**
 * Ordinary days become 24-hour PriceDays; clock-change days are left out of the book and listed
 * with their own periods (the file readers' `skip` policy, stated in the response).
 */
export function toBook(prices: MonthPrices): BookWithDst {
  const book: PriceBook = {};
  const days: BookWithDst['dst']['days'] = [];
  for (const d of prices.days) {
    const transition = kyivDstTransition(d.date);
    if (transition) {
      days.push({ date: d.date, transition, periodsInDay: transition === 'spring' ? 23 : 25, periods: d.periods });
      continue;
    }
    if (d.periods.length !== 24) throw new SvcError('upstream_error', `market operator: ${d.date} has ${d.periods.length} periods, expected 24`, { reason: 'upstream_incomplete' });
    const day: PriceDay = d.periods.map((p, hour) => ({ hour, priceUahMwh: p }));
    book[d.date] = day;
  }
  return { book, dst: { policy: 'skip', days } };
}
