/**
 * `strategy.plan` (POST /api/strategy/plan, `svc plan`): the exact spread engine for one day. A lean
 * operation (types.ts): every cold `svc plan` runs it, so this module loads no schema library and
 * reads no configuration; the HTTP route and the MCP tool get its zod contract (plan-contract.ts,
 * joined in plan.ts). A plan on the forecast loads the forecast's modules when it is asked for.
 */
import { hourlyPrices } from '../../domain/hourly.js';
import { planSpread } from '../../engines/strategy.js';
import { planOnCost } from '../cost.js';
import type { LeanOperation } from '../types.js';
import type { StrategyPlanInput, StrategyPlanOutput } from './plan-contract.js';
import { replanOnForecast } from './plan-lean-forecast.js';
import { StrategyPlanLeanInput } from './plan-input.js';
import { spreadPlanView } from './plan-views.js';

export const PLAN_ON_DOC =
  'svc extension: `planOn: "forecast"` chooses the plan on the expected price path of the day-ahead forecast made from `history` (the days before tradeDate, ' +
  'at most 1,582 days; docs/forecast.md): `forecast` (per hour p10/p50/p90 and the quantiles p05…p95, the mean path planned on, the caps), `pnl` (expected, p10/p90, probability of a loss over ' +
  'whole-day scenarios drawn from the quantiles, the band calibrated on the same plan’s recent realised PnL), `bids` (a break-even limit per scheduled hour) and `settlement`: its PnL at the actual `prices` beside the ' +
  'perfect-foresight optimum and their ratio.';

export const strategyPlanLean: LeanOperation<StrategyPlanInput, StrategyPlanOutput> = {
  lean: true,
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
  input: StrategyPlanLeanInput,
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
    return replanOnForecast(ctx, 'spread', input, input.settings);
  },
};
