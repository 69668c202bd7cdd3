import { beforeAll, describe, expect, it } from 'vitest';
import { planSpread } from '../../src/engines/strategy.js';
import { checkTradingPlan } from './feasibility.js';
import { closeTo, loadHighs, solveSpreadMip, type Highs } from './oracle.js';
import { REAL_TRADING, realDays, realDaysSample } from './oracle-data.js';

const days = realDays();
let highs: Highs;
beforeAll(async () => {
  highs = await loadHighs();
});

describe('planSpread = HiGHS MIP optimum on the complete non-DST OREE DAM days 2022-2024 (every day across the settings)', () => {
  it('loads 1,090 complete days (1,096 minus 6 DST days)', () => {
    expect(days).toHaveLength(1090);
  });

  // Settings i of n take every n-th day from day i (all days with SVC_ORACLE_FULL=1): together they visit every day.
  it.each(REAL_TRADING.map((s, i) => [JSON.stringify(s), s, i] as const))('settings %s', (_, settings, i) => {
    const sample = realDaysSample(days, REAL_TRADING.length, i);
    const failures: string[] = [];
    let traded = 0;
    for (const { date, prices } of sample) {
      const plan = planSpread(prices, settings);
      const oracle = solveSpreadMip(highs, prices, settings);
      const violations = checkTradingPlan(prices, settings, plan);
      if (violations.length > 0 || !closeTo(plan.netPnlUah, oracle, Math.max(...prices) * settings.volumeMwh)) {
        failures.push(`${date}: ours=${plan.netPnlUah} highs=${oracle} ${violations.join('; ')}`);
      }
      if (plan.trades.length > 0) traded++;
    }
    expect(failures.slice(0, 5)).toEqual([]);
    expect(traded).toBeGreaterThan(sample.length / 2);
  });
});
