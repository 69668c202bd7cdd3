/**
 * The daily series the forecast engine works on: contiguous calendar days (index 0 = the first
 * day), 24 hourly prices per day in one Float64Array, optional exogenous series of the same shape,
 * and a mask of the days actually observed.
 *
 * A day absent from the source (a clock-change day the reader skipped, a gap) is kept as a slot so
 * that "d-7" is always seven calendar days back. Its prices are carried forward from the last
 * observed day — a value known before the day, so imputation never looks ahead — and the day is
 * marked unobserved: it is never a training target and never an evaluated day.
 */
import { parseTradeDate } from '../../domain/dates.js';
import type { PriceBook } from '../../domain/prices.js';

export const H = 24;
const MS_PER_DAY = 86_400_000;

export interface DailySeries {
  /** Day number (days since 01.01.1970) of index 0. */
  startDay: number;
  nDays: number;
  /** nDays × 24 prices, hour-major within a day. */
  price: Float64Array;
  /** Exogenous series, each nDays × 24 (for a day-ahead market: the forecasts known for the target day). */
  exog: Float64Array[];
  /** 1 where the day's prices come from the source. */
  observed: Uint8Array;
  /** Day of week per index, 0 = Monday .. 6 = Sunday. */
  dow: Uint8Array;
  /**
   * Known structural breaks, ascending: the days t whose market rules differ from t − 1's (on
   * OREE, the days the caps in force change; known in advance, rolling.ts capBreaks). Members
   * with `sinceBreak` fit only on the days from the latest break (lear.ts).
   */
  breaks?: readonly number[];
  /**
   * The caps in force at each hour of each day (cap-breaks.ts capBand), for the members fitted on
   * the price's position inside them (lear.ts LearMember.space). Absent: a market without caps.
   */
  caps?: CapBand;
  /**
   * Extra design columns known at gate closure for each day 0..nDays (exogenous.ts): hourly series
   * enter at lag 0 only (24 columns each), daily ones as one column each. Absent: prices only.
   */
  extra?: ExtraColumns;
}

/** Day number of a DD.MM.YYYY date. */
export function dayNumber(tradeDate: string): number {
  const p = parseTradeDate(tradeDate);
  if (!p) throw new RangeError(`not a trade date: ${tradeDate}`);
  return Date.UTC(p.year, p.month - 1, p.day) / MS_PER_DAY;
}

/** DD.MM.YYYY of a day number. */
export function tradeDateOf(day: number): string {
  const d = new Date(day * MS_PER_DAY);
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
}

/** MM.YYYY of a day number. */
export function monthOf(day: number): string {
  return tradeDateOf(day).slice(3);
}

/** 0 = Monday .. 6 = Sunday (01.01.1970 was a Thursday). */
export function dayOfWeek(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

export interface SeriesInput {
  /** Observed days, any order, DD.MM.YYYY. */
  dates: readonly string[];
  /** Per observed day, 24 prices (same order as dates). */
  prices: readonly ArrayLike<number>[];
  /** Per exogenous series, per observed day, 24 values. */
  exog?: readonly (readonly ArrayLike<number>[])[];
}

/** Builds the contiguous series from the first to the last observed day. */
export function makeSeries(input: SeriesInput): DailySeries {
  const k = input.exog?.length ?? 0;
  const order = input.dates.map((d, i) => ({ day: dayNumber(d), i })).sort((a, b) => a.day - b.day);
  if (order.length === 0) return { startDay: 0, nDays: 0, price: new Float64Array(0), exog: [], observed: new Uint8Array(0), dow: new Uint8Array(0) };
  const startDay = (order[0] as { day: number }).day;
  const nDays = (order[order.length - 1] as { day: number }).day - startDay + 1;
  const price = new Float64Array(nDays * H).fill(Number.NaN);
  const exog = Array.from({ length: k }, () => new Float64Array(nDays * H).fill(Number.NaN));
  const observed = new Uint8Array(nDays);
  for (const { day, i } of order) {
    const t = day - startDay;
    const row = input.prices[i] as ArrayLike<number>;
    for (let h = 0; h < H; h++) price[t * H + h] = row[h] as number;
    for (let e = 0; e < k; e++) {
      const x = (input.exog as readonly (readonly ArrayLike<number>[])[])[e]?.[i] as ArrayLike<number>;
      for (let h = 0; h < H; h++) (exog[e] as Float64Array)[t * H + h] = x[h] as number;
    }
    observed[t] = 1;
  }
  for (let t = 1; t < nDays; t++) {
    if (observed[t]) continue;
    for (const a of [price, ...exog]) a.copyWithin(t * H, (t - 1) * H, t * H);
  }
  const dow = new Uint8Array(nDays);
  for (let t = 0; t < nDays; t++) dow[t] = dayOfWeek(startDay + t);
  return { startDay, nDays, price, exog, observed, dow };
}

/** The series of a PriceBook (prices only). */
export function seriesFromPriceBook(book: PriceBook): DailySeries {
  const dates = Object.keys(book);
  const prices = dates.map((d) => {
    const row = new Float64Array(H);
    for (const p of book[d] ?? []) row[p.hour] = p.priceUahMwh;
    return row;
  });
  return makeSeries({ dates, prices });
}

/** Index of a trade date in the series (may be < 0 or ≥ nDays). */
export function indexOf(series: DailySeries, tradeDate: string): number {
  return dayNumber(tradeDate) - series.startDay;
}

/** The standard EPF naive for day t: d-1 on Tue–Fri, d-7 on Mon, Sat, Sun. */
export function naiveLag(series: DailySeries, t: number): number {
  const w = series.dow[t] as number;
  return w >= 1 && w <= 4 ? 1 : 7;
}

/** Extra columns of a series (exogenous inputs, exogenous.ts) for the LEAR design. */
export interface ExtraColumns {
  names: { hourly: string[]; daily: string[] };
  /** Each (nDays + 1) × 24: index t holds the features of series day t (t = nDays: the day after the data). */
  hourly: Float64Array[];
  /** Each nDays + 1 long. */
  daily: Float64Array[];
}

/**
 * Per day and hour ((nDays + 1) × 24, hour-major: index nDays is the day after the data, the one a
 * forecast of tomorrow is for), the floor `lo` and the max cap `hi` in force, each a
 * finite number with hi > lo: the band a member on the caps (lear.ts) reads prices inside. Days from
 * `from` on carry their own caps (an hour without a max cap takes the last one known); the days
 * before `from` (no max cap known yet) take the caps of `from`, which are known to any forecast of
 * a day ≥ `from`; a forecast of an earlier day does not use the band.
 */
export interface CapBand {
  from: number;
  lo: Float64Array;
  hi: Float64Array;
}

/** The price caps in force on a day (min and max per hour). */
export interface DayCaps {
  min: ArrayLike<number>;
  max: ArrayLike<number>;
}
