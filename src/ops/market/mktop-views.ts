/**
 * How `svc indexes`, `svc results` and `svc exch indexes` draw the market-data reads (the `cli`
 * bindings of mktop.indexes, mktop.tradingResults and exch.electricityIndexes): a title naming
 * where the data came from, a table of figures grouped the English way in either table language
 * (as the commands always printed them), the freshness line on stderr before the output in every
 * format, and CSV rows with the raw figures.
 */
import type { z } from 'zod';
import type { ExchIndexesResponse, MktopIndexesResponse, MktopTradingResultsResponse } from '../../domain/market-data.js';
import type { DocView, Remark } from '../types.js';

interface Freshness { status: string; source: string; fetchedAt: string | null; upstreamError?: { reason: string; message: string } | undefined }

/** `indexes 11.2024 IPS: fresh (live, fetched …)`: a note when fresh, a warning otherwise. */
export function freshnessRemark(what: string, f: Freshness): Remark {
  const line = `${what}: ${f.status} (${f.source}${f.fetchedAt ? `, fetched ${f.fetchedAt}` : ''})${f.upstreamError ? ` — ${f.upstreamError.reason}: ${f.upstreamError.message}` : ''}`;
  return f.status === 'fresh' ? { info: line } : { warn: line };
}

type Indexes = z.infer<typeof MktopIndexesResponse>;
type Results = z.infer<typeof MktopTradingResultsResponse>;
type Exch = z.infer<typeof ExchIndexesResponse>;

export const indexesView: DocView<Indexes> = {
  blocks: (r, t) => [
    t.bold(`DAM indexes ${r.zone} ${r.month} (UAH/MWh)`) + t.dim(` · ${r.source}`),
    {
      table: {
        head: ['Date', 'Base', 'Peak', 'Off-peak', 'Min', 'Max', 'Weighted'],
        rows: Object.values(r.data).map((d) => [d.tradeDate, ...[d.baseIndexUahMwh, d.peakIndexUahMwh, d.offPeakIndexUahMwh, d.minPriceUahMwh, d.maxPriceUahMwh, d.weightedAverageUahMwh].map((v) => t.money(v, 2, 'en'))]),
        right: [1, 2, 3, 4, 5, 6],
      },
    },
  ],
  csv: {
    rows: (r) => Object.values(r.data).map((d) => ({ date: d.tradeDate, base: d.baseIndexUahMwh, peak: d.peakIndexUahMwh, off_peak: d.offPeakIndexUahMwh, min: d.minPriceUahMwh, max: d.maxPriceUahMwh, weighted: d.weightedAverageUahMwh })),
  },
};

export const resultsView: DocView<Results> = {
  blocks: (r, t) => {
    const d = r.data;
    const mwh = (v: number) => t.money(v, 1, 'en');
    return [
      t.bold(`${d.market} trading results ${d.tradeDate}`) + t.dim(` · ${r.source}`),
      {
        table: {
          head: ['Hour', 'Price', 'Sale MWh', 'Purchase MWh', 'Declared sale', 'Declared purchase'],
          rows: d.hours.map((h) => [String(h.hour).padStart(2, '0'), t.money(h.priceUahMwh, 2, 'en'), mwh(h.sellVolumeMwh), mwh(h.buyVolumeMwh), mwh(h.declaredSellVolumeMwh), mwh(h.declaredBuyVolumeMwh)]),
          right: [1, 2, 3, 4, 5],
        },
      },
      `Sold ${mwh(d.totalSellVolumeMwh)} MWh, bought ${mwh(d.totalBuyVolumeMwh)} MWh; weighted average ${t.money(d.weightedAveragePriceUahMwh, 2, 'en')} UAH/MWh.`,
    ];
  },
  csv: {
    rows: ({ data: d }) => d.hours.map((h) => ({ date: d.tradeDate, hour: h.hour, price_uah_mwh: h.priceUahMwh, sell_mwh: h.sellVolumeMwh, buy_mwh: h.buyVolumeMwh, declared_sell_mwh: h.declaredSellVolumeMwh, declared_buy_mwh: h.declaredBuyVolumeMwh })),
  },
};

/** Nothing on stdout while the feed is off (the reason is said on stderr); the CSV has its header alone then. */
export const exchView: DocView<Exch> = {
  blocks: (r, t) => (r.available
    ? [
      t.bold('BCM BASE indexes, IPS') + t.dim(` · ${r.source}`),
      { table: { head: ['Period', 'Type', 'Delivery', 'UAH/MWh'], rows: r.data.map((d) => [d.period, d.periodType, d.deliveryKey, t.money(d.valueUahMwh, 2, 'en')]), right: [3] } },
    ]
    : []),
  csv: {
    rows: (r) => r.data.map((d) => ({ period: d.period, period_type: d.periodType, delivery_key: d.deliveryKey, value_uah_mwh: d.valueUahMwh })),
    columns: ['period', 'period_type', 'delivery_key', 'value_uah_mwh'],
  },
};

/** A row of a long CSV price book (`date,hour,price_uah_mwh`; a clock-change day's hour = period − 1). */
export interface LongCsvRow {
  date: string;
  hour: number;
  price_uah_mwh: number;
}

interface Fetched {
  market: string;
  months: readonly { month: string; status: string; days: number; fetchedAt: string | null; reason?: string | undefined; message?: string | undefined }[];
  prices?: readonly LongCsvRow[] | undefined;
}

/** `svc prices fetch`'s long CSV (stdout with --format csv, or the -o file): prices with two decimals. */
export const fetchedRows = (r: Fetched): object[] => (r.prices ?? []).map((p) => ({ ...p, price_uah_mwh: p.price_uah_mwh.toFixed(2) }));
export const FETCHED_COLUMNS = ['date', 'hour', 'price_uah_mwh'];

/** Each month that failed or fell back to the fixtures, said on stderr. */
export function fetchRemarks(r: Fetched): Remark[] {
  return r.months.flatMap((s): Remark[] => {
    if (s.status === 'failed') return [{ warn: `${s.month}: failed — ${s.reason}: ${s.message}` }];
    if (s.status !== 'fallback') return [];
    return [s.reason ? { warn: `${s.month}: the operator failed (${s.reason}: ${s.message}); shipped fixture data used` } : { info: `${s.month}: shipped fixture data (SVC_MARKET_DATA=fixture)` }];
  });
}

export const fetchView: DocView<Fetched> = {
  blocks: (r) => [{
    table: {
      head: ['Month', 'Status', 'Days', 'Fetched at', 'Note'],
      rows: r.months.map((s) => [s.month, s.status, String(s.days), s.fetchedAt ?? '—', s.reason ?? (s.status === 'fallback' ? 'fixture' : '')]),
      right: [2],
    },
  }],
  csv: { rows: fetchedRows, columns: FETCHED_COLUMNS },
};
