/**
 * The zod contract of `prices.convert` (a lean op, prices-convert.ts) for the registry and `svc op`:
 * the same input as its lean validator. The CLI never loads this file; the build derives the
 * command's flags from it (`--to`'s choices).
 */
import { z } from 'zod';
import { BOUNDS } from '../../domain/bounds.js';
import { TradeDate } from '../../domain/common.js';
import { parseTradeDate } from '../../domain/dates.js';
import { HOURS_PER_DAY } from '../../domain/hourly.js';
import { CONVERT_FORMATS, clashOf, maxPeriods, notClockChange } from './prices-convert.js';

const Price = z.number().min(BOUNDS.priceUahMwh.min).max(BOUNDS.priceUahMwh.max);

export const PricesConvertRequest = z.strictObject({
  to: z.enum(CONVERT_FORMATS).describe('the format written: json (PriceBook) | csv (long: date,hour,price_uah_mwh) | wide (date,h0..h23)'),
  prices: z.record(TradeDate, z.array(Price).length(HOURS_PER_DAY)).describe('hourly prices (UAH/MWh, index = hour 0..23) keyed by trade date DD.MM.YYYY'),
  clockChangeDays: z
    .array(
      z
        .strictObject({ date: TradeDate.superRefine((date, ctx) => {
          // A date that is no real date has its issue already.
          const not = parseTradeDate(date) ? notClockChange(date) : undefined;
          if (not) ctx.addIssue({ code: 'custom', message: not });
        }), periods: z.array(Price).min(1).max(25) })
        .superRefine((day, ctx) => {
          // At most the day's own count: 23 in March, 25 in October.
          const most = maxPeriods(day.date);
          if (day.periods.length > most) ctx.addIssue({ code: 'custom', path: ['periods'], message: `expected 1..${most} prices` });
        }),
    )
    .optional()
    .describe('clock-change days (the last Sunday of March or October, Europe/Kyiv) with their own settlement periods, 1 up to the day\'s own count: 23 in March, 25 in October (hour = period − 1; a book may hold fewer than the day has), kept in long CSV only; a date not also a key of prices, listed once'),
}).superRefine((input, ctx) => {
  const dates = (input.clockChangeDays ?? []).map((d) => d.date);
  dates.forEach((date, i) => {
    const clash = clashOf(date, i, dates, input.prices);
    if (clash) ctx.addIssue({ code: 'custom', path: ['clockChangeDays', i, 'date'], message: clash });
  });
});

export const PricesConvertResponse = z.strictObject({
  to: z.enum(CONVERT_FORMATS),
  days: z.number().int(),
  clockChangeDays: z.number().int(),
  text: z.string(),
});

export const pricesConvertContract = { input: PricesConvertRequest, output: PricesConvertResponse };
