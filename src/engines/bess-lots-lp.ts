/**
 * The lot solver's shortcut: the LP relaxation (bess-flow.ts) is an upper bound on the integer
 * optimum, so when its optimum already trades whole lots, never both ways in an hour, within the
 * power, the window, the daily cap and the end rule, it is the integer optimum and no DP is needed
 * (days with nothing worth trading, or a window and power that are whole lots).
 */
import { HOURS_PER_DAY, scheduleObjective, type BessAsset, type HorizonProblem, type HorizonSchedule } from './bess-asset.js';
import { solveHorizonFlow } from './bess-flow.js';

const LOT_REL = 1e-9;

/** The LP optimum as a schedule in whole lots when it is one; null when the DP must decide. */
export function lpOnLotGrid(asset: BessAsset, problem: HorizonProblem): HorizonSchedule | null {
  let lp: HorizonSchedule;
  try {
    lp = solveHorizonFlow(asset, problem);
  } catch {
    return null; // the DP gives the lot model's own answer (and its own 400)
  }
  const L = asset.lotMwh;
  const H = problem.prices.length;
  const kmax = Math.floor(asset.powerMw / L + 1e-9);
  const bcap = Math.floor(asset.dailyDischargeCapMwh / L + 1e-9);
  const tolS = 1e-9 * (asset.capacityMwh + asset.powerMw);
  const chargeMwh = new Float64Array(H);
  const dischargeMwh = new Float64Array(H);
  const socMwh = new Float64Array(H);
  let soc = problem.startSocMwh;
  let lotsToday = 0;
  for (let t = 0; t < H; t++) {
    if (t % HOURS_PER_DAY === 0) lotsToday = 0;
    const c = lp.chargeMwh[t] as number;
    const d = lp.dischargeMwh[t] as number;
    const m = Math.round(c / L);
    const n = Math.round(d / L);
    if (Math.abs(c - m * L) > LOT_REL * L || Math.abs(d - n * L) > LOT_REL * L) return null;
    if ((m > 0 && n > 0) || m > kmax || n > kmax) return null;
    lotsToday += n;
    if (lotsToday > bcap) return null;
    chargeMwh[t] = m * L;
    dischargeMwh[t] = n * L;
    soc += asset.etaC * m * L - (n * L) / asset.etaD - asset.auxMwh;
    if (soc < asset.socMinMwh - tolS || soc > asset.socMaxMwh + tolS) return null;
    socMwh[t] = soc;
  }
  if (problem.endFloorMwh !== null && soc < problem.endFloorMwh - tolS) return null;
  const objectiveUah = scheduleObjective(asset, problem, chargeMwh, dischargeMwh, soc);
  const scale = Math.max(1, Math.abs(lp.objectiveUah));
  return objectiveUah >= lp.objectiveUah - 1e-9 * scale ? { chargeMwh, dischargeMwh, socMwh, objectiveUah } : null;
}
