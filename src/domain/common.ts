/** Conventions of the spec: dates, months, locales, markets, ids, timestamps. */
import { z } from 'zod';

export const TRADE_DATE_PATTERN = /^\d{2}\.\d{2}\.\d{4}$/;
export const MONTH_PATTERN = /^\d{2}\.\d{4}$/;

/** Parses DD.MM.YYYY into its parts when it names a real calendar date, else null. */
export function parseTradeDate(value: string): { day: number; month: number; year: number } | null {
  if (!TRADE_DATE_PATTERN.test(value)) return null;
  const day = Number(value.slice(0, 2));
  const month = Number(value.slice(3, 5));
  const year = Number(value.slice(6, 10));
  if (month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return { day, month, year };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Sort key YYYYMMDD for a valid DD.MM.YYYY date. */
export function tradeDateKey(value: string): number {
  return Number(value.slice(6, 10)) * 10_000 + Number(value.slice(3, 5)) * 100 + Number(value.slice(0, 2));
}

export function compareTradeDates(a: string, b: string): number {
  return tradeDateKey(a) - tradeDateKey(b);
}

/** DD.MM.YYYY of a UTC calendar date. */
export function formatTradeDate(date: Date): string {
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}.${mm}.${date.getUTCFullYear()}`;
}

/** The day after a DD.MM.YYYY date. */
export function nextTradeDate(value: string): string {
  const p = parseTradeDate(value);
  if (!p) throw new RangeError(`not a trade date: ${value}`);
  return formatTradeDate(new Date(Date.UTC(p.year, p.month - 1, p.day + 1)));
}

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
