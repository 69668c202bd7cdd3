/**
 * How `svc indexes`, `svc results` and `svc exch indexes` draw the market-data reads (the `cli`
 * bindings of mktop.indexes, mktop.tradingResults and exch.electricityIndexes): a title naming
 * where the data came from, a table of figures in the table language (`--lang`: labels and
 * number grouping, one dictionary per view), the freshness line on stderr before the output in
 * every format, and CSV rows with the raw figures.
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

/** `Price, UAH/MWh`: a header with its unit (house style); price headers wrap after the comma. */
const withUnit = (name: string, unit: string): string => `${name}, ${unit}`;
/** Each header with a unit wrapped after its comma: the name on one line, the unit under it. */
const wrapUnits = (head: readonly string[]): (number | undefined)[] => head.map((h) => {
  const comma = h.lastIndexOf(', ');
  return comma === -1 ? undefined : Math.max(comma + 1, h.length - comma - 2);
});

/** `svc indexes`' words. */
const INDEXES = {
  en: { title: (zone: string, month: string) => `DAM indexes ${zone} ${month}`, unit: 'UAH/MWh', date: 'Date', base: 'Base', peak: 'Peak', offPeak: 'Off-peak', min: 'Min', max: 'Max', weighted: 'Weighted' },
  uk: { title: (zone: string, month: string) => `Індекси РДН ${zone} ${month}`, unit: 'грн/МВт·год', date: 'Дата', base: 'База', peak: 'Пік', offPeak: 'Позапік', min: 'Мін', max: 'Макс', weighted: 'Середньозважений' },
} as const;

/** `svc results`' words. */
const RESULTS = {
  en: {
    title: (market: string, date: string) => `${market} trading results ${date}`, unit: 'UAH/MWh', mwh: 'MWh', hour: 'Hour', price: 'Price', sale: 'Sale', purchase: 'Purchase', declaredSale: 'Declared sale', declaredPurchase: 'Declared purchase',
    totals: (sold: string, bought: string, avg: string) => `Sold ${sold} MWh, bought ${bought} MWh; weighted average ${avg} UAH/MWh.`,
  },
  uk: {
    title: (market: string, date: string) => `Результати торгів ${market === 'DAM' ? 'РДН' : market === 'IDM' ? 'ВДР' : market} ${date}`, unit: 'грн/МВт·год', mwh: 'МВт·год', hour: 'Година', price: 'Ціна', sale: 'Продаж', purchase: 'Купівля', declaredSale: 'Заявлений продаж', declaredPurchase: 'Заявлена купівля',
    totals: (sold: string, bought: string, avg: string) => `Продано ${sold} МВт·год, куплено ${bought} МВт·год; середньозважена ціна ${avg} грн/МВт·год.`,
  },
} as const;

/** `svc exch indexes`' words (its period labels are the op's, already in the table language). */
const EXCH = {
  en: { title: 'BCM BASE indexes, IPS', period: 'Period', type: 'Type', delivery: 'Delivery', unit: 'UAH/MWh' },
  uk: { title: 'Індекси BCM BASE, ОЕС', period: 'Період', type: 'Тип', delivery: 'Постачання', unit: 'грн/МВт·год' },
} as const;

/** `svc prices fetch`' words. */
const FETCH = {
  en: { month: 'Month', status: 'Status', days: 'Days', fetchedAt: 'Fetched at', note: 'Note', fixture: 'fixture' },
  uk: { month: 'Місяць', status: 'Стан', days: 'Днів', fetchedAt: 'Отримано', note: 'Примітка', fixture: 'вбудовані дані' },
} as const;

type Indexes = z.infer<typeof MktopIndexesResponse>;
type Results = z.infer<typeof MktopTradingResultsResponse>;
type Exch = z.infer<typeof ExchIndexesResponse>;

export const indexesView: DocView<Indexes> = {
  blocks: (r, t) => {
    const w = INDEXES[t.lang];
    const head = [w.date, ...[w.base, w.peak, w.offPeak, w.min, w.max, w.weighted].map((h) => withUnit(h, w.unit))];
    return [
      t.bold(w.title(r.zone, r.month)) + t.dim(` · ${r.source}`),
      {
        table: {
          head,
          rows: Object.values(r.data).map((d) => [d.tradeDate, ...[d.baseIndexUahMwh, d.peakIndexUahMwh, d.offPeakIndexUahMwh, d.minPriceUahMwh, d.maxPriceUahMwh, d.weightedAverageUahMwh].map((v) => t.money(v, 2))]),
          right: [1, 2, 3, 4, 5, 6],
          maxWidths: wrapUnits(head),
        },
      },
    ];
  },
  csv: {
    rows: (r) => Object.values(r.data).map((d) => ({ date: d.tradeDate, base: d.baseIndexUahMwh, peak: d.peakIndexUahMwh, off_peak: d.offPeakIndexUahMwh, min: d.minPriceUahMwh, max: d.maxPriceUahMwh, weighted: d.weightedAverageUahMwh })),
  },
};

export const resultsView: DocView<Results> = {
  blocks: (r, t) => {
    const d = r.data;
    const w = RESULTS[t.lang];
    const mwh = (v: number) => t.money(v, 1);
    const head = [w.hour, withUnit(w.price, w.unit), ...[w.sale, w.purchase, w.declaredSale, w.declaredPurchase].map((h) => withUnit(h, w.mwh))];
    return [
      t.bold(w.title(d.market, d.tradeDate)) + t.dim(` · ${r.source}`),
      {
        table: {
          head,
          rows: d.hours.map((h) => [String(h.hour).padStart(2, '0'), t.money(h.priceUahMwh, 2), mwh(h.sellVolumeMwh), mwh(h.buyVolumeMwh), mwh(h.declaredSellVolumeMwh), mwh(h.declaredBuyVolumeMwh)]),
          right: [1, 2, 3, 4, 5],
          maxWidths: wrapUnits(head),
        },
      },
      w.totals(mwh(d.totalSellVolumeMwh), mwh(d.totalBuyVolumeMwh), t.money(d.weightedAveragePriceUahMwh, 2)),
    ];
  },
  csv: {
    rows: ({ data: d }) => d.hours.map((h) => ({ date: d.tradeDate, hour: h.hour, price_uah_mwh: h.priceUahMwh, sell_mwh: h.sellVolumeMwh, buy_mwh: h.buyVolumeMwh, declared_sell_mwh: h.declaredSellVolumeMwh, declared_buy_mwh: h.declaredBuyVolumeMwh })),
  },
};

/** Nothing on stdout while the feed is off (the reason is said on stderr); the CSV has its header alone then. */
export const exchView: DocView<Exch> = {
  blocks: (r, t) => {
    if (!r.available) return [];
    const w = EXCH[t.lang];
    return [
      t.bold(w.title) + t.dim(` · ${r.source}`),
      { table: { head: [w.period, w.type, w.delivery, w.unit], rows: r.data.map((d) => [d.period, d.periodType, d.deliveryKey, t.money(d.valueUahMwh, 2)]), right: [3] } },
    ];
  },
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
  blocks: (r, t) => {
    const w = FETCH[t.lang];
    return [{
      table: {
        head: [w.month, w.status, w.days, w.fetchedAt, w.note],
        rows: r.months.map((s) => [s.month, s.status, String(s.days), s.fetchedAt ?? '—', s.reason ?? (s.status === 'fallback' ? w.fixture : '')]),
        right: [2],
      },
    }];
  },
  csv: { rows: fetchedRows, columns: FETCHED_COLUMNS },
};
