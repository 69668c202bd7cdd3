/**
 * A settings sweep: every combination of the listed settings values, each a full backtest reduced
 * to one row. Pure; the operation (src/ops/strategy/backtest-sweep.ts) spreads large sweeps over workers,
 * and each worker runs this very function on the very same book, so the rows equal separate runs.
 */
import type { PriceBook } from '../domain/prices.js';
import type { BoundedKey } from '../domain/bounds.js';
import type { BessSettings, TradingSettings } from '../domain/settings.js';
import { BESS_SETTING_KEYS, SETTINGS_FIELDS } from '../domain/settings-fields.js';
import { runBacktest, type BacktestStrategy } from './backtest.js';

/** A settings field (SETTINGS_FIELDS) and the values to try. */
export interface SweepAxis {
  name: BoundedKey;
  values: number[];
}

export interface SweepCombo {
  params: Record<string, number>;
  strategySettings: TradingSettings;
  bessSettings: BessSettings;
  /** Which plans run (default both). */
  strategy?: BacktestStrategy;
}

export interface SweepRow {
  params: Record<string, number>;
  totalDays: number;
  strategyNetPnlUah: number;
  bessNetProfitUah: number;
  combinedNetPnlUah: number;
  hitRate: number;
  totalTrades: number;
  totalBessCycles: number;
}

// A key in both records (lotMwh) sweeps the battery's.
const isTradingKey = (name: string): boolean => !BESS_SETTING_KEYS.has(name) && SETTINGS_FIELDS.some((f) => f.key === name && f.group === 'strategySettings');

export function combinations(axes: readonly SweepAxis[], strategy: TradingSettings, bess: BessSettings, which: BacktestStrategy = 'both'): SweepCombo[] {
  let combos: SweepCombo[] = [{ params: {}, strategySettings: strategy, bessSettings: bess, ...(which === 'both' ? {} : { strategy: which }) }];
  for (const axis of axes) {
    const trading = isTradingKey(axis.name);
    const next: SweepCombo[] = [];
    for (const combo of combos) {
      for (const value of axis.values) {
        next.push({
          params: { ...combo.params, [axis.name]: value },
          strategySettings: trading ? { ...combo.strategySettings, [axis.name]: value } : combo.strategySettings,
          bessSettings: trading ? combo.bessSettings : { ...combo.bessSettings, [axis.name]: value },
          ...(combo.strategy ? { strategy: combo.strategy } : {}),
        });
      }
    }
    combos = next;
  }
  return combos;
}

export function runCombo(book: PriceBook, combo: SweepCombo): SweepRow {
  const s = runBacktest(book, combo.strategySettings, combo.bessSettings, combo.strategy ? { strategy: combo.strategy } : {});
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
