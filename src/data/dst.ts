/**
 * Clock changes of Europe/Kyiv, computed from the calendar.
 *
 * Ukraine follows the EU rule (Cabinet of Ministers resolution 509 of 13.05.1996): clocks go
 * forward at 03:00 on the last Sunday of March (a 23-period trade day) and back at 04:00 on the
 * last Sunday of October (a 25-period trade day). A PriceDay has exactly 24 points, so neither
 * day can be passed on as an ordinary day; readers skip or reject them (see docs/data.md).
 * The rule is applied to every year, without a time-zone database: it is pure and needs no clock.
 */
import { parseTradeDate } from '../domain/dates.js';

export type DstTransition = 'spring' | 'autumn';

/** Day of month of the last Sunday of a month (month 1..12). */
export function lastSundayOfMonth(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month, 0));
  return lastDay.getUTCDate() - lastDay.getUTCDay();
}

/**
 * 'spring' (23 periods), 'autumn' (25 periods) or null for an ordinary 24-period day.
 * Returns null for a string that is not a real DD.MM.YYYY date.
 */
export function kyivDstTransition(tradeDate: string): DstTransition | null {
  const d = parseTradeDate(tradeDate);
  return d ? kyivDstTransitionOf(d) : null;
}

/** The same for a date already parsed (the book builder parses each date once). */
export function kyivDstTransitionOf(d: { day: number; month: number; year: number }): DstTransition | null {
  if (d.month !== 3 && d.month !== 10) return null;
  if (d.day !== lastSundayOfMonth(d.year, d.month)) return null;
  return d.month === 3 ? 'spring' : 'autumn';
}

export function isKyivDstTransitionDay(tradeDate: string): boolean {
  return kyivDstTransition(tradeDate) !== null;
}

/** Number of settlement periods of a Kyiv trade day: 23, 24 or 25. */
export function kyivPeriodsInDay(tradeDate: string): 23 | 24 | 25 {
  const t = kyivDstTransition(tradeDate);
  return t === 'spring' ? 23 : t === 'autumn' ? 25 : 24;
}

/** Both transition days of a year, as DD.MM.YYYY. */
export function kyivDstTransitionDays(year: number): { spring: string; autumn: string } {
  const fmt = (day: number, month: number): string =>
    `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`;
  return { spring: fmt(lastSundayOfMonth(year, 3), 3), autumn: fmt(lastSundayOfMonth(year, 10), 10) };
}
