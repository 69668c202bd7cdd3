/**
 * The real 2022-2024 DAM prices as a PriceBook, read with a tiny parser so the engine tests do
 * not depend on src/data. Clock-change days (dst_days.csv) are skipped: they do not have 24
 * ordinary hours.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PriceBook, PricePoint } from '../../src/domain/prices.js';

/** Copies shipped in fixtures/ (provenance in fixtures/README.md): tests never need ../shared. */
export const REAL_PRICES_CSV = fileURLToPath(new URL('../../fixtures/oree-dam-ips-2022-2024.csv', import.meta.url));
export const REAL_DST_CSV = fileURLToPath(new URL('../../fixtures/oree-dam-dst-days-2022-2024.csv', import.meta.url));

let cached: { book: PriceBook; skipped: string[] } | undefined;

export function realBook(): { book: PriceBook; skipped: string[] } {
  if (cached) return cached;
  const dst = new Set(
    readFileSync(REAL_DST_CSV, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0] ?? ''),
  );
  const book: PriceBook = {};
  const skipped = new Set<string>();
  for (const line of readFileSync(REAL_PRICES_CSV, 'utf8').trim().split('\n').slice(1)) {
    const [date = '', hour = '', price = ''] = line.split(',');
    if (dst.has(date)) {
      skipped.add(date);
      continue;
    }
    const day: PricePoint[] = (book[date] ??= []);
    day.push({ hour: Number(hour), priceUahMwh: Number(price) });
  }
  cached = { book, skipped: [...skipped] };
  return cached;
}

/** A PriceDay from 24 prices by hour. */
export function day(prices: readonly number[]): PricePoint[] {
  if (prices.length !== 24) throw new Error(`need 24 prices, got ${prices.length}`);
  return prices.map((priceUahMwh, hour) => ({ hour, priceUahMwh }));
}

/** 24 prices at `base`, with some hours set. */
export function flatWith(base: number, set: Record<number, number> = {}): number[] {
  const out = new Array<number>(24).fill(base);
  for (const [h, p] of Object.entries(set)) out[Number(h)] = p;
  return out;
}
