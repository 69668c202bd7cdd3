/**
 * The brief's three judgements, as language-free rule results (the words come from the locale
 * catalogue in build.ts). Thresholds are named here and tabulated in docs/brief.md.
 *
 * Data coverage: weighted items the caller stated, score = Σ weight x share available.
 * Action gate: a fixed rule table; every rule that fires adds a reason, the gate is the most
 * severe status among them (hold > review > ready), `ready` when none fires. `ready` still means
 * "ready for a person to approve": nothing is ever submitted automatically.
 * Decision quality: a weighted score of the risk score, coverage and sensitivity, whose level is
 * also capped by the gate, so a `hold` brief can never read as high quality.
 */
import type { RiskGuardrailReport, TradingPlan } from '../../domain/plans.js';

export const COVERAGE_WEIGHTS = { prices: 50, fee: 20, priceCaps: 20, market: 10 } as const;
export type CoverageItemId = keyof typeof COVERAGE_WEIGHTS;

/** Coverage below this holds the brief; below REVIEW it asks for review. */
export const COVERAGE_HOLD_BELOW = 50;
export const COVERAGE_REVIEW_BELOW = 70;
/** Sensitivity score below this asks for review. */
export const SENSITIVITY_REVIEW_BELOW = 50;
export const QUALITY_WEIGHTS = { risk: 0.4, coverage: 0.3, sensitivity: 0.3 } as const;
export const QUALITY_HIGH_FROM = 80;
export const QUALITY_MEDIUM_FROM = 60;
export const COVERAGE_FULL_FROM = 90;
export const COVERAGE_ENOUGH_FROM = 70;
export const SENSITIVITY_LOW_FROM = 75;

export interface CoverageItem {
  id: CoverageItemId;
  weight: number;
  /** Share 0..1 of the item that is present (prices: valid hours / 24). */
  share: number;
}

export interface CoverageResult {
  score: number;
  items: CoverageItem[];
  validHours: number;
}

export interface CoverageFactsIn {
  validHours: number;
  feeStated: boolean;
  priceCapStated: boolean;
  marketStated: boolean;
}

export function assessCoverage(f: CoverageFactsIn): CoverageResult {
  const items: CoverageItem[] = [
    { id: 'prices', weight: COVERAGE_WEIGHTS.prices, share: Math.min(1, f.validHours / 24) },
    { id: 'fee', weight: COVERAGE_WEIGHTS.fee, share: f.feeStated ? 1 : 0 },
    { id: 'priceCaps', weight: COVERAGE_WEIGHTS.priceCaps, share: f.priceCapStated ? 1 : 0 },
    { id: 'market', weight: COVERAGE_WEIGHTS.market, share: f.marketStated ? 1 : 0 },
  ];
  const score = Math.round(items.reduce((sum, i) => sum + i.weight * i.share, 0));
  return { score, items, validHours: f.validHours };
}

export type CoverageLevel = 'full' | 'enough' | 'partial';
export function coverageLevel(score: number): CoverageLevel {
  return score >= COVERAGE_FULL_FROM ? 'full' : score >= COVERAGE_ENOUGH_FROM ? 'enough' : 'partial';
}

export type SensitivityLevel = 'low' | 'moderate' | 'high';
export function sensitivityLevel(score: number): SensitivityLevel {
  return score >= SENSITIVITY_LOW_FROM ? 'low' : score >= SENSITIVITY_REVIEW_BELOW ? 'moderate' : 'high';
}

export type GateStatus = 'ready' | 'review' | 'hold';
export type GateRuleId =
  | 'riskBlocked'
  | 'noTrades'
  | 'coverageTooLow'
  | 'riskNeedsReview'
  | 'coverageIncomplete'
  | 'sensitive'
  | 'stressLoss'
  | 'tradeAtCap';

/** The rule table in evaluation order (docs/brief.md renders the same table). */
export const GATE_RULES: ReadonlyArray<{ id: GateRuleId; status: Exclude<GateStatus, 'ready'> }> = [
  { id: 'riskBlocked', status: 'hold' },
  { id: 'noTrades', status: 'hold' },
  { id: 'coverageTooLow', status: 'hold' },
  { id: 'riskNeedsReview', status: 'review' },
  { id: 'coverageIncomplete', status: 'review' },
  { id: 'sensitive', status: 'review' },
  { id: 'stressLoss', status: 'review' },
  { id: 'tradeAtCap', status: 'review' },
];

export interface GateFactsIn {
  risk: RiskGuardrailReport;
  plan: TradingPlan;
  coverageScore: number;
  sensitivityScore: number;
  stressLoss: boolean;
  /** Hours of the plan (buy or sell) whose price sits at a regulator cap. */
  tradeHoursAtCap: number[];
}

export interface GateResult {
  status: GateStatus;
  fired: GateRuleId[];
}

export function decideGate(f: GateFactsIn): GateResult {
  const fires: Record<GateRuleId, boolean> = {
    riskBlocked: f.risk.overallStatus === 'blocked',
    noTrades: f.plan.trades.length === 0,
    coverageTooLow: f.coverageScore < COVERAGE_HOLD_BELOW,
    riskNeedsReview: f.risk.overallStatus === 'needsReview',
    coverageIncomplete: f.coverageScore >= COVERAGE_HOLD_BELOW && f.coverageScore < COVERAGE_REVIEW_BELOW,
    sensitive: f.plan.trades.length > 0 && f.sensitivityScore < SENSITIVITY_REVIEW_BELOW,
    stressLoss: f.plan.trades.length > 0 && f.stressLoss,
    tradeAtCap: f.tradeHoursAtCap.length > 0,
  };
  const fired = GATE_RULES.filter((r) => fires[r.id]);
  const status: GateStatus = fired.some((r) => r.status === 'hold') ? 'hold' : fired.length > 0 ? 'review' : 'ready';
  return { status, fired: fired.map((r) => r.id) };
}

export type QualityLevel = 'high' | 'medium' | 'low';
export interface QualityResult {
  score: number;
  level: QualityLevel;
  /** The gate lowered the level the score alone would give. */
  cappedByGate: boolean;
}

export function assessQuality(riskScore: number, coverageScore: number, sensitivityScore: number, gate: GateStatus): QualityResult {
  const w = QUALITY_WEIGHTS;
  const score = Math.round(w.risk * riskScore + w.coverage * coverageScore + w.sensitivity * sensitivityScore);
  const byScore: QualityLevel = score >= QUALITY_HIGH_FROM ? 'high' : score >= QUALITY_MEDIUM_FROM ? 'medium' : 'low';
  const ceiling: QualityLevel = gate === 'hold' ? 'low' : gate === 'review' ? 'medium' : 'high';
  const rank = { low: 0, medium: 1, high: 2 } as const;
  const level = rank[byScore] <= rank[ceiling] ? byScore : ceiling;
  // A gate-capped level caps the score too, so a label never pairs "medium" with 90/100: the
  // score always lies in its level's band (high >= QUALITY_HIGH_FROM > medium >= QUALITY_MEDIUM_FROM > low).
  const bandTop = level === 'high' ? 100 : level === 'medium' ? QUALITY_HIGH_FROM - 1 : QUALITY_MEDIUM_FROM - 1;
  return { score: Math.min(score, bandTop), level, cappedByGate: level !== byScore };
}
