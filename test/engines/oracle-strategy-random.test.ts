import { beforeAll, describe, expect, it } from 'vitest';
import { planSpread } from '../../src/engines/strategy.js';
import { checkTradingPlan } from './feasibility.js';
import { closeTo, loadHighs, solveSpreadMip, type Highs } from './oracle.js';
import { SHAPES, mulberry32, oracleCases, randomDay, randomTradingSettings } from './oracle-data.js';

const DAYS_PER_SEED = oracleCases(1100, 500);
let highs: Highs;
beforeAll(async () => {
  highs = await loadHighs();
});

describe.each([20240501, 977])('planSpread = HiGHS MIP optimum on seeded random days (seed %i)', (seed) => {
  it(`matches on ${DAYS_PER_SEED} days of every shape and every plan passes the feasibility checker`, () => {
    const rng = mulberry32(seed);
    const failures: string[] = [];
    const seen = { traded: 0, capBinding: 0, minSpreadActive: 0, feeActive: 0, maxK: 0 };
    for (let k = 0; k < DAYS_PER_SEED; k++) {
      const shape = SHAPES[k % SHAPES.length] ?? 'noise';
      const prices = randomDay(rng, shape);
      const settings = randomTradingSettings(rng, prices);
      const plan = planSpread(prices, settings);
      const oracle = solveSpreadMip(highs, prices, settings);
      const violations = checkTradingPlan(prices, settings, plan);
      const scale = Math.max(...prices) * settings.volumeMwh;
      if (violations.length > 0 || !closeTo(plan.netPnlUah, oracle, scale)) {
        failures.push(`${seed}/${k} ${shape} ours=${plan.netPnlUah} highs=${oracle} ${violations.join('; ')} ${JSON.stringify({ prices, settings })}`);
      }
      if (plan.trades.length > 0) seen.traded++;
      if (plan.trades.length === settings.maxTradesPerDay) seen.capBinding++;
      if (settings.minSpreadUah > 0 && plan.trades.length > 0) seen.minSpreadActive++;
      if (settings.feeUahPerMwh > 0 && plan.trades.length > 0) seen.feeActive++;
      if (settings.maxTradesPerDay >= 20) seen.maxK++;
    }
    expect(failures.slice(0, 5)).toEqual([]);
    // The sample must really exercise the constraints, or agreement proves little.
    expect(seen.traded).toBeGreaterThan(DAYS_PER_SEED * 0.6);
    expect(seen.capBinding).toBeGreaterThan(DAYS_PER_SEED * 0.15);
    expect(seen.minSpreadActive).toBeGreaterThan(DAYS_PER_SEED * 0.15);
    expect(seen.feeActive).toBeGreaterThan(DAYS_PER_SEED * 0.15);
    expect(seen.maxK).toBeGreaterThan(DAYS_PER_SEED * 0.05);
  });
});
