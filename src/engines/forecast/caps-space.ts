/**
 * Members on the caps (lear.ts LearMember.space): the prices a member's window reads, each as its
 * position inside the caps in force at its hour, u = (p − floor)/(max cap − floor) (series.ts
 * CapBand); lear.ts forecastMember maps the forecast of u back with the forecast day's caps.
 */
import { H, type CapBand, type DailySeries } from './series.js';

/** The band a member on the caps reads for day t, or null where it is left out (no band, or t before it starts). */
export const bandAt = (s: DailySeries, t: number): CapBand | null => (s.caps !== undefined && t >= s.caps.from ? s.caps : null);

/** Where inCaps writes: a buffer the size of the series' prices, kept between calls (lear.ts LearScratch). */
export interface CapsBuffer {
  inCaps: Float64Array | null;
}

/**
 * The series as member m on the caps reads it for day t: every price its window and lags read
 * (days t − window .. t − 1) replaced by its position inside that hour's caps, in k's buffer.
 */
export function inCaps(s: DailySeries, band: CapBand, t: number, window: number, k: CapsBuffer): DailySeries {
  if (k.inCaps?.length !== s.price.length) k.inCaps = new Float64Array(s.price.length);
  const price = k.inCaps;
  for (let i = Math.max(0, t - window) * H, e = t * H; i < e; i++) {
    const lo = band.lo[i] as number;
    price[i] = ((s.price[i] as number) - lo) / ((band.hi[i] as number) - lo);
  }
  return { ...s, price };
}

/** A member's forecast of day t's positions inside the caps, in `out`, mapped back to prices with t's caps (inCaps' inverse). */
export function fromCaps(band: CapBand, t: number, out: Float64Array): void {
  for (let h = 0; h < H; h++) {
    const lo = band.lo[t * H + h] as number;
    out[h] = lo + (out[h] as number) * ((band.hi[t * H + h] as number) - lo);
  }
}
