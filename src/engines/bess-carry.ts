/**
 * The carry-over gain of a backtest: the battery planned day by day (each day from
 * initialSocMwh back to its end rule, as planBess does) against the rolling plan that carries the
 * state of charge from one day into the next (bess-horizon.ts planBessRolling: D planned with D+1
 * in view), on the same settings and the same days, summed by calendar month. A gap in the book
 * restarts the rolling plan at initialSocMwh. Both figures are cash (netProfitUah); the run's
 * last day ends at the end rule in both, so over a run without gaps they are comparable.
 */
import { compareMonths, compareTradeDates } from '../domain/dates.js';
import { hourlyPrices } from '../domain/hourly.js';
import type { PriceBook } from '../domain/prices.js';
import type { BessSettings } from '../domain/settings.js';
import { planBess } from './bess.js';
import { planBessRolling } from './bess-horizon.js';

export interface BessCarryMonth {
  month: string;
  days: number;
  dayByDayUah: number;
  carriedUah: number;
  carryOverGainUah: number;
}

const dayNumber = (date: string): number => Date.UTC(Number(date.slice(6, 10)), Number(date.slice(3, 5)) - 1, Number(date.slice(0, 2))) / 86_400_000;

/** Day-by-day vs carried battery cash per month over the book's days (months ascending, then `all`). */
export function bessCarryOverByMonth(book: PriceBook, bess: BessSettings): BessCarryMonth[] {
  const dates = Object.keys(book).sort(compareTradeDates);
  const run = dates.map((date, i) => ({
    prices: hourlyPrices(book[date] ?? []),
    consecutive: i > 0 && dayNumber(date) - dayNumber(dates[i - 1] as string) === 1,
  }));
  const carried = planBessRolling(run, bess);
  const byMonth = new Map<string, BessCarryMonth>();
  const all: BessCarryMonth = { month: 'all', days: 0, dayByDayUah: 0, carriedUah: 0, carryOverGainUah: 0 };
  dates.forEach((date, i) => {
    const month = date.slice(3);
    let row = byMonth.get(month);
    if (!row) byMonth.set(month, (row = { month, days: 0, dayByDayUah: 0, carriedUah: 0, carryOverGainUah: 0 }));
    const alone = planBess(run[i]?.prices ?? [], bess).netProfitUah;
    const rolled = carried[i]?.netProfitUah ?? 0;
    for (const r of [row, all]) {
      r.days += 1;
      r.dayByDayUah += alone;
      r.carriedUah += rolled;
      r.carryOverGainUah += rolled - alone;
    }
  });
  return [...[...byMonth.values()].sort((a, b) => compareMonths(a.month, b.month)), all];
}
