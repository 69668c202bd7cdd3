import { describe, expect, it } from 'vitest';
import { aggregateByMonth, backtestDay, runBacktest, summarizeDays } from '../../src/engines/backtest.js';
import { SvcError } from '../../src/domain/errors.js';
import { BacktestSummary, type BacktestDay } from '../../src/domain/plans.js';
import type { PriceBook } from '../../src/domain/prices.js';
import type { BessSettings, TradingSettings } from '../../src/domain/settings.js';
import { day, flatWith } from './backtest-fixture.js';

/** One trade of 1 MWh a day, no fee: the plan is the single best (buy, later sell) pair. */
const ONE_TRADE: TradingSettings = { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 1, feeUahPerMwh: 0 };
/** 1 MWh / 1 MW, lossless, one cycle, no wear: the battery also takes the single best pair. */
const LOSSLESS: BessSettings = { capacityMwh: 1, powerMw: 1, roundTripEfficiency: 1, maxCyclesPerDay: 1, degradationCostUahMwh: 0 };

/** Three hand-computable days, deliberately out of date order in the object. */
function handBook(): PriceBook {
  return {
    // Buy 400 at hour 3, sell 1,600 at hour 20: 1,200 UAH for each engine.
    '02.01.2024': day(flatWith(1000, { 3: 400, 20: 1600 })),
    // 500 all day but 700 at hour 10: buy any earlier hour, 200 UAH each.
    '01.01.2024': day(flatWith(500, { 10: 700 })),
    // Falling prices: no later hour is dearer, nothing to do.
    '03.01.2024': day(Array.from({ length: 24 }, (_, h) => 2000 - 10 * h)),
  };
}

describe('runBacktest on a hand-computed book', () => {
  const summary = runBacktest(handBook(), ONE_TRADE, LOSSLESS);

  it('gives the days in date order with the per-day figures worked out on paper', () => {
    expect(summary.daily.map((d) => d.tradeDate)).toEqual(['01.01.2024', '02.01.2024', '03.01.2024']);
    const [d1, d2, d3] = summary.daily as [BacktestDay, BacktestDay, BacktestDay];
    expect(d1).toMatchObject({ strategyPnlUah: 200, bessPnlUah: 200, combinedPnlUah: 400, trades: 1, bessCycles: 1, averageSpreadUah: 200 });
    expect(d1.equivalentBessCycles).toBeCloseTo(1, 12);
    expect(d2).toMatchObject({ strategyPnlUah: 1200, bessPnlUah: 1200, combinedPnlUah: 2400, trades: 1, bessCycles: 1, averageSpreadUah: 1200 });
    expect(d3).toMatchObject({ strategyPnlUah: 0, bessPnlUah: 0, combinedPnlUah: 0, trades: 0, bessCycles: 0, equivalentBessCycles: 0 });
  });

  it('aggregates exactly as the spec says', () => {
    expect(summary).toMatchObject({
      totalDays: 3,
      profitableDays: 2,
      strategyNetPnlUah: 1400,
      bessNetProfitUah: 1400,
      combinedNetPnlUah: 2800,
      totalTrades: 2,
      totalBessCycles: 2,
    });
    expect(summary.hitRate).toBeCloseTo(2 / 3, 15);
    expect(summary.averageDailyPnlUah).toBeCloseTo(2800 / 3, 10);
    expect(summary.bestDay?.tradeDate).toBe('02.01.2024');
    expect(summary.worstDay?.tradeDate).toBe('03.01.2024');
    expect(BacktestSummary.safeParse(summary).success).toBe(true);
  });

  it('applies the fee and the wear cost per MWh', () => {
    const s = runBacktest(
      { '02.01.2024': day(flatWith(1000, { 3: 400, 20: 1600 })) },
      { ...ONE_TRADE, feeUahPerMwh: 50, volumeMwh: 2 },
      { ...LOSSLESS, degradationCostUahMwh: 100 },
    );
    // Spread: (1,600 - 400 - 2 x 50) x 2 MWh = 2,200. Battery: 1,600 - 400 - 100 wear = 1,100.
    expect(s.strategyNetPnlUah).toBeCloseTo(2200, 9);
    expect(s.bessNetProfitUah).toBeCloseTo(1100, 9);
    expect(s.daily[0]?.averageSpreadUah).toBeCloseTo(1100, 9);
  });
});

describe('best and worst day ties', () => {
  const winning = day(flatWith(1000, { 3: 400, 20: 1600 }));
  const idle = day(flatWith(800));

  it('the earliest of equally good days is the best day, the earliest of equally bad the worst', () => {
    const s = runBacktest({ '05.01.2024': winning, '07.01.2024': idle, '04.01.2024': winning, '03.01.2024': idle }, ONE_TRADE, LOSSLESS);
    expect(s.bestDay?.tradeDate).toBe('04.01.2024');
    expect(s.worstDay?.tradeDate).toBe('03.01.2024');
  });

  it('compares dates as dates, not as strings', () => {
    // As strings "01.02.2024" < "31.01.2024"; as dates 31 January comes first.
    const s = runBacktest({ '01.02.2024': winning, '31.01.2024': winning }, ONE_TRADE, LOSSLESS);
    expect(s.daily.map((d) => d.tradeDate)).toEqual(['31.01.2024', '01.02.2024']);
    expect(s.bestDay?.tradeDate).toBe('31.01.2024');
    expect(s.worstDay?.tradeDate).toBe('31.01.2024');
  });

  it('a single day is both the best and the worst', () => {
    const s = runBacktest({ '10.03.2023': winning }, ONE_TRADE, LOSSLESS);
    expect(s.bestDay).toEqual(s.worstDay);
    expect(s.bestDay).toBe(s.daily[0]);
  });
});

describe('empty book', () => {
  it('has zero days, zero rates and no best or worst day', () => {
    const s = runBacktest({}, ONE_TRADE, LOSSLESS);
    expect(s).toEqual({
      totalDays: 0,
      profitableDays: 0,
      hitRate: 0,
      strategyNetPnlUah: 0,
      bessNetProfitUah: 0,
      combinedNetPnlUah: 0,
      averageDailyPnlUah: 0,
      totalTrades: 0,
      totalBessCycles: 0,
      bestDay: null,
      worstDay: null,
      daily: [],
    });
    expect(summarizeDays([])).toEqual(s);
  });
});

describe('a day that earns nothing', () => {
  it('is not profitable and is the worst day', () => {
    // The wear cost exceeds any spread the battery could earn, so it stays idle (0), and the spread
    // engine never takes a losing trade: a day is never negative, only zero.
    const s = runBacktest(
      { '01.06.2024': day(flatWith(1000, { 23: 900 })), '02.06.2024': day(flatWith(1000, { 3: 400, 20: 1600 })) },
      ONE_TRADE,
      { ...LOSSLESS, degradationCostUahMwh: 5000 },
    );
    expect(s.profitableDays).toBe(1);
    expect(s.daily[1]?.bessPnlUah).toBe(0);
    expect(s.worstDay?.tradeDate).toBe('01.06.2024');
  });
});

describe('summarizeDays', () => {
  const full = runBacktest(handBook(), ONE_TRADE, LOSSLESS);

  it('merges parts of a split run into the same summary as one run', () => {
    const [a, b, c] = full.daily as [BacktestDay, BacktestDay, BacktestDay];
    expect(summarizeDays([c, a, b])).toEqual(full);
  });

  it('rejects a date given twice with a 400 naming it', () => {
    const first = full.daily[0] as BacktestDay;
    const err = (() => {
      try {
        summarizeDays([first, ...full.daily]);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(SvcError);
    expect((err as SvcError).code).toBe('validation_error');
    expect((err as SvcError).message).toContain('01.01.2024');
  });
});

describe('aggregateByMonth', () => {
  const mk = (tradeDate: string, strategy: number, bess: number): BacktestDay => ({
    tradeDate,
    strategyPnlUah: strategy,
    bessPnlUah: bess,
    combinedPnlUah: strategy + bess,
    trades: strategy > 0 ? 2 : 0,
    bessCycles: bess > 0 ? 1 : 0,
    averageSpreadUah: 0,
    equivalentBessCycles: bess > 0 ? 1 : 0,
  });

  it('groups by calendar month in date order, across years', () => {
    const rows = aggregateByMonth([mk('02.01.2024', 100, 50), mk('15.12.2023', 0, 0), mk('31.12.2023', 10, 0), mk('01.01.2024', 0, 0), mk('09.01.2024', 30, 20)]);
    expect(rows).toEqual([
      { month: '12.2023', days: 2, profitableDays: 1, hitRate: 0.5, strategyPnlUah: 10, bessPnlUah: 0, combinedPnlUah: 10, trades: 2, bessCycles: 0 },
      { month: '01.2024', days: 3, profitableDays: 2, hitRate: 2 / 3, strategyPnlUah: 130, bessPnlUah: 70, combinedPnlUah: 200, trades: 4, bessCycles: 2 },
    ]);
  });

  it('gives no rows for no days', () => {
    expect(aggregateByMonth([])).toEqual([]);
  });
});

describe('progress and input guards', () => {
  it('reports progress in order and ends with done === total', () => {
    const book: PriceBook = {};
    for (let d = 1; d <= 28; d += 1) book[`${String(d).padStart(2, '0')}.02.2023`] = day(flatWith(1000 + d, { 5: 900, 18: 1500 }));
    const calls: [number, number][] = [];
    runBacktest(book, ONE_TRADE, LOSSLESS, { onProgress: (done, total) => calls.push([done, total]) });
    expect(calls.at(-1)).toEqual([28, 28]);
    expect(calls.every(([, total]) => total === 28)).toBe(true);
    expect(calls.map(([done]) => done)).toEqual([...calls.map(([done]) => done)].sort((a, b) => a - b));
  });

  it('rejects a malformed day with a 400 naming the date', () => {
    const short = day(flatWith(1000)).slice(0, 23);
    expect(() => runBacktest({ '01.01.2024': short }, ONE_TRADE, LOSSLESS)).toThrow(/priceBook\.01\.01\.2024/);
    const twice = day(flatWith(1000));
    twice[5] = { hour: 4, priceUahMwh: 1 };
    expect(() => runBacktest({ '01.01.2024': twice }, ONE_TRADE, LOSSLESS)).toThrow(/priceBook\.01\.01\.2024\.5\.hour/);
    const negative = day(flatWith(1000, { 7: -1 }));
    expect(() => runBacktest({ '01.01.2024': negative }, ONE_TRADE, LOSSLESS)).toThrow(/priceBook\.01\.01\.2024\.7\.priceUahMwh/);
  });

  it('reads hours by their hour field, not their position', () => {
    const ordered = day(flatWith(1000, { 3: 400, 20: 1600 }));
    const shuffled = [...ordered].reverse();
    expect(runBacktest({ '02.01.2024': shuffled }, ONE_TRADE, LOSSLESS)).toEqual(runBacktest({ '02.01.2024': ordered }, ONE_TRADE, LOSSLESS));
  });

  it('backtestDay equals the corresponding day of a run', () => {
    const s = runBacktest(handBook(), ONE_TRADE, LOSSLESS);
    expect(backtestDay('02.01.2024', flatWith(1000, { 3: 400, 20: 1600 }), ONE_TRADE, LOSSLESS)).toEqual(s.daily[1]);
  });
});
