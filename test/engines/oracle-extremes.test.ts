/**
 * Exact at every accepted input (issue 9): both engines against the HiGHS oracle at the extremes of
 * the documented bounds (src/domain/bounds.ts), not only at typical values. Each settings key takes
 * its minimum, its maximum or a typical value; prices span 0..1,000,000 UAH/MWh.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BOUNDS } from '../../src/domain/bounds.js';
import type { BessSettings, TradingSettings } from '../../src/domain/settings.js';
import { BessSettings as BessSchema, TradingSettings as TradingSchema } from '../../src/domain/settings.js';
import { planBess } from '../../src/engines/bess.js';
import { planSpread } from '../../src/engines/strategy.js';
import { checkBessPlan, checkTradingPlan } from './feasibility.js';
import { closeTo, loadHighs, solveBessLp, solveSpreadMip, type Highs } from './oracle.js';
import { mulberry32, oracleCases, type Rng } from './oracle-data.js';

const CASES = oracleCases(600, 300);

let highs: Highs;
beforeAll(async () => {
  highs = await loadHighs();
});

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
const P = BOUNDS.priceUahMwh;

/** A day at one of several price scales, the top one touching the price bound. */
function extremeDay(rng: Rng): number[] {
  const scale = pick(rng, [1e-3, 1, 100, 10_000, P.max]);
  return Array.from({ length: 24 }, () => {
    const r = rng();
    if (r < 0.1) return 0;
    if (r < 0.15) return scale === P.max ? P.max : scale;
    return Math.round(rng() * scale * 100) / 100;
  });
}

function extremeTrading(rng: Rng): TradingSettings {
  return TradingSchema.parse({
    volumeMwh: pick(rng, [BOUNDS.volumeMwh.min, BOUNDS.volumeMwh.max, 1]),
    minSpreadUah: pick(rng, [0, 0, 100, BOUNDS.minSpreadUah.max]),
    maxTradesPerDay: pick(rng, [1, 24, 3]),
    feeUahPerMwh: pick(rng, [0, 10, BOUNDS.feeUahPerMwh.max]),
  });
}

function extremeBess(rng: Rng): BessSettings {
  const b = (k: 'capacityMwh' | 'powerMw', typical: number) => pick(rng, [BOUNDS[k].min, BOUNDS[k].max, typical]);
  return BessSchema.parse({
    capacityMwh: b('capacityMwh', 2),
    powerMw: b('powerMw', 1),
    roundTripEfficiency: pick(rng, [BOUNDS.roundTripEfficiency.min, 1, 0.88]),
    maxCyclesPerDay: pick(rng, [1, 12, 2]),
    degradationCostUahMwh: pick(rng, [0, 150, BOUNDS.degradationCostUahMwh.max]),
  });
}

describe('engines exact at the extremes of the accepted bounds', () => {
  it(`planSpread = HiGHS MIP optimum on ${CASES} extreme days and settings; every plan feasible and finite`, () => {
    const rng = mulberry32(4242);
    const failures: string[] = [];
    for (let k = 0; k < CASES; k++) {
      const prices = extremeDay(rng);
      const s = extremeTrading(rng);
      const plan = planSpread(prices, s);
      const oracle = solveSpreadMip(highs, prices, s);
      const scale = Math.max(1, ...prices) * s.volumeMwh * s.maxTradesPerDay;
      const bad = checkTradingPlan(prices, s, plan);
      if (!Number.isFinite(plan.netPnlUah) || bad.length > 0 || !closeTo(plan.netPnlUah, oracle, scale)) failures.push(`${k} ours=${plan.netPnlUah} highs=${oracle} ${bad.join(';')} ${JSON.stringify(s)}`);
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });

  it(`planBess = HiGHS LP optimum on ${CASES} extreme days and settings (the 1e11 MWh capacity that lost 5 % is now out of bounds)`, () => {
    const rng = mulberry32(777);
    const failures: string[] = [];
    for (let k = 0; k < CASES; k++) {
      const prices = extremeDay(rng);
      const s = extremeBess(rng);
      const plan = planBess(prices, s);
      const oracle = solveBessLp(highs, prices, s);
      const scale = (Math.max(1, ...prices) / s.roundTripEfficiency) * Math.min(s.capacityMwh, s.powerMw * 24) * s.maxCyclesPerDay;
      const bad = checkBessPlan(prices, s, plan);
      if (!Number.isFinite(plan.netProfitUah) || bad.length > 0 || !closeTo(plan.netProfitUah, oracle, scale)) failures.push(`${k} ours=${plan.netProfitUah} highs=${oracle} ${bad.join(';')} ${JSON.stringify(s)}`);
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });
});
