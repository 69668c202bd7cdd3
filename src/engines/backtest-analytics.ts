/**
 * What an analyst reads beside a backtest's totals: drawdown, the distribution of daily PnL,
 * volatility, capture prices, best and worst months, and the days missing inside the range.
 *
 * Definitions (docs/backtest.md, "Analytics"):
 * - cumulative PnL after day i = sum of combinedPnlUah of days 1..i (date order);
 *   maximum drawdown = the largest fall of that curve from a running peak (the peak starts at 0,
 *   before the first day), with the peak's and the trough's dates;
 * - percentiles of daily combined PnL by linear interpolation between order statistics (type 7,
 *   the default of R and NumPy); volatility = sample standard deviation (n - 1) of daily PnL;
 * - histogram: `bins` equal-width bins from the minimum to the maximum daily PnL (the last bin
 *   includes its upper edge);
 * - capture prices: volume-weighted average sell price minus volume-weighted average buy price of
 *   the spread trades, and discharge minus charge price of the battery (per MWh bought / charged);
 *   null when the run traded nothing;
 * - gaps: calendar days inside [from, to] with no day in the book.
 *
 * Pure: the same days give the same numbers.
 */
import { compareTradeDates } from '../domain/dates.js';
import { gapReport, type GapReport } from './gaps.js';

export { gapReport, type GapReport };
import type { BacktestDay, BessPlan, TradingPlan } from '../domain/plans.js';
import type { PriceBook } from '../domain/prices.js';
import type { BessSettings, TradingSettings } from '../domain/settings.js';
import { aggregateByMonth, runBacktest, type BacktestOptions } from './backtest.js';
import type { BacktestSummary } from '../domain/plans.js';

export interface CaptureSums {
  buyUah: number;
  buyMwh: number;
  sellUah: number;
  sellMwh: number;
  chargeUah: number;
  chargeMwh: number;
  dischargeUah: number;
  dischargeMwh: number;
}

export function emptyCaptureSums(): CaptureSums {
  return { buyUah: 0, buyMwh: 0, sellUah: 0, sellMwh: 0, chargeUah: 0, chargeMwh: 0, dischargeUah: 0, dischargeMwh: 0 };
}

/** Adds one day's plans to the capture sums. */
export function addCapture(sums: CaptureSums, plan: TradingPlan, bessPlan: BessPlan): void {
  for (const t of plan.trades) {
    sums.buyUah += t.buyPriceUahMwh * t.volumeMwh;
    sums.buyMwh += t.volumeMwh;
    sums.sellUah += t.sellPriceUahMwh * t.volumeMwh;
    sums.sellMwh += t.volumeMwh;
  }
  for (const c of bessPlan.cycles) {
    sums.chargeUah += c.chargePriceUahMwh * c.chargeMwh;
    sums.chargeMwh += c.chargeMwh;
    sums.dischargeUah += c.dischargePriceUahMwh * c.dischargeMwh;
    sums.dischargeMwh += c.dischargeMwh;
  }
}

export interface BacktestAnalytics {
  maxDrawdown: { uah: number; peakDate: string | null; troughDate: string | null };
  dailyPnl: { meanUah: number; volatilityUah: number; minUah: number; p5Uah: number; p25Uah: number; medianUah: number; p75Uah: number; p95Uah: number; maxUah: number };
  histogram: Array<{ fromUah: number; toUah: number; days: number }>;
  capture: {
    spreadBuyAvgUahMwh: number | null;
    spreadSellAvgUahMwh: number | null;
    spreadCaptureUahMwh: number | null;
    bessChargeAvgUahMwh: number | null;
    bessDischargeAvgUahMwh: number | null;
    bessCaptureUahMwh: number | null;
  };
  bestMonth: { month: string; combinedPnlUah: number } | null;
  worstMonth: { month: string; combinedPnlUah: number } | null;
  gaps: GapReport;
}

/** Type-7 percentile of sorted values (0 for none). */
export function percentile(sorted: readonly number[], p: number): number {
  const n = sorted.length;
  if (n === 0) return 0;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  const a = sorted[lo] as number;
  return a + (h - lo) * ((sorted[hi] as number) - a);
}

const ratio = (num: number, den: number): number | null => (den > 0 ? num / den : null);
const diff = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a - b);

export function backtestAnalytics(days: readonly BacktestDay[], capture: CaptureSums, range: { from?: string | undefined; to?: string | undefined } = {}, bins = 10): BacktestAnalytics {
  const ordered = [...days].sort((a, b) => compareTradeDates(a.tradeDate, b.tradeDate));
  let cumulative = 0;
  let peak = 0;
  let peakDate: string | null = null;
  let worst = { uah: 0, peakDate: null as string | null, troughDate: null as string | null };
  for (const d of ordered) {
    cumulative += d.combinedPnlUah;
    if (cumulative > peak) {
      peak = cumulative;
      peakDate = d.tradeDate;
    }
    if (peak - cumulative > worst.uah) worst = { uah: peak - cumulative, peakDate, troughDate: d.tradeDate };
  }
  const pnl = ordered.map((d) => d.combinedPnlUah).sort((a, b) => a - b);
  const n = pnl.length;
  const mean = n === 0 ? 0 : pnl.reduce((s, v) => s + v, 0) / n;
  const variance = n < 2 ? 0 : pnl.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
  const min = pnl[0] ?? 0;
  const max = pnl[n - 1] ?? 0;
  const histogram: BacktestAnalytics['histogram'] = [];
  if (n > 0) {
    const width = (max - min) / bins;
    for (let i = 0; i < bins; i += 1) histogram.push({ fromUah: min + i * width, toUah: i === bins - 1 ? max : min + (i + 1) * width, days: 0 });
    for (const v of pnl) {
      const i = width === 0 ? 0 : Math.min(bins - 1, Math.floor((v - min) / width));
      (histogram[i] as { days: number }).days += 1;
    }
    if (width === 0) histogram.splice(1);
  }
  const months = aggregateByMonth(ordered);
  let bestMonth: BacktestAnalytics['bestMonth'] = null;
  let worstMonth: BacktestAnalytics['worstMonth'] = null;
  for (const m of months) {
    if (bestMonth === null || m.combinedPnlUah > bestMonth.combinedPnlUah) bestMonth = { month: m.month, combinedPnlUah: m.combinedPnlUah };
    if (worstMonth === null || m.combinedPnlUah < worstMonth.combinedPnlUah) worstMonth = { month: m.month, combinedPnlUah: m.combinedPnlUah };
  }
  const buy = ratio(capture.buyUah, capture.buyMwh);
  const sell = ratio(capture.sellUah, capture.sellMwh);
  const charge = ratio(capture.chargeUah, capture.chargeMwh);
  const discharge = ratio(capture.dischargeUah, capture.dischargeMwh);
  return {
    maxDrawdown: worst,
    dailyPnl: {
      meanUah: mean,
      volatilityUah: Math.sqrt(variance),
      minUah: min,
      p5Uah: percentile(pnl, 0.05),
      p25Uah: percentile(pnl, 0.25),
      medianUah: percentile(pnl, 0.5),
      p75Uah: percentile(pnl, 0.75),
      p95Uah: percentile(pnl, 0.95),
      maxUah: max,
    },
    histogram,
    capture: {
      spreadBuyAvgUahMwh: buy,
      spreadSellAvgUahMwh: sell,
      spreadCaptureUahMwh: diff(sell, buy),
      bessChargeAvgUahMwh: charge,
      bessDischargeAvgUahMwh: discharge,
      bessCaptureUahMwh: diff(discharge, charge),
    },
    bestMonth,
    worstMonth,
    gaps: gapReport(ordered.map((d) => d.tradeDate), range),
  };
}

/** The backtest and its analytics in one pass over the book. */
export function runBacktestWithAnalytics(
  book: PriceBook,
  strategy: TradingSettings,
  bess: BessSettings,
  range: { from?: string | undefined; to?: string | undefined } = {},
  options: BacktestOptions = {},
): { summary: BacktestSummary; analytics: BacktestAnalytics } {
  const capture = emptyCaptureSums();
  const summary = runBacktest(book, strategy, bess, { ...options, onPlans: (plan, bessPlan) => addCapture(capture, plan, bessPlan) });
  return { summary, analytics: backtestAnalytics(summary.daily, capture, range) };
}
