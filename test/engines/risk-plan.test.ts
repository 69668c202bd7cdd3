/** tradeConcentration, cashExposure, bessCycles, humanApproval; order, overall status, score, markers. */
import { describe, expect, it } from 'vitest';
import { RiskGuardrailReport, type RiskCheck } from '../../src/domain/plans.js';
import { cashExposureUah, parseRiskConfig, riskMarkers, summarizeChecks } from '../../src/engines/risk.js';
import { flatWith } from './backtest-fixture.js';
import { BESS, EMPTY_BESS_PLAN, STRATEGY, baseInput, check, planOf, plannedInput, run, trade } from './risk-helpers.js';

describe('tradeConcentration', () => {
  const concentration = (pnls: number[], maxTradesPerDay = 24) =>
    check(run(baseInput({ plan: planOf(pnls.map((p) => trade(1000, 1000 + p, 1, p))), strategySettings: { ...STRATEGY, maxTradesPerDay } })), 'tradeConcentration');

  it('reports the largest trade in UAH and reviews from a 60 % share, inclusive', () => {
    expect(concentration([60, 40])).toMatchObject({ status: 'review', value: 60, unit: 'uah' });
    expect(concentration([59.9, 40.1])).toMatchObject({ status: 'pass', value: 59.9 });
    expect(concentration([30, 30, 20, 20]).status).toBe('pass');
    expect(concentration([500]).status).toBe('review');
  });

  it('says money with 2 decimals, as the Value column does, and the trades in proper plural', () => {
    expect(concentration([60, 40.3]).detail).toMatch(/^The largest trade earns 60\.00 UAH, [\d.]+ % of the plan's 100\.30 UAH from 2 trades,/);
    expect(concentration([500]).detail).toMatch(/of the plan's 500\.00 UAH from 1 trade,/);
  });

  it('passes with no trade, and when the settings allow only one trade', () => {
    expect(concentration([])).toMatchObject({ status: 'pass', value: 0 });
    expect(concentration([500], 1).status).toBe('pass');
    expect(concentration([500], 1).detail).toContain('by choice');
  });

  it('follows a configured share', () => {
    const config = parseRiskConfig({ tradeConcentration: { reviewShareAtOrAbove: 0.5 } });
    const at = (pnls: number[]) => check(run(baseInput({ plan: planOf(pnls.map((p) => trade(1000, 1000 + p, 1, p))) }), config), 'tradeConcentration').status;
    expect(at([50, 50])).toBe('review');
    expect(at([49, 51])).toBe('review');
    expect(at([34, 33, 33])).toBe('pass');
  });

  it('on an engine plan with one dominant spread', () => {
    // One deep dip and one high peak, the rest nearly flat: the best pair earns far more than the others.
    const input = plannedInput(flatWith(1000, { 2: 200, 19: 3000, 7: 1100 }));
    expect(input.plan.trades.length).toBeGreaterThan(1);
    expect(check(run(input), 'tradeConcentration').status).toBe('review');
  });
});

describe('cashExposure', () => {
  // 2 MWh bought at 1,000 with a 10 UAH/MWh fee = 2,020; the battery charges 1.5 MWh at 500 = 750.
  const input = baseInput({
    plan: planOf([trade(1000, 1500, 2, 980)]),
    strategySettings: { ...STRATEGY, feeUahPerMwh: 10 },
    bessPlan: {
      ...EMPTY_BESS_PLAN,
      cycles: [{ chargeHour: 1, dischargeHour: 5, chargeMwh: 1.5, dischargeMwh: 1.35, chargePriceUahMwh: 500, dischargePriceUahMwh: 900, grossSpreadUahMwh: 400, profitUah: 465 }],
    },
  });

  it('is the gross cash for the day’s purchases', () => {
    expect(cashExposureUah(input)).toBe(2770);
    expect(check(run(input), 'cashExposure')).toMatchObject({ status: 'pass', value: 2770, unit: 'uah' });
    // Money with 2 decimals, as the Value column shows it (2,770.00 UAH).
    expect(check(run(input), 'cashExposure').detail).toMatch(/need 2,770\.00 UAH, .*\(review above 1,000,000\.00 UAH, block above 5,000,000\.00 UAH\)/);
  });

  it('reviews above the review limit and blocks above the block limit, both exclusive', () => {
    const status = (reviewAboveUah: number, blockAboveUah: number) => check(run(input, parseRiskConfig({ cashExposure: { reviewAboveUah, blockAboveUah } })), 'cashExposure').status;
    expect(status(2770, 10_000)).toBe('pass');
    expect(status(2769.99, 10_000)).toBe('review');
    expect(status(1000, 2770)).toBe('review');
    expect(status(1000, 2769.99)).toBe('block');
  });

  it('the default limits review above 1 M UAH and block above 5 M UAH', () => {
    const big = (mwh: number) => check(run(baseInput({ plan: planOf([trade(1000, 2000, mwh, 1000 * mwh)]) })), 'cashExposure').status;
    expect(big(1000)).toBe('pass');
    expect(big(1000.01)).toBe('review');
    expect(big(5000)).toBe('review');
    expect(big(5000.01)).toBe('block');
  });
});

describe('bessCycles', () => {
  const cycles = (equivalentCycles: number, maxCyclesPerDay = 1) =>
    check(run(baseInput({ bessPlan: { ...EMPTY_BESS_PLAN, equivalentCycles }, bessSettings: { ...BESS, maxCyclesPerDay } })), 'bessCycles');

  it('passes up to the limit (with floating-point slack) and blocks past it', () => {
    expect(cycles(1)).toMatchObject({ status: 'pass', value: 1, unit: 'cycles' });
    expect(cycles(1 + 1e-10).status).toBe('pass');
    expect(cycles(1.000001).status).toBe('block');
    expect(cycles(2.5, 3).status).toBe('pass');
    expect(cycles(3.1, 3).status).toBe('block');
  });

  it('blocks a count that is not a real cycle count', () => {
    expect(cycles(Number.NaN).status).toBe('block');
    expect(cycles(-0.1).status).toBe('block');
  });

  it('never blocks a plan from the battery engine', () => {
    const input = plannedInput(flatWith(1000, { 1: 100, 4: 120, 10: 3000, 20: 3500 }), { bessSettings: { ...BESS, maxCyclesPerDay: 2 } });
    expect(input.bessPlan.equivalentCycles).toBeGreaterThan(1);
    expect(check(run(input), 'bessCycles').status).toBe('pass');
  });
});

describe('humanApproval', () => {
  it('is always pass with value required, even on a blocked day', () => {
    const result = run(baseInput({ prices: flatWith(1000, { 3: Number.NaN }), isFallbackData: true }));
    expect(result.report.overallStatus).toBe('blocked');
    expect(check(result, 'humanApproval')).toMatchObject({ status: 'pass', value: 'required', unit: 'approval' });
  });
});

describe('the report', () => {
  it('lists the seven checks in the spec’s order, each with a label and a detail, and fits the schema', () => {
    const result = run(plannedInput(flatWith(1000, { 3: 400, 20: 1600 })));
    expect(result.report.checks.map((c) => c.id)).toEqual(['dataSource', 'dataCoverage', 'priceAnomaly', 'tradeConcentration', 'cashExposure', 'bessCycles', 'humanApproval']);
    for (const c of result.report.checks) {
      expect(c.label).toBeTruthy();
      expect((c.detail ?? '').length).toBeGreaterThan(20);
    }
    expect(RiskGuardrailReport.safeParse(result.report).success).toBe(true);
  });

  it('a clean day is ready with score 100', () => {
    const { report } = run(baseInput());
    expect(report).toMatchObject({ overallStatus: 'ready', score: 100, reviewCount: 0, blockCount: 0 });
  });

  const item = (status: RiskCheck['status']): RiskCheck => ({ id: 'dataSource', status, value: 'x', unit: 'source' });

  it('overall status: blocked beats needsReview beats ready', () => {
    expect(summarizeChecks([item('pass'), item('pass')]).overallStatus).toBe('ready');
    expect(summarizeChecks([item('pass'), item('review')]).overallStatus).toBe('needsReview');
    expect(summarizeChecks([item('review'), item('block')]).overallStatus).toBe('blocked');
    expect(summarizeChecks([item('block')]).overallStatus).toBe('blocked');
  });

  it('score = 100 - 15 per review - 40 per block, floored at 0', () => {
    expect(summarizeChecks([item('review')])).toMatchObject({ score: 85, reviewCount: 1, blockCount: 0 });
    expect(summarizeChecks([item('review'), item('block')])).toMatchObject({ score: 45, reviewCount: 1, blockCount: 1 });
    expect(summarizeChecks([item('block'), item('block')]).score).toBe(20);
    expect(summarizeChecks([item('block'), item('block'), item('review'), item('review')]).score).toBe(0);
    expect(summarizeChecks([item('block'), item('block'), item('block')]).score).toBe(0);
  });

  it('penalties come from config', () => {
    const config = parseRiskConfig({ score: { reviewPenalty: 10 } });
    expect(summarizeChecks([item('review'), item('block')], config).score).toBe(50);
  });

  it('counts come from the real checks', () => {
    const { report } = run(baseInput({ isFallbackData: true, prices: flatWith(1000, { 3: Number.NaN, 0: 1100 }) }));
    expect(report).toMatchObject({ overallStatus: 'blocked', reviewCount: 1, blockCount: 1, score: 45 });
  });
});

describe('markers', () => {
  const combos = [false, true].flatMap((fee) => [false, true].flatMap((degradation) => [false, true].map((sourceLabel) => ({ fee, degradation, sourceLabel }))));

  it.each(combos)('supplied %o', (supplied) => {
    const result = run(baseInput({ supplied, sourceLabel: supplied.sourceLabel ? 'mktop' : 'unknown' }));
    expect(result.markers).toEqual({
      bessDegradationUnavailableReason: supplied.degradation ? null : 'not-supplied',
      tradingFeeUnavailableReason: supplied.fee ? null : 'not-supplied',
      dataProvenanceUnavailableReason: supplied.sourceLabel ? null : 'not-supplied',
    });
    // The markers never change a status: every combination stays ready.
    expect(result.report.overallStatus).toBe('ready');
    expect(check(result, 'dataSource').status).toBe('pass');
  });

  it('riskMarkers alone', () => {
    expect(riskMarkers({ fee: true, degradation: false, sourceLabel: true })).toEqual({
      bessDegradationUnavailableReason: 'not-supplied',
      tradingFeeUnavailableReason: null,
      dataProvenanceUnavailableReason: null,
    });
  });
});
