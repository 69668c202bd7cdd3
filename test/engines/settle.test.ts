/** Settling plans at other prices: at their own prices they return the plan's PnL; on a forecast they never beat perfect foresight. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { planBess } from '../../src/engines/bess.js';
import { planSpread } from '../../src/engines/strategy.js';
import { aggregateSettlements, settleBess, settleSpread } from '../../src/engines/settle.js';
import { DEFAULT_BESS_SETTINGS, DEFAULT_TRADING_SETTINGS } from '../../src/domain/settings.js';

const day = fc.array(fc.integer({ min: 10, max: 9000 }), { minLength: 24, maxLength: 24 });
const strategy = { ...DEFAULT_TRADING_SETTINGS, feeUahPerMwh: 15 };
const bess = { ...DEFAULT_BESS_SETTINGS, degradationCostUahMwh: 40 };

describe('settle', () => {
  it('a plan settled at the prices it was planned on earns its own PnL', () => {
    fc.assert(
      fc.property(day, (p) => {
        expect(settleSpread(planSpread(p, strategy), p, strategy)).toBeCloseTo(planSpread(p, strategy).netPnlUah, 6);
        expect(settleBess(planBess(p, bess), p, bess)).toBeCloseTo(planBess(p, bess).netProfitUah, 6);
      }),
      { numRuns: 50 },
    );
  });

  it('a plan chosen on a forecast never beats perfect foresight at the actual prices', () => {
    fc.assert(
      fc.property(day, day, (forecast, actual) => {
        expect(settleSpread(planSpread(forecast, strategy), actual, strategy)).toBeLessThanOrEqual(planSpread(actual, strategy).netPnlUah + 1e-6);
        expect(settleBess(planBess(forecast, bess), actual, bess)).toBeLessThanOrEqual(planBess(actual, bess).netProfitUah + 1e-6);
      }),
      { numRuns: 50 },
    );
  });

  it('aggregates per month with the total as `all`', () => {
    const rows = aggregateSettlements([
      { tradeDate: '30.01.2024', realisedPnlUah: 50, perfectForesightPnlUah: 100 },
      { tradeDate: '01.02.2024', realisedPnlUah: 30, perfectForesightPnlUah: 40 },
    ]);
    expect(rows.map((r) => [r.month, r.days, r.captureRatio])).toEqual([
      ['01.2024', 1, 0.5],
      ['02.2024', 1, 0.75],
      ['all', 2, 80 / 140],
    ]);
  });
});

describe('per-strategy settlement on the forecast', () => {
  it('each plan keeps its own capture beside the sum', () => {
    const rows = aggregateSettlements([
      { tradeDate: '30.01.2024', realisedPnlUah: 60, perfectForesightPnlUah: 100, spread: { realisedPnlUah: 50, perfectForesightPnlUah: 80 }, bess: { realisedPnlUah: 10, perfectForesightPnlUah: 20 } },
      { tradeDate: '01.02.2024', realisedPnlUah: 30, perfectForesightPnlUah: 40, spread: { realisedPnlUah: 30, perfectForesightPnlUah: 40 }, bess: { realisedPnlUah: 0, perfectForesightPnlUah: 0 } },
    ]);
    const all = rows.find((r) => r.month === 'all');
    expect(all?.spread).toEqual({ realisedPnlUah: 80, perfectForesightPnlUah: 120, captureRatio: 80 / 120 });
    expect(all?.bess).toEqual({ realisedPnlUah: 10, perfectForesightPnlUah: 20, captureRatio: 0.5 });
    expect(rows.find((r) => r.month === '02.2024')?.bess?.captureRatio).toBeNull();
    expect(all?.captureRatio).toBe(90 / 140);
  });

  it('a day without per-strategy parts has none in its month', () => {
    const [row] = aggregateSettlements([{ tradeDate: '30.01.2024', realisedPnlUah: 1, perfectForesightPnlUah: 2 }]);
    expect(row).toEqual({ month: '01.2024', days: 1, realisedPnlUah: 1, perfectForesightPnlUah: 2, captureRatio: 0.5 });
  });
});
