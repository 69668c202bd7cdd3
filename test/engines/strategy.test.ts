import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_TABLE, isSvcError } from '../../src/domain/errors.js';
import type { TradingSettings } from '../../src/domain/settings.js';
import { planSpread } from '../../src/engines/strategy.js';
import { checkTradingPlan } from './feasibility.js';
import { mulberry32 } from './oracle-data.js';
import { bruteForceSpread } from './strategy-brute.js';

const base: TradingSettings = { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 24, feeUahPerMwh: 0 };
const hours = (plan: ReturnType<typeof planSpread>): Array<[number, number]> => plan.trades.map((t) => [t.buyHour, t.sellHour]);

function planChecked(prices: number[], settings: TradingSettings): ReturnType<typeof planSpread> {
  const plan = planSpread(prices, settings);
  expect(checkTradingPlan(prices, settings, plan)).toEqual([]);
  return plan;
}

describe('planSpread: lots (lotMwh)', () => {
  const prices = Array.from({ length: 24 }, (_, h) => 3000 + 1500 * Math.sin(h / 3));
  it('a volume of whole lots plans exactly as without lots (1.2 / 0.1 rounds to 11.999… in doubles)', () => {
    expect(planChecked(prices, { ...base, volumeMwh: 1.2, lotMwh: 0.1 })).toEqual(planSpread(prices, { ...base, volumeMwh: 1.2 }));
    expect(planChecked(prices, { ...base, volumeMwh: 0.3, lotMwh: 0 }).trades.length).toBeGreaterThan(0);
  });
  it('a volume off the lot is a 400 naming volumeMwh and lotMwh', () => {
    let caught: unknown;
    try {
      planSpread(prices, { ...base, volumeMwh: 1.05, lotMwh: 0.1 });
    } catch (e) {
      caught = e;
    }
    expect(isSvcError(caught) && ERROR_TABLE[caught.code].status).toBe(400);
    const issues = (caught as { issues: { path: string; message: string }[] }).issues;
    expect(issues.map((i) => i.path)).toEqual(['settings.volumeMwh', 'settings.lotMwh']);
    expect(issues[0]?.message).toContain('lotMwh 0.1');
  });
});

describe('planSpread: edge cases', () => {
  it('flat day: empty plan, every total 0', () => {
    expect(planChecked(new Array<number>(24).fill(4321.5), base)).toEqual({ trades: [], totalVolumeMwh: 0, netPnlUah: 0, averageSpreadUah: 0 });
  });

  it('strictly decreasing prices: no trade', () => {
    const plan = planChecked(Array.from({ length: 24 }, (_, h) => 5000 - 100 * h), base);
    expect(plan.trades).toEqual([]);
    expect(plan.netPnlUah).toBe(0);
  });

  it('single obvious spread: buy the trough, sell the peak, with every field', () => {
    const prices = new Array<number>(24).fill(3000);
    prices[4] = 1200;
    prices[19] = 7800;
    const plan = planChecked(prices, { volumeMwh: 2.5, minSpreadUah: 0, maxTradesPerDay: 1, feeUahPerMwh: 10 });
    expect(plan).toEqual({
      trades: [{ buyHour: 4, sellHour: 19, buyPriceUahMwh: 1200, sellPriceUahMwh: 7800, netSpreadUah: 6580, volumeMwh: 2.5, pnlUah: 16450 }],
      totalVolumeMwh: 2.5,
      netPnlUah: 16450,
      averageSpreadUah: 6580,
    });
  });

  it('maxTradesPerDay keeps the best K trades; totals and average aggregate them', () => {
    // Spreads available: 0->1 (900), 2->3 (500), 4->5 (100): K=2 keeps the first two.
    const prices = [100, 1000, 100, 600, 100, 200];
    const plan = planChecked(prices, { ...base, volumeMwh: 3, maxTradesPerDay: 2 });
    expect(hours(plan)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(plan.netPnlUah).toBe(4200);
    expect(plan.totalVolumeMwh).toBe(6);
    expect(plan.averageSpreadUah).toBe(700);
  });

  it('fee counts twice per trade and a zero net spread is never traded', () => {
    expect(planChecked([100, 120], { ...base, feeUahPerMwh: 10 }).trades).toEqual([]);
    const plan = planChecked([100, 121], { ...base, feeUahPerMwh: 10 });
    expect(plan.trades[0]?.netSpreadUah).toBe(1);
  });

  it('minSpread is inclusive, also for decimal prices whose difference rounds below it', () => {
    expect(hours(planChecked([100, 150], { ...base, minSpreadUah: 50 }))).toEqual([[0, 1]]);
    expect(planChecked([100, 150], { ...base, minSpreadUah: 50.01 }).trades).toEqual([]);
    expect(0.3 - 0.1).toBeLessThan(0.2); // binary rounding: the decimal tie must still qualify
    expect(hours(planChecked([0.1, 0.3], { ...base, minSpreadUah: 0.2 }))).toEqual([[0, 1]]);
  });

  it('the fee decides between one long trade and two short ones', () => {
    // Without fee 0->1 + 2->3 earns 50 + 51 > 100; with fee 1 they earn 48 + 49 < 98.
    expect(hours(planChecked([0, 50, 49, 100], base))).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(hours(planChecked([0, 50, 49, 100], { ...base, feeUahPerMwh: 1 }))).toEqual([[0, 3]]);
  });

  it('rejects bad input with a 400 naming each failing path', () => {
    const fail = (fn: () => unknown): { status: number; paths: string[] } => {
      try {
        fn();
      } catch (e) {
        if (isSvcError(e)) return { status: ERROR_TABLE[e.code].status, paths: e.issues.map((i) => i.path) };
      }
      return { status: 0, paths: [] };
    };
    expect(fail(() => planSpread([1, Number.NaN, 3], base))).toEqual({ status: 400, paths: ['prices.1'] });
    expect(fail(() => planSpread(new Array<number>(25).fill(1), base))).toEqual({ status: 400, paths: ['prices'] });
    expect(fail(() => planSpread([1, 2], { ...base, maxTradesPerDay: 0, volumeMwh: -1 }))).toEqual({
      status: 400,
      paths: ['settings.volumeMwh', 'settings.maxTradesPerDay'],
    });
  });
});

describe('planSpread: documented tie-break', () => {
  it('rule 2, fewer trades: one 0->3 trade rather than 0->1 and 2->3 for the same pnl', () => {
    expect(hours(planChecked([0, 5, 5, 10], { ...base, maxTradesPerDay: 2 }))).toEqual([[0, 3]]);
  });

  it('rule 3, earliest roles: of the equal trades, the one acting earliest', () => {
    expect(hours(planChecked([10, 10, 20, 20], { ...base, maxTradesPerDay: 1 }))).toEqual([[0, 2]]);
    expect(hours(planChecked([3, 0, 10, 0, 10], { ...base, maxTradesPerDay: 1 }))).toEqual([[1, 2]]);
    const day = new Array<number>(24).fill(2000);
    day[3] = day[9] = 1000;
    day[12] = day[20] = 3000;
    expect(hours(planChecked(day, { ...base, maxTradesPerDay: 1 }))).toEqual([[3, 12]]);
  });

  it('rule 4, same buy and sell hours: earliest sell for the earliest buy', () => {
    expect(hours(planChecked([0, 0, 10, 10], base))).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });

  it('rule 4 never breaks the min spread: the earliest sell is skipped when it strands a later buy', () => {
    // (0,2) is admissible but leaves (1,3) with spread 2 < 3; only (0,3)+(1,2) earns 12.
    expect(hours(planChecked([0, 4, 10, 6], { ...base, minSpreadUah: 3 }))).toEqual([
      [0, 3],
      [1, 2],
    ]);
  });

  it('equals an independent brute force (whole order, not just pnl) on 1,500 short tie-heavy days', () => {
    const rng = mulberry32(31337);
    const mismatches: string[] = [];
    for (let k = 0; k < 1500; k++) {
      const n = 2 + Math.floor(rng() * 9);
      const prices = Array.from({ length: n }, () => Math.floor(rng() * 7));
      const settings: TradingSettings = {
        volumeMwh: 1,
        minSpreadUah: [0, 0, 1, 2, 3][Math.floor(rng() * 5)] ?? 0,
        maxTradesPerDay: 1 + Math.floor(rng() * 5),
        feeUahPerMwh: [0, 0, 0.5, 1][Math.floor(rng() * 4)] ?? 0,
      };
      const ours = hours(planChecked(prices, settings));
      const reference = bruteForceSpread(prices, settings).pairs;
      if (JSON.stringify(ours) !== JSON.stringify(reference)) mismatches.push(JSON.stringify({ prices, settings, ours, reference }));
    }
    expect(mismatches.slice(0, 3)).toEqual([]);
  });
});

describe('planSpread: properties', () => {
  const day = fc.array(fc.integer({ min: 0, max: 12_000 }), { minLength: 24, maxLength: 24 });
  const settings = fc.record({
    volumeMwh: fc.double({ min: 0.01, max: 100, noNaN: true }),
    minSpreadUah: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 4000 })),
    maxTradesPerDay: fc.integer({ min: 1, max: 24 }),
    feeUahPerMwh: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 300 })),
  });
  const slack = (x: number): number => 1e-9 * Math.max(1, Math.abs(x));

  it('raising maxTradesPerDay never lowers pnl', () => {
    fc.assert(
      fc.property(day, settings, (prices, s) => {
        const more = { ...s, maxTradesPerDay: Math.min(24, s.maxTradesPerDay + 1) };
        expect(planSpread(prices, more).netPnlUah).toBeGreaterThanOrEqual(planSpread(prices, s).netPnlUah - slack(1e6));
      }),
      { numRuns: 300 },
    );
  });

  it('raising the fee or the min spread never raises pnl', () => {
    fc.assert(
      fc.property(day, settings, fc.integer({ min: 1, max: 500 }), (prices, s, bump) => {
        const pnl = planSpread(prices, s).netPnlUah;
        expect(planSpread(prices, { ...s, feeUahPerMwh: s.feeUahPerMwh + bump }).netPnlUah).toBeLessThanOrEqual(pnl + slack(pnl));
        expect(planSpread(prices, { ...s, minSpreadUah: s.minSpreadUah + bump }).netPnlUah).toBeLessThanOrEqual(pnl + slack(pnl));
      }),
      { numRuns: 300 },
    );
  });

  it('volume scales pnl and keeps the hours; shifting every price keeps the hours', () => {
    fc.assert(
      fc.property(day, settings, fc.integer({ min: 1, max: 5000 }), (prices, s, shift) => {
        const plan = planSpread(prices, s);
        const doubled = planSpread(prices, { ...s, volumeMwh: 2 * s.volumeMwh });
        expect(hours(doubled)).toEqual(hours(plan));
        expect(doubled.netPnlUah).toBeCloseTo(2 * plan.netPnlUah, 6);
        expect(hours(planSpread(prices.map((p) => p + shift), s))).toEqual(hours(plan));
      }),
      { numRuns: 300 },
    );
  });

  it('is scale-free: prices, fee and min spread times 2^k (exact in binary) give the same hours and exactly 2^k the pnl', () => {
    fc.assert(
      fc.property(day, settings, fc.integer({ min: -60, max: 60 }), (prices, s, k) => {
        const c = 2 ** k;
        const plan = planSpread(prices, s);
        const scaled = planSpread(
          prices.map((p) => p * c),
          { ...s, feeUahPerMwh: s.feeUahPerMwh * c, minSpreadUah: s.minSpreadUah * c },
        );
        expect(hours(scaled)).toEqual(hours(plan));
        expect(scaled.netPnlUah).toBe(plan.netPnlUah * c);
        expect(scaled.averageSpreadUah).toBe(plan.averageSpreadUah * c);
      }),
      { numRuns: 300 },
    );
  });

  it('every plan is feasible and no trade is left on the table (no unused admissible pair when below K)', () => {
    fc.assert(
      fc.property(day, settings, (prices, s) => {
        const plan = planSpread(prices, s);
        expect(checkTradingPlan(prices, s, plan)).toEqual([]);
        if (plan.trades.length >= s.maxTradesPerDay) return;
        const used = new Set(plan.trades.flatMap((t) => [t.buyHour, t.sellHour]));
        for (let i = 0; i < 24; i++) {
          for (let j = i + 1; j < 24; j++) {
            const ns = (prices[j] as number) - (prices[i] as number) - 2 * s.feeUahPerMwh;
            if (!used.has(i) && !used.has(j)) expect(ns > 0 && ns >= s.minSpreadUah).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
