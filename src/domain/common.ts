/** Conventions of the spec: dates, months, locales, markets, ids, timestamps. */
import { z } from 'zod';

import { MONTH_PATTERN, TRADE_DATE_PATTERN, parseTradeDate, withDateHint } from './dates.js';

export * from './dates.js';

/** A real calendar date in DD.MM.YYYY. */
export const TradeDate = z
  .string()
  // One issue, saying what to write (dateFormHint): "1.12.2024" is not also "not a real calendar date".
  .regex(TRADE_DATE_PATTERN, { error: (issue) => withDateHint('expected a date DD.MM.YYYY', issue.input), abort: true })
  .refine((v) => parseTradeDate(v) !== null, { error: (issue) => withDateHint('not a real calendar date', issue.input) });
export type TradeDate = z.infer<typeof TradeDate>;

/**
 * `tradeDate` in a request body: a plain string, as the spec's conventions give it (the DD.MM.YYYY
 * pattern is for query parameters). It is echoed as sent; an op that needs the calendar day reads
 * DD.MM.YYYY or ISO YYYY-MM-DD (calendarDayOf) and says in `tradeDay` when it could not.
 */
export const BodyTradeDate = z
  .string()
  .min(1)
  .max(40)
  .describe('Trade date, a plain string echoed as sent; DD.MM.YYYY or YYYY-MM-DD where the operation needs the calendar day.');

/** How an op read a body's tradeDate: the day (DD.MM.YYYY) or null, and what it left out for want of one. */
export const TradeDayReading = z
  .strictObject({
    day: z.string().nullable().describe('The calendar day read from tradeDate (DD.MM.YYYY), or null when the string is not a recognisable day.'),
    leftOut: z.array(z.string()).describe('What the answer left out because the day was not recognisable (e.g. `regulatorCaps`); empty when day is set.'),
  })
  .describe('svc extension: how tradeDate was read as a calendar day (DD.MM.YYYY or ISO YYYY-MM-DD).');
export type TradeDayReading = z.infer<typeof TradeDayReading>;

export const Month = z
  .string()
  // One issue when the form is wrong (`2024-12` is not also "month must be 01..12"), as TradeDate.
  .regex(MONTH_PATTERN, { error: 'expected a month MM.YYYY', abort: true })
  .refine((v) => {
    const m = Number(v.slice(0, 2));
    return m >= 1 && m <= 12;
  }, { message: 'month must be 01..12' });
export type Month = z.infer<typeof Month>;

export const Locale = z.enum(['uk', 'en']);
export type Locale = z.infer<typeof Locale>;

export const Market = z.enum(['DAM', 'IDM']);
export type Market = z.infer<typeof Market>;

export const Uuid = z.uuid();
export const IsoDateTime = z.iso.datetime({ offset: true });

/** Flat map of string / number / boolean values (audit metadata and similar). */
export const FlatScalarMap = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
export type FlatScalarMap = z.infer<typeof FlatScalarMap>;
