import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSvcError } from '../../src/domain/errors.js';
import type { BessSettings } from '../../src/domain/settings.js';
import { planBess } from '../../src/engines/bess.js';
import { planSpread } from '../../src/engines/strategy.js';
import { checkBessPlan } from './feasibility.js';
import { REAL_BESS, SHAPES, mulberry32, randomDay, realDays } from './oracle-data.js';

const unit: BessSettings = { capacityMwh: 1, powerMw: 1, roundTripEfficiency: 1, maxCyclesPerDay: 1, degradationCostUahMwh: 0 };

function planChecked(prices: number[], settings: BessSettings): ReturnType<typeof planBess> {
  const plan = planBess(prices, settings);
  expect(checkBessPlan(prices, settings, plan)).toEqual([]);
  return plan;
}

/** Two cheap valleys (hours 2, 13 at 100) and two peaks (hours 8, 19 at 500) on a 300 base. */
function twoPeaks(): number[] {
  const day = new Array<number>(24).fill(300);
  day[2] = day[13] = 100;
  day[8] = day[19] = 500;
  return day;
}

describe('planBess: edge cases', () => {
  it('flat day: no cycle, every total 0', () => {
    expect(planChecked(new Array<number>(24).fill(2500), { ...unit, roundTripEfficiency: 0.9 })).toEqual({
      cycles: [],
      netProfitUah: 0,
      chargedMwh: 0,
      dischargedMwh: 0,
      equivalentCycles: 0,
    });
  });

  it('strictly decreasing prices: no cycle', () => {
    expect(planChecked(Array.from({ length: 24 }, (_, h) => 5000 - 150 * h), { ...unit, maxCyclesPerDay: 12 }).cycles).toEqual([]);
  });

  it('one obvious cycle with every field (η = 1, deg = 0)', () => {
    const prices = new Array<number>(24).fill(1000);
    prices[3] = 400;
    prices[18] = 2400;
    expect(planChecked(prices, unit)).toEqual({
      cycles: [
        {
          chargeHour: 3,
          dischargeHour: 18,
          chargeMwh: 1,
          dischargeMwh: 1,
          chargePriceUahMwh: 400,
          dischargePriceUahMwh: 2400,
          grossSpreadUahMwh: 2000,
          profitUah: 2000,
        },
      ],
      netProfitUah: 2000,
      chargedMwh: 1,
      dischargedMwh: 1,
      equivalentCycles: 1,
    });
  });

  it('η = 1 and deg = 0 are neutral: discharge = charge, profit = gross spread × energy, and it equals the one-trade spread plan', () => {
    const rng = mulberry32(404);
    for (let k = 0; k < 300; k++) {
      const prices = randomDay(rng, SHAPES[k % SHAPES.length] ?? 'noise');
      const plan = planChecked(prices, unit);
      for (const c of plan.cycles) {
        expect(c.dischargeMwh).toBe(c.chargeMwh);
        expect(c.profitUah).toBeCloseTo(c.grossSpreadUahMwh * c.chargeMwh, 6);
        expect(c.grossSpreadUahMwh).toBeGreaterThan(0); // no zero-gain churn
      }
      const spread = planSpread(prices, { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 1, feeUahPerMwh: 0 });
      expect(plan.netProfitUah).toBeCloseTo(spread.netPnlUah, 6);
    }
  });

  it('losses sit on the charge side: η = 0.8 buys 1.25 MWh to sell 1 MWh', () => {
    const plan = planChecked(twoPeaks(), { ...unit, powerMw: 2, roundTripEfficiency: 0.8 });
    expect(plan.cycles).toHaveLength(1);
    expect(plan.cycles[0]).toMatchObject({ chargeHour: 2, dischargeHour: 8, dischargeMwh: 1 });
    expect(plan.cycles[0]?.chargeMwh).toBeCloseTo(1.25, 12);
    expect(plan.netProfitUah).toBeCloseTo(500 - 125, 9);
    expect(plan.chargedMwh).toBeCloseTo(1.25, 12);
  });

  it('degradation cost per discharged MWh can make a cycle unprofitable', () => {
    const lossy = { ...unit, powerMw: 2, roundTripEfficiency: 0.8 };
    expect(planChecked(twoPeaks(), { ...lossy, degradationCostUahMwh: 300 }).netProfitUah).toBeCloseTo(75, 9);
    expect(planChecked(twoPeaks(), { ...lossy, degradationCostUahMwh: 380 }).cycles).toEqual([]);
  });

  it('the cycle cap binds: one cycle a day, then two', () => {
    const one = planChecked(twoPeaks(), unit);
    expect(one.equivalentCycles).toBe(1);
    expect(one.netProfitUah).toBe(400);
    const two = planChecked(twoPeaks(), { ...unit, maxCyclesPerDay: 2 });
    expect(two.cycles.map((c) => [c.chargeHour, c.dischargeHour])).toEqual([
      [2, 8],
      [13, 19],
    ]);
    expect(two.equivalentCycles).toBe(2);
    expect(two.netProfitUah).toBe(800);
    expect(planChecked(twoPeaks(), { ...unit, maxCyclesPerDay: 12 }).netProfitUah).toBe(800);
  });

  it('power below capacity spreads charge and discharge over several hours, each within power', () => {
    const prices = new Array<number>(24).fill(50);
    for (let h = 0; h < 6; h++) prices[h] = 10;
    for (let h = 17; h < 23; h++) prices[h] = 100;
    const plan = planChecked(prices, { ...unit, capacityMwh: 4, powerMw: 1 });
    expect(plan.netProfitUah).toBe(360);
    expect(plan.equivalentCycles).toBe(1);
    expect(new Set(plan.cycles.map((c) => c.chargeHour)).size).toBe(4);
    expect(new Set(plan.cycles.map((c) => c.dischargeHour)).size).toBe(4);
    expect(plan.cycles.every((c) => c.chargeMwh <= 1 && c.dischargeMwh <= 1)).toBe(true);
  });

  it('power above capacity: the whole capacity moves in one hour each way', () => {
    const plan = planChecked(twoPeaks(), { ...unit, capacityMwh: 1, powerMw: 5 });
    expect(plan.cycles).toHaveLength(1);
    expect(plan.cycles[0]?.chargeMwh).toBe(1);
  });

  it('cycles are FIFO pairs, merged per (charge, discharge) hour and ordered by charge then discharge hour', () => {
    // Charge 1 MWh at hours 0 and 1, discharge at 22 and 23: first in (0) goes out first (22).
    const prices = [10, 10, ...new Array<number>(20).fill(50), 90, 90];
    const plan = planChecked(prices, { ...unit, capacityMwh: 2 });
    expect(plan.cycles.map((c) => [c.chargeHour, c.dischargeHour, c.chargeMwh])).toEqual([
      [0, 22, 1],
      [1, 23, 1],
    ]);
  });

  it('rejects bad input with a 400 naming each failing path', () => {
    const paths = (fn: () => unknown): string[] => {
      try {
        fn();
      } catch (e) {
        if (isSvcError(e) && e.code === 'validation_error') return e.issues.map((i) => i.path);
      }
      return [];
    };
    const day = new Array<number>(24).fill(100);
    expect(paths(() => planBess([...day.slice(0, 3), -5, ...day.slice(4)], unit))).toEqual(['prices.3']);
    expect(paths(() => planBess([], unit))).toEqual(['prices']);
    expect(
      paths(() => planBess(day, { ...unit, capacityMwh: 0, roundTripEfficiency: 1.2, maxCyclesPerDay: 13, degradationCostUahMwh: -1 })),
    ).toEqual(['settings.capacityMwh', 'settings.roundTripEfficiency', 'settings.maxCyclesPerDay', 'settings.degradationCostUahMwh']);
  });
});

describe('planBess: properties', () => {
  const day = fc.array(fc.integer({ min: 0, max: 12_000 }), { minLength: 24, maxLength: 24 });
  const settings = fc.record({
    capacityMwh: fc.double({ min: 0.1, max: 50, noNaN: true }),
    powerMw: fc.double({ min: 0.1, max: 50, noNaN: true }),
    roundTripEfficiency: fc.oneof(fc.constant(1), fc.double({ min: 0.05, max: 1, noNaN: true })),
    maxCyclesPerDay: fc.integer({ min: 1, max: 12 }),
    degradationCostUahMwh: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3000 })),
  });
  const profit = (p: number[], s: BessSettings): number => planBess(p, s).netProfitUah;
  const slack = (x: number): number => 1e-9 * Math.max(1, Math.abs(x));

  it('more cycles, capacity, power or efficiency never lower profit; more degradation never raises it', () => {
    fc.assert(
      fc.property(day, settings, (p, s) => {
        const base = profit(p, s);
        expect(base).toBeGreaterThanOrEqual(0);
        const floor = base - slack(base);
        expect(profit(p, { ...s, maxCyclesPerDay: Math.min(12, s.maxCyclesPerDay + 1) })).toBeGreaterThanOrEqual(floor);
        expect(profit(p, { ...s, capacityMwh: s.capacityMwh * 1.5 })).toBeGreaterThanOrEqual(floor);
        expect(profit(p, { ...s, powerMw: s.powerMw * 1.5 })).toBeGreaterThanOrEqual(floor);
        expect(profit(p, { ...s, roundTripEfficiency: Math.min(1, s.roundTripEfficiency + 0.1) })).toBeGreaterThanOrEqual(floor);
        expect(profit(p, { ...s, degradationCostUahMwh: s.degradationCostUahMwh + 50 })).toBeLessThanOrEqual(base + slack(base));
      }),
      { numRuns: 300 },
    );
  });

  it('scaling prices and degradation by c scales profit by c; scaling energy by c scales profit by c', () => {
    fc.assert(
      fc.property(day, settings, fc.integer({ min: 2, max: 9 }), (p, s, c) => {
        const base = profit(p, s);
        expect(profit(p.map((x) => x * c), { ...s, degradationCostUahMwh: s.degradationCostUahMwh * c })).toBeCloseTo(base * c, 3);
        expect(profit(p, { ...s, capacityMwh: s.capacityMwh * c, powerMw: s.powerMw * c })).toBeCloseTo(base * c, 3);
      }),
      { numRuns: 200 },
    );
  });

  it('is scale-free: prices and degradation times 2^k, or capacity and power times 2^k, scale the plan exactly', () => {
    fc.assert(
      fc.property(day, settings, fc.integer({ min: -60, max: 60 }), (p, s, k) => {
        const c = 2 ** k;
        const plan = planBess(p, s);
        const pricier = planBess(
          p.map((x) => x * c),
          { ...s, degradationCostUahMwh: s.degradationCostUahMwh * c },
        );
        expect(pricier.cycles.map((x) => [x.chargeHour, x.dischargeHour, x.chargeMwh])).toEqual(
          plan.cycles.map((x) => [x.chargeHour, x.dischargeHour, x.chargeMwh]),
        );
        expect(pricier.netProfitUah).toBe(plan.netProfitUah * c);
        const bigger = planBess(p, { ...s, capacityMwh: s.capacityMwh * c, powerMw: s.powerMw * c });
        expect(bigger.cycles.map((x) => [x.chargeHour, x.dischargeHour, x.dischargeMwh])).toEqual(
          plan.cycles.map((x) => [x.chargeHour, x.dischargeHour, x.dischargeMwh * c]),
        );
        expect(bigger.netProfitUah).toBe(plan.netProfitUah * c);
        expect(bigger.equivalentCycles).toBe(plan.equivalentCycles);
      }),
      { numRuns: 300 },
    );
  });

  it('every plan is feasible (independent checker)', () => {
    fc.assert(
      fc.property(day, settings, (p, s) => {
        expect(checkBessPlan(p, s, planBess(p, s))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('on real days the battery earns at least the best single 1 MWh spread when it may cycle once', () => {
    const days = realDays().slice(0, 120);
    for (const { prices } of days) {
      const spread = planSpread(prices, { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 1, feeUahPerMwh: 0 }).netPnlUah;
      const lossless = { ...(REAL_BESS[0] as BessSettings), roundTripEfficiency: 1 };
      expect(planBess(prices, lossless).netProfitUah).toBeCloseTo(spread, 6);
    }
  });
});
