/** Plan and report records: spread plans, battery plans, backtests and risk reports. */
import { z } from 'zod';
import { Hour } from './prices.js';

export const RecommendedTrade = z.strictObject({
  buyHour: Hour,
  sellHour: Hour,
  buyPriceUahMwh: z.number(),
  sellPriceUahMwh: z.number(),
  netSpreadUah: z.number(),
  volumeMwh: z.number(),
  pnlUah: z.number(),
});
export type RecommendedTrade = z.infer<typeof RecommendedTrade>;

export const TradingPlan = z.strictObject({
  trades: z.array(RecommendedTrade),
  totalVolumeMwh: z.number(),
  netPnlUah: z.number(),
  averageSpreadUah: z.number(),
});
export type TradingPlan = z.infer<typeof TradingPlan>;

export const BessCycle = z.strictObject({
  chargeHour: Hour,
  dischargeHour: Hour,
  chargeMwh: z.number(),
  dischargeMwh: z.number(),
  chargePriceUahMwh: z.number(),
  dischargePriceUahMwh: z.number(),
  grossSpreadUahMwh: z.number(),
  profitUah: z.number(),
});
export type BessCycle = z.infer<typeof BessCycle>;

/** svc extension: one hour of a battery schedule (grid side; SoC at the end of the hour). */
export const BessHour = z.strictObject({
  hour: Hour,
  priceUahMwh: z.number(),
  chargeMw: z.number(),
  dischargeMw: z.number(),
  socMwh: z.number(),
  /** The hour's share of netProfitUah: (price − degradation cost) × discharge − price × charge; the hours sum to the plan's profit. */
  profitUah: z.number(),
});
export type BessHour = z.infer<typeof BessHour>;

export const BessPlan = z.strictObject({
  cycles: z.array(BessCycle),
  netProfitUah: z.number(),
  chargedMwh: z.number(),
  dischargedMwh: z.number(),
  equivalentCycles: z.number(),
  /** svc extension, with the battery extensions in the settings: the hourly schedule and the state of charge it starts and ends at. */
  schedule: z.array(BessHour).optional(),
  startSocMwh: z.number().optional(),
  endSocMwh: z.number().optional(),
  /** svc extension, with `endSocValueUahMwh`: the value of the energy stored at the end beyond the start level (not in netProfitUah). */
  endValueUah: z.number().optional(),
});
export type BessPlan = z.infer<typeof BessPlan>;

export const BacktestDay = z.strictObject({
  tradeDate: z.string(),
  strategyPnlUah: z.number(),
  bessPnlUah: z.number(),
  combinedPnlUah: z.number(),
  trades: z.number().int(),
  bessCycles: z.number().int(),
  averageSpreadUah: z.number(),
  equivalentBessCycles: z.number(),
});
export type BacktestDay = z.infer<typeof BacktestDay>;

export const BacktestSummary = z.strictObject({
  totalDays: z.number().int(),
  profitableDays: z.number().int(),
  hitRate: z.number(),
  strategyNetPnlUah: z.number(),
  bessNetProfitUah: z.number(),
  combinedNetPnlUah: z.number(),
  averageDailyPnlUah: z.number(),
  totalTrades: z.number().int(),
  totalBessCycles: z.number().int(),
  bestDay: BacktestDay.nullable(),
  worstDay: BacktestDay.nullable(),
  daily: z.array(BacktestDay),
});
export type BacktestSummary = z.infer<typeof BacktestSummary>;

export const RiskCheckId = z.enum([
  'dataSource',
  'dataCoverage',
  'priceAnomaly',
  'tradeConcentration',
  'cashExposure',
  'bessCycles',
  'humanApproval',
]);
export type RiskCheckId = z.infer<typeof RiskCheckId>;
/** `forecast` (svc extension): a data check on prices that are a forecast, not cleared prices; counts as a review (docs/risk.md). */
export const RiskCheckStatus = z.enum(['pass', 'review', 'block', 'forecast']);
export type RiskCheckStatus = z.infer<typeof RiskCheckStatus>;
export const RiskUnit = z.enum(['source', 'coverage', 'count', 'uah', 'mwh', 'cycles', 'approval']);

/** A risk check item. `label` and `detail` are svc additions that say why, in plain words. */
export const RiskCheck = z.strictObject({
  id: RiskCheckId,
  status: RiskCheckStatus,
  value: z.union([z.number(), z.string()]),
  unit: RiskUnit,
  label: z.string().optional(),
  detail: z.string().optional(),
});
export type RiskCheck = z.infer<typeof RiskCheck>;

export const RiskOverallStatus = z.enum(['ready', 'needsReview', 'blocked']);
export type RiskOverallStatus = z.infer<typeof RiskOverallStatus>;

export const RiskGuardrailReport = z.strictObject({
  overallStatus: RiskOverallStatus,
  score: z.number().min(0).max(100),
  checks: z.array(RiskCheck),
  reviewCount: z.number().int(),
  blockCount: z.number().int(),
});
export type RiskGuardrailReport = z.infer<typeof RiskGuardrailReport>;

/** A plan's PnL over whole-day price scenarios (plans on forecasts; docs/forecast.md). */
export interface PnlDistribution {
  /** Mean PnL over the scenarios (= the PnL at the scenarios' mean path: settling is linear in prices). */
  expectedUah: number;
  p10Uah: number;
  p90Uah: number;
  /** Share of scenarios with a PnL below zero. */
  probabilityOfLoss: number;
  scenarios: number;
  /** Where p10, p90 and P(loss) come from: calibrated on the recent days' realised PnL (`conformal`), or the scenarios alone (src/engines/pnl-band.ts). */
  band?: 'conformal' | 'scenarios';
  calibrationDays?: number;
}
