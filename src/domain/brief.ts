/** Trading brief records, the regulatory context a caller may pass, and the fixed AI usage telemetry. */
import { z } from 'zod';
import { Hour, PriceDay } from './prices.js';
import { Locale, Market, IsoDateTime, TradeDayReading } from './common.js';
import { BessSettings, TradingSettings } from './settings.js';
import { AuditEvent } from './audit.js';

export const ActionGate = z.strictObject({
  status: z.enum(['ready', 'review', 'hold']),
  label: z.string(),
  reasons: z.array(z.string()),
  nextActions: z.array(z.string()),
});
export type ActionGate = z.infer<typeof ActionGate>;

export const AuditFact = z.strictObject({
  key: z.string(),
  label: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
  unit: z.string().optional(),
});
export type AuditFact = z.infer<typeof AuditFact>;

export const AuditTrail = z.strictObject({
  rationaleId: z.string(),
  facts: z.array(AuditFact),
  controls: z.array(z.string()),
  limitations: z.array(z.string()),
});

export const DecisionQuality = z.strictObject({
  level: z.enum(['high', 'medium', 'low']),
  score: z.number().int().min(0).max(100),
  label: z.string(),
  reasons: z.array(z.string()),
});

export const DataCoverage = z.strictObject({
  score: z.number().int().min(0).max(100),
  label: z.string(),
  available: z.array(z.string()),
  missing: z.array(z.string()),
});

export const DecisionSensitivity = z.strictObject({
  score: z.number().int().min(0).max(100),
  label: z.string(),
  checks: z.array(z.string()),
});

export const TradingBrief = z.strictObject({
  summary: z.string(),
  actionGate: ActionGate,
  auditTrail: AuditTrail,
  decisionQuality: DecisionQuality,
  dataCoverage: DataCoverage,
  decisionSensitivity: DecisionSensitivity,
  decisionDrivers: z.array(z.string()),
  marketContext: z.array(z.string()),
  traderChecklist: z.array(z.string()),
  anomalies: z.array(z.string()),
  automationActions: z.array(z.string()),
  disclaimer: z.string(),
  aiDisclosure: z.string(),
});
export type TradingBrief = z.infer<typeof TradingBrief>;

export const AI_USAGE = {
  mode: 'deterministic',
  provider: 'none',
  model: 'svc-rules-v1',
  dataSentToExternalModel: false,
  externalTokenUsage: { input: 0, output: 0, total: 0 },
  estimatedCostUsd: 0,
  budgetImpact: 'none',
  cacheEligible: true,
} as const;

export const AiUsageTelemetry = z.strictObject({
  mode: z.literal('deterministic'),
  provider: z.literal('none'),
  model: z.literal('svc-rules-v1'),
  dataSentToExternalModel: z.literal(false),
  externalTokenUsage: z.strictObject({ input: z.literal(0), output: z.literal(0), total: z.literal(0) }),
  estimatedCostUsd: z.literal(0),
  budgetImpact: z.literal('none'),
  cacheEligible: z.literal(true),
});

export const REGULATOR_SOURCE = 'regulator';

export const PriceCapContext = z.strictObject({
  source: z.literal(REGULATOR_SOURCE),
  decision: z.string(),
  validFrom: z.string(),
  sourceUrl: z.url(),
  market: z.enum(['DAM', 'IDM', 'BM']),
  minUahMwh: z.number(),
  maxUahMwh: z.number(),
  unit: z.literal('UAH/MWh'),
  minObservedUahMwh: z.number(),
  maxObservedUahMwh: z.number(),
  distanceToMinUahMwh: z.number(),
  distanceToMaxUahMwh: z.number(),
  minCapHitHours: z.array(Hour),
  maxCapHitHours: z.array(Hour),
  capHitToleranceUahMwh: z.number().min(0),
});
export type PriceCapContext = z.infer<typeof PriceCapContext>;

/** `context` allows extra keys (spec: "extra keys allowed"); `regulatory` keeps them too. */
export const BriefContext = z.looseObject({
  market: Market.optional(),
  /** svc extension: battery settings for the brief's reference battery plan and risk checks (default: DEFAULT_BESS_SETTINGS). */
  bessSettings: BessSettings.optional(),
  regulatory: z.looseObject({ priceCap: PriceCapContext.nullable().optional() }).optional(),
  /**
   * svc extension: the prices are the published results of the auction for tradeDate (its gate has
   * closed; `svc brief mktop` sets it): the checklist and next actions then ask to compare the bids
   * already submitted with this plan, not to submit bids.
   */
  pricesPublished: z.boolean().optional(),
});
export type BriefContext = z.infer<typeof BriefContext>;

export const TradingBriefRequest = z.strictObject({
  tradeDate: z.string(),
  prices: PriceDay,
  settings: TradingSettings,
  locale: Locale.default('uk'),
  context: BriefContext.optional(),
});
export type TradingBriefRequest = z.infer<typeof TradingBriefRequest>;

export const TradingBriefResponse = z.strictObject({
  mode: z.literal('deterministic'),
  generatedAt: IsoDateTime,
  brief: TradingBrief,
  usage: AiUsageTelemetry,
  auditEvent: AuditEvent,
  /** svc extension: the calendar day read from tradeDate (the caps in force need it). */
  tradeDay: TradeDayReading,
});
export type TradingBriefResponse = z.infer<typeof TradingBriefResponse>;
