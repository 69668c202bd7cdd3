/**
 * The zod contract of `strategy.plan` and `bess.plan` (lean ops: strategy-plan.ts, bess-plan.ts)
 * for the doors that derive one: the HTTP routes and their OpenAPI entries, the MCP and narrator
 * tools (plan.ts joins the two with `withContract`). The CLI loads this file only when the lean
 * validator (plan-input.ts) hands an input over to it: a plan on the forecast, `history`, or any
 * input it does not pass at once, so that every error is zod's own.
 */
import { z } from 'zod';
import { BodyTradeDate } from '../../domain/common.js';
import { PriceDay } from '../../domain/prices.js';
import { TradingSettings, BessSettings } from '../../domain/settings.js';
import { TradingPlan, BessPlan } from '../../domain/plans.js';
import { GeneratedAt } from './settings-as-sent.js';
import { PlanHistory, PlanOn, PlanSettlement, planOnForecastFields } from './plan-on.js';

/** svc extension: plan on the forecast made from `history` (the days before tradeDate), settle on `prices`. */
const planOnFields = { planOn: PlanOn.optional(), history: PlanHistory.optional() };
const onForecastOutput = { settlement: PlanSettlement.optional(), ...planOnForecastFields };

export const StrategyPlanRequest = z.strictObject({ tradeDate: BodyTradeDate, prices: PriceDay, settings: TradingSettings, ...planOnFields });
export const StrategyPlanResponse = z.strictObject({ tradeDate: z.string(), generatedAt: GeneratedAt, plan: TradingPlan, ...onForecastOutput });

export const BessPlanRequest = z.strictObject({
  tradeDate: BodyTradeDate,
  prices: PriceDay,
  settings: BessSettings,
  ...planOnFields,
  /** svc extension: `true` adds `plan.schedule`, one row per hour (chargeMw, dischargeMw, socMwh at the end of the hour, profitUah: the hour's share of netProfitUah). */
  schedule: z.boolean().optional(),
});
export const BessPlanResponse = z.strictObject({ tradeDate: z.string(), generatedAt: GeneratedAt, plan: BessPlan, ...onForecastOutput });

export const strategyPlanContract = { input: StrategyPlanRequest, output: StrategyPlanResponse };
export const bessPlanContract = { input: BessPlanRequest, output: BessPlanResponse };

export type StrategyPlanInput = z.output<typeof StrategyPlanRequest>;
export type StrategyPlanOutput = z.output<typeof StrategyPlanResponse>;
export type BessPlanInput = z.output<typeof BessPlanRequest>;
export type BessPlanOutput = z.output<typeof BessPlanResponse>;
