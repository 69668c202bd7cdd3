/** POST /api/strategy/plan and POST /api/bess/plan: the two exact engines behind one door each. */
import { z } from 'zod';
import { TradeDate } from '../domain/common.js';
import { PriceDay, hourlyPrices } from '../domain/prices.js';
import { TradingSettings, BessSettings } from '../domain/settings.js';
import { TradingPlan, BessPlan } from '../domain/plans.js';
import { planSpread } from '../engines/strategy.js';
import { planBess } from '../engines/bess.js';
import { defineOperation } from './types.js';
import { GeneratedAt } from './settings-as-sent.js';

export const StrategyPlanRequest = z.strictObject({ tradeDate: TradeDate, prices: PriceDay, settings: TradingSettings });
export const StrategyPlanResponse = z.strictObject({ tradeDate: z.string(), generatedAt: GeneratedAt, plan: TradingPlan });

export const strategyPlan = defineOperation({
  id: 'strategy.plan',
  summary: 'Optimal spread-trading plan for one day',
  description:
    'Chooses buy/sell hour pairs that maximise total PnL: net spread = (sell − buy) − 2 × fee, pnl = net spread × volume; ' +
    'at most maxTradesPerDay trades, each hour used once, every net spread ≥ minSpreadUah and > 0. Exact (min-cost flow). ' +
    'A plan for human review; svc never submits orders.',
  tags: ['decision'],
  access: 'key',
  permission: 'decision.plan',
  input: StrategyPlanRequest,
  output: StrategyPlanResponse,
  http: { method: 'POST', path: '/api/strategy/plan', inputFrom: 'body', successStatus: 200, errors: [400, 401, 429] },
  tool: { name: 'plan_spread_trades', title: 'Plan spread trades for one day' },
  async run(ctx, input) {
    return {
      tradeDate: input.tradeDate,
      generatedAt: ctx.now().toISOString(),
      plan: planSpread(hourlyPrices(input.prices), input.settings),
    };
  },
});

export const BessPlanRequest = z.strictObject({ tradeDate: TradeDate, prices: PriceDay, settings: BessSettings });
export const BessPlanResponse = z.strictObject({ tradeDate: z.string(), generatedAt: GeneratedAt, plan: BessPlan });

export const bessPlan = defineOperation({
  id: 'bess.plan',
  summary: 'Optimal battery (BESS) arbitrage schedule for one day',
  description:
    'Exact LP optimum of charge/discharge with power P, capacity E, round-trip efficiency η (losses on charge), ' +
    'a throughput cap of maxCyclesPerDay × E and a wear cost per MWh discharged; the day starts and ends empty. ' +
    'Reported as charge→discharge pairs that sum exactly to the schedule.',
  tags: ['decision'],
  access: 'key',
  permission: 'decision.plan',
  input: BessPlanRequest,
  output: BessPlanResponse,
  http: { method: 'POST', path: '/api/bess/plan', inputFrom: 'body', successStatus: 200, errors: [400, 401, 429] },
  tool: { name: 'plan_bess_schedule', title: 'Plan a battery (BESS) schedule for one day' },
  async run(ctx, input) {
    return {
      tradeDate: input.tradeDate,
      generatedAt: ctx.now().toISOString(),
      plan: planBess(hourlyPrices(input.prices), input.settings),
    };
  },
});
