/**
 * `planOn: "forecast"` for the plan, BESS and backtest operations: the schedule is chosen on the
 * p50 day-ahead forecast made from the days before the trade date (the forecast engine, DAM caps)
 * and settled at the actual prices; the perfect-foresight optimum is reported beside it.
 */
import { z } from 'zod';
import { calendarDayOf } from '../domain/dates.js';
import { SvcError } from '../domain/errors.js';
import type { PriceBook, PriceDay } from '../domain/prices.js';
import { loadCapsTableSync } from '../data/caps.js';
import { MIN_HISTORY_DAYS, p50ForDates } from './forecast-model.js';

export const PlanOn = z.enum(['actual', 'forecast']);

export const PlanSettlement = z.strictObject({
  planOn: z.literal('forecast'),
  /** The p50 forecast the plan was chosen on (UAH/MWh, hours 0..23). */
  forecastP50: z.array(z.number()).length(24),
  realisedPnlUah: z.number(),
  perfectForesightPnlUah: z.number(),
  captureRatio: z.number().nullable(),
});

export const ForecastPlansSummary = z.strictObject({
  days: z.number().int(),
  /** Days of the range without enough history before them to forecast (left out of these totals). */
  skippedDays: z.array(z.string()),
  monthly: z.array(
    z.strictObject({ month: z.string(), days: z.number().int(), realisedPnlUah: z.number(), perfectForesightPnlUah: z.number(), captureRatio: z.number().nullable() }),
  ),
});

/** p50 forecasts of `dates` from `history` (plus `extra` days), each from the days before it. */
export function forecastsFor(history: PriceBook, dates: readonly string[]): Promise<Map<string, number[]>> {
  return p50ForDates(history, dates, loadCapsTableSync());
}

/** The p50 forecast of one trade date, or a 400 saying the history is too short. */
export async function forecastForDay(sentDate: string, prices: PriceDay, history: PriceBook | undefined): Promise<number[]> {
  // Bodies take any string for tradeDate; a forecast needs the calendar day (DD.MM.YYYY or YYYY-MM-DD).
  const tradeDate = calendarDayOf(sentDate);
  if (tradeDate === null) {
    throw SvcError.validation('planOn forecast: tradeDate must name a calendar day (DD.MM.YYYY or YYYY-MM-DD) to forecast it', [
      { path: 'tradeDate', message: 'not a recognisable day' },
    ]);
  }
  const book: PriceBook = { ...(history ?? {}), [tradeDate]: prices };
  const p50 = (await forecastsFor(book, [tradeDate])).get(tradeDate);
  if (!p50) {
    throw SvcError.validation(
      `planOn forecast: not enough price history before ${tradeDate} to forecast it: the shortest calibration window needs the ${MIN_HISTORY_DAYS} days before it (a book that reaches back that far; over HTTP, \`history\`)`,
      [{ path: 'history', message: 'too short to forecast the trade date' }],
      'insufficient_history',
    );
  }
  return p50;
}
