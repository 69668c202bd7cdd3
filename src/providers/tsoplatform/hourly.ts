/**
 * Points of any resolution -> Kyiv hourly values and daily means. Sub-hourly values (15-minute
 * prices, 30-minute load) are averaged over the quarter/half hours present in the hour: for MW and
 * EUR/MWh the hourly value is the mean, not the sum. A day mean is the mean of its hourly values.
 */
import type { SeriesPoint } from './parse.js';
import { kyivSlot } from './time.js';

export interface HourValue {
  tradeDate: string;
  hour: number;
  period: number;
  utcStart: string;
  value: number;
}

const HOUR = 3_600_000;

export function toKyivHours(points: readonly SeriesPoint[]): HourValue[] {
  const sums = new Map<number, { sum: number; n: number }>();
  for (const p of points) {
    const hourStart = Math.floor(p.startMs / HOUR) * HOUR;
    // A point longer than an hour (P1D) spreads over every hour it covers.
    const span = Math.max(1, Math.round(p.minutes / 60));
    for (let k = 0; k < span; k++) {
      const at = hourStart + k * HOUR;
      const acc = sums.get(at) ?? { sum: 0, n: 0 };
      acc.sum += p.value;
      acc.n += 1;
      sums.set(at, acc);
    }
  }
  return [...sums.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([at, { sum, n }]) => ({ ...kyivSlot(at), utcStart: new Date(at).toISOString(), value: sum / n }));
}

export function dailyMeans(hours: readonly HourValue[]): { tradeDate: string; value: number; hours: number }[] {
  const byDay = new Map<string, { sum: number; n: number }>();
  for (const h of hours) {
    const acc = byDay.get(h.tradeDate) ?? { sum: 0, n: 0 };
    acc.sum += h.value;
    acc.n += 1;
    byDay.set(h.tradeDate, acc);
  }
  return [...byDay.entries()].map(([tradeDate, { sum, n }]) => ({ tradeDate, value: sum / n, hours: n }));
}
