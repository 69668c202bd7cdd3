/**
 * What the three report operations share: the language, where the prices come from (a book the
 * caller sends, or the market operator's DAM prices through the cache), the settings as flat query
 * fields (one per settings field, from SETTINGS_FIELDS), and the page's answer shape.
 */
import { checkRangeOrder } from '../../domain/range-order.js';
import { z } from 'zod';
import { TradeDate } from '../../domain/common.js';
import { PriceBook } from '../../domain/prices.js';
import { BOUNDS, rangeText } from '../../domain/bounds.js';
import { BESS_SETTING_KEYS, SETTINGS_FIELDS, type SettingsGroup } from '../../domain/settings-fields.js';
import { DEFAULT_BESS_SETTINGS, DEFAULT_TRADING_SETTINGS } from '../../domain/defaults.js';
import { addMonths, compareTradeDates, monthsBetween } from '../../domain/dates.js';
import { SvcError } from '../../domain/errors.js';
import { HTTP_CSP } from '../../report/page.js';
import type { HttpBinding, OpContext } from '../types.js';
import { invoke } from '../invoke.js';
import { mktopPrices } from '../market/mktop.js';
import { mktopFallbackReason } from '../market/mktop-fallback.js';

export const ReportLang = z.enum(['en', 'uk']).default('en').describe('Language of the report: en or uk');

/** The prices: a book (the CLI's file), else the operator's DAM prices of the range. */
export const reportSourceFields = {
  priceBook: PriceBook.optional().describe('The prices (CLI: the book file). Not sent over HTTP: absent, the market operator’s DAM prices of the range are read through the cache'),
  source: z.string().min(1).max(200).optional().describe('Where priceBook came from (a file name), shown as the data source'),
  leftOut: z
    .array(z.strictObject({ date: TradeDate, reason: z.enum(['dst', 'invalid']) }))
    .max(5000)
    .optional()
    .describe('Days the reader of priceBook left out (clock-change days, invalid rows), named among the gaps'),
};

/** One optional query field per setting (strings from a query are read as numbers), within its documented range. */
function settingField(key: keyof typeof BOUNDS): z.ZodOptional<z.ZodCoercedNumber> {
  const b: { min: number; max: number; integer?: boolean } = BOUNDS[key];
  const message = `must be ${rangeText(key)}`;
  const n = z.coerce.number().min(b.min, message).max(b.max, message);
  return (b.integer ? n.int(message) : n).optional();
}
type SettingKey = keyof typeof DEFAULT_TRADING_SETTINGS | keyof typeof DEFAULT_BESS_SETTINGS;
export const settingsQueryFields = Object.fromEntries(SETTINGS_FIELDS.map((f) => [f.key, settingField(f.key).describe(`${f.what} (default ${f.default}; ${f.range})`)])) as { [K in SettingKey]: z.ZodOptional<z.ZodCoercedNumber> };

/** Both settings records: the defaults, overridden by the fields given. */
export function settingsOf(input: Record<string, unknown>): Record<SettingsGroup, Record<string, number>> {
  const out: Record<SettingsGroup, Record<string, number>> = { strategySettings: { ...DEFAULT_TRADING_SETTINGS }, bessSettings: { ...DEFAULT_BESS_SETTINGS } };
  for (const f of SETTINGS_FIELDS) {
    const v = input[f.key];
    // A key in both records (lotMwh) is the battery's here.
    if (typeof v === 'number' && (f.group === 'bessSettings' || !BESS_SETTING_KEYS.has(f.key))) out[f.group][f.key] = v;
  }
  return out;
}

export const ReportResponse = z.strictObject({
  /** The whole page: one self-contained HTML file. */
  html: z.string(),
  /** The Content-Security-Policy the page needs (also in its meta element); `svc serve` sends it as a header. */
  contentSecurityPolicy: z.string(),
  /** The headline figures, keyed by their path in the operation output they come from, exactly as shown. */
  figures: z.array(z.strictObject({ key: z.string(), value: z.union([z.number(), z.string(), z.null()]) })),
});
export type ReportResponse = z.infer<typeof ReportResponse>;

/** The HTTP binding of a report: GET with query fields, answered as text/html with the report's CSP. */
export function reportHttp(path: string): HttpBinding {
  return {
    method: 'GET',
    path,
    inputFrom: 'query',
    successStatus: 200,
    errors: [400, 401, 403, 429, 502],
    media: { type: 'text/html; charset=utf-8', bodyOf: (output) => (output as ReportResponse).html },
    headersOf: () => ({ 'content-security-policy': HTTP_CSP }),
    headerDocs: { 'content-security-policy': 'The page loads nothing: default-src \'none\', only its own inline style (by SHA-256), no framing.' },
  };
}

export interface ResolvedPrices {
  book: PriceBook;
  source: string;
  freshness: string[];
  leftOut: Map<string, 'dst' | 'invalid'>;
  /** The operator's months (MM.YYYY) svc served from its shipped copy, with why (mktop-fallback.ts); empty for a caller's book. */
  fallbacks?: Map<string, string>;
}

/**
 * The prices of from..to (and `lookBackMonths` months before from): the caller's book, or the
 * operator's DAM months through `mktop.prices` (each month's freshness kept for the provenance).
 * A month of the range that cannot be read fails the report; a look-back month only shortens it.
 */
export async function resolvePrices(ctx: OpContext, input: { priceBook?: PriceBook | undefined; source?: string | undefined; leftOut?: { date: string; reason: 'dst' | 'invalid' }[] | undefined }, from: string, to: string, lookBackMonths = 0): Promise<ResolvedPrices> {
  const leftOut = new Map((input.leftOut ?? []).map((d) => [d.date, d.reason] as const));
  if (input.priceBook) return { book: input.priceBook, source: input.source ?? 'price book', freshness: [], leftOut };
  checkRangeOrder(from, to);
  const book: PriceBook = {};
  const freshness: string[] = [];
  const months = monthsBetween(from.slice(3), to.slice(3));
  if (months.length > 60) throw SvcError.validation('a report reads at most 60 months of operator prices', [{ path: 'from', message: 'range over 60 months' }]);
  let fixture = false;
  const fallbacks = new Map<string, string>();
  for (const month of [...monthsBetween(addMonths(from.slice(3), -lookBackMonths), from.slice(3)).slice(0, -1), ...months]) {
    let r;
    try {
      r = await invoke(mktopPrices, ctx, { month, market: 'DAM' });
    } catch (error) {
      if (months.includes(month)) throw error;
      freshness.push(`${month}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    Object.assign(book, r.data);
    for (const d of r.dst.days) leftOut.set(d.date, 'dst');
    const f = r.freshness;
    fixture ||= f.source === 'fixture';
    const fallback = mktopFallbackReason(month, f);
    if (fallback !== undefined) fallbacks.set(month, fallback);
    freshness.push(`${month}: ${f.status} (${f.source}${f.fetchedAt ? `, ${f.fetchedAt}` : ''})${f.upstreamError ? `, ${f.upstreamError.reason}` : ''}`);
  }
  return { book, source: fixture ? 'mktop (with shipped fixtures)' : 'mktop', freshness, leftOut, fallbacks };
}

/** The days of a book within from..to, and those before from (history for forecasts). */
export function splitBook(book: PriceBook, from: string, to: string): { inRange: PriceBook; before: PriceBook } {
  const inRange: PriceBook = {};
  const before: PriceBook = {};
  for (const [d, day] of Object.entries(book)) {
    if (compareTradeDates(d, from) < 0) before[d] = day;
    else if (compareTradeDates(d, to) <= 0) inRange[d] = day;
  }
  return { inRange, before };
}
