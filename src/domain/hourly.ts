/** Hour-indexed price arrays (no schema library: cheap to load on the CLI's hot path). */

export const HOURS_PER_DAY = 24;

/** One hour's price: the shape of `PricePoint` (./prices.ts), restated so this file imports no schema and no circle. */
interface HourPrice {
  hour: number;
  priceUahMwh: number;
}

/** The 24 prices of a day indexed by hour. */
export function hourlyPrices(day: readonly HourPrice[]): number[] {
  const out = new Array<number>(HOURS_PER_DAY).fill(0);
  for (const p of day) out[p.hour] = p.priceUahMwh;
  return out;
}

/** A PriceDay in hour order from 24 prices. */
export function toPriceDay(prices: readonly number[]): HourPrice[] {
  return prices.map((priceUahMwh, hour) => ({ hour, priceUahMwh }));
}
