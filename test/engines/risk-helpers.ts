/** Builders for risk-engine tests: a RiskInput from prices (engines run as the op does) or from hand-made plans. */
import type { BessPlan, RiskCheck, RiskCheckId, TradingPlan } from '../../src/domain/plans.js';
import type { BessSettings, TradingSettings } from '../../src/domain/settings.js';
import { planBess } from '../../src/engines/bess.js';
import { buildRiskReport, type RiskConfig, type RiskInput, type RiskResult } from '../../src/engines/risk.js';
import { planSpread } from '../../src/engines/strategy.js';

export const STRATEGY: TradingSettings = { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 24, feeUahPerMwh: 0 };
export const BESS: BessSettings = { capacityMwh: 1, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1, degradationCostUahMwh: 0 };

export const EMPTY_PLAN: TradingPlan = { trades: [], totalVolumeMwh: 0, netPnlUah: 0, averageSpreadUah: 0 };
export const EMPTY_BESS_PLAN: BessPlan = { cycles: [], netProfitUah: 0, chargedMwh: 0, dischargedMwh: 0, equivalentCycles: 0 };

/** A complete input whose every check passes; override what a test is about. */
export function baseInput(overrides: Partial<RiskInput> = {}): RiskInput {
  return {
    tradeDate: '15.07.2024',
    prices: new Array<number>(24).fill(1000).map((p, h) => p + (h % 4) * 40),
    strategySettings: STRATEGY,
    bessSettings: BESS,
    sourceLabel: 'mktop',
    isFallbackData: false,
    plan: EMPTY_PLAN,
    bessPlan: EMPTY_BESS_PLAN,
    caps: null,
    supplied: { fee: true, degradation: true, sourceLabel: true },
    ...overrides,
  };
}

/** Input with the plans the engines make for these prices (prices must be 24 valid numbers). */
export function plannedInput(prices: readonly number[], overrides: Partial<RiskInput> = {}): RiskInput {
  const strategySettings = overrides.strategySettings ?? STRATEGY;
  const bessSettings = overrides.bessSettings ?? BESS;
  return baseInput({ prices, plan: planSpread(prices, strategySettings), bessPlan: planBess(prices, bessSettings), ...overrides });
}

export function check(result: RiskResult, id: RiskCheckId): RiskCheck {
  const found = result.report.checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id}`);
  return found;
}

export function run(input: RiskInput, config?: RiskConfig): RiskResult {
  return buildRiskReport(input, config);
}

export function trade(buyPrice: number, sellPrice: number, volumeMwh: number, pnlUah: number, buyHour = 1, sellHour = 2): TradingPlan['trades'][number] {
  return { buyHour, sellHour, buyPriceUahMwh: buyPrice, sellPriceUahMwh: sellPrice, netSpreadUah: sellPrice - buyPrice, volumeMwh, pnlUah };
}

export function planOf(trades: TradingPlan['trades']): TradingPlan {
  const total = trades.reduce((n, t) => n + t.pnlUah, 0);
  const volume = trades.reduce((n, t) => n + t.volumeMwh, 0);
  return { trades, totalVolumeMwh: volume, netPnlUah: total, averageSpreadUah: trades.length ? total / volume : 0 };
}
