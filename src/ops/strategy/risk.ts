/** POST /api/risk/report: both engines, then the seven guardrail checks. */
import { z } from 'zod';
import { BodyTradeDate, TradeDayReading, calendarDayOf } from '../../domain/common.js';
import { PriceDay, hourlyPrices } from '../../domain/prices.js';
import { RiskGuardrailReport } from '../../domain/plans.js';
import { TradingSettings, BessSettings } from '../../domain/settings.js';
import { riskForDay, parseRiskConfig, RiskConfig } from '../../engines/risk.js';
import { loadCapsTableSync, type CapsTable } from '../../data/caps.js';
import { defineOperation } from '../types.js';
import { PricesForecastSchema } from './plan-on.js';
import { BessSettingsAsSent, GeneratedAt, TradingSettingsAsSent } from './settings-as-sent.js';

export const RiskRequest = z.strictObject({
  tradeDate: BodyTradeDate,
  prices: PriceDay,
  strategySettings: TradingSettingsAsSent,
  bessSettings: BessSettingsAsSent,
  sourceLabel: z.string().min(1).max(200).optional(),
  isFallbackData: z.boolean().optional(),
  /** svc extension: override thresholds of the checks (docs/risk.md); `svc risk --risk-config` sends it. */
  riskConfig: RiskConfig.optional(),
  /** svc extension: `prices` are this forecast's expected path, not cleared prices (`svc risk --plan-on forecast`): the data checks say `forecast`. */
  forecast: PricesForecastSchema.optional(),
});
export type RiskRequest = z.infer<typeof RiskRequest>;

const Marker = z.literal('not-supplied').nullable();
export const RiskResponse = z.strictObject({
  tradeDate: z.string(),
  generatedAt: GeneratedAt,
  report: RiskGuardrailReport,
  bessDegradationUnavailableReason: Marker,
  tradingFeeUnavailableReason: Marker,
  dataProvenanceUnavailableReason: Marker,
  /** svc extension: the calendar day read from tradeDate; the caps check needs it. */
  tradeDay: TradeDayReading,
});
export type RiskResponse = z.infer<typeof RiskResponse>;

let capsCache: CapsTable | undefined;
/** The regulator caps shipped in fixtures/, read once per process. */
export function defaultCaps(): CapsTable {
  capsCache ??= loadCapsTableSync();
  return capsCache;
}

/** The caps in force on the day a body's tradeDate names; null (none known) when it names none. */
export function capsOfDay(caps: CapsTable, tradeDate: string, market: 'DAM' | 'IDM'): ReturnType<CapsTable['capsFor']> {
  const day = calendarDayOf(tradeDate);
  return day === null ? null : caps.capsFor(day, market);
}

/** `tradeDay` of a response: the day read, or null and what was left out for want of it. */
export function tradeDayReading(tradeDate: string, leftOut: readonly string[]): TradeDayReading {
  const day = calendarDayOf(tradeDate);
  return { day, leftOut: day === null ? [...leftOut] : [] };
}

/** Pure core of the op, reused by the brief and the CLI (which may pass its own risk config). */
export function riskReportFor(input: RiskRequest, config?: Partial<z.input<typeof RiskConfig>>, caps: CapsTable = defaultCaps()) {
  const strategySettings = TradingSettings.parse(input.strategySettings);
  const bessSettings = BessSettings.parse(input.bessSettings);
  const prices = hourlyPrices(input.prices);
  return riskForDay(
    {
      tradeDate: input.tradeDate,
      prices,
      strategySettings,
      bessSettings,
      sourceLabel: input.sourceLabel ?? 'unknown',
      isFallbackData: input.isFallbackData ?? false,
      caps: capsOfDay(caps, input.tradeDate, 'DAM'),
      ...(input.forecast ? { forecast: input.forecast } : {}),
      supplied: {
        fee: input.strategySettings.feeUahPerMwh !== undefined,
        degradation: input.bessSettings.degradationCostUahMwh !== undefined,
        sourceLabel: input.sourceLabel !== undefined,
      },
    },
    parseRiskConfig(config ?? {}),
  );
}

/** The 200 body; the CLI passes its --risk-config here, the HTTP door uses the built-in defaults. */
export function riskResponse(now: Date, input: RiskRequest, config?: Partial<z.input<typeof RiskConfig>>): RiskResponse {
  const { report, markers } = riskReportFor(input, config);
  return { tradeDate: input.tradeDate, generatedAt: now.toISOString(), report, ...markers, tradeDay: tradeDayReading(input.tradeDate, ['regulatorCaps']) };
}

export const riskReport = defineOperation({
  id: 'risk.report',
  summary: 'Risk guardrail report for one day’s plans',
  description:
    'Runs the spread and battery engines, then seven checks (dataSource, dataCoverage, priceAnomaly, tradeConcentration, cashExposure, bessCycles, humanApproval). ' +
    'overallStatus is blocked if any check blocks, needsReview if any asks for review, else ready. The markers bessDegradationUnavailableReason, ' +
    'tradingFeeUnavailableReason and dataProvenanceUnavailableReason are null when the request stated degradationCostUahMwh, feeUahPerMwh and sourceLabel, ' +
    'and `not-supplied` when the key was omitted (the dataSource check still passes): read the marker, not the status. ' +
      'svc extension `forecast` {model, rmaeVsNaive, days}: the prices are a forecast (svc risk --plan-on forecast); dataSource and dataCoverage then have the status `forecast`, which counts as a review.',
  tags: ['risk'],
  access: 'key',
  permission: 'risk.read',
  input: RiskRequest,
  output: RiskResponse,
  http: { method: 'POST', path: '/api/risk/report', inputFrom: 'body', successStatus: 200, errors: [400, 401, 429] },
  tool: { name: 'get_risk_report', title: 'Risk guardrail report for one day' },
  async run(ctx, input) {
    const { riskConfig, ...request } = input;
    return riskResponse(ctx.now(), request, riskConfig);
  },
});
