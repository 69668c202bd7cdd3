/** The whole real 2022-2024 book through runBacktest, checked against the engines run directly. */
import { describe, expect, it } from 'vitest';
import { aggregateByMonth, runBacktest, summarizeDays } from '../../src/engines/backtest.js';
import { planBess } from '../../src/engines/bess.js';
import { planSpread } from '../../src/engines/strategy.js';
import { hourlyPrices } from '../../src/domain/prices.js';
import { BacktestSummary } from '../../src/domain/plans.js';
import { DEFAULT_BESS_SETTINGS, type BessSettings, type TradingSettings } from '../../src/domain/settings.js';
import { realBook } from './backtest-fixture.js';

const strategy: TradingSettings = { volumeMwh: 2.5, minSpreadUah: 150, maxTradesPerDay: 4, feeUahPerMwh: 12.5 };
const bess: BessSettings = { ...DEFAULT_BESS_SETTINGS, capacityMwh: 4, powerMw: 2, roundTripEfficiency: 0.87, maxCyclesPerDay: 2, degradationCostUahMwh: 90 };

describe('backtest over the real 2022-2024 DAM book', () => {
  const { book, skipped } = realBook();
  const summary = runBacktest(book, strategy, bess);

  it('covers the 1,090 ordinary days (1,096 minus the six clock-change days)', () => {
    expect(skipped).toHaveLength(6);
    expect(summary.totalDays).toBe(1090);
    expect(summary.daily[0]?.tradeDate).toBe('01.01.2022');
    expect(summary.daily.at(-1)?.tradeDate).toBe('31.12.2024');
    expect(BacktestSummary.safeParse(summary).success).toBe(true);
  });

  it('each day is exactly what the two engines return for it', () => {
    let strategySum = 0;
    let bessSum = 0;
    let trades = 0;
    let cycles = 0;
    for (const d of summary.daily) {
      const prices = hourlyPrices(book[d.tradeDate] ?? []);
      const plan = planSpread(prices, strategy);
      const bessPlan = planBess(prices, bess);
      expect(d.strategyPnlUah).toBe(plan.netPnlUah);
      expect(d.bessPnlUah).toBe(bessPlan.netProfitUah);
      expect(d.combinedPnlUah).toBe(plan.netPnlUah + bessPlan.netProfitUah);
      expect(d.trades).toBe(plan.trades.length);
      expect(d.bessCycles).toBe(bessPlan.cycles.length);
      expect(d.averageSpreadUah).toBe(plan.averageSpreadUah);
      expect(d.equivalentBessCycles).toBe(bessPlan.equivalentCycles);
      strategySum += plan.netPnlUah;
      bessSum += bessPlan.netProfitUah;
      trades += plan.trades.length;
      cycles += bessPlan.cycles.length;
    }
    // Same order of addition as the backtest, so equality is exact.
    expect(summary.strategyNetPnlUah).toBe(strategySum);
    expect(summary.bessNetProfitUah).toBe(bessSum);
    expect(summary.totalTrades).toBe(trades);
    expect(summary.totalBessCycles).toBe(cycles);
  });

  it('the summary is consistent with its days', () => {
    const days = summary.daily;
    expect(summary.combinedNetPnlUah).toBeCloseTo(summary.strategyNetPnlUah + summary.bessNetProfitUah, 4);
    expect(summary.profitableDays).toBe(days.filter((d) => d.combinedPnlUah > 0).length);
    expect(summary.hitRate).toBe(summary.profitableDays / 1090);
    expect(summary.averageDailyPnlUah).toBe(summary.combinedNetPnlUah / 1090);
    const best = Math.max(...days.map((d) => d.combinedPnlUah));
    const worst = Math.min(...days.map((d) => d.combinedPnlUah));
    expect(summary.bestDay?.combinedPnlUah).toBe(best);
    expect(summary.worstDay?.combinedPnlUah).toBe(worst);
    expect(summary.bestDay).toBe(days.find((d) => d.combinedPnlUah === best));
    expect(summary.worstDay).toBe(days.find((d) => d.combinedPnlUah === worst));
    // Real spreads exist: the run is not trivially zero.
    expect(summary.profitableDays).toBeGreaterThan(900);
    expect(summary.totalTrades).toBeGreaterThan(1090);
    for (const d of days) expect(d.equivalentBessCycles).toBeLessThanOrEqual(bess.maxCyclesPerDay + 1e-9);
  });

  it('month rows add up to the totals and the split-and-merge path agrees', () => {
    const months = aggregateByMonth(summary.daily);
    expect(months).toHaveLength(36);
    expect(months[0]?.month).toBe('01.2022');
    expect(months.at(-1)?.month).toBe('12.2024');
    expect(months.reduce((n, m) => n + m.days, 0)).toBe(1090);
    expect(months.reduce((n, m) => n + m.profitableDays, 0)).toBe(summary.profitableDays);
    const combined = months.reduce((n, m) => n + m.combinedPnlUah, 0);
    expect(Math.abs(combined - summary.combinedNetPnlUah)).toBeLessThan(1e-6 * Math.abs(summary.combinedNetPnlUah));

    const dates = Object.keys(book);
    const half = Math.floor(dates.length / 2);
    const partA = runBacktest(Object.fromEntries(dates.slice(half).map((d) => [d, book[d] ?? []])), strategy, bess);
    const partB = runBacktest(Object.fromEntries(dates.slice(0, half).map((d) => [d, book[d] ?? []])), strategy, bess);
    expect(summarizeDays([...partA.daily, ...partB.daily])).toEqual(summary);
  });
});
