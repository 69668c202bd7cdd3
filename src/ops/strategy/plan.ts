/** POST /api/strategy/plan and POST /api/bess/plan: the two exact engines behind one door each. */
import { z } from 'zod';
import { BodyTradeDate } from '../../domain/common.js';
import { PriceDay, hourlyPrices } from '../../domain/prices.js';
import { TradingSettings, BessSettings } from '../../domain/settings.js';
import { TradingPlan, BessPlan } from '../../domain/plans.js';
import { planSpread } from '../../engines/strategy.js';
import { planBess } from '../../engines/bess.js';
import { bessSchedule } from '../../engines/bess-horizon.js';
import { defineOperation, type OpContext } from '../types.js';
import { planOnCost } from '../cost.js';
import { GeneratedAt } from './settings-as-sent.js';
import { bessCyclesView, bessScheduleView, spreadPlanView } from './plan-views.js';
import { BESS, PlanHistory, PlanOn, PlanSettlement, SPREAD, forecastForDay, planOnForecast, planOnForecastFields, settleOnForecast, type PlanEngine } from './plan-on.js';

/** svc extension: plan on the forecast made from `history` (the days before tradeDate), settle on `prices`. */
const planOnFields = { planOn: PlanOn.optional(), history: PlanHistory.optional() };
const onForecastOutput = { settlement: PlanSettlement.optional(), ...planOnForecastFields };

/** One day's plan on the forecast of `tradeDate`, settled at its actual `prices`: both operations' `planOn: "forecast"`. */
async function replanOnForecast<S, P>(ctx: OpContext, engine: PlanEngine<S, P>, input: { tradeDate: string; prices: z.infer<typeof PriceDay>; history?: z.infer<typeof PlanHistory> | undefined }, settings: S) {
  const f = await forecastForDay(ctx, input.tradeDate, input.history ?? {});
  const { plan, forecast, pnl, bids } = planOnForecast(engine, f, settings);
  const settlement = settleOnForecast(engine, f, hourlyPrices(input.prices), settings, plan);
  return { tradeDate: input.tradeDate, generatedAt: ctx.now().toISOString(), plan, settlement, forecast, pnl, bids };
}

const PLAN_ON_DOC =
  'svc extension: `planOn: "forecast"` chooses the plan on the expected price path of the day-ahead forecast made from `history` (the days before tradeDate, ' +
  'at most 1,582 days; docs/forecast.md): `forecast` (per hour p10/p50/p90, the mean path planned on, the caps), `pnl` (expected, p10/p90, probability of a loss over ' +
  'whole-day scenarios of recent out-of-sample errors), `bids` (a break-even limit per scheduled hour) and `settlement`: its PnL at the actual `prices` beside the ' +
  'perfect-foresight optimum and their ratio.';

export const StrategyPlanRequest = z.strictObject({ tradeDate: BodyTradeDate, prices: PriceDay, settings: TradingSettings, ...planOnFields });
export const StrategyPlanResponse = z.strictObject({ tradeDate: z.string(), generatedAt: GeneratedAt, plan: TradingPlan, ...onForecastOutput });

export const strategyPlan = defineOperation({
  id: 'strategy.plan',
  summary: 'Optimal spread-trading plan for one day',
  description:
    'Chooses buy/sell hour pairs that maximise total PnL: net spread = (sell − buy) − 2 × fee, pnl = net spread × volume; ' +
    'at most maxTradesPerDay trades, each hour used once, every net spread ≥ minSpreadUah and > 0. Exact (min-cost flow). ' +
    'A plan for human review; svc never submits orders. ' +
    PLAN_ON_DOC,
  tags: ['decision'],
  access: 'key',
  permission: 'decision.plan',
  input: StrategyPlanRequest,
  output: StrategyPlanResponse,
  cost: planOnCost,
  http: { method: 'POST', path: '/api/strategy/plan', inputFrom: 'body', successStatus: 200, errors: [400, 401, 429] },
  tool: { name: 'plan_spread_trades', title: 'Plan spread trades for one day' },
  cli: {
    command: ['plan'],
    description: 'optimal spread-trading plan for one day (buy low, sell high; exact optimum)',
    book: { into: 'prices', shape: 'day', date: 'tradeDate' },
    flags: { history: false, planOn: { value: 'actual|forecast' } },
    flagHelp: { planOn: "plan on the actual prices (default) or on the forecast from the days before --date (a day without prices: tomorrow's plan; --format csv: the bid sheet)" },
    handOff: { field: 'planOn', value: 'forecast', flow: 'plan-on-forecast' },
    view: spreadPlanView,
    examples: ['svc plan fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 --max-trades 2 --fee 15', 'svc plan fixtures/sample-week.csv --date 03.12.2024 --format json | jq .plan.netPnlUah'],
  },
  async run(ctx, input) {
    if (input.planOn !== 'forecast') return { tradeDate: input.tradeDate, generatedAt: ctx.now().toISOString(), plan: planSpread(hourlyPrices(input.prices), input.settings) };
    return replanOnForecast(ctx, SPREAD, input, input.settings);
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
export const BessPlanResponse = z.strictObject({ tradeDate: z.string(), generatedAt: GeneratedAt, plan: BessPlan, ...onForecastOutput });

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
    '`schedule: true` adds the hourly schedule to any plan. ' + PLAN_ON_DOC,
  tags: ['decision'],
  access: 'key',
  permission: 'decision.plan',
  input: BessPlanRequest,
  output: BessPlanResponse,
  cost: planOnCost,
  http: { method: 'POST', path: '/api/bess/plan', inputFrom: 'body', successStatus: 200, errors: [400, 401, 429] },
  tool: { name: 'plan_bess_schedule', title: 'Plan a battery (BESS) schedule for one day' },
  cli: {
    command: ['bess'],
    description: 'optimal battery (BESS) charge/discharge schedule for one day (exact LP optimum)',
    book: { into: 'prices', shape: 'day', date: 'tradeDate' },
    flags: { history: false, schedule: false, planOn: { value: 'actual|forecast' } },
    flagHelp: { planOn: "schedule on the actual prices (default) or on the forecast from the days before --date (a day without prices: tomorrow's schedule; --format csv: the bid sheet)" },
    handOff: { field: 'planOn', value: 'forecast', flow: 'plan-on-forecast' },
    view: bessCyclesView,
    defaultView: 'cycles',
    views: { schedule: bessScheduleView },
    viewHelp: 'cycles: charge→discharge pairs (default); schedule: one row per hour with chargeMw, dischargeMw and socMwh at the end of the hour',
    examples: [
      'svc bess fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 --capacity 2 --power 1 --efficiency 0.88 --max-cycles 2',
      'svc bess fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 --capacity 2 --power 1 --min-soc 10 --max-soc 90 --lot 0.1 --view schedule',
    ],
  },
  async run(ctx, input) {
    const actual = hourlyPrices(input.prices);
    if (input.planOn !== 'forecast') {
      const plan = planBess(actual, input.settings);
      return { tradeDate: input.tradeDate, generatedAt: ctx.now().toISOString(), plan: input.schedule ? { ...plan, schedule: bessSchedule(actual, input.settings, plan) } : plan };
    }
    return replanOnForecast(ctx, BESS, input, input.settings);
  },
});
