/** Conventions of the spec: dates, months, locales, markets, ids, timestamps. */
import { z } from 'zod';

import { MONTH_PATTERN, TRADE_DATE_PATTERN, parseTradeDate } from './dates.js';

export * from './dates.js';

/** A real calendar date in DD.MM.YYYY. */
export const TradeDate = z
  .string()
  .regex(TRADE_DATE_PATTERN, 'expected a date DD.MM.YYYY')
  .refine((v) => parseTradeDate(v) !== null, { message: 'not a real calendar date' });
export type TradeDate = z.infer<typeof TradeDate>;

export const Month = z
  .string()
  .regex(MONTH_PATTERN, 'expected a month MM.YYYY')
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
