/**
 * The brief pipeline, pure end to end: declared inputs -> validated context -> spread plan,
 * reference battery plan, risk report, sensitivity runs -> brief. The operation (src/ops/ai/brief.ts)
 * adds only what needs the outside world: the clock, ids, the caller, the audit event.
 *
 * The request carries trading settings; battery settings may come in `context.bessSettings` (the
 * spec lets `context` carry extra keys), otherwise the risk report's battery part uses
 * DEFAULT_BESS_SETTINGS (1 MW / 1 MWh, 90 % round trip, 1 cycle a day, no wear cost), and the brief
 * says which among its limitations. The risk verdict is exactly the risk operation's (riskForDay,
 * the same caps with their hourly bands): the op passes the regulator caps in force on the date,
 * and only where it has none is the caller's single min/max price-cap context used for every hour.
 * Price provenance is not part of the spec's request: without the svc extension
 * `context.dataSource` the risk engine sees the spec's default source label `unknown`, marked not
 * supplied; with it, its source as the label and its fallback flag (a review, with its reason).
 */
import { SvcError } from '../../domain/errors.js';
import { hourlyPrices } from '../../domain/prices.js';
import type { TradingBrief } from '../../domain/brief.js';
import type { BessPlan, TradingPlan } from '../../domain/plans.js';
import { DEFAULT_BESS_SETTINGS, type BessSettings, type TradingSettings } from '../../domain/settings.js';
import { planSpread } from '../strategy.js';
import { riskForDay, type RiskResult } from '../risk.js';
import type { PricesForecast, RiskCaps } from '../risk/types.js';
import { riskCapsOf } from './analysis.js';
import { buildTradingBrief } from './build.js';
import { validateBriefContext, type BriefMarketContext } from './context.js';
import { declaredInputs, type BriefInputs } from './rationale.js';
import { analyseSensitivity, type SensitivityResult } from './sensitivity.js';

export { buildTradingBrief, type BuildBriefInput } from './build.js';
export { buildPriceCapContext, validateBriefContext, CAP_EPSILON_UAH_MWH, type BriefMarketContext, type CapsSource } from './context.js';
export { BRIEF_MODEL, declaredInputs, rationaleIdOf, type BriefInputs, type SettingsAsSent } from './rationale.js';
export { analyseSensitivity, FEE_STRESS_UAH_MWH, type SensitivityResult } from './sensitivity.js';

export interface ComposedBrief {
  brief: TradingBrief;
  /** The declared inputs the brief was built from (what a receipt hashes). */
  inputs: BriefInputs;
  market: BriefMarketContext;
  settings: TradingSettings;
  plan: TradingPlan;
  bessPlan: BessPlan;
  risk: RiskResult;
  sensitivity: SensitivityResult;
}

function checkDayShape(request: BriefInputs): void {
  // A plain string, as the spec has tradeDate in bodies; the op reads the calendar day where it needs one (caps).
  if (typeof request.tradeDate !== 'string' || request.tradeDate.length === 0 || request.tradeDate.length > 40) {
    throw SvcError.validation('invalid input: tradeDate: expected a non-empty string of at most 40 characters', [
      { path: 'tradeDate', message: 'expected a non-empty string of at most 40 characters' },
    ]);
  }
  const hours = new Set(request.prices.map((p) => p.hour));
  if (request.prices.length !== 24 || hours.size !== 24 || [...hours].some((h) => !Number.isInteger(h) || h < 0 || h > 23)) {
    throw SvcError.validation('invalid input: prices: a price day has exactly 24 points, hours 0..23 once each', [
      { path: 'prices', message: 'expected exactly 24 points, hours 0..23 once each' },
    ]);
  }
}

export interface BriefOptions {
  /** The regulator caps in force on the date (hourly bands), as the risk operation uses them; null: none known. */
  caps?: RiskCaps | null;
  /** The prices are a forecast's expected path (the risk facts then say `forecast`; ops/ai/brief.ts says so in the text). */
  forecast?: PricesForecast | undefined;
}

/**
 * The declared inputs of a brief request, validated exactly as the brief validates them (the day,
 * the context), without planning anything: what a receipt hashes. Throws a 400 SvcError.
 */
export function validatedBriefInputs(request: BriefInputs): BriefInputs {
  checkDayShape(request);
  const inputs = declaredInputs(request);
  validateBriefContext(hourlyPrices(inputs.prices), inputs.tradeDate, inputs.context);
  return inputs;
}

/** The brief for a request, with every intermediate result. Throws a 400 SvcError for bad input. */
export function composeTradingBrief(request: BriefInputs, options: BriefOptions = {}): ComposedBrief {
  checkDayShape(request);
  const inputs = declaredInputs(request);
  const prices = hourlyPrices(inputs.prices);
  const market = validateBriefContext(prices, inputs.tradeDate, inputs.context);
  const feeStated = inputs.settings.feeUahPerMwh !== undefined;
  const settings: TradingSettings = { ...inputs.settings, feeUahPerMwh: inputs.settings.feeUahPerMwh ?? 0 };
  const statedBess = inputs.context?.bessSettings;
  const bessSettings: BessSettings = statedBess ? { ...statedBess, degradationCostUahMwh: statedBess.degradationCostUahMwh ?? 0 } : DEFAULT_BESS_SETTINGS;
  const caps = options.caps ?? riskCapsOf(market);
  const dataSource = inputs.context?.dataSource;
  const { plan, bessPlan, ...risk } = riskForDay({
    tradeDate: inputs.tradeDate,
    prices,
    strategySettings: settings,
    bessSettings,
    sourceLabel: dataSource?.source ?? 'unknown',
    isFallbackData: dataSource?.fallback ?? false,
    ...(dataSource?.fallback && dataSource.reason ? { fallbackReason: dataSource.reason } : {}),
    caps,
    supplied: { fee: feeStated, degradation: statedBess?.degradationCostUahMwh !== undefined, sourceLabel: dataSource !== undefined },
    ...(options.forecast ? { forecast: options.forecast } : {}),
  });
  const sensitivity = analyseSensitivity(prices, settings, plan);
  const limitBinds = plan.trades.length >= settings.maxTradesPerDay && settings.maxTradesPerDay < 24;
  const brief = buildTradingBrief({
    request: inputs,
    market,
    plan,
    bessPlan,
    bessSettings,
    bessStated: statedBess !== undefined,
    caps,
    risk: risk.report,
    sensitivity,
    withoutTradeLimit: limitBinds ? planSpread(prices, { ...settings, maxTradesPerDay: 24 }) : null,
    withoutMinSpread: settings.minSpreadUah > 0 ? planSpread(prices, { ...settings, minSpreadUah: 0 }) : null,
  });
  return { brief, inputs, market, settings, plan, bessPlan, risk, sensitivity };
}
