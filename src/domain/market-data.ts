/**
 * The market-data reads' bodies (GET /api/mktop/*, /api/exch/electricity-indexes): the spec's
 * fields, plus `freshness` (every read says where its data came from and how old it is) and, for
 * prices and trading results, `dst` (what was done with clock-change days). docs/data.md.
 */
import { z } from 'zod';
import { Locale, Market, Month, TradeDate } from './common.js';
import { ExchElectricityIndex, OreeIndexBook, OreeTradingResultsDay } from './oree.js';
import { PriceBook } from './prices.js';

export const DataFreshness = z.strictObject({
  status: z.enum(['fresh', 'stale', 'fallback']).describe('fresh: live or within the cache rules; stale: a cached copy served because the upstream failed; fallback: shipped fixtures served'),
  source: z.enum(['live', 'cache', 'fixture']).describe('where this answer came from now'),
  fetchedAt: z.string().nullable().describe('when the data was fetched from the upstream (null for fixtures)'),
  contentHash: z.string().nullable().describe('sha256 of the cached document (null for fixtures)'),
  ageHours: z.number().nullable(),
  upstreamError: z.strictObject({ reason: z.string(), message: z.string() }).optional().describe('the upstream failure a stale or fallback answer stands in for'),
  note: z.string(),
});
export type DataFreshness = z.infer<typeof DataFreshness>;

export const ClockChangeDay = z.strictObject({
  date: z.string(),
  transition: z.enum(['spring', 'autumn']),
  periodsInDay: z.number().int(),
  /** Prices of the periods the operator published, in period order. */
  periods: z.array(z.number()),
});

export const DstStatement = z.strictObject({
  policy: z.literal('skip').describe('a PriceDay holds exactly 24 hours: clock-change days are left out of `data` and listed here with their own periods'),
  days: z.array(ClockChangeDay),
});

export const MktopPricesQuery = z.strictObject({
  month: Month,
  market: Market.default('DAM'),
});
export const MktopPricesResponse = z.strictObject({
  source: z.string().describe('domain of the market operator'),
  month: z.string(),
  market: Market,
  data: PriceBook,
  freshness: DataFreshness,
  dst: DstStatement,
});

export const MktopIndexesQuery = z.strictObject({
  month: Month,
  zone: z.enum(['IPS', 'BEI']).default('IPS'),
});
export const MktopIndexesResponse = z.strictObject({
  source: z.string(),
  month: z.string(),
  market: z.literal('DAM'),
  zone: z.enum(['IPS', 'BEI']),
  data: OreeIndexBook,
  freshness: DataFreshness,
});

export const MktopTradingResultsQuery = z.strictObject({
  tradeDate: TradeDate,
  market: Market.default('DAM'),
});
export const MktopTradingResultsResponse = z.strictObject({
  source: z.string(),
  tradeDate: z.string(),
  market: Market,
  data: OreeTradingResultsDay,
  freshness: DataFreshness,
  dst: z.strictObject({
    transition: z.enum(['spring', 'autumn']),
    periodsInDay: z.number().int(),
    note: z.string(),
    /** Periods past the 24th (autumn day), which `data.hours` cannot hold; the totals include them. */
    extraPeriods: z.array(z.strictObject({
      period: z.number().int(),
      priceUahMwh: z.number(),
      sellVolumeMwh: z.number(),
      buyVolumeMwh: z.number(),
      declaredSellVolumeMwh: z.number(),
      declaredBuyVolumeMwh: z.number(),
    })),
  }).optional(),
});

/**
 * The spec lists no 400 for this read, so an unsupported `lang` is answered in the default (uk)
 * rather than refused; the body's `lang` says which language was served.
 */
export const ExchIndexesQuery = z.strictObject({ lang: Locale.default('uk').catch('uk').describe('uk or en; anything else is answered in uk (the body says which).') });
export const ExchIndexesResponse = z.strictObject({
  source: z.string().describe('the licensed source and the redistribution agreement it is served under, or why the feed is off'),
  market: z.literal('BCM'),
  zone: z.literal('IPS'),
  lang: Locale,
  data: z.array(ExchElectricityIndex),
  available: z.boolean().describe('false while no redistribution agreement is configured: `data` is then empty'),
  reason: z.enum(['licence_required']).optional(),
  agreement: z.string().optional(),
});

/** The fetch job (CLI `svc prices fetch`, ingestion): months into the cache. */
export const MktopFetchInput = z
  .strictObject({
    month: Month.optional().describe('one month: from = to = month (not with from/to)'),
    from: Month.optional().describe('first month of the range (with to)'),
    to: Month.optional().describe('last month of the range (with from)'),
    market: Market.default('DAM'),
    zone: z.enum(['IPS', 'BEI']).default('IPS'),
    refresh: z.boolean().default(false),
    prices: z.boolean().optional().describe('also return the prices of the months read, as long CSV rows (date, hour, price_uah_mwh; clock-change days with their own periods)'),
  })
  .superRefine((v, ctx) => {
    if (v.month !== undefined && (v.from !== undefined || v.to !== undefined)) ctx.addIssue({ code: 'custom', path: ['month'], message: 'give month or from/to, not both' });
    if (v.month !== undefined) return;
    for (const key of ['from', 'to'] as const) if (v[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'expected a month MM.YYYY' });
  });

/**
 * Identifies one entry of the market-data cache (the store's MarketDataStore, the providers' cache
 * reads): a month (`MM.YYYY`), a day (`DD.MM.YYYY`) or, for kept forecast fits, their key.
 */
export interface MarketDataKey {
  /** Whose data: `mktop` (the operator), `svc` (svc's own results, e.g. forecast fits). */
  source: string;
  /** What it is: `prices`, `indexes`, `trading-results`, `forecast`. */
  dataset: string;
  /** `DAM`, `IDM`, or `` where the dataset has no market. */
  market: string;
  /** `IPS`, `BEI`, or `` where the dataset has no zone. */
  zone: string;
  period: string;
}

/** A successful, parsed upstream read. Nothing from a response that failed to parse is ever stored. */
export interface MarketDataEntry extends MarketDataKey {
  fetchedAt: string;
  /** sha256 (hex) of `document`. */
  contentHash: string;
  /** A complete past period: immutable, never fetched again unless refreshed explicitly. */
  complete: boolean;
  /** The parsed records as JSON text. */
  document: string;
}
