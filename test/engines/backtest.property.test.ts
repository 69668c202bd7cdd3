/** Properties of runBacktest / summarizeDays over random books and settings. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTradeDate, tradeDateKey } from '../../src/domain/common.js';
import { BacktestSummary } from '../../src/domain/plans.js';
import type { PriceBook } from '../../src/domain/prices.js';
import type { BessSettings, TradingSettings } from '../../src/domain/settings.js';
import { runBacktest, summarizeDays } from '../../src/engines/backtest.js';

/** Prices on a coarse grid so that equal days (ties) and flat stretches happen often. */
const price = fc.integer({ min: 0, max: 40 }).map((k) => k * 250);
const dayPrices = fc.array(price, { minLength: 24, maxLength: 24 });

const book = fc
  .uniqueArray(fc.integer({ min: 0, max: 3000 }), { minLength: 0, maxLength: 12 })
  .chain((offsets) => fc.tuple(fc.constant(offsets), fc.array(dayPrices, { minLength: offsets.length, maxLength: offsets.length })))
  .map(([offsets, days]) => {
    const out: PriceBook = {};
    offsets.forEach((offset, i) => {
      const date = formatTradeDate(new Date(Date.UTC(2020, 0, 1 + offset)));
      out[date] = (days[i] ?? []).map((priceUahMwh, hour) => ({ hour, priceUahMwh }));
    });
    return out;
  });

const strategy: fc.Arbitrary<TradingSettings> = fc.record({
  volumeMwh: fc.constantFrom(0.5, 1, 3),
  minSpreadUah: fc.constantFrom(0, 100, 1000),
  maxTradesPerDay: fc.integer({ min: 1, max: 24 }),
  feeUahPerMwh: fc.constantFrom(0, 5, 120),
});
const bess: fc.Arbitrary<BessSettings> = fc.record({
  capacityMwh: fc.constantFrom(0.5, 1, 4),
  powerMw: fc.constantFrom(0.25, 1, 2),
  roundTripEfficiency: fc.constantFrom(0.7, 0.9, 1),
  maxCyclesPerDay: fc.integer({ min: 1, max: 3 }),
  degradationCostUahMwh: fc.constantFrom(0, 50, 2000),
});

describe('runBacktest properties', () => {
  it('the summary is the aggregation of its days, whatever the book', () => {
    fc.assert(
      fc.property(book, strategy, bess, (b, s, e) => {
        const summary = runBacktest(b, s, e);
        const days = summary.daily;
        expect(BacktestSummary.safeParse(summary).success).toBe(true);
        expect(days.map((d) => d.tradeDate).sort()).toEqual(Object.keys(b).sort());
        for (let i = 1; i < days.length; i += 1) expect(tradeDateKey(days[i - 1]?.tradeDate ?? '')).toBeLessThan(tradeDateKey(days[i]?.tradeDate ?? ''));
        let strat = 0;
        let bat = 0;
        let comb = 0;
        for (const d of days) {
          expect(d.combinedPnlUah).toBe(d.strategyPnlUah + d.bessPnlUah);
          expect(d.equivalentBessCycles).toBeLessThanOrEqual(e.maxCyclesPerDay + 1e-9);
          strat += d.strategyPnlUah;
          bat += d.bessPnlUah;
          comb += d.combinedPnlUah;
        }
        expect(summary.strategyNetPnlUah).toBe(strat);
        expect(summary.bessNetProfitUah).toBe(bat);
        expect(summary.combinedNetPnlUah).toBe(comb);
        expect(summary.profitableDays).toBe(days.filter((d) => d.combinedPnlUah > 0).length);
        expect(summary.totalTrades).toBe(days.reduce((n, d) => n + d.trades, 0));
        if (days.length === 0) {
          expect(summary.bestDay).toBeNull();
          expect(summary.worstDay).toBeNull();
          expect(summary.hitRate).toBe(0);
        } else {
          const best = Math.max(...days.map((d) => d.combinedPnlUah));
          const worst = Math.min(...days.map((d) => d.combinedPnlUah));
          expect(summary.bestDay).toBe(days.find((d) => d.combinedPnlUah === best));
          expect(summary.worstDay).toBe(days.find((d) => d.combinedPnlUah === worst));
          expect(summary.hitRate).toBe(summary.profitableDays / days.length);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('neither key order nor splitting changes the result', () => {
    fc.assert(
      fc.property(book, strategy, bess, fc.nat(), (b, s, e, cut) => {
        const whole = runBacktest(b, s, e);
        const entries = Object.entries(b).reverse();
        expect(runBacktest(Object.fromEntries(entries), s, e)).toEqual(whole);
        const at = entries.length === 0 ? 0 : cut % (entries.length + 1);
        const left = runBacktest(Object.fromEntries(entries.slice(0, at)), s, e);
        const right = runBacktest(Object.fromEntries(entries.slice(at)), s, e);
        expect(summarizeDays([...right.daily, ...left.daily])).toEqual(whole);
      }),
      { numRuns: 100 },
    );
  });
});
