/**
 * Price statistics per day and over many days, in the market operator's index convention.
 *
 * Model: a day is 24 hourly DAM prices (UAH/MWh), hour h = delivery h:00-(h+1):00 Kyiv time.
 * Base = mean of the 24 hours; Peak = mean of hours 8..19 (08:00-20:00, 12 hours); OffPeak =
 * mean of the other 12 hours (00:00-08:00 and 20:00-24:00); min and max of the hourly prices.
 * This is the operator's own definition of its DAM indexes BASE / Peak / OffPeak (OREE notice of
 * 20.05.2021, https://www.oree.com.ua/index.php/newsctr/n/8985), applied to every day, weekends
 * included, as the operator publishes its daily index for every day. Means are plain arithmetic
 * means (not volume-weighted: the price book has no volumes).
 *
 * Over many days the total is the mean over all hours of all days (every day has 24 hours, so it
 * equals the mean of the daily values), with min and max over all hours. Nothing is rounded.
 * Pure: no clock, no I/O.
 */
import { sortTradeDates } from '../domain/dates.js';
import { SvcError } from '../domain/errors.js';

/** First and one-past-last peak hour: [8, 20). */
export const PEAK_FROM_HOUR = 8;
export const PEAK_TO_HOUR = 20;
export const PEAK_HOURS: readonly number[] = Array.from({ length: PEAK_TO_HOUR - PEAK_FROM_HOUR }, (_, i) => PEAK_FROM_HOUR + i);

export function isPeakHour(hour: number): boolean {
  return hour >= PEAK_FROM_HOUR && hour < PEAK_TO_HOUR;
}

export interface PriceStats {
  base: number;
  peak: number;
  offPeak: number;
  min: number;
  max: number;
}

export interface AggregatePriceStats extends PriceStats {
  days: number;
}

export interface DailyPriceStats extends PriceStats {
  tradeDate: string;
}

interface Sums {
  all: number;
  peak: number;
  min: number;
  max: number;
}

function addDay(prices: readonly number[], path: string, into: Sums): void {
  if (prices.length !== 24) {
    throw SvcError.validation(`${path}: expected 24 hourly prices, found ${prices.length}`, [{ path, message: `expected 24 hourly prices, found ${prices.length}` }]);
  }
  for (let h = 0; h < 24; h += 1) {
    const p = prices[h] as number;
    if (!Number.isFinite(p)) {
      const message = `expected a finite price, found ${String(p)}`;
      throw SvcError.validation(`${path}.${h}: ${message}`, [{ path: `${path}.${h}`, message }]);
    }
    into.all += p;
    if (isPeakHour(h)) into.peak += p;
    if (p < into.min) into.min = p;
    if (p > into.max) into.max = p;
  }
}

function fromSums(s: Sums, days: number): PriceStats {
  const peakHours = PEAK_HOURS.length * days;
  const allHours = 24 * days;
  return {
    base: s.all / allHours,
    peak: s.peak / peakHours,
    offPeak: (s.all - s.peak) / (allHours - peakHours),
    min: s.min,
    max: s.max,
  };
}

const emptySums = (): Sums => ({ all: 0, peak: 0, min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY });

/** Base, peak, off-peak, min and max of one day's 24 prices (index = hour). */
export function dayStats(prices: readonly number[]): PriceStats {
  const sums = emptySums();
  addDay(prices, 'prices', sums);
  return fromSums(sums, 1);
}

/** The same figures over all hours of many days; null when there is no day. */
export function aggregateStats(days: readonly (readonly number[])[]): AggregatePriceStats | null {
  if (days.length === 0) return null;
  const sums = emptySums();
  days.forEach((prices, i) => addDay(prices, `days.${i}`, sums));
  return { days: days.length, ...fromSums(sums, days.length) };
}

/** One row per day of hourly prices keyed by trade date (ascending dates) and the total row. */
export function hourlyBookStats(book: Readonly<Record<string, readonly number[]>>): { daily: DailyPriceStats[]; total: AggregatePriceStats | null } {
  const dates = sortTradeDates(Object.keys(book));
  const byDay = dates.map((d) => book[d] ?? []);
  return {
    daily: dates.map((tradeDate, i) => ({ tradeDate, ...dayStats(byDay[i] ?? []) })),
    total: aggregateStats(byDay),
  };
}
