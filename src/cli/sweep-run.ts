/** One sweep combination: a full backtest reduced to a row. Shared by the main thread and workers. */
import type { PriceBook } from '../domain/prices.js';
import { runBacktest } from '../engines/backtest.js';
import type { SweepCombo, SweepRow } from './sweep.js';

export function runCombo(book: PriceBook, combo: SweepCombo): SweepRow {
  const s = runBacktest(book, combo.strategySettings, combo.bessSettings);
  return {
    params: combo.params,
    totalDays: s.totalDays,
    strategyNetPnlUah: s.strategyNetPnlUah,
    bessNetProfitUah: s.bessNetProfitUah,
    combinedNetPnlUah: s.combinedNetPnlUah,
    hitRate: s.hitRate,
    totalTrades: s.totalTrades,
    totalBessCycles: s.totalBessCycles,
  };
}
