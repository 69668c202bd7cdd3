/**
 * Where GET /api/forecast gets its price history: ONE function, so that switching to the
 * market-data cache (issue 12) changes this file only. Today it reads the book configured by
 * SVC_FORECAST_BOOK, else the DAM fixture shipped with svc (01.01.2022 – 31.12.2024).
 */
import { fileURLToPath } from 'node:url';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { PriceBook } from '../domain/prices.js';
import type { OpContext } from './types.js';

export const SHIPPED_DAM_BOOK = fileURLToPath(new URL('../../fixtures/oree-dam-ips-2022-2024.csv', import.meta.url));

export interface ForecastHistory {
  book: PriceBook;
  /** Where it came from, without any server path (`fixture:<file>` or `book:<file name>` today, the cache's name later). */
  source: string;
  /** true when it is the shipped fixture rather than configured or live data (freshness `fallback`). */
  fallback: boolean;
}

const cache = new Map<string, { mtimeMs: number; size: number; book: Promise<PriceBook> }>();

/** Prices before and in `month` for `market`; null when svc has no history for that market. */
export async function forecastHistory(ctx: OpContext, market: string, month: string): Promise<ForecastHistory | null> {
  void month; // a book holds every month; the cache will read only what the month needs
  if (market !== 'DAM') return null;
  const path = ctx.config.forecastBook ?? SHIPPED_DAM_BOOK;
  const st = await stat(path);
  let hit = cache.get(path);
  if (!hit || hit.mtimeMs !== st.mtimeMs || hit.size !== st.size) {
    const book = import('../data/load.js').then(async ({ loadPriceBook }) => (await loadPriceBook(path, { source: path })).book);
    hit = { mtimeMs: st.mtimeMs, size: st.size, book };
    cache.set(path, hit);
    book.catch(() => cache.delete(path));
  }
  const fallback = ctx.config.forecastBook === undefined;
  return { book: await hit.book, source: `${fallback ? 'fixture' : 'book'}:${basename(path)}`, fallback };
}
