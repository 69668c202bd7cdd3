/**
 * UTC instants -> Kyiv trade days and periods. Kyiv is UTC+2, UTC+3 between 01:00 UTC of the last
 * Sunday of March and 01:00 UTC of the last Sunday of October (the EU rule, see src/data/dst.ts).
 * A spring day has 23 periods, an autumn day 25; `period` counts them 1..N, `hour` is the local
 * clock hour of the period's start (on the autumn day hour 3 occurs twice).
 */
import { lastSundayOfMonth } from '../../data/dst.js';

const HOUR = 3_600_000;

export function kyivOffsetHours(utcMs: number): 2 | 3 {
  const year = new Date(utcMs).getUTCFullYear();
  const start = Date.UTC(year, 2, lastSundayOfMonth(year, 3), 1);
  const end = Date.UTC(year, 9, lastSundayOfMonth(year, 10), 1);
  return utcMs >= start && utcMs < end ? 3 : 2;
}

const pad = (n: number): string => String(n).padStart(2, '0');

export interface KyivSlot {
  tradeDate: string;
  hour: number;
  period: number;
}

/** UTC start of a Kyiv trade day (DD.MM.YYYY), in ms. */
export function kyivDayStartUtc(tradeDate: string): number {
  const [d, m, y] = tradeDate.split('.').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d) - 2 * HOUR;
  // Midnight never falls inside a transition (01:00 UTC), so the offset at guess-1h is the day's.
  return Date.UTC(y, m - 1, d) - kyivOffsetHours(guess - HOUR) * HOUR;
}

export function kyivPeriods(tradeDate: string): number {
  const start = kyivDayStartUtc(tradeDate);
  const [d, m, y] = tradeDate.split('.').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  const nextDate = `${pad(next.getUTCDate())}.${pad(next.getUTCMonth() + 1)}.${next.getUTCFullYear()}`;
  return Math.round((kyivDayStartUtc(nextDate) - start) / HOUR);
}

/** The Kyiv trade day, local hour and period (1-based) of the hour starting at utcMs. */
export function kyivSlot(utcMs: number): KyivSlot {
  const local = new Date(utcMs + kyivOffsetHours(utcMs) * HOUR);
  const tradeDate = `${pad(local.getUTCDate())}.${pad(local.getUTCMonth() + 1)}.${local.getUTCFullYear()}`;
  const period = Math.floor((utcMs - kyivDayStartUtc(tradeDate)) / HOUR) + 1;
  return { tradeDate, hour: local.getUTCHours(), period };
}

/** Trade dates from..to inclusive (DD.MM.YYYY). */
export function tradeDatesBetween(from: string, to: string): string[] {
  const toMs = (s: string): number => {
    const [d, m, y] = s.split('.').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  const out: string[] = [];
  for (let t = toMs(from); t <= toMs(to); t += 24 * HOUR) {
    const x = new Date(t);
    out.push(`${pad(x.getUTCDate())}.${pad(x.getUTCMonth() + 1)}.${x.getUTCFullYear()}`);
  }
  return out;
}

/** Platform period parameter form yyyyMMddHHmm (UTC). */
export function platformStamp(utcMs: number): string {
  const x = new Date(utcMs);
  return `${x.getUTCFullYear()}${pad(x.getUTCMonth() + 1)}${pad(x.getUTCDate())}${pad(x.getUTCHours())}${pad(x.getUTCMinutes())}`;
}
