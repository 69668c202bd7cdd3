/**
 * Everything the brief says, computed once and language-free: price shape, plan economics, the
 * three judgements (coverage, gate, quality), anomalies and what-ifs. build.ts and sections.ts only
 * turn this into words, so no sentence can disagree with another about a number.
 */
import type { BessPlan, RiskGuardrailReport, TradingPlan } from '../../domain/plans.js';
import type { BessSettings, TradingSettings } from '../../domain/settings.js';
import type { Locale } from '../../domain/common.js';
import { hourlyPrices } from '../../domain/prices.js';
import { dayStats, type PriceStats } from '../stats.js';
import { cashExposureUah, DEFAULT_RISK_CONFIG } from '../risk.js';
import { scanAnomalies, type AnomalyScan } from '../risk/anomaly.js';
import { scanCoverage } from '../risk/data-checks.js';
import type { RiskCaps } from '../risk/types.js';
import type { BriefMarketContext } from './context.js';
import { rationaleIdOf, type BriefInputs } from './rationale.js';
import type { SensitivityResult } from './sensitivity.js';
import { assessCoverage, assessQuality, decideGate, type CoverageResult, type GateResult, type QualityResult } from './rules.js';

export interface BuildBriefInput {
  /** Declared inputs (brief/rationale.ts `declaredInputs`). */
  request: BriefInputs;
  /** The validated context (brief/context.ts `validateBriefContext`). */
  market: BriefMarketContext;
  plan: TradingPlan;
  bessPlan?: BessPlan | undefined;
  bessSettings?: BessSettings | undefined;
  /** The battery settings came from the request (context.bessSettings), not the defaults. */
  bessStated?: boolean;
  /** The caps the risk report used (hourly bands); default: the context's price cap. */
  caps?: RiskCaps | null;
  risk: RiskGuardrailReport;
  sensitivity: SensitivityResult;
  /** The plan re-run without the daily trade limit / without the minimum spread; null when not computed. */
  withoutTradeLimit?: TradingPlan | null;
  withoutMinSpread?: TradingPlan | null;
}

export interface Relief {
  extraTrades: number;
  extraPnlUah: number;
}

export interface BestPair {
  buyHour: number;
  sellHour: number;
  netSpreadUah: number;
}

export interface BriefAnalysis {
  locale: Locale;
  tradeDate: string;
  prices: number[];
  settings: TradingSettings;
  feeStated: boolean;
  market: BriefMarketContext;
  stats: PriceStats & { minHour: number; maxHour: number; range: number };
  plan: TradingPlan;
  bessPlan: BessPlan | undefined;
  bessSettings: BessSettings | undefined;
  bessStated: boolean;
  risk: RiskGuardrailReport;
  sensitivity: SensitivityResult;
  coverage: CoverageResult;
  gate: GateResult;
  quality: QualityResult;
  anomalies: AnomalyScan;
  zeroHours: number[];
  tradeHoursAtCap: number[];
  /** Cash the day's purchases need: the risk report's cashExposure value (spread buys with the buy-side fee, battery charging). */
  cashNeedUah: number;
  grossSpreadUah: number;
  feeCostUah: number;
  /** Best single pair when the plan is empty; null when prices never rise later in the day. */
  bestPair: BestPair | null;
  limitRelief: Relief | null;
  spreadRelief: Relief | null;
  rationaleId: string;
  /** The prices are the published auction results (context.pricesPublished): the gate for the day has closed. */
  published: boolean;
}

/** Caps in the risk engine's per-hour shape, from the (single min/max) price-cap context. */
export function riskCapsOf(market: BriefMarketContext): RiskCaps | null {
  const cap = market.priceCap;
  if (!cap) return null;
  return {
    decision: cap.decision,
    validFrom: cap.validFrom,
    sourceUrl: cap.sourceUrl,
    minByHour: new Array<number>(24).fill(cap.minUahMwh),
    maxByHour: new Array<number>(24).fill(cap.maxUahMwh),
  };
}

function bestPairOf(prices: readonly number[], fee: number): BestPair | null {
  let best: BestPair | null = null;
  for (let i = 0; i < prices.length; i += 1) {
    for (let j = i + 1; j < prices.length; j += 1) {
      const gross = (prices[j] as number) - (prices[i] as number);
      if (gross <= 0) continue;
      const net = gross - 2 * fee;
      if (best === null || net > best.netSpreadUah) best = { buyHour: i, sellHour: j, netSpreadUah: net };
    }
  }
  return best;
}

function reliefOf(base: TradingPlan, alternative: TradingPlan | null | undefined): Relief | null {
  if (!alternative) return null;
  const extraPnlUah = alternative.netPnlUah - base.netPnlUah;
  // Relative slack: the two plans' sums may differ by rounding dust only.
  if (extraPnlUah <= 1e-9 * (1 + Math.abs(base.netPnlUah))) return null;
  return { extraTrades: alternative.trades.length - base.trades.length, extraPnlUah };
}

export function analyseBrief(input: BuildBriefInput): BriefAnalysis {
  const { request, market, plan, risk, sensitivity } = input;
  const prices = hourlyPrices(request.prices);
  const feeStated = request.settings.feeUahPerMwh !== undefined;
  const settings: TradingSettings = { ...request.settings, feeUahPerMwh: request.settings.feeUahPerMwh ?? 0 };
  const s = dayStats(prices);
  const minHour = prices.indexOf(s.min);
  const maxHour = prices.indexOf(s.max);

  const coverageScan = scanCoverage(prices, undefined);
  const coverage = assessCoverage({
    validHours: coverageScan.validCount,
    feeStated,
    priceCapStated: market.priceCap !== null,
    marketStated: market.marketStated,
  });
  const capHours = new Set([...(market.priceCap?.maxCapHitHours ?? []), ...(market.priceCap?.minCapHitHours ?? [])]);
  const tradeHours = new Set(plan.trades.flatMap((t) => [t.buyHour, t.sellHour]));
  const tradeHoursAtCap = [...tradeHours].filter((h) => capHours.has(h)).sort((a, b) => a - b);
  const gate = decideGate({
    risk,
    plan,
    coverageScore: coverage.score,
    sensitivityScore: sensitivity.score,
    stressLoss: sensitivity.losesMoney,
    tradeHoursAtCap,
  });
  const quality = assessQuality(risk.score, coverage.score, sensitivity.score, gate.status);

  let grossSpreadUah = 0;
  for (const t of plan.trades) grossSpreadUah += (t.sellPriceUahMwh - t.buyPriceUahMwh) * t.volumeMwh;

  return {
    locale: request.locale,
    tradeDate: request.tradeDate,
    prices,
    settings,
    feeStated,
    market,
    stats: { ...s, minHour, maxHour, range: s.max - s.min },
    plan,
    bessPlan: input.bessPlan,
    bessSettings: input.bessSettings,
    bessStated: input.bessStated ?? false,
    risk,
    sensitivity,
    coverage,
    gate,
    quality,
    anomalies: scanAnomalies(prices, coverageScan, input.caps !== undefined ? input.caps : riskCapsOf(market), DEFAULT_RISK_CONFIG),
    zeroHours: prices.flatMap((p, h) => (p === 0 ? [h] : [])),
    tradeHoursAtCap,
    // The risk report's cashExposure figure, by the same function on the same plans.
    cashNeedUah: cashExposureUah({ plan, bessPlan: input.bessPlan, strategySettings: settings }),
    grossSpreadUah,
    feeCostUah: 2 * settings.feeUahPerMwh * plan.totalVolumeMwh,
    bestPair: plan.trades.length === 0 ? bestPairOf(prices, settings.feeUahPerMwh) : null,
    limitRelief: plan.trades.length >= settings.maxTradesPerDay ? reliefOf(plan, input.withoutTradeLimit) : null,
    spreadRelief: settings.minSpreadUah > 0 ? reliefOf(plan, input.withoutMinSpread) : null,
    rationaleId: rationaleIdOf(request),
    published: request.context?.pricesPublished === true,
  };
}
