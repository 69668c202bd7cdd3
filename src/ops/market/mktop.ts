/**
 * The market operator's reads: monthly prices and indexes and daily trading results (the
 * exchange's licence-gated BCM indexes are in exch.ts), and the fetch job that fills the cache for a month range.
 * Every read states its freshness; an upstream failure without a usable cached copy is a 502
 * `upstream_error` with the reason (docs/data.md).
 */
import { rangeAfterError } from '../../domain/range-order.js';
import { kyivDstTransition } from '../../data/dst.js';
import { compareTradeDates, monthsBetween } from '../../domain/dates.js';
import { SvcError } from '../../domain/errors.js';
import {
  MktopFetchInput, MktopIndexesQuery, MktopIndexesResponse, MktopPricesQuery,
  MktopPricesResponse, MktopTradingResultsQuery, MktopTradingResultsResponse,
} from '../../domain/market-data.js';
import { z } from 'zod';
import { readMonthIndexes, readMonthPrices, readTradingResults } from '../../providers/mktop/reads.js';
import type { PublishedResult } from '../../providers/mktop/parse-results.js';
import { asUpstream, mktopDeps, operatorDomain, toBook, upstream } from './market-data-shared.js';
import { defineOperation } from '../types.js';
import { FETCHED_COLUMNS, fetchedRows, fetchRemarks, fetchView, freshnessRemark, indexesView, resultsView, type LongCsvRow } from './mktop-views.js';

const FRESHNESS_NOTE =
  ' The body carries `freshness` (status fresh | stale | fallback, source live | cache | fixture, fetchedAt, contentHash, ' +
  'ageHours, and the upstream failure a stale or fallback answer stands in for); the same status is sent as the ' +
  '`x-data-freshness` header. A 502 `upstream_error` has `reason` upstream_unreachable | upstream_timeout | ' +
  'upstream_status | upstream_unparseable | upstream_incomplete | upstream_not_published | no_data.';

/** The freshness status as a header, for clients that read headers only. */
const freshnessHeader = {
  headersOf: (output: unknown): Record<string, string> => {
    const f = (output as { freshness?: { status: string; source: string } }).freshness;
    return f ? { 'x-data-freshness': `${f.status}; source=${f.source}` } : {};
  },
  headerDocs: { 'x-data-freshness': 'The body\'s freshness as `<status>; source=<source>`, e.g. `stale; source=cache`.' },
};

export const mktopPrices = defineOperation({
  id: 'mktop.prices',
  summary: 'Market operator hourly prices of a month',
  description:
    'The operator\'s published hourly prices (UAH/MWh) of `month` for `market` in the IPS zone, as a PriceBook. Read through ' +
    'the cache: a complete past month is immutable; the current month is refetched after SVC_MKTOP_TTL_MINUTES and after ' +
    'the day-ahead publication time. Clock-change days (23 or 25 periods) are left out of `data` and listed in `dst` with ' +
    'their own periods.' + FRESHNESS_NOTE,
  tags: ['market-data'],
  access: 'key',
  input: MktopPricesQuery,
  output: MktopPricesResponse,
  http: { method: 'GET', path: '/api/mktop/prices', inputFrom: 'query', successStatus: 200, errors: [400, 401, 429, 502], ...freshnessHeader },
  tool: { name: 'get_day_ahead_prices', title: 'Day-ahead prices of a month (market operator)' },
  async run(ctx, input) {
    const read = await upstream(() => readMonthPrices(mktopDeps(ctx), { month: input.month, market: input.market }));
    const { book, dst } = toBook(read.data);
    return { source: operatorDomain(ctx, read.data.origin, read.freshness.source), month: input.month, market: input.market, data: book, freshness: read.freshness, dst };
  },
});

export const mktopIndexes = defineOperation({
  id: 'mktop.indexes',
  summary: 'Market operator daily DAM indexes of a month',
  description: 'Base, peak, off-peak, minimum, maximum and weighted-average DAM prices per day of `month` for `zone`, as published by the operator.' + FRESHNESS_NOTE,
  tags: ['market-data'],
  access: 'key',
  input: MktopIndexesQuery,
  output: MktopIndexesResponse,
  http: { method: 'GET', path: '/api/mktop/indexes', inputFrom: 'query', successStatus: 200, errors: [400, 401, 429, 502], ...freshnessHeader },
  cli: {
    command: ['indexes'],
    description: "the market operator's daily DAM indexes (base, peak, off-peak, min, max, weighted) of a month",
    flags: { zone: { upper: true } },
    flagHelp: { month: 'month', zone: 'trading zone' },
    view: indexesView,
    remarks: (r) => [freshnessRemark(`indexes ${r.month} ${r.zone}`, r.freshness)],
    examples: ['svc indexes --month 11.2026 --zone IPS --format csv'],
  },
  async run(ctx, input) {
    const read = await upstream(() => readMonthIndexes(mktopDeps(ctx), { month: input.month, zone: input.zone }));
    const data = Object.fromEntries(read.data.days.map((d) => [d.tradeDate, d]));
    return { source: operatorDomain(ctx, read.data.origin, read.freshness.source), month: input.month, market: 'DAM' as const, zone: input.zone, data, freshness: read.freshness };
  },
});

function sum(list: readonly PublishedResult[], pick: (r: PublishedResult) => number): number {
  return list.reduce((s, r) => s + pick(r), 0);
}

export const mktopTradingResults = defineOperation({
  id: 'mktop.tradingResults',
  summary: 'Market operator trading results of a day',
  description:
    'Hourly price, sale and purchase volumes and declared volumes of `tradeDate` for `market`, with day totals and the ' +
    'volume-weighted average price. Published results are final and cached for good. On a clock-change day `hours` holds ' +
    'periods 1..23 (spring) or 1..24 (autumn, hour = period − 1), and `dst` states it; the 25th autumn period is in ' +
    '`dst.extraPeriods` and counted in the totals.' + FRESHNESS_NOTE,
  tags: ['market-data'],
  access: 'key',
  input: MktopTradingResultsQuery,
  output: MktopTradingResultsResponse,
  http: { method: 'GET', path: '/api/mktop/trading-results', inputFrom: 'query', successStatus: 200, errors: [400, 401, 429, 502], ...freshnessHeader },
  cli: {
    command: ['results'],
    description: "the market operator's trading results of a day: price, sale/purchase and declared volumes per hour",
    flags: { tradeDate: { flag: '--date' }, market: { upper: true } },
    flagHelp: { tradeDate: 'trade date', market: 'market' },
    // A bad --date is said in the op's words (`invalid input: tradeDate: …`), as the command always said it.
    errors: 'op',
    view: resultsView,
    remarks: (r) => [freshnessRemark(`results ${r.tradeDate} ${r.market}`, r.freshness), ...(r.dst ? [{ warn: r.dst.note }] : [])],
    examples: ['svc results --date 23.11.2026 --market DAM'],
  },
  async run(ctx, input) {
    const read = await upstream(() => readTradingResults(mktopDeps(ctx), { tradeDate: input.tradeDate, market: input.market }));
    const periods = read.data.periods;
    const sell = sum(periods, (r) => r.sellVolumeMwh);
    const strip = ({ period: _p, ...rest }: PublishedResult) => rest;
    const hours = periods.slice(0, 24).map((r) => ({ hour: r.period - 1, ...strip(r) }));
    const data = {
      tradeDate: input.tradeDate,
      market: input.market,
      resultId: `${input.tradeDate}/${input.market}/2`,
      totalSellVolumeMwh: sell,
      totalBuyVolumeMwh: sum(periods, (r) => r.buyVolumeMwh),
      declaredSellVolumeMwh: sum(periods, (r) => r.declaredSellVolumeMwh),
      declaredBuyVolumeMwh: sum(periods, (r) => r.declaredBuyVolumeMwh),
      weightedAveragePriceUahMwh: sell > 0 ? sum(periods, (r) => r.priceUahMwh * r.sellVolumeMwh) / sell : sum(periods, (r) => r.priceUahMwh) / periods.length,
      hours,
    };
    const transition = kyivDstTransition(input.tradeDate);
    const dst = transition ? dstOf(transition, periods) : undefined;
    return { source: operatorDomain(ctx, 'mktop-public', read.freshness.source), tradeDate: input.tradeDate, market: input.market, data, freshness: read.freshness, ...(dst ? { dst } : {}) };
  },
});

function dstOf(transition: 'spring' | 'autumn', periods: readonly PublishedResult[]) {
  if (transition === 'spring') {
    return { transition, periodsInDay: 23, extraPeriods: [], note: 'Spring clock change: 23 periods, hour = period − 1 (03:00–04:00 does not exist).' };
  }
  const extra = periods.slice(24);
  return {
    transition, periodsInDay: 25, extraPeriods: extra,
    note: extra.length > 0
      ? 'Autumn clock change: 25 periods; hours holds periods 1..24 (hour = period − 1), period 25 is in extraPeriods; the totals count all 25.'
      : 'Autumn clock change: 25 periods, but the operator published 24; hours holds them as periods 1..24 (hour = period − 1).',
  };
}


/** A month's prices as long CSV rows: each day's hours, a clock-change day's own periods (hour = period − 1). */
function monthRows(data: Parameters<typeof toBook>[0]): LongCsvRow[] {
  const { book, dst } = toBook(data);
  const rows: LongCsvRow[] = [];
  for (const [date, day] of Object.entries(book)) for (const p of day) rows.push({ date, hour: p.hour, price_uah_mwh: p.priceUahMwh });
  for (const d of dst.days) d.periods.forEach((v, k) => rows.push({ date: d.date, hour: k, price_uah_mwh: v }));
  return rows;
}

const FetchResult = z.strictObject({
  market: z.string(),
  zone: z.string(),
  prices: z.array(z.strictObject({ date: z.string(), hour: z.number().int(), price_uah_mwh: z.number() })).optional(),
  months: z.array(z.strictObject({
    month: z.string(),
    status: z.enum(['fetched', 'cached', 'fallback', 'failed']),
    days: z.number().int(),
    fetchedAt: z.string().nullable(),
    reason: z.string().optional(),
    message: z.string().optional(),
  })),
});

export const mktopFetch = defineOperation({
  id: 'mktop.fetch',
  summary: 'Fetch operator prices for a month range into the cache',
  description:
    'The fetch job (`svc prices fetch`, ingestion): each month from..to through the cache; months already cached and ' +
    'complete are not fetched again unless `refresh`. One month failing does not stop the others: each month says what happened.',
  tags: ['market-data'],
  access: 'key',
  input: MktopFetchInput,
  output: FetchResult,
  cli: {
    command: ['prices', 'fetch'],
    description: "fetch the market operator's hourly prices of a month or a range into the cache (resumable)",
    flags: { zone: false, prices: false, market: { upper: true } },
    order: ['month', 'from', 'to', 'market'],
    flagHelp: { month: 'one month', from: 'first month of a range', to: 'last month of a range', market: 'market', refresh: 'fetch again even months already cached as complete' },
    // The prices of the months read, for the CSV (stdout or -o).
    input: { prices: true },
    progress: (i) => {
      const n = monthsBetween(i.month ?? i.from ?? '', i.month ?? i.to ?? '').length;
      return `fetching ${n} month${n === 1 ? '' : 's'} of ${i.market} prices`;
    },
    remarks: fetchRemarks,
    json: (r) => ({ market: r.market, months: r.months }),
    view: fetchView,
    sideFiles: [{
      flag: { flag: '--output', short: '-o', value: 'file', help: 'also write the prices as long CSV (date,hour,price_uah_mwh)' },
      rows: fetchedRows,
      columns: FETCHED_COLUMNS,
      says: (r, path) => `wrote ${r.prices?.length ?? 0} hourly prices (long CSV, clock-change days with their own periods) to ${path}`,
    }],
    fails: {
      when: (r) => r.months.some((s) => s.status === 'failed'),
      says: (r) => `${r.months.filter((s) => s.status === 'failed').length} of ${r.months.length} months could not be fetched; run the same command again to resume (cached months are not fetched again)`,
      errorCode: 'upstream_error',
      reason: 'upstream_incomplete',
      // Every failed month has no data to read (SVC_MARKET_DATA=fixture beyond the shipped fixtures, or live reads off and
      // not ingested yet): nothing an upstream retry mends, so not the retryable exit 1. The error every
      // command reading the source gives for such a period (`upstream_error`, reason `no_data`, exit 2 at the
      // CLI: src/cli/main.ts), in the source's words.
      final: (r) => {
        const failed = r.months.filter((s) => s.status === 'failed');
        if (!failed.every((s) => s.reason === 'no_data')) return undefined;
        const why = [...new Set(failed.map((s) => s.message ?? `no prices for ${s.month}`))].join('; ');
        return { errorCode: 'upstream_error', reason: 'no_data', says: why };
      },
    },
    examples: ['svc prices fetch --month 11.2026 -o "$TMPDIR/nov.csv"', 'svc prices fetch --from 01.2025 --to 03.2025 --market DAM', 'SVC_MARKET_DATA=fixture svc prices fetch --month 12.2024 --format csv'],
    helpFooter: 'Settings: SVC_MARKET_DATA=live|fixture|auto, SVC_MKTOP_BASE_URL, SVC_MKTOP_API_KEY (docs/data.md).',
  },
  async run(ctx, input) {
    const months = monthsBetween((input.month ?? input.from) as string, (input.month ?? input.to) as string);
    if (months.length === 0) throw rangeAfterError(input.from as string, input.to as string);
    if (months.length > 120) throw SvcError.validation('at most 120 months at once', [{ path: 'to', message: 'at most 120 months after from' }]);
    const deps = mktopDeps(ctx);
    const out = [];
    const rows: LongCsvRow[] = [];
    for (const [i, month] of months.entries()) {
      try {
        const read = await readMonthPrices(deps, { month, market: input.market, zone: input.zone, refresh: input.refresh });
        const f = read.freshness;
        const status = f.source === 'live' ? 'fetched' as const : f.status === 'fresh' ? 'cached' as const : 'fallback' as const;
        out.push({ month, status, days: read.data.days.length, fetchedAt: f.fetchedAt, ...(f.upstreamError ? { reason: f.upstreamError.reason, message: f.upstreamError.message } : {}) });
        if (input.prices) rows.push(...monthRows(read.data));
      } catch (error) {
        const e = asUpstream(error);
        if (!(e instanceof SvcError)) throw e;
        out.push({ month, status: 'failed' as const, days: 0, fetchedAt: null, reason: e.reason ?? e.code, message: e.message });
      }
      const last = out[out.length - 1];
      ctx.progress?.(i + 1, months.length, `${month} ${last?.status ?? ''}`);
    }
    if (!input.prices) return { market: input.market, zone: input.zone, months: out };
    rows.sort((a, b) => compareTradeDates(a.date, b.date) || a.hour - b.hour);
    return { market: input.market, zone: input.zone, months: out, prices: rows };
  },
});
