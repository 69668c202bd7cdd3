/** POST /api/strategy/plan and POST /api/bess/plan: the two exact engines behind one door each. */
import { z } from 'zod';
import { BodyTradeDate } from '../domain/common.js';
import { PriceBook, PriceDay, hourlyPrices } from '../domain/prices.js';
import { TradingSettings, BessSettings } from '../domain/settings.js';
import { TradingPlan, BessPlan } from '../domain/plans.js';
import { planSpread } from '../engines/strategy.js';
import { planBess } from '../engines/bess.js';
import { bessSchedule } from '../engines/bess-horizon.js';
import { defineOperation } from './types.js';
import { GeneratedAt } from './settings-as-sent.js';
import { PlanOn, PlanSettlement, forecastForDay } from './plan-on.js';
import { settleBess, settleSpread } from '../engines/settle.js';

/** svc extension: plan on the p50 forecast made from `history` (the days before tradeDate), settle on `prices`. */
const planOnFields = { planOn: PlanOn.optional(), history: PriceBook.optional() };
const capture = (realised: number, perfect: number): number | null => (perfect > 0 ? realised / perfect : null);

export const StrategyPlanRequest = z.strictObject({ tradeDate: BodyTradeDate, prices: PriceDay, settings: TradingSettings, ...planOnFields });
export const StrategyPlanResponse = z.strictObject({ tradeDate: z.string(), generatedAt: GeneratedAt, plan: TradingPlan, settlement: PlanSettlement.optional() });

export const strategyPlan = defineOperation({
  id: 'strategy.plan',
  summary: 'Optimal spread-trading plan for one day',
  description:
    'Chooses buy/sell hour pairs that maximise total PnL: net spread = (sell − buy) − 2 × fee, pnl = net spread × volume; ' +
    'at most maxTradesPerDay trades, each hour used once, every net spread ≥ minSpreadUah and > 0. Exact (min-cost flow). ' +
    'A plan for human review; svc never submits orders. svc extension: `planOn: "forecast"` chooses the plan on the p50 day-ahead forecast ' +
    'made from `history` (the days before tradeDate; docs/forecast.md) and reports `settlement`: its PnL at the actual `prices` beside the ' +
    'perfect-foresight optimum and their ratio.',
  tags: ['decision'],
  access: 'key',
  permission: 'decision.plan',
  input: StrategyPlanRequest,
  output: StrategyPlanResponse,
  http: { method: 'POST', path: '/api/strategy/plan', inputFrom: 'body', successStatus: 200, errors: [400, 401, 429] },
  tool: { name: 'plan_spread_trades', title: 'Plan spread trades for one day' },
  async run(ctx, input) {
    const actual = hourlyPrices(input.prices);
    if (input.planOn !== 'forecast') return { tradeDate: input.tradeDate, generatedAt: ctx.now().toISOString(), plan: planSpread(actual, input.settings) };
    const p50 = await forecastForDay(input.tradeDate, input.prices, input.history);
    const plan = planSpread(p50, input.settings);
    const realised = settleSpread(plan, actual, input.settings);
    const perfect = planSpread(actual, input.settings).netPnlUah;
    return {
      tradeDate: input.tradeDate,
      generatedAt: ctx.now().toISOString(),
      plan,
      settlement: { planOn: 'forecast' as const, forecastP50: p50, realisedPnlUah: realised, perfectForesightPnlUah: perfect, captureRatio: capture(realised, perfect) },
    };
  },
});

export const BessPlanRequest = z.strictObject({
  tradeDate: BodyTradeDate,
  prices: PriceDay,
  settings: BessSettings,
  ...planOnFields,
  /** svc extension: `true` adds `plan.schedule`, one row per hour (chargeMw, dischargeMw, socMwh at the end of the hour). */
  schedule: z.boolean().optional(),
});
export const BessPlanResponse = z.strictObject({ tradeDate: z.string(), generatedAt: GeneratedAt, plan: BessPlan, settlement: PlanSettlement.optional() });

export const bessPlan = defineOperation({
  id: 'bess.plan',
  summary: 'Optimal battery (BESS) arbitrage schedule for one day',
  description:
    'Exact LP optimum of charge/discharge with power P, capacity E, round-trip efficiency η (losses on charge), ' +
    'a throughput cap of maxCyclesPerDay × E and a wear cost per MWh discharged; the day starts and ends empty. ' +
    'Reported as charge→discharge pairs that sum exactly to the schedule. svc extension (docs/engines.md): optional settings for the battery as it operates — ' +
    '`minSocPct`/`maxSocPct` (usable window), `chargeEfficiency`/`dischargeEfficiency` (product = round trip), `auxLossMwhPerHour` (standby draw from the stored energy every hour), ' +
    '`unavailableHours` (hours out of service), a fractional `maxCyclesPerDay`, `lotMwh` (volumes in whole lots: exact integer optimum), `initialSocMwh` and `endSocValueUahMwh` ' +
    '(without it the day ends at least at the start level); with any of them the plan carries `schedule`, `startSocMwh`, `endSocMwh` (and `endValueUah`), netProfitUah is the schedule’s cash and the cycles pair the day’s own charges with discharges. ' +
    '`schedule: true` adds the hourly schedule to any plan. svc extension: `planOn: "forecast"` schedules on the p50 forecast ' +
    'made from `history` and reports `settlement` at the actual `prices` beside the perfect-foresight optimum.',
  tags: ['decision'],
  access: 'key',
  permission: 'decision.plan',
  input: BessPlanRequest,
  output: BessPlanResponse,
  http: { method: 'POST', path: '/api/bess/plan', inputFrom: 'body', successStatus: 200, errors: [400, 401, 429] },
  tool: { name: 'plan_bess_schedule', title: 'Plan a battery (BESS) schedule for one day' },
  async run(ctx, input) {
    const actual = hourlyPrices(input.prices);
    const withSchedule = (prices: number[], p: BessPlan): BessPlan => (input.schedule ? { ...p, schedule: bessSchedule(prices, input.settings, p) } : p);
    if (input.planOn !== 'forecast') return { tradeDate: input.tradeDate, generatedAt: ctx.now().toISOString(), plan: withSchedule(actual, planBess(actual, input.settings)) };
    const p50 = await forecastForDay(input.tradeDate, input.prices, input.history);
    const plan = withSchedule(p50, planBess(p50, input.settings));
    const realised = settleBess(plan, actual, input.settings);
    const perfect = planBess(actual, input.settings).netProfitUah;
    return {
      tradeDate: input.tradeDate,
      generatedAt: ctx.now().toISOString(),
      plan,
      settlement: { planOn: 'forecast' as const, forecastP50: p50, realisedPnlUah: realised, perfectForesightPnlUah: perfect, captureRatio: capture(realised, perfect) },
    };
  },
});
