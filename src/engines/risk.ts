/**
 * Risk guardrails: seven checks on one trade day's prices and the plans built from them.
 *
 * Model: each check turns one fact about the day into pass / review / block against a named
 * threshold of RiskConfig (defaults and reasons in docs/risk.md). The checks run in the spec's
 * order: dataSource, dataCoverage, priceAnomaly, tradeConcentration, cashExposure, bessCycles,
 * humanApproval. The report aggregates them: overallStatus is `blocked` when any check blocks,
 * `needsReview` when any asks for review, else `ready`; score = max(0, 100 - reviewPenalty x
 * reviews - blockPenalty x blocks). Human approval is always required and always reported as
 * `pass` with value `required` (the product enforces it; see plan-checks.ts), so `ready` means
 * "nothing for the approver to look at beyond the plan itself".
 *
 * Pure: the op layer runs the engines, loads the regulator caps and states which optional keys the
 * request carried; this module only reads them. The three markers say which of the fee, the
 * battery wear rate and the price provenance the caller left to defaults (`not-supplied`).
 */
import type { BessPlan, RiskCheck, RiskCheckStatus, RiskGuardrailReport, RiskOverallStatus, TradingPlan } from '../domain/plans.js';
import type { BessSettings, TradingSettings } from '../domain/settings.js';
import { planSpread } from './strategy.js';
import { planBess } from './bess.js';
import { priceAnomalyCheck } from './risk/anomaly.js';
import { DEFAULT_RISK_CONFIG, type RiskConfig } from './risk/config.js';
import { dataCoverageCheck, dataSourceCheck, scanCoverage } from './risk/data-checks.js';
import { bessCyclesCheck, cashExposureCheck, humanApprovalCheck, tradeConcentrationCheck } from './risk/plan-checks.js';
import type { RiskInput, RiskMarkers, RiskResult, SuppliedKeys } from './risk/types.js';

export { DEFAULT_RISK_CONFIG, RiskConfig, parseRiskConfig, type RiskConfigInput } from './risk/config.js';
export { cashExposureUah } from './risk/plan-checks.js';
export type { CoverageFacts, PricesForecast, RiskCaps, RiskInput, RiskMarkers, RiskResult, SuppliedKeys, UnavailableReason } from './risk/types.js';
export type { RiskLocale } from './risk/words.js';

export function buildRiskReport(input: RiskInput, config: RiskConfig = DEFAULT_RISK_CONFIG): RiskResult {
  const coverage = scanCoverage(input.prices, input.coverage);
  const checks: RiskCheck[] = [
    dataSourceCheck(input, config),
    dataCoverageCheck(coverage, config, input.forecast !== undefined, input.locale),
    priceAnomalyCheck(input.prices, coverage, input.caps, config, input.locale),
    tradeConcentrationCheck(input, config),
    cashExposureCheck(input, config),
    bessCyclesCheck(input, config),
    humanApprovalCheck(input.locale),
  ];
  return { report: summarizeChecks(checks, config), markers: riskMarkers(input.supplied) };
}

export type DayRiskInput = Omit<RiskInput, 'plan' | 'bessPlan'>;

export interface DayRisk extends RiskResult {
  plan: TradingPlan;
  bessPlan: BessPlan;
}

/**
 * The one risk verdict of a day: both engines on the day's prices, then the checks. The risk
 * operation and the trading brief both call this, so they cannot disagree about a day.
 */
export function riskForDay(input: DayRiskInput, config: RiskConfig = DEFAULT_RISK_CONFIG): DayRisk {
  const strategySettings: TradingSettings = input.strategySettings;
  const bessSettings: BessSettings = input.bessSettings;
  const plan = planSpread(input.prices, strategySettings);
  const bessPlan = planBess(input.prices, bessSettings);
  return { ...buildRiskReport({ ...input, plan, bessPlan }, config), plan, bessPlan };
}

/** Overall status, counts and score of a list of checks. */
export function summarizeChecks(checks: RiskCheck[], config: RiskConfig = DEFAULT_RISK_CONFIG): RiskGuardrailReport {
  // A check on forecast prices asks for a person's review like `review` does (docs/risk.md).
  const reviewCount = countStatus(checks, 'review') + countStatus(checks, 'forecast');
  const blockCount = countStatus(checks, 'block');
  const overallStatus: RiskOverallStatus = blockCount > 0 ? 'blocked' : reviewCount > 0 ? 'needsReview' : 'ready';
  const score = Math.max(0, 100 - config.score.reviewPenalty * reviewCount - config.score.blockPenalty * blockCount);
  return { overallStatus, score, checks, reviewCount, blockCount };
}

/** null where the request stated the value, `not-supplied` where it was left to the default. */
export function riskMarkers(supplied: SuppliedKeys): RiskMarkers {
  return {
    bessDegradationUnavailableReason: supplied.degradation ? null : 'not-supplied',
    tradingFeeUnavailableReason: supplied.fee ? null : 'not-supplied',
    dataProvenanceUnavailableReason: supplied.sourceLabel ? null : 'not-supplied',
  };
}

function countStatus(checks: readonly RiskCheck[], status: RiskCheckStatus): number {
  let n = 0;
  for (const check of checks) if (check.status === status) n += 1;
  return n;
}
