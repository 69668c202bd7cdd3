/**
 * A plan on the forecast from the lean plan operations (strategy-plan.ts, bess-plan.ts): the
 * forecast's modules (and zod's schemas of plan-on.ts) are loaded only when such a plan is asked for.
 * The forecast reads the configuration: the doors that run it (HTTP, MCP, `svc op run`) hold the
 * registry's op, which runs with the full context; the derived CLI command hands a plan on the
 * forecast to its own flow before running the op (src/cli/plan-forecast.ts).
 */
import { SvcError } from '../../domain/errors.js';
import { hourlyPrices } from '../../domain/hourly.js';
import type { PriceBook, PriceDay } from '../../domain/prices.js';
import type { LeanContext, OpContext } from '../types.js';

/** One day's plan on the forecast of `tradeDate`, settled at its actual `prices`: both operations' `planOn: "forecast"`. */
export async function replanOnForecast<S>(ctx: LeanContext, engine: 'spread' | 'bess', input: { tradeDate: string; prices: PriceDay; history?: PriceBook | undefined }, settings: S) {
  if (!('config' in ctx)) throw new SvcError('internal_error', 'a plan on the forecast needs the configuration: run it through the registry\'s operation');
  const full = ctx as OpContext;
  const { BESS, SPREAD, forecastForDay, planOnForecast, settleOnForecast } = await import('./plan-on.js');
  const planner = (engine === 'spread' ? SPREAD : BESS) as unknown as import('./plan-on.js').PlanEngine<S, never>;
  const { forecast: f, past } = await forecastForDay(full, input.tradeDate, input.history ?? {});
  const { plan, forecast, pnl, bids } = planOnForecast(planner, f, settings, past);
  const settlement = settleOnForecast(planner, f, hourlyPrices(input.prices), settings, plan);
  return { tradeDate: input.tradeDate, generatedAt: full.now().toISOString(), plan, settlement, forecast, pnl, bids };
}
