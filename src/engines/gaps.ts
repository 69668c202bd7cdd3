/**
 * The calendar days a multi-day result lacks inside its range (no schema library: `svc prices
 * stats` uses it at every start). Pure: dates in, dates out.
 */
import { compareTradeDates, nextTradeDate, sortTradeDates, tradeDateKey } from '../domain/dates.js';

export interface GapReport {
  from: string | null;
  to: string | null;
  calendarDays: number;
  daysWithPrices: number;
  missingDays: number;
  /** Missing dates, ascending. */
  missing: string[];
}

/** Calendar days inside [from, to] (inclusive) that `dates` lacks; [from, to] default to the first and last date. */
export function gapReport(dates: readonly string[], range: { from?: string | undefined; to?: string | undefined } = {}): GapReport {
  const sorted = sortTradeDates(dates);
  const from = range.from ?? sorted[0] ?? null;
  const to = range.to ?? sorted[sorted.length - 1] ?? null;
  if (from === null || to === null || compareTradeDates(from, to) > 0) return { from, to, calendarDays: 0, daysWithPrices: 0, missingDays: 0, missing: [] };
  const present = new Set(sorted);
  const missing: string[] = [];
  let calendarDays = 0;
  let daysWithPrices = 0;
  const last = tradeDateKey(to);
  for (let d = from; tradeDateKey(d) <= last; d = nextTradeDate(d)) {
    calendarDays += 1;
    if (present.has(d)) daysWithPrices += 1;
    else missing.push(d);
  }
  return { from, to, calendarDays, daysWithPrices, missingDays: missing.length, missing };
}
