/**
 * The battery as it operates, one day or a rolling horizon: settings → asset → the exact solver
 * (bess-flow.ts for continuous volumes, bess-lots.ts for whole lots) → a BessPlan with its hourly
 * schedule.
 *
 * Rolling plan (a backtest that carries the state of charge): day D is optimised with D and D+1
 * in view (a 48-hour horizon, the end rule applied at the end of D+1), D's schedule is committed
 * and its end state of charge starts D+1. The last day of a run, and the day before a gap in the
 * book, is optimised alone with the end rule at its own end; after a gap the battery starts
 * again at initialSocMwh. Each horizon is solved exactly; the rolling policy itself is a
 * heuristic over the whole run (it does not see beyond D+1), which is what an operator can do.
 *
 * Reporting: netProfitUah is the schedule's cash Σ (p - deg)·d - p·c; cycles pair the day's own
 * charges with its discharges first-in-first-out in stored energy (the start energy above the
 * floor queues first, the standby draw consumes from the queue too), so energy from the start
 * level or left at the end shows in the schedule, not in a cycle. A cycle's chargeMwh·ηc·ηd is
 * its dischargeMwh; its profit is its own cash.
 */
import type { BessCycle, BessHour, BessPlan } from '../domain/plans.js';
import type { BessSettings } from '../domain/settings.js';
import { bessAsset, hourProfitUah, type BessAsset, type HorizonProblem, type HorizonSchedule } from './bess-asset.js';
import { solveHorizonFlow } from './bess-flow.js';
import { solveHorizonLots } from './bess-lots.js';

/** The exact optimum of one horizon under the asset's solver. */
export function solveHorizon(asset: BessAsset, problem: HorizonProblem): HorizonSchedule {
  return asset.lotMwh > 0 ? solveHorizonLots(asset, problem) : solveHorizonFlow(asset, problem);
}

/** The horizon problem from `startSocMwh` over `prices`, with the asset's end rule. */
export function horizonProblem(asset: BessAsset, prices: readonly number[], startSocMwh: number): HorizonProblem {
  return {
    prices,
    startSocMwh,
    endFloorMwh: asset.endValueUahMwh === null ? asset.startSocMwh : null,
    endValueUahMwh: asset.endValueUahMwh,
    refSocMwh: asset.startSocMwh,
  };
}

/** One day of the extended model, from the asset's start level (or `startSocMwh`) with the end rule at its end. */
export function planBessDay(prices: readonly number[], settings: BessSettings, startSocMwh?: number): BessPlan {
  const asset = bessAsset(settings);
  const start = startSocMwh ?? asset.startSocMwh;
  const schedule = solveHorizon(asset, horizonProblem(asset, prices, start));
  return bessPlanFrom(asset, prices, start, schedule, prices.length);
}

/** The plan of the first `hours` hours of a horizon's schedule. */
export function bessPlanFrom(asset: BessAsset, prices: readonly number[], startSocMwh: number, s: HorizonSchedule, hours: number, endOfHorizon = true): BessPlan {
  const schedule: BessHour[] = [];
  const cycles: BessCycle[] = [];
  const queueHour: number[] = [-1];
  const queueLeft: number[] = [startSocMwh - asset.socMinMwh];
  let head = 0;
  const tol = 1e-12 * (asset.capacityMwh + asset.powerMw);
  let cash = 0;
  let charged = 0;
  let discharged = 0;
  const take = (amount: number, into: ((hour: number, stored: number) => void) | null) => {
    let need = amount;
    while (need > tol && head < queueLeft.length) {
      const left = queueLeft[head] as number;
      const q = Math.min(left, need);
      if (into) into(queueHour[head] as number, q);
      need -= q;
      if (left - q <= tol) head++;
      else queueLeft[head] = left - q;
    }
  };
  for (let t = 0; t < hours; t++) {
    const p = prices[t] as number;
    const c = s.chargeMwh[t] as number;
    const d = s.dischargeMwh[t] as number;
    const hourProfit = hourProfitUah(p, asset.degradationUahMwh, c, d);
    schedule.push({ hour: t, priceUahMwh: p, chargeMw: c, dischargeMw: d, socMwh: s.socMwh[t] as number, profitUah: hourProfit });
    cash += hourProfit;
    charged += c;
    discharged += d;
    if (c > 0) {
      queueHour.push(t);
      queueLeft.push(asset.etaC * c);
    }
    if (d > 0) {
      take(d / asset.etaD, (hour, stored) => {
        if (hour < 0) return;
        const chargeMwh = stored / asset.etaC;
        const dischargeMwh = stored * asset.etaD;
        const last = cycles[cycles.length - 1];
        if (last && last.chargeHour === hour && last.dischargeHour === t) {
          last.chargeMwh += chargeMwh;
          last.dischargeMwh += dischargeMwh;
          last.profitUah = last.dischargeMwh * (p - asset.degradationUahMwh) - last.chargeMwh * last.chargePriceUahMwh;
          return;
        }
        const cp = prices[hour] as number;
        cycles.push({ chargeHour: hour, dischargeHour: t, chargeMwh, dischargeMwh, chargePriceUahMwh: cp, dischargePriceUahMwh: p, grossSpreadUahMwh: p - cp, profitUah: dischargeMwh * (p - asset.degradationUahMwh) - chargeMwh * cp });
      });
    }
    if (asset.auxMwh > 0) take(asset.auxMwh, null);
  }
  cycles.sort((a, b) => a.chargeHour - b.chargeHour || a.dischargeHour - b.dischargeHour);
  const endSoc = hours > 0 ? (s.socMwh[hours - 1] as number) : startSocMwh;
  return {
    cycles,
    netProfitUah: cash,
    chargedMwh: charged,
    dischargedMwh: discharged,
    equivalentCycles: discharged / asset.capacityMwh,
    schedule,
    startSocMwh,
    endSocMwh: endSoc,
    ...(asset.endValueUahMwh === null || !endOfHorizon ? {} : { endValueUah: asset.endValueUahMwh * (endSoc - asset.startSocMwh) }),
  };
}

/** A run of days in date order: `consecutive[i]` says day i follows day i-1 without a gap. */
export interface RollingDay {
  readonly prices: readonly number[];
  readonly consecutive: boolean;
}

/**
 * The rolling plan over a run of days (see the header): each day's committed plan, its start
 * state of charge carried from the day before.
 */
export function planBessRolling(days: readonly RollingDay[], settings: BessSettings): BessPlan[] {
  const asset = bessAsset(settings);
  const out: BessPlan[] = [];
  let soc = asset.startSocMwh;
  for (let i = 0; i < days.length; i++) {
    const day = days[i] as RollingDay;
    if (!day.consecutive) soc = asset.startSocMwh;
    const next = days[i + 1];
    const ahead = next !== undefined && next.consecutive && day.prices.length === 24;
    const prices = ahead ? [...day.prices, ...next.prices] : day.prices;
    const schedule = solveHorizon(asset, horizonProblem(asset, prices, soc));
    const plan = bessPlanFrom(asset, day.prices, soc, schedule, day.prices.length, !ahead);
    out.push(plan);
    soc = plan.endSocMwh ?? soc;
  }
  return out;
}

/** The hourly schedule of a plan: its own (extended settings) or the sum of its cycles (the spec's battery, empty at the start). */
export function bessSchedule(prices: readonly number[], settings: BessSettings, plan: BessPlan): BessHour[] {
  if (plan.schedule) return plan.schedule;
  const eta = settings.roundTripEfficiency;
  const charge = prices.map(() => 0);
  const discharge = prices.map(() => 0);
  for (const c of plan.cycles) {
    charge[c.chargeHour] = (charge[c.chargeHour] as number) + c.chargeMwh;
    discharge[c.dischargeHour] = (discharge[c.dischargeHour] as number) + c.dischargeMwh;
  }
  const deg = settings.degradationCostUahMwh;
  let soc = 0;
  return prices.map((priceUahMwh, hour) => {
    const c = charge[hour] as number;
    const d = discharge[hour] as number;
    soc += eta * c - d;
    return { hour, priceUahMwh, chargeMw: c, dischargeMw: d, socMwh: soc, profitUah: hourProfitUah(priceUahMwh, deg, c, d) };
  });
}
