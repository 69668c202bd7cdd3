/**
 * Where GET /api/forecast gets its price history: ONE function (and `svc forecast mktop` its
 * operator half, mktopHistory).
 *
 * - SVC_FORECAST_BOOK set: that book (re-read when the file changes).
 * - Otherwise the market operator's prices through the market-data cache (docs/data.md): the
 *   month asked for and the one before it go through the cache-through read (fetched when due,
 *   stale copy or fixtures when the operator fails, as every read); the older months of the
 *   calibration span come from the cache only, else from the shipped fixtures (DAM 2022–2024),
 *   so a forecast never waits on two years of fetches. `svc prices fetch --from … --to …` (or the
 *   ingestion job) fills them.
 */
import { fileURLToPath } from 'node:url';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { addMonths, compareMonths, monthsBetween } from '../../domain/dates.js';
import type { PriceBook } from '../../domain/prices.js';
import { readMonthPrices, type MonthPrices } from '../../providers/mktop/reads.js';
import { mktopDeps, toBook } from '../market/market-data-shared.js';
import type { OpContext } from '../types.js';
import { HISTORY_DAYS } from './forecast-model.js';

export const SHIPPED_DAM_BOOK = fileURLToPath(new URL('../../fixtures/oree-dam-ips-2022-2024.csv', import.meta.url));

/** Months of history read before the forecast month: HISTORY_DAYS (the longest calibration window, the warm-up, the metric days), at 28 days a month. */
export const HISTORY_MONTHS = Math.ceil(HISTORY_DAYS / 28);

export interface ForecastHistory {
  book: PriceBook;
  /** Where it came from, without any server path (`mktop`, `fixture:<file>`, `book:<file name>`). */
  source: string;
  /** true when any of it is the shipped fixture rather than configured or live data (freshness `fallback`). */
  fallback: boolean;
  /** The recent months (the forecast month and the one before) that could not be read, and why. */
  unreadable?: { month: string; reason: string }[];
}

const cache = new Map<string, { mtimeMs: number; size: number; book: Promise<PriceBook> }>();

async function configuredBook(path: string): Promise<PriceBook> {
  const st = await stat(path);
  let hit = cache.get(path);
  if (!hit || hit.mtimeMs !== st.mtimeMs || hit.size !== st.size) {
    const book = import('../../data/load.js').then(async ({ loadPriceBook }) => (await loadPriceBook(path, { source: path })).book);
    hit = { mtimeMs: st.mtimeMs, size: st.size, book };
    cache.set(path, hit);
    book.catch(() => cache.delete(path));
  }
  return hit.book;
}

/** A month from the cache only (never the network), else the shipped fixtures, else null. */
async function storedMonth(ctx: OpContext, market: string, month: string): Promise<{ prices: MonthPrices; fixture: boolean } | null> {
  const deps = mktopDeps(ctx);
  if (deps.settings.mode !== 'fixture') {
    const store = await deps.cache().catch(() => undefined);
    const entry = await store?.get({ source: 'mktop', dataset: 'prices', market, zone: 'IPS', period: month }).catch(() => null);
    if (entry) return { prices: JSON.parse(entry.document) as MonthPrices, fixture: false };
  }
  const days = await deps.fixtures.prices(month, market, 'IPS');
  return days ? { prices: { month, market, zone: 'IPS', origin: 'fixture', days }, fixture: true } : null;
}

/**
 * Why there is no history for `month` when forecastHistory gave none: the market has prices
 * somewhere (the shipped fixtures) but not within the months a forecast of `month` reads —
 * `insufficient_history` before them, `month_after_history` after — or none at all.
 */
export async function whyNoHistory(ctx: OpContext, market: string, month: string): Promise<'no_history_for_market' | 'insufficient_history' | 'month_after_history'> {
  const span = await mktopDeps(ctx).fixtures.span?.(market, 'IPS');
  if (!span) return 'no_history_for_market';
  return compareMonths(month, span.first) < 0 ? 'insufficient_history' : 'month_after_history';
}

/** Prices before and in `month` for `market`; null when svc has no history for that market. */
export async function forecastHistory(ctx: OpContext, market: string, month: string): Promise<ForecastHistory | null> {
  if (ctx.config.forecastBook !== undefined) {
    if (market !== 'DAM') return null;
    return { book: await configuredBook(ctx.config.forecastBook), source: `book:${basename(ctx.config.forecastBook)}`, fallback: false };
  }
  return mktopHistory(ctx, market, month);
}

/**
 * The market operator's side of forecastHistory (also `svc forecast mktop`): the HISTORY_MONTHS
 * months before `month` and `month` itself, the last two through the cache-through read, the older
 * ones from the cache only, else the shipped fixtures; null when none of them has prices.
 */
export async function mktopHistory(ctx: OpContext, market: string, month: string): Promise<ForecastHistory | null> {
  const book: PriceBook = {};
  const unreadable: { month: string; reason: string }[] = [];
  let fallback = false;
  let found = 0;
  const recent = new Set([addMonths(month, -1), month]);
  for (const m of monthsBetween(addMonths(month, -HISTORY_MONTHS), month)) {
    let prices: MonthPrices | null = null;
    if (recent.has(m)) {
      try {
        const read = await readMonthPrices(mktopDeps(ctx), { month: m, market });
        prices = read.data;
        fallback ||= read.freshness.source === 'fixture';
      } catch (error) {
        prices = null; // nothing to serve for this month: the history simply ends earlier
        unreadable.push({ month: m, reason: error instanceof Error ? error.message : String(error) });
      }
    } else {
      const stored = await storedMonth(ctx, market, m);
      prices = stored?.prices ?? null;
      fallback ||= stored?.fixture ?? false;
    }
    if (!prices) continue;
    found += 1;
    Object.assign(book, toBook(prices).book);
  }
  if (found === 0) return null;
  return { book, source: fallback ? 'mktop (with shipped fixtures)' : 'mktop', fallback, ...(unreadable.length > 0 ? { unreadable } : {}) };
}
