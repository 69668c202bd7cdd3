/**
 * Backtest: replays the spread engine and the battery engine over every day of a price book.
 *
 * Model: each trade day is independent. The spread plan and the battery plan of a day are the
 * exact optima of their own engines (planSpread, planBess) for that day's 24 prices; no position,
 * state of charge or cash is carried from one day to the next, which is how both engines plan a
 * day-ahead auction (every day starts flat and empty). The backtest therefore adds nothing to the
 * engines' decisions: a day's result is exactly what the engines return, and the summary is a
 * plain aggregation of the days. Its correctness rests on the engines' optimality and on the
 * aggregation rules of the spec (profitable day: combined PnL > 0; best / worst by combined PnL,
 * earliest date on ties; averages over all days, 0 when there are none).
 *
 * Cost: one pass over the days in date order. Each day's prices are written into one reused
 * 24-slot buffer, so the loop allocates only what the engines return and the BacktestDay record.
 */
import { compareTradeDates, tradeDateKey } from '../domain/common.js';
import { SvcError } from '../domain/errors.js';
import type { BacktestDay, BacktestSummary, BessPlan, TradingPlan } from '../domain/plans.js';
import { HOURS_PER_DAY, type PriceBook, type PricePoint } from '../domain/prices.js';
import type { BessSettings, TradingSettings } from '../domain/settings.js';
import { planBess } from './bess.js';
import { planSpread } from './strategy.js';

export interface BacktestOptions {
  /**
   * Called after every chunk of days (about one call per 1 % of the book, at least every day for
   * books under 100 days) and once more when the last day is done, with done === total.
   */
  onProgress?(done: number, total: number): void;
  /** Called with each day's two plans (for analytics that need more than the day's totals). */
  onPlans?(plan: TradingPlan, bessPlan: BessPlan): void;
  /** Which plans run (default both): the other one is an empty plan (0 PnL, no trades or cycles), so combined = the one that ran. */
  strategy?: BacktestStrategy;
}

/** The plans a backtest runs: the spread plan, the battery plan, or both (the spec's behaviour). */
export type BacktestStrategy = 'both' | 'spread' | 'bess';
export const EMPTY_SPREAD_PLAN: TradingPlan = Object.freeze({ trades: [], totalVolumeMwh: 0, netPnlUah: 0, averageSpreadUah: 0 }) as TradingPlan;
export const EMPTY_BESS_PLAN: BessPlan = Object.freeze({ cycles: [], netProfitUah: 0, chargedMwh: 0, dischargedMwh: 0, equivalentCycles: 0 }) as BessPlan;

/** One day's result from the two engines' plans. */
export function backtestDayFromPlans(tradeDate: string, plan: TradingPlan, bessPlan: BessPlan): BacktestDay {
  return {
    tradeDate,
    strategyPnlUah: plan.netPnlUah,
    bessPnlUah: bessPlan.netProfitUah,
    combinedPnlUah: plan.netPnlUah + bessPlan.netProfitUah,
    trades: plan.trades.length,
    bessCycles: bessPlan.cycles.length,
    averageSpreadUah: plan.averageSpreadUah,
    equivalentBessCycles: bessPlan.equivalentCycles,
  };
}

/** Runs both engines on one day's 24 hourly prices. */
export function backtestDay(
  tradeDate: string,
  prices: readonly number[],
  strategy: TradingSettings,
  bess: BessSettings,
): BacktestDay {
  return backtestDayFromPlans(tradeDate, planSpread(prices, strategy), planBess(prices, bess));
}

/** Both engines over every day of the book, in date order, and the summary of the run. */
export function runBacktest(
  book: PriceBook,
  strategy: TradingSettings,
  bess: BessSettings,
  options: BacktestOptions = {},
): BacktestSummary {
  const dates = datesInOrder(book);
  const total = dates.length;
  const onProgress = options.onProgress;
  const progressEvery = Math.max(1, Math.floor(total / 100));
  const runSpread = options.strategy !== 'bess';
  const runBess = options.strategy !== 'spread';
  // One buffer for all days: the engines read prices and copy what they keep into their plans.
  const prices = new Array<number>(HOURS_PER_DAY).fill(0);
  const days: BacktestDay[] = new Array<BacktestDay>(total);
  for (let i = 0; i < total; i += 1) {
    const tradeDate = dates[i] as string;
    fillHourlyPrices(prices, book[tradeDate], tradeDate);
    const plan = runSpread ? planSpread(prices, strategy) : EMPTY_SPREAD_PLAN;
    const bessPlan = runBess ? planBess(prices, bess) : EMPTY_BESS_PLAN;
    options.onPlans?.(plan, bessPlan);
    days[i] = backtestDayFromPlans(tradeDate, plan, bessPlan);
    if (onProgress !== undefined && ((i + 1) % progressEvery === 0 || i + 1 === total)) onProgress(i + 1, total);
  }
  return summarizeSortedDays(days);
}

/**
 * The book's dates ascending, in the order of compareTradeDates. Each date's sort key is computed
 * once rather than twice per comparison, which matters at thousands of days.
 */
function datesInOrder(book: PriceBook): string[] {
  const keyed = Object.keys(book).map((date) => ({ date, key: tradeDateKey(date) }));
  keyed.sort((a, b) => a.key - b.key);
  return keyed.map((k) => k.date);
}

/**
 * The summary of already computed days (for instance the parts of a split run), in any order.
 * A date given twice is an error: merged parts must not overlap.
 */
export function summarizeDays(days: readonly BacktestDay[]): BacktestSummary {
  const sorted = [...days].sort((a, b) => compareTradeDates(a.tradeDate, b.tradeDate));
  for (let i = 1; i < sorted.length; i += 1) {
    const date = (sorted[i] as BacktestDay).tradeDate;
    if (date === (sorted[i - 1] as BacktestDay).tradeDate) {
      throw SvcError.validation(`backtest day ${date} is given twice`, [{ path: `daily.${i}.tradeDate`, message: `date ${date} is given twice` }]);
    }
  }
  return summarizeSortedDays(sorted);
}

/** Aggregation over days already in ascending date order (ties for best / worst go to the first). */
function summarizeSortedDays(days: BacktestDay[]): BacktestSummary {
  let profitableDays = 0;
  let strategyNetPnlUah = 0;
  let bessNetProfitUah = 0;
  let combinedNetPnlUah = 0;
  let totalTrades = 0;
  let totalBessCycles = 0;
  let bestDay: BacktestDay | null = null;
  let worstDay: BacktestDay | null = null;
  for (const day of days) {
    if (day.combinedPnlUah > 0) profitableDays += 1;
    strategyNetPnlUah += day.strategyPnlUah;
    bessNetProfitUah += day.bessPnlUah;
    combinedNetPnlUah += day.combinedPnlUah;
    totalTrades += day.trades;
    totalBessCycles += day.bessCycles;
    // Strict comparisons keep the earliest of equal days.
    if (bestDay === null || day.combinedPnlUah > bestDay.combinedPnlUah) bestDay = day;
    if (worstDay === null || day.combinedPnlUah < worstDay.combinedPnlUah) worstDay = day;
  }
  const totalDays = days.length;
  return {
    totalDays,
    profitableDays,
    hitRate: totalDays === 0 ? 0 : profitableDays / totalDays,
    strategyNetPnlUah,
    bessNetProfitUah,
    combinedNetPnlUah,
    averageDailyPnlUah: totalDays === 0 ? 0 : combinedNetPnlUah / totalDays,
    totalTrades,
    totalBessCycles,
    bestDay,
    worstDay,
    daily: days,
  };
}

/** One row of the month-by-month table. `month` is MM.YYYY. */
export interface BacktestMonth {
  month: string;
  days: number;
  profitableDays: number;
  hitRate: number;
  strategyPnlUah: number;
  bessPnlUah: number;
  combinedPnlUah: number;
  trades: number;
  bessCycles: number;
}

/** Days grouped by calendar month, months ascending (days may come in any order). */
export function aggregateByMonth(days: readonly BacktestDay[]): BacktestMonth[] {
  const byMonth = new Map<number, BacktestMonth>();
  for (const day of days) {
    const month = day.tradeDate.slice(3);
    const key = Number(month.slice(3)) * 100 + Number(month.slice(0, 2));
    let row = byMonth.get(key);
    if (row === undefined) {
      row = { month, days: 0, profitableDays: 0, hitRate: 0, strategyPnlUah: 0, bessPnlUah: 0, combinedPnlUah: 0, trades: 0, bessCycles: 0 };
      byMonth.set(key, row);
    }
    row.days += 1;
    if (day.combinedPnlUah > 0) row.profitableDays += 1;
    row.strategyPnlUah += day.strategyPnlUah;
    row.bessPnlUah += day.bessPnlUah;
    row.combinedPnlUah += day.combinedPnlUah;
    row.trades += day.trades;
    row.bessCycles += day.bessCycles;
  }
  const rows = [...byMonth.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
  for (const row of rows) row.hitRate = row.profitableDays / row.days;
  return rows;
}

/**
 * Writes a day's prices by hour into `out`. The book is normally validated already; this guard
 * costs 24 steps and turns a malformed day from a programmatic caller into a 400 that names it.
 */
function fillHourlyPrices(out: number[], day: readonly PricePoint[] | undefined, tradeDate: string): void {
  const path = `priceBook.${tradeDate}`;
  if (day === undefined || day.length !== HOURS_PER_DAY) {
    throw SvcError.validation(`${path}: a price day has exactly 24 points (hours 0..23)`, [{ path, message: 'expected exactly 24 points (hours 0..23)' }]);
  }
  let seen = 0;
  for (let i = 0; i < HOURS_PER_DAY; i += 1) {
    const point = day[i] as PricePoint;
    const hour = point.hour;
    const price = point.priceUahMwh;
    const bit = 1 << hour;
    if (!Number.isInteger(hour) || hour < 0 || hour >= HOURS_PER_DAY || (seen & bit) !== 0) {
      throw SvcError.validation(`${path}.${i}.hour: hour ${String(hour)} is out of range or given twice`, [{ path: `${path}.${i}.hour`, message: 'each hour 0..23 must appear exactly once' }]);
    }
    if (!Number.isFinite(price) || price < 0) {
      throw SvcError.validation(`${path}.${i}.priceUahMwh: expected a finite price >= 0`, [{ path: `${path}.${i}.priceUahMwh`, message: 'expected a finite number >= 0' }]);
    }
    seen |= bit;
    out[hour] = price;
  }
}
