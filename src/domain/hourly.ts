/** Hour-indexed price arrays (no schema library: cheap to load on the CLI's hot path). */
import type { PricePoint, PriceDay } from './prices.js';

export const HOURS_PER_DAY = 24;

/** The 24 prices of a day indexed by hour. */
export function hourlyPrices(day: readonly PricePoint[]): number[] {
  const out = new Array<number>(HOURS_PER_DAY).fill(0);
  for (const p of day) out[p.hour] = p.priceUahMwh;
  return out;
}

/** A PriceDay in hour order from 24 prices. */
export function toPriceDay(prices: readonly number[]): PriceDay {
  return prices.map((priceUahMwh, hour) => ({ hour, priceUahMwh }));
}
