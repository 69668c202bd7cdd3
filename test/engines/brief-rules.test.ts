import { describe, expect, it } from 'vitest';
import type { RiskGuardrailReport, TradingPlan } from '../../src/domain/plans.js';
import { analyseSensitivity, repricePlan } from '../../src/engines/brief/sensitivity.js';
import { assessCoverage, assessQuality, decideGate, GATE_RULES, type GateFactsIn } from '../../src/engines/brief/rules.js';
import { planSpread } from '../../src/engines/strategy.js';

const risk = (overallStatus: RiskGuardrailReport['overallStatus'], score = 100): RiskGuardrailReport => ({ overallStatus, score, checks: [], reviewCount: 0, blockCount: 0 });
const plan1: TradingPlan = {
  trades: [{ buyHour: 0, sellHour: 12, buyPriceUahMwh: 1000, sellPriceUahMwh: 3000, netSpreadUah: 2000, volumeMwh: 1, pnlUah: 2000 }],
  totalVolumeMwh: 1,
  netPnlUah: 2000,
  averageSpreadUah: 2000,
};
const empty: TradingPlan = { trades: [], totalVolumeMwh: 0, netPnlUah: 0, averageSpreadUah: 0 };
const calm: GateFactsIn = { risk: risk('ready'), plan: plan1, coverageScore: 100, sensitivityScore: 90, stressLoss: false, tradeHoursAtCap: [] };

describe('action gate rule table', () => {
  it('is ready when no rule fires', () => {
    expect(decideGate(calm)).toEqual({ status: 'ready', fired: [] });
  });

  const cases: Array<[string, Partial<GateFactsIn>, 'review' | 'hold']> = [
    ['riskBlocked', { risk: risk('blocked') }, 'hold'],
    ['noTrades', { plan: empty }, 'hold'],
    ['coverageTooLow', { coverageScore: 49 }, 'hold'],
    ['riskNeedsReview', { risk: risk('needsReview') }, 'review'],
    ['coverageIncomplete', { coverageScore: 69 }, 'review'],
    ['sensitive', { sensitivityScore: 49 }, 'review'],
    ['stressLoss', { stressLoss: true }, 'review'],
    ['tradeAtCap', { tradeHoursAtCap: [12] }, 'review'],
  ];
  it.each(cases)('%s alone gives %s', (id, change, status) => {
    expect(decideGate({ ...calm, ...change })).toEqual({ status, fired: [id] });
  });

  it('thresholds are exclusive: coverage 70 and sensitivity 50 do not fire', () => {
    expect(decideGate({ ...calm, coverageScore: 70, sensitivityScore: 50 }).status).toBe('ready');
    expect(decideGate({ ...calm, coverageScore: 50 }).fired).toEqual(['coverageIncomplete']);
  });

  it('hold wins over review and every fired rule is reported in table order', () => {
    const g = decideGate({ ...calm, risk: risk('needsReview'), coverageScore: 40, tradeHoursAtCap: [0] });
    expect(g).toEqual({ status: 'hold', fired: ['coverageTooLow', 'riskNeedsReview', 'tradeAtCap'] });
    expect(GATE_RULES.map((r) => r.id)).toHaveLength(8);
  });

  it('sensitivity rules do not fire without trades (noTrades already holds)', () => {
    expect(decideGate({ ...calm, plan: empty, sensitivityScore: 0, stressLoss: true }).fired).toEqual(['noTrades']);
  });
});

describe('coverage and quality', () => {
  it('weights prices 50, fee 20, caps 20, market 10', () => {
    expect(assessCoverage({ validHours: 24, feeStated: true, priceCapStated: true, marketStated: true }).score).toBe(100);
    expect(assessCoverage({ validHours: 24, feeStated: false, priceCapStated: true, marketStated: true }).score).toBe(80);
    expect(assessCoverage({ validHours: 24, feeStated: true, priceCapStated: false, marketStated: false }).score).toBe(70);
    expect(assessCoverage({ validHours: 12, feeStated: false, priceCapStated: false, marketStated: false }).score).toBe(25);
  });

  it('quality = 0.4 risk + 0.3 coverage + 0.3 sensitivity, capped by the gate', () => {
    expect(assessQuality(100, 100, 90, 'ready')).toEqual({ score: 97, level: 'high', cappedByGate: false });
    // Capped by the gate, the score is capped into the level's band too (79 = top of medium, 59 = top of low).
    expect(assessQuality(100, 100, 90, 'review')).toEqual({ score: 79, level: 'medium', cappedByGate: true });
    expect(assessQuality(60, 100, 100, 'hold')).toEqual({ score: 59, level: 'low', cappedByGate: true });
    expect(assessQuality(55, 70, 40, 'ready')).toEqual({ score: 55, level: 'low', cappedByGate: false });
    expect(assessQuality(85, 70, 40, 'ready')).toMatchObject({ score: 67, level: 'medium' });
  });
});

describe('decision sensitivity', () => {
  const step = Array.from({ length: 24 }, (_, h) => (h < 12 ? 1000 : 3000));
  const settings = { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 1, feeUahPerMwh: 0 };

  it('re-prices a fixed plan linearly', () => {
    expect(repricePlan(plan1, step, 0)).toBe(2000);
    expect(repricePlan(plan1, step, 10)).toBe(1980);
    expect(repricePlan(plan1, step.map((p) => p * 0.95), 0)).toBeCloseTo(1900, 9);
  });

  it('scores a step day: the later peak wipes the result (outcome 0), hours never change (stability 40)', () => {
    const base = planSpread(step, settings);
    expect(base.trades.map((t) => [t.buyHour, t.sellHour])).toEqual([[0, 12]]);
    const s = analyseSensitivity(step, settings, base);
    expect(s.scenarios.map((x) => x.id)).toEqual(['pricesMinus5', 'pricesMinus3', 'pricesPlus3', 'pricesPlus5', 'feePlus', 'peakLater', 'peakEarlier']);
    expect(s.worst.id).toBe('peakLater');
    expect(s.worst.planPnlUah).toBe(0);
    expect(s.losesMoney).toBe(false);
    expect(s.scenarios.filter((x) => x.kind !== 'shift').every((x) => x.sameHours === true)).toBe(true);
    expect(s.scenarios.find((x) => x.id === 'pricesMinus5')?.changeShare).toBeCloseTo(-0.05, 12);
    expect(s.scenarios.find((x) => x.id === 'feePlus')?.planPnlUah).toBe(1800);
    expect(s).toMatchObject({ score: 40, outcomePoints: 0, stabilityPoints: 40 });
  });

  it('a fee turns the shifted peak into a loss', () => {
    const withFee = { ...settings, feeUahPerMwh: 10 };
    const s = analyseSensitivity(step, withFee, planSpread(step, withFee));
    expect(s.worst.planPnlUah).toBe(-20);
    expect(s.losesMoney).toBe(true);
  });

  it('a smooth day scores high: small drops and steady hours', () => {
    const smooth = Array.from({ length: 24 }, (_, h) => 3000 + 1500 * Math.sin((Math.PI * h) / 23));
    const base = planSpread(smooth, settings);
    const s = analyseSensitivity(smooth, settings, base);
    expect(s.score).toBeGreaterThanOrEqual(75);
    expect(s.losesMoney).toBe(false);
  });

  it('without trades: full outcome points, stability counts runs that still find nothing', () => {
    const flat = new Array<number>(24).fill(2000);
    const s = analyseSensitivity(flat, settings, planSpread(flat, settings));
    expect(s.score).toBe(100);
    expect(s.scenarios.every((x) => x.changeShare === null)).toBe(true);
  });
});

describe('decision quality: level and score never disagree', () => {
  it('every score lies in its level band, also when the gate caps the level', async () => {
    const { assessQuality, QUALITY_HIGH_FROM, QUALITY_MEDIUM_FROM } = await import('../../src/engines/brief/rules.js');
    for (const gate of ['ready', 'review', 'hold'] as const) {
      for (let risk = 0; risk <= 100; risk += 10) {
        for (let cov = 0; cov <= 100; cov += 25) {
          for (let sens = 0; sens <= 100; sens += 20) {
            const q = assessQuality(risk, cov, sens, gate);
            const band = q.score >= QUALITY_HIGH_FROM ? 'high' : q.score >= QUALITY_MEDIUM_FROM ? 'medium' : 'low';
            expect({ gate, risk, cov, sens, level: q.level }).toEqual({ gate, risk, cov, sens, level: band });
          }
        }
      }
    }
  });
});
