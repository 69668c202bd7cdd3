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

/**
 * svc extension: where a brief's prices come from. `fallback: true` (e.g. svc served its shipped
 * copy of the operator's prices because the operator could not be read) makes the risk dataSource
 * check a review, so the brief's gate is at best `review`; the response echoes it as `dataSource`.
 */
export const BriefDataSource = z.strictObject({
  source: z.string().min(1).max(200).describe('where the prices come from, e.g. mktop (the market operator, as `svc brief mktop` states it) or a file name'),
  fallback: z.boolean().describe('true: the prices are fallback data (not read from their source now): the risk dataSource check asks for review, and so does the brief'),
  reason: z.string().min(1).max(500).optional().describe('why the prices are fallback data, said in the risk check and the brief'),
});
export type BriefDataSource = z.infer<typeof BriefDataSource>;

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
  /**
   * svc extension: the prices' provenance (`svc brief mktop` states it, with `fallback: true` when
   * svc served its shipped copy). Passed to the risk checks as their source label and fallback flag.
   */
  dataSource: BriefDataSource.optional().describe(
    'svc extension: where the prices come from ({source, fallback, reason?}); fallback: true makes the risk dataSource check, and so the brief\'s gate, a review. `svc brief mktop` states it',
  ),
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
  /** svc extension: the prices' provenance as the request stated it (context.dataSource); absent when it did not. */
  dataSource: BriefDataSource.optional(),
});
export type TradingBriefResponse = z.infer<typeof TradingBriefResponse>;
