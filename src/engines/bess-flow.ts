/**
 * Battery over a horizon with continuous volumes: the exact LP optimum as a min-cost flow.
 *
 * Model (hours t = 0..H-1 of consecutive days, prices p_t >= 0). Grid charge c_t ∈ [0, P·a_t] and
 * discharge d_t ∈ [0, P·a_t] (a_t = 0 in hours out of service). State of charge
 * s_t = s_(t-1) + ηc·c_t - d_t/ηd - ℓ (ℓ = standby draw per hour), s_(-1) = start level, and
 * smin <= s_t <= smax in every hour. Each calendar day d: Σ_(t∈d) d_t <= K·E (K may be fractional).
 * End rule: s_(H-1) >= the floor given, or stored energy valued at v: + v·(s_(H-1) - ref).
 * Objective: maximise Σ (p_t - deg)·d_t - p_t·c_t (+ the end value).
 *
 * Network in stored energy above the floor (x = s - smin). Source options: charging at hour t
 * (capacity ηc·P·a_t, cost p_t/ηc), the start energy s0 - smin entering hour 0 (cost -M: it must
 * flow). Chain edges t → t+1 carry x_t (capacity smax - smin, cost 0). Sinks: discharge at t
 * through its day node (t → D_d capacity P·a_t/ηd, gain ηd·(p_t - deg); D_d → T capacity K·E/ηd),
 * the standby draw at t (capacity ℓ, gain M: it must be served), and the end of the horizon
 * (the floor part with gain M, the rest with gain v or 0). Flow conservation at each hour is
 * the state-of-charge equation, so the flow and the LP have the same optimum. M exceeds every
 * real path cost 64-fold, so every forced edge is saturated before any trade is made if the
 * horizon is feasible at all; a forced edge left unsaturated means it is not (hours out while
 * the standby draw empties the window): a 400 naming the reason.
 *
 * Successive shortest paths solve it exactly: from zero flow (no residual cycle at all) each step
 * augments along a shortest source→sink path of the residual graph, found by Bellman-Ford sweeps
 * over the chain (forward where x_t < cap, backward where x_t > 0) and the day nodes (reverse
 * discharge edges swap discharge inside a day whose cap binds), which keeps the residual graph
 * free of negative cycles (a label a reverse discharge improves re-sweeps only the hours it can
 * change); it stops when no path earns. Each step saturates an edge, real horizons
 * need a few dozen. Hours that both charge and discharge are netted afterwards (δ = min of the
 * two in stored units keeps every SoC and lowers the objective by none, since p/ηc >= ηd·(p - deg)).
 * Tolerances: energy 1e-12 × (E + P + ℓ), cost 1e-12 × M; figures are never rounded here.
 */
import { HOURS_PER_DAY, infeasibleHorizon, scheduleObjective, type BessAsset, type HorizonProblem, type HorizonSchedule } from './bess-asset.js';
import { MAX_HORIZON_HOURS, augment, bestSink, chargeCap, cost, dayFlow, dayOf, dischargeCap, gain, q, r, shortestPaths, state, u, x, type Net } from './bess-flow-net.js';

export { MAX_HORIZON_HOURS } from './bess-flow-net.js';

const ENERGY_REL = 1e-12;
const COST_REL = 1e-12;
const MAX_AUGMENTATIONS = 100_000;

/** Exact LP optimum of the horizon (continuous volumes). */
export function solveHorizonFlow(asset: BessAsset, problem: HorizonProblem): HorizonSchedule {
  const prices = problem.prices;
  const H = prices.length;
  const days = Math.ceil(H / HOURS_PER_DAY);
  const { etaC, etaD, powerMw: P, auxMwh: aux } = asset;
  const W = asset.socMaxMwh - asset.socMinMwh;
  const e0 = problem.startSocMwh - asset.socMinMwh;
  const tolE = ENERGY_REL * (asset.capacityMwh + P + aux);
  const endFloor = problem.endFloorMwh === null ? 0 : Math.max(0, problem.endFloorMwh - asset.socMinMwh);
  const endGain = problem.endValueUahMwh ?? 0;

  if (H < 1 || H > MAX_HORIZON_HOURS) throw new RangeError(`bess-flow: a horizon of 1..${MAX_HORIZON_HOURS} hours, got ${H}`);
  let C = Math.abs(endGain);
  for (let t = 0; t < H; t++) {
    const on = !asset.outHour[t % HOURS_PER_DAY];
    const p = prices[t] as number;
    chargeCap[t] = on ? etaC * P : 0;
    dischargeCap[t] = on ? P / etaD : 0;
    cost[t] = p / etaC;
    gain[t] = etaD * (p - asset.degradationUahMwh);
    dayOf[t] = Math.floor(t / HOURS_PER_DAY);
    q[t] = 0;
    r[t] = 0;
    u[t] = 0;
    x[t] = 0;
    C = Math.max(C, cost[t] as number, Math.abs(gain[t] as number));
  }
  const M = C > 0 ? 64 * C : 1;
  const tolC = COST_REL * M;
  // A relaxation must gain more than rounding can make up, or a zero-cost cycle could creep forever.
  const eps = 1e-3 * tolC;
  const dayCap = asset.dailyDischargeCapMwh / etaD;

  dayFlow.fill(0);
  state.startLeft = e0;
  state.endForced = 0;
  state.endFree = 0;
  const net: Net = { H, days, W, tolE, eps, M, aux, dayCap, endFloor, endGain };
  for (let iter = 0; iter < MAX_AUGMENTATIONS; iter++) {
    shortestPaths(net);
    const sink = bestSink(net, -tolC);
    if (sink < 0) break;
    augment(net, sink);
  }

  const shortAux = aux > 0 && u.subarray(0, H).some((v) => v < aux - 1e3 * tolE);
  if (state.startLeft > 1e3 * tolE || state.endForced < endFloor - 1e3 * tolE || shortAux) {
    throw infeasibleHorizon('the standby draw (auxLossMwhPerHour) cannot be served within the state-of-charge window in the hours out of service');
  }
  // One backing store for the three result arrays: an allocation per solve, not three.
  const out = new ArrayBuffer(3 * H * Float64Array.BYTES_PER_ELEMENT);
  const chargeMwh = new Float64Array(out, 0, H);
  const dischargeMwh = new Float64Array(out, H * Float64Array.BYTES_PER_ELEMENT, H);
  const socMwh = new Float64Array(out, 2 * H * Float64Array.BYTES_PER_ELEMENT, H);
  let soc = problem.startSocMwh;
  for (let t = 0; t < H; t++) {
    const both = Math.min(q[t] as number, r[t] as number);
    const qs = (q[t] as number) - both;
    const rs = (r[t] as number) - both;
    chargeMwh[t] = qs / etaC;
    dischargeMwh[t] = etaD * rs;
    soc += qs - rs - aux;
    socMwh[t] = soc;
  }
  return { chargeMwh, dischargeMwh, socMwh, objectiveUah: scheduleObjective(asset, problem, chargeMwh, dischargeMwh, soc) };
}
