/**
 * The computations of backtest.summary (backtest.ts), apart from the operation so that the shared
 * pool's worker (backtest-worker.ts) runs exactly what the calling thread would: the backtest on the
 * actual prices with its analytics, and the plans of each day chosen on its forecast settled at the
 * actual prices. A long backtest served over HTTP runs them on the pool (src/ops/pool.ts), off the
 * event loop; the CLI, and the TypeScript sources, run them here inline.
 */
import type { PriceBook } from '../../domain/prices.js';
import { hourlyPrices } from '../../domain/prices.js';
import type { BessSettings, TradingSettings } from '../../domain/settings.js';
import { runBacktestWithAnalytics } from '../../engines/backtest-analytics.js';
import { aggregateByMonth } from '../../engines/backtest.js';
import { bessCarryOverByMonth } from '../../engines/bess-carry.js';
import type { ForecastDaySettlement } from '../../engines/settle.js';
import { BESS, SPREAD, settleDayOnForecast, type ForecastPath } from './plan-on.js';

export type BacktestStrategyName = 'both' | 'spread' | 'bess';

export interface ActualTask {
  book: PriceBook;
  strategySettings: TradingSettings;
  bessSettings: BessSettings;
  range: { from?: string | undefined; to?: string | undefined };
  strategy: BacktestStrategyName;
  monthly: boolean;
  carryOver: boolean;
}

/** The backtest on the actual prices, its analytics, and the months and carry-over asked for. */
export function backtestOnActual(t: ActualTask) {
  const { summary, analytics } = runBacktestWithAnalytics(t.book, t.strategySettings, t.bessSettings, t.range, { strategy: t.strategy });
  const months = t.monthly ? { ...analytics, months: aggregateByMonth(summary.daily) } : analytics;
  const withMonths = t.strategy !== 'spread' && (t.monthly || t.carryOver) ? { ...months, bessCarryOver: bessCarryOverByMonth(t.book, t.bessSettings) } : months;
  return { summary, analytics: withMonths };
}

export interface SettleTask {
  /** In day order; each with its day's actual prices in `book`. */
  /** What settling reads of each forecast (the scenarios stay behind: they are most of its size). */
  forecasts: ForecastPath[];
  book: PriceBook;
  strategy: BacktestStrategyName;
  strategySettings: TradingSettings;
  bessSettings: BessSettings;
}

export interface Settled {
  settled: ForecastDaySettlement[];
  failedDays: { date: string; reason: string }[];
}

/** Each day's plans chosen on its forecast, settled at its actual prices; a day that cannot be planned is named, never the end of the run. */
export function settleOnForecasts(t: SettleTask, signal?: AbortSignal): Settled {
  const settled: ForecastDaySettlement[] = [];
  const failedDays: { date: string; reason: string }[] = [];
  for (const f of t.forecasts) {
    signal?.throwIfAborted();
    const day = t.book[f.date];
    if (!day) continue;
    try {
      settled.push(
        settleDayOnForecast(f, hourlyPrices(day), t.strategy !== 'bess' ? [SPREAD, t.strategySettings] : null, t.strategy !== 'spread' ? [BESS, t.bessSettings] : null),
      );
    } catch (e) {
      failedDays.push({ date: f.date, reason: e instanceof Error ? e.message : String(e) });
    }
  }
  return { settled, failedDays };
}
