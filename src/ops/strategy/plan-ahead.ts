/**
 * POST /api/bess/plan-ahead and POST /api/strategy/plan-ahead (svc extensions beside the spec's
 * routes; MCP tools plan_bess_ahead and plan_spread_ahead, read-only): the plan for a day whose
 * prices are not known yet — tomorrow by default — chosen on the forecast made from the days
 * before it (plan-on.ts), with the forecast, the PnL distribution and the bid sheet. The history
 * is the caller's `history` (at most 1,582 days) or, without it, the prices GET /api/forecast
 * reads (forecast-history.ts). svc prepares; a person approves and submits.
 */
import { z } from 'zod';
import { TradeDate } from '../../domain/common.js';
import { addDays, compareTradeDates } from '../../domain/dates.js';
import { SvcError } from '../../domain/errors.js';
import type { PriceBook } from '../../domain/prices.js';
import { BessPlan, TradingPlan } from '../../domain/plans.js';
import { BessSettings, TradingSettings } from '../../domain/settings.js';
import { forecastHistory } from '../forecast/forecast-history.js';
import { BESS, PlanBid, PlanForecast, PlanHistory, PlanPnl, SPREAD, forecastForDay, planOnForecast, type PlanEngine } from './plan-on.js';
import { GeneratedAt } from './settings-as-sent.js';
import { defineOperation, type OpContext } from '../types.js';

const aheadFields = {
  /** The delivery day (default: tomorrow, Europe/Kyiv, by the context's clock). */
  tradeDate: TradeDate.optional(),
  /** Prices before tradeDate to forecast from (default: the forecast's own history, docs/forecast.md). */
  history: PlanHistory.optional(),
};
const aheadOutput = {
  tradeDate: z.string(),
  generatedAt: GeneratedAt,
  /** Where the history came from (`request`, `book:<name>`, `mktop`, `mktop (with shipped fixtures)`) and its last day. */
  source: z.string(),
  lastDataDay: z.string(),
  forecast: PlanForecast,
  pnl: PlanPnl.nullable(),
  bids: z.array(PlanBid),
  humanApprovalRequired: z.literal(true),
};

export const BessPlanAheadRequest = z.strictObject({ settings: BessSettings, ...aheadFields });
export const BessPlanAheadResponse = z.strictObject({ ...aheadOutput, plan: BessPlan });
export const StrategyPlanAheadRequest = z.strictObject({ settings: TradingSettings, ...aheadFields });
export const StrategyPlanAheadResponse = z.strictObject({ ...aheadOutput, plan: TradingPlan });

/** Tomorrow in Europe/Kyiv at `now`. */
export function tomorrowInKyiv(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Kyiv', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return addDays(`${get('day')}.${get('month')}.${get('year')}`, 1);
}

async function historyFor(ctx: OpContext, tradeDate: string, given: PriceBook | undefined): Promise<{ book: PriceBook; source: string }> {
  if (given) return { book: given, source: 'request' };
  const h = await forecastHistory(ctx, 'DAM', tradeDate.slice(3));
  if (!h) throw SvcError.validation(`no DAM price history to forecast ${tradeDate} from (configured book, cache or shipped fixtures)`, [{ path: 'tradeDate', message: 'no history' }], 'insufficient_history');
  return { book: h.book, source: h.source };
}

/** The plan-ahead body of either engine. */
export async function planAhead<S, P>(ctx: OpContext, engine: PlanEngine<S, P>, input: { tradeDate?: string | undefined; history?: PriceBook | undefined }, settings: S, onProgress?: (done: number, total: number) => void) {
  const tradeDate = input.tradeDate ?? tomorrowInKyiv(ctx.now());
  const { book, source } = await historyFor(ctx, tradeDate, input.history);
  const before = Object.keys(book).filter((d) => compareTradeDates(d, tradeDate) < 0).sort(compareTradeDates);
  const last = before[before.length - 1];
  if (!last || compareTradeDates(last, addDays(tradeDate, -1)) < 0) {
    throw SvcError.validation(
      `a day-ahead forecast of ${tradeDate} needs the prices of ${addDays(tradeDate, -1)}; the history (${source}) ${last ? `ends on ${last}` : 'has no day before it'}`,
      [{ path: input.history ? 'history' : 'tradeDate', message: 'history does not reach the day before' }],
      'insufficient_history',
    );
  }
  const { forecast: f, past } = await forecastForDay(ctx, tradeDate, book, onProgress);
  const { plan, forecast, pnl, bids } = planOnForecast(engine, f, settings, past);
  return { tradeDate, generatedAt: ctx.now().toISOString(), source, lastDataDay: last, plan, forecast, pnl, bids, humanApprovalRequired: true as const };
}

const DOC =
  'svc extension beside the spec’s routes: the plan for a day whose prices are not known yet (default tomorrow, Europe/Kyiv), chosen on the expected price path of the ' +
  'day-ahead forecast made from the days before it (`history`, at most 1,582 days, else the history GET /api/forecast reads). Returns `forecast` (per hour p10/p50/p90 and the eleven quantiles p05…p95 of `quantileLevels`, ' +
  'the mean path planned on, the caps in force; the model and its skill over the scenario days), `pnl` (expected PnL, p10/p90 and the probability of a loss over ' +
  'whole-day scenarios drawn from those quantiles in the rank order of each of the last 56 days’ out-of-sample error paths (ECC), inside the caps; p10/p90 and the probability of a loss calibrated (`band: conformal`) on the realised − expected PnL of the same plan chosen on each of the 56 days before, on its own forecast; null without scenario days) and `bids`: per scheduled hour ' +
  'the side, volume and break-even limit (a buy limit for a charge/buy hour, a sell limit for a discharge/sell hour, given the rest of the schedule at the planned ' +
  'prices, inside the caps). Read-only; svc never submits: humanApprovalRequired is always true. docs/forecast.md.';

export const bessPlanAhead = defineOperation({
  id: 'bess.planAhead',
  summary: 'Battery (BESS) schedule for tomorrow on the price forecast, with its PnL distribution and bid sheet',
  description: DOC,
  tags: ['decision'],
  access: 'key',
  permission: 'decision.plan',
  input: BessPlanAheadRequest,
  output: BessPlanAheadResponse,
  cost: 'heavy',
  http: { method: 'POST', path: '/api/bess/plan-ahead', inputFrom: 'body', successStatus: 200, errors: [400, 401, 429] },
  tool: { name: 'plan_bess_ahead', title: 'Plan tomorrow’s battery schedule on the price forecast' },
  async run(ctx, input) {
    return planAhead(ctx, BESS, input, input.settings, (done, total) => ctx.progress?.(done, total, 'forecast days'));
  },
});

export const strategyPlanAhead = defineOperation({
  id: 'strategy.planAhead',
  summary: 'Spread-trading plan for tomorrow on the price forecast, with its PnL distribution and bid sheet',
  description: DOC,
  tags: ['decision'],
  access: 'key',
  permission: 'decision.plan',
  input: StrategyPlanAheadRequest,
  output: StrategyPlanAheadResponse,
  cost: 'heavy',
  http: { method: 'POST', path: '/api/strategy/plan-ahead', inputFrom: 'body', successStatus: 200, errors: [400, 401, 429] },
  tool: { name: 'plan_spread_ahead', title: 'Plan tomorrow’s spread trades on the price forecast' },
  async run(ctx, input) {
    return planAhead(ctx, SPREAD, input, input.settings, (done, total) => ctx.progress?.(done, total, 'forecast days'));
  },
});
