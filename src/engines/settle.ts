/**
 * Settling a plan chosen on one price vector (a forecast) at another (the prices that cleared).
 * The volumes and hours of the plan are kept; only the prices change, exactly as the engines
 * price them: a trade earns (sell − buy − 2 × fee) × volume, a battery cycle earns
 * discharged × discharge price − charged × charge price − wear × discharged. Settling a plan at
 * the prices it was planned on returns the plan's own PnL (the oracle of the tests).
 */
import type { BessPlan, PnlDistribution, TradingPlan } from '../domain/plans.js';
import type { BessSettings, TradingSettings } from '../domain/settings.js';

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

/** One strategy's (or the sum's) PnL on the forecast, settled at actual prices, beside perfect foresight. */
export interface Settled {
  /** PnL of the plans chosen on the forecast, settled at actual prices. */
  realisedPnlUah: number;
  /** PnL of the plans chosen on the actual prices (perfect foresight, the upper bound). */
  perfectForesightPnlUah: number;
}

export interface ForecastDaySettlement extends Settled {
  tradeDate: string;
  /** Each plan that ran, on its own (the totals above are their sum). */
  spread?: Settled;
  bess?: Settled;
}

export interface SettledMonth extends Settled {
  /** realised / perfect foresight; null when the optimum is not positive. */
  captureRatio: number | null;
}

export interface ForecastMonthSettlement extends SettledMonth {
  month: string;
  days: number;
  spread?: SettledMonth;
  bess?: SettledMonth;
}

const ratio = (r: Settled): number | null => (r.perfectForesightPnlUah > 0 ? r.realisedPnlUah / r.perfectForesightPnlUah : null);
const withRatio = (r: Settled): SettledMonth => ({ realisedPnlUah: r.realisedPnlUah, perfectForesightPnlUah: r.perfectForesightPnlUah, captureRatio: ratio(r) });
const addTo = (into: Settled | undefined, d: Settled): Settled => ({
  realisedPnlUah: (into?.realisedPnlUah ?? 0) + d.realisedPnlUah,
  perfectForesightPnlUah: (into?.perfectForesightPnlUah ?? 0) + d.perfectForesightPnlUah,
});

/** Per month MM.YYYY (in the order the days come) and the total as month `all`; each strategy's own capture beside the sum's. */
export function aggregateSettlements(days: readonly ForecastDaySettlement[]): ForecastMonthSettlement[] {
  interface Acc extends Settled { month: string; days: number; spread?: Settled; bess?: Settled }
  const rows = new Map<string, Acc>();
  const add = (key: string, d: ForecastDaySettlement) => {
    const r: Acc = rows.get(key) ?? { month: key, days: 0, realisedPnlUah: 0, perfectForesightPnlUah: 0 };
    r.days++;
    r.realisedPnlUah += d.realisedPnlUah;
    r.perfectForesightPnlUah += d.perfectForesightPnlUah;
    if (d.spread) r.spread = addTo(r.spread, d.spread);
    if (d.bess) r.bess = addTo(r.bess, d.bess);
    rows.set(key, r);
  };
  for (const d of days) add(d.tradeDate.slice(3), d);
  for (const d of days) add('all', d);
  return [...rows.values()].map((r) => ({
    month: r.month,
    days: r.days,
    ...withRatio(r),
    ...(r.spread ? { spread: withRatio(r.spread) } : {}),
    ...(r.bess ? { bess: withRatio(r.bess) } : {}),
  }));
}

/** One hour of a bid sheet: what to buy or sell and the price beyond which it stops paying for itself. */
export interface HourBid {
  hour: number;
  side: 'buy' | 'sell';
  volumeMwh: number;
  /** Break-even price: a buy limit (the most worth paying) or a sell limit (the least worth taking). */
  limitPriceUahMwh: number;
}

/**
 * Break-even limits of a spread plan at the prices it was planned on: a buy at hour b pays for
 * itself while its price stays at or below sell − 2 × fee (its partner sold at the planned price),
 * a sell at s while its price stays at or above buy + 2 × fee. Each hour is used once.
 */
export function spreadBids(plan: TradingPlan, planned: readonly number[], s: TradingSettings): HourBid[] {
  const bids: HourBid[] = [];
  for (const t of plan.trades) {
    bids.push({ hour: t.buyHour, side: 'buy', volumeMwh: t.volumeMwh, limitPriceUahMwh: (planned[t.sellHour] as number) - 2 * s.feeUahPerMwh });
    bids.push({ hour: t.sellHour, side: 'sell', volumeMwh: t.volumeMwh, limitPriceUahMwh: (planned[t.buyHour] as number) + 2 * s.feeUahPerMwh });
  }
  return bids.sort((a, b) => a.hour - b.hour || a.side.localeCompare(b.side));
}

/**
 * Break-even limits of a battery schedule at the prices it was planned on, per hour over the
 * cycles that use it: a charge hour c pays for itself while its price p satisfies
 * Σ dischargeMwh·(P_d − wear) ≥ p · Σ chargeMwh (its discharges at the planned prices), so the buy
 * limit is Σ dischargeMwh·(P_d − wear) / Σ chargeMwh; a discharge hour d while
 * p · Σ dischargeMwh ≥ Σ chargeMwh·P_c + wear · Σ dischargeMwh, the sell limit.
 */
export function bessBids(plan: BessPlan, planned: readonly number[], s: BessSettings): HourBid[] {
  const charge = new Map<number, { mwh: number; worth: number }>();
  const discharge = new Map<number, { mwh: number; cost: number }>();
  for (const c of plan.cycles) {
    const ch = charge.get(c.chargeHour) ?? { mwh: 0, worth: 0 };
    ch.mwh += c.chargeMwh;
    ch.worth += c.dischargeMwh * ((planned[c.dischargeHour] as number) - s.degradationCostUahMwh);
    charge.set(c.chargeHour, ch);
    const di = discharge.get(c.dischargeHour) ?? { mwh: 0, cost: 0 };
    di.mwh += c.dischargeMwh;
    di.cost += c.chargeMwh * (planned[c.chargeHour] as number) + s.degradationCostUahMwh * c.dischargeMwh;
    discharge.set(c.dischargeHour, di);
  }
  const bids: HourBid[] = [];
  for (const [hour, v] of charge) if (v.mwh > 0) bids.push({ hour, side: 'buy', volumeMwh: v.mwh, limitPriceUahMwh: v.worth / v.mwh });
  for (const [hour, v] of discharge) if (v.mwh > 0) bids.push({ hour, side: 'sell', volumeMwh: v.mwh, limitPriceUahMwh: v.cost / v.mwh });
  return bids.sort((a, b) => a.hour - b.hour || a.side.localeCompare(b.side));
}

export type { PnlDistribution };

/** Linear-interpolation quantile (type 7) of a sorted sample. */
function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

/** The PnL of one fixed schedule over whole-day price scenarios; null without scenarios. */
export function pnlDistribution(settle: (prices: readonly number[]) => number, scenarios: readonly (readonly number[])[]): PnlDistribution | null {
  if (scenarios.length === 0) return null;
  const pnl = scenarios.map(settle).sort((a, b) => a - b);
  return {
    expectedUah: pnl.reduce((a, v) => a + v, 0) / pnl.length,
    p10Uah: quantile(pnl, 0.1),
    p90Uah: quantile(pnl, 0.9),
    probabilityOfLoss: pnl.filter((v) => v < -1e-9).length / pnl.length,
    scenarios: pnl.length,
  };
}
