import { beforeAll, describe, expect, it } from 'vitest';
import { planBess } from '../../src/engines/bess.js';
import { checkBessPlan } from './feasibility.js';
import { closeTo, loadHighs, solveBessLp, type Highs } from './oracle.js';
import { REAL_BESS, SHAPES, mulberry32, oracleCases, randomBessSettings, randomDay, realDays, realDaysSample } from './oracle-data.js';

const RANDOM_DAYS = oracleCases(2400, 1000);
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
  // Settings i of n take every n-th of the 1,090 real OREE days from day i (all with SVC_ORACLE_FULL=1): together every day.
  it.each(REAL_BESS.map((s, i) => [JSON.stringify(s), s, i] as const))('on the %#-th settings over real OREE days: %s', (_, settings, i) => {
    expect(days).toHaveLength(1090);
    const sample = realDaysSample(days, REAL_BESS.length, i);
    const failures: string[] = [];
    let cycled = 0;
    for (const { date, prices } of sample) {
      const plan = planBess(prices, settings);
      const oracle = solveBessLp(highs, prices, settings);
      const violations = checkBessPlan(prices, settings, plan);
      if (violations.length > 0 || !closeTo(plan.netProfitUah, oracle, Math.max(...prices) * settings.capacityMwh)) {
        failures.push(`${date}: ours=${plan.netProfitUah} highs=${oracle} ${violations.join('; ')}`);
      }
      if (plan.cycles.length > 0) cycled++;
    }
    expect(failures.slice(0, 5)).toEqual([]);
    expect(cycled).toBeGreaterThan(sample.length / 2);
  });
});
