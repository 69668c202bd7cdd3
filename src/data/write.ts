/**
 * Writers for the three svc price-book formats. Each writes dates ascending and hours 0..23, and
 * writes every price with `String(price)`: the shortest text that reads back to the very same
 * double (ECMAScript Number::toString), so write-then-read is exact, without rounding. Readers
 * accept that syntax, including exponents such as `1e+21`.
 *
 * Output is LF-terminated UTF-8 without BOM. The long CSV can also carry clock-change days with
 * their own 23 or 25 settlement periods (hour = period − 1), which a 24-point PriceBook cannot.
 */
import { stringify } from 'csv-stringify/sync';
import { compareTradeDates, tradeDateKey } from '../domain/dates.js';
import { hourlyPrices } from '../domain/hourly.js';
import type { PriceBook } from '../domain/prices.js';
import { WIDE_HEADER } from './detect.js';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const numberText = (value: number): string => String(value);

function sortedDays(book: PriceBook): [string, number[]][] {
  return Object.keys(book)
    .sort(compareTradeDates)
    .map((date) => [date, hourlyPrices(book[date] ?? [])]);
}

/** The spec's PriceBook as JSON, one day per line so that diffs stay readable. */
export function writePriceBookJson(book: PriceBook): string {
  const days = sortedDays(book);
  if (days.length === 0) return '{}\n';
  const lines = days.map(([date, prices]) => {
    const points = prices.map((p, hour) => `{"hour":${hour},"priceUahMwh":${JSON.stringify(p)}}`);
    return `  ${JSON.stringify(date)}: [${points.join(',')}]`;
  });
  return `{\n${lines.join(',\n')}\n}\n`;
}

/** Long CSV: `date,hour,price_uah_mwh`, one row per hour. */
export function writeLongCsv(book: PriceBook, dstDays: readonly { date: string; periods: readonly number[] }[] = []): string {
  const records: (string | number)[][] = [];
  const extra = new Map(dstDays.map((d) => [d.date, d.periods]));
  const dates = [...sortedDays(book).map(([date]) => date), ...extra.keys()].sort((a, b) => tradeDateKey(a) - tradeDateKey(b));
  const byDate = new Map(sortedDays(book));
  for (const date of dates) {
    const periods = extra.get(date);
    // A clock-change day keeps its own settlement periods: hour = period - 1 (0..22, or 0..24).
    if (periods) periods.forEach((price, i) => records.push([date, i, price]));
    else {
      const prices = byDate.get(date) ?? [];
      for (const hour of HOURS) records.push([date, hour, prices[hour] ?? 0]);
    }
  }
  return stringify(records, { header: true, columns: ['date', 'hour', 'price_uah_mwh'], cast: { number: numberText }, record_delimiter: '\n' });
}

/** Wide CSV: `date,h0,...,h23`, one row per day. */
export function writeWideCsv(book: PriceBook): string {
  const records = sortedDays(book).map(([date, prices]) => [date, ...prices]);
  return stringify(records, { header: true, columns: WIDE_HEADER.slice(), cast: { number: numberText }, record_delimiter: '\n' });
}
