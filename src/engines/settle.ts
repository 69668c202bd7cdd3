/**
 * Settling a plan chosen on one price vector (a forecast) at another (the prices that cleared).
 * The volumes and hours of the plan are kept; only the prices change, exactly as the engines
 * price them: a trade earns (sell − buy − 2 × fee) × volume, a battery cycle earns
 * discharged × discharge price − charged × charge price − wear × discharged. Settling a plan at
 * the prices it was planned on returns the plan's own PnL (the oracle of the tests).
 */
import type { BessPlan, TradingPlan } from '../domain/plans.js';
import type { BessSettings, TradingSettings } from '../domain/settings.js';
import { planBess } from './bess.js';
import { planSpread } from './strategy.js';

export function settleSpread(plan: TradingPlan, actual: readonly number[], s: TradingSettings): number {
  let pnl = 0;
  for (const t of plan.trades) pnl += ((actual[t.sellHour] as number) - (actual[t.buyHour] as number) - 2 * s.feeUahPerMwh) * t.volumeMwh;
  return pnl;
}

export function settleBess(plan: BessPlan, actual: readonly number[], s: BessSettings): number {
  let pnl = 0;
  // A plan of the extended battery settles hour by hour (its start energy is in no cycle).
  if (plan.schedule) {
    for (const h of plan.schedule) pnl += (h.dischargeMw - h.chargeMw) * (actual[h.hour] as number) - s.degradationCostUahMwh * h.dischargeMw;
    return pnl;
  }
  for (const c of plan.cycles) pnl += c.dischargeMwh * (actual[c.dischargeHour] as number) - c.chargeMwh * (actual[c.chargeHour] as number) - s.degradationCostUahMwh * c.dischargeMwh;
  return pnl;
}

export interface ForecastDaySettlement {
  tradeDate: string;
  /** PnL of the plans chosen on the forecast, settled at actual prices. */
  realisedPnlUah: number;
  /** PnL of the plans chosen on the actual prices (perfect foresight, the upper bound). */
  perfectForesightPnlUah: number;
}

/** Both engines' plans on the forecast and on the actual prices of one day, both settled at the actual prices. */
export function settleDayOnForecast(tradeDate: string, forecast: readonly number[], actual: readonly number[], strategy: TradingSettings, bess: BessSettings): ForecastDaySettlement {
  const realised = settleSpread(planSpread(forecast, strategy), actual, strategy) + settleBess(planBess(forecast, bess), actual, bess);
  const perfect = planSpread(actual, strategy).netPnlUah + planBess(actual, bess).netProfitUah;
  return { tradeDate, realisedPnlUah: realised, perfectForesightPnlUah: perfect };
}

export interface ForecastMonthSettlement {
  month: string;
  days: number;
  realisedPnlUah: number;
  perfectForesightPnlUah: number;
  /** realised / perfect foresight; null when the optimum is not positive. */
  captureRatio: number | null;
}

/** Per month MM.YYYY (in the order the days come) and the total as month `all`. */
export function aggregateSettlements(days: readonly ForecastDaySettlement[]): ForecastMonthSettlement[] {
  const rows = new Map<string, ForecastMonthSettlement>();
  const add = (key: string, d: ForecastDaySettlement) => {
    const r = rows.get(key) ?? { month: key, days: 0, realisedPnlUah: 0, perfectForesightPnlUah: 0, captureRatio: null };
    r.days++;
    r.realisedPnlUah += d.realisedPnlUah;
    r.perfectForesightPnlUah += d.perfectForesightPnlUah;
    rows.set(key, r);
  };
  for (const d of days) add(d.tradeDate.slice(3), d);
  for (const d of days) add('all', d);
  return [...rows.values()].map((r) => ({ ...r, captureRatio: r.perfectForesightPnlUah > 0 ? r.realisedPnlUah / r.perfectForesightPnlUah : null }));
}
