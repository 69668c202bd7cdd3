import { beforeAll, describe, expect, it } from 'vitest';
import { planBess } from '../../src/engines/bess.js';
import { checkBessPlan } from './feasibility.js';
import { closeTo, loadHighs, solveBessLp, type Highs } from './oracle.js';
import { REAL_BESS, SHAPES, mulberry32, randomBessSettings, randomDay, realDays } from './oracle-data.js';

const RANDOM_DAYS = 2400;
let highs: Highs;
beforeAll(async () => {
  highs = await loadHighs();
});

describe('planBess = HiGHS LP optimum', () => {
  it(`on ${RANDOM_DAYS} seeded random days of every shape, and every plan passes the feasibility checker`, () => {
    const rng = mulberry32(1_000_003);
    const failures: string[] = [];
    const seen = { cycled: 0, throughputBinding: 0, powerBelowCapacity: 0, powerAboveCapacity: 0, lossy: 0, lossless: 0 };
    for (let k = 0; k < RANDOM_DAYS; k++) {
      const shape = SHAPES[k % SHAPES.length] ?? 'noise';
      const prices = randomDay(rng, shape);
      const settings = randomBessSettings(rng);
      const plan = planBess(prices, settings);
      const oracle = solveBessLp(highs, prices, settings);
      const violations = checkBessPlan(prices, settings, plan);
      const scale = (Math.max(...prices) / settings.roundTripEfficiency) * settings.capacityMwh * settings.maxCyclesPerDay;
      if (violations.length > 0 || !closeTo(plan.netProfitUah, oracle, scale)) {
        failures.push(`${k} ${shape} ours=${plan.netProfitUah} highs=${oracle} ${violations.join('; ')} ${JSON.stringify({ prices, settings })}`);
      }
      if (plan.cycles.length > 0) {
        seen.cycled++;
        if (settings.powerMw < settings.capacityMwh) seen.powerBelowCapacity++;
        if (settings.powerMw > settings.capacityMwh) seen.powerAboveCapacity++;
        if (settings.roundTripEfficiency < 1) seen.lossy++;
        else seen.lossless++;
      }
      if (plan.equivalentCycles > settings.maxCyclesPerDay - 1e-9) seen.throughputBinding++;
    }
    expect(failures.slice(0, 5)).toEqual([]);
    expect(seen.cycled).toBeGreaterThan(RANDOM_DAYS * 0.5);
    expect(seen.throughputBinding).toBeGreaterThan(RANDOM_DAYS * 0.1);
    for (const key of ['powerBelowCapacity', 'powerAboveCapacity', 'lossy', 'lossless'] as const) {
      expect(seen[key], key).toBeGreaterThan(RANDOM_DAYS * 0.05);
    }
  });

  const days = realDays();
  it.each(REAL_BESS.map((s) => [JSON.stringify(s), s] as const))('on all %#-th settings over 1,090 real OREE days: %s', (_, settings) => {
    expect(days).toHaveLength(1090);
    const failures: string[] = [];
    let cycled = 0;
    for (const { date, prices } of days) {
      const plan = planBess(prices, settings);
      const oracle = solveBessLp(highs, prices, settings);
      const violations = checkBessPlan(prices, settings, plan);
      if (violations.length > 0 || !closeTo(plan.netProfitUah, oracle, Math.max(...prices) * settings.capacityMwh)) {
        failures.push(`${date}: ours=${plan.netProfitUah} highs=${oracle} ${violations.join('; ')}`);
      }
      if (plan.cycles.length > 0) cycled++;
    }
    expect(failures.slice(0, 5)).toEqual([]);
    expect(cycled).toBeGreaterThan(days.length / 2);
  });
});
