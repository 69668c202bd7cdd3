/**
 * Members on the caps (lear.ts LearMember.space): the prices a member's window reads, each as its
 * position inside the caps in force at its hour, u = (p − floor)/(max cap − floor) (series.ts
 * CapBand); lear.ts forecastMember maps the forecast of u back with the forecast day's caps.
 */
import { H, type CapBand, type DailySeries } from './series.js';

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
