/**
 * Battery (BESS) plan: exact optimum of one day's charge/discharge schedule (the spec's battery; a
 * request with svc's battery extensions is planned by bess-horizon.ts, the same model extended).
 *
 * Model (hour t = 0..n-1, prices p_t >= 0). Grid energy charged c_t ∈ [0, P] and discharged
 * d_t ∈ [0, P] (P = powerMw, one-hour steps). All losses sit on the charge side: charging c_t
 * stores η·c_t (η = roundTripEfficiency). State of charge s_t = s_(t-1) + η·c_t - d_t ∈ [0, E]
 * (E = capacityMwh), empty before hour 0 and after hour n-1. Throughput cap Σ d_t <= K·E
 * (K = maxCyclesPerDay). Objective: maximise Σ p_t·d_t - Σ p_t·c_t - deg·Σ d_t.
 *
 * Min-cost flow in stored-energy units: source → hour i (capacity ηP, cost p_i/η per stored MWh),
 * hour t → t+1 (capacity E: energy held over the hour boundary), hour j → sink (capacity P, gain
 * p_j - deg), total flow <= K·E. Flow conservation at each hour is exactly the SoC equation, so
 * the LP and the flow have the same optimum. Successive shortest paths solve it exactly: every
 * simple source→sink path is "charge at i, move along the chain, discharge at j", its chain edges
 * cost 0, so its cost is p_i/η - (p_j - deg) whatever the route; the best path is the best pair
 * (i, j) whose chain segment still has residual room (forward: s_t < E, backward: s_t > 0), found
 * by two O(n) sweeps. Augment by the bottleneck, stop when the best pair no longer earns or the
 * throughput cap is reached (incremental cost of min-cost flow is non-decreasing, so stopping at
 * the first non-negative path is optimal for "at most K·E").
 *
 * Never charge and discharge in the same hour: if c_t > 0 and d_t > 0, lowering η·c_t and d_t by
 * δ = min(η·c_t, d_t) keeps every SoC, power and throughput bound, and changes the objective by
 * δ·(p_t/η - p_t + deg) >= 0 because p_t >= 0, η <= 1, deg >= 0. So some optimum never does both;
 * the engine nets every hour after the flow (a same-hour path itself costs >= 0 and is never
 * taken, but two different paths may meet in one hour when that netting is worth exactly 0).
 *
 * Reporting: the netted schedule is split first-in-first-out into (charge hour, discharge hour)
 * pairs; each carries q stored MWh: chargeMwh = q/η, dischargeMwh = q. Sums of pairs reproduce
 * the schedule; cycles are ordered by charge hour, then discharge hour. Energies within 1e-12 of
 * the day's scale (E + P) count as zero or full, which is what keeps the sweeps from chasing
 * rounding dust; reported figures are never rounded.
 */
import type { BessSettings } from '../domain/settings.js';
import type { BessCycle, BessPlan } from '../domain/plans.js';
import { MAX_HOURS, checkBessSettings, checkPrices } from './input-guards.js';
import { isPlainBess } from './bess-asset.js';
import { planBessDay } from './bess-horizon.js';

const ENERGY_REL = 1e-12;
const COST_REL = 1e-12;
/** Safety net only: each augmentation saturates a bound, so real days need a few dozen. */
const MAX_AUGMENTATIONS = 4096;
const MAX_PAIRS = 2 * MAX_HOURS;

const charged = new Float64Array(MAX_HOURS); // stored MWh (η·c_t)
const discharged = new Float64Array(MAX_HOURS); // d_t
const soc = new Float64Array(MAX_HOURS); // s_t after hour t; index n-1 is unused (ends empty)
const chargeCost = new Float64Array(MAX_HOURS);
const dischargeGain = new Float64Array(MAX_HOURS);
const fromLeft = new Int32Array(MAX_HOURS);
const fromRight = new Int32Array(MAX_HOURS);
const queueHour = new Int32Array(MAX_HOURS);
const queueLeft = new Float64Array(MAX_HOURS);
const pairCharge = new Int32Array(MAX_PAIRS);
const pairDischarge = new Int32Array(MAX_PAIRS);
const pairStored = new Float64Array(MAX_PAIRS);

/** The most profitable feasible charge/discharge schedule for one day. */
export function planBess(prices: readonly number[], settings: BessSettings): BessPlan {
  const n = checkPrices(prices, false);
  checkBessSettings(settings);
  // The battery extensions (window, split efficiencies, standby draw, hours out, lots, start and
  // end rules, a fractional cap): the horizon model of bess-horizon.ts, one day long.
  if (!isPlainBess(settings)) return planBessDay(prices, settings);
  const capacity = settings.capacityMwh;
  const power = settings.powerMw;
  const eta = settings.roundTripEfficiency;
  const deg = settings.degradationCostUahMwh;
  const throughputCap = settings.maxCyclesPerDay * capacity;
  const chargeCap = eta * power;
  const tolE = ENERGY_REL * (capacity + power);

  let maxCost = deg;
  for (let t = 0; t < n; t++) {
    const p = prices[t] as number;
    chargeCost[t] = p / eta;
    dischargeGain[t] = p - deg;
    maxCost = Math.max(maxCost, chargeCost[t] as number);
  }
  const tolC = COST_REL * maxCost; // relative only: scaling prices by 2^k scales every decision exactly
  charged.fill(0);
  discharged.fill(0);
  soc.fill(0);

  let total = 0;
  for (let iter = 0; iter < MAX_AUGMENTATIONS && total < throughputCap - tolE; iter++) {
    // Cheapest charge hour that can reach j moving forward in time (room below E on the way)...
    let best = -1;
    fromLeft[0] = -1;
    for (let j = 1; j < n; j++) {
      if ((soc[j - 1] as number) < capacity - tolE) {
        const c = j - 1;
        if ((charged[c] as number) < chargeCap - tolE && (best === -1 || (chargeCost[c] as number) < (chargeCost[best] as number))) best = c;
      } else best = -1;
      fromLeft[j] = best;
    }
    // ...or backward in time, re-routing energy already held (SoC above 0 on the way).
    best = -1;
    fromRight[n - 1] = -1;
    for (let j = n - 2; j >= 0; j--) {
      if ((soc[j] as number) > tolE) {
        const c = j + 1;
        if ((charged[c] as number) < chargeCap - tolE && (best === -1 || (chargeCost[c] as number) <= (chargeCost[best] as number))) best = c;
      } else best = -1;
      fromRight[j] = best;
    }
    let bi = -1;
    let bj = -1;
    let bestCost = Infinity;
    for (let j = 0; j < n; j++) {
      if ((discharged[j] as number) >= power - tolE) continue;
      const gain = dischargeGain[j] as number;
      const l = fromLeft[j] as number;
      if (l !== -1 && (chargeCost[l] as number) - gain < bestCost) {
        bestCost = (chargeCost[l] as number) - gain;
        bi = l;
        bj = j;
      }
      const r = fromRight[j] as number;
      if (r !== -1 && (chargeCost[r] as number) - gain < bestCost) {
        bestCost = (chargeCost[r] as number) - gain;
        bi = r;
        bj = j;
      }
    }
    if (bi === -1 || bestCost >= -tolC) break;
    total += augment(bi, bj, Math.min(chargeCap - (charged[bi] as number), power - (discharged[bj] as number), throughputCap - total), capacity);
  }
  for (let t = 0; t < n; t++) {
    const both = Math.min(charged[t] as number, discharged[t] as number);
    if (both > 0) {
      charged[t] = (charged[t] as number) - both;
      discharged[t] = (discharged[t] as number) - both;
    }
  }
  return buildPlan(prices, settings, decomposeFifo(n, tolE));
}

/** Pushes the bottleneck amount along the chain segment between i and j; returns it. */
function augment(i: number, j: number, limit: number, capacity: number): number {
  let delta = limit;
  if (i < j) {
    for (let t = i; t < j; t++) delta = Math.min(delta, capacity - (soc[t] as number));
    for (let t = i; t < j; t++) soc[t] = (soc[t] as number) + delta;
  } else {
    for (let t = j; t < i; t++) delta = Math.min(delta, soc[t] as number);
    for (let t = j; t < i; t++) soc[t] = (soc[t] as number) - delta;
  }
  charged[i] = (charged[i] as number) + delta;
  discharged[j] = (discharged[j] as number) + delta;
  return delta;
}

/** First-in-first-out split of the netted schedule into pairs; returns the pair count. */
function decomposeFifo(n: number, tolE: number): number {
  let head = 0;
  let tail = 0;
  let pairs = 0;
  for (let t = 0; t < n; t++) {
    const stored = charged[t] as number;
    if (stored > tolE) {
      queueHour[tail] = t;
      queueLeft[tail++] = stored;
    }
    let need = discharged[t] as number;
    if (need <= tolE) continue;
    while (need > tolE && head < tail) {
      const left = queueLeft[head] as number;
      const q = left <= need + tolE ? left : need;
      pairCharge[pairs] = queueHour[head] as number;
      pairDischarge[pairs] = t;
      pairStored[pairs++] = q;
      need -= q;
      if (q === left) head++;
      else queueLeft[head] = left - q;
    }
  }
  sortPairs(pairs);
  return pairs;
}

/** Insertion sort by (charge hour, discharge hour); FIFO emits by discharge hour. */
function sortPairs(count: number): void {
  for (let a = 1; a < count; a++) {
    const ci = pairCharge[a] as number;
    const cj = pairDischarge[a] as number;
    const cq = pairStored[a] as number;
    const key = ci * MAX_HOURS + cj;
    let k = a;
    while (k > 0 && (pairCharge[k - 1] as number) * MAX_HOURS + (pairDischarge[k - 1] as number) > key) {
      pairCharge[k] = pairCharge[k - 1] as number;
      pairDischarge[k] = pairDischarge[k - 1] as number;
      pairStored[k] = pairStored[k - 1] as number;
      k--;
    }
    pairCharge[k] = ci;
    pairDischarge[k] = cj;
    pairStored[k] = cq;
  }
}

function buildPlan(prices: readonly number[], settings: BessSettings, pairs: number): BessPlan {
  const eta = settings.roundTripEfficiency;
  const deg = settings.degradationCostUahMwh;
  const cycles: BessCycle[] = [];
  let profit = 0;
  let chargedMwh = 0;
  let dischargedMwh = 0;
  for (let k = 0; k < pairs; k++) {
    const chargeHour = pairCharge[k] as number;
    const dischargeHour = pairDischarge[k] as number;
    let stored = pairStored[k] as number;
    // FIFO yields each (i, j) once; merging keeps that promise if the split ever changes.
    while (k + 1 < pairs && pairCharge[k + 1] === chargeHour && pairDischarge[k + 1] === dischargeHour) {
      stored += pairStored[++k] as number;
    }
    const chargePriceUahMwh = prices[chargeHour] as number;
    const dischargePriceUahMwh = prices[dischargeHour] as number;
    const chargeMwh = stored / eta;
    const profitUah = stored * dischargePriceUahMwh - chargeMwh * chargePriceUahMwh - deg * stored;
    cycles.push({
      chargeHour,
      dischargeHour,
      chargeMwh,
      dischargeMwh: stored,
      chargePriceUahMwh,
      dischargePriceUahMwh,
      grossSpreadUahMwh: dischargePriceUahMwh - chargePriceUahMwh,
      profitUah,
    });
    profit += profitUah;
    chargedMwh += chargeMwh;
    dischargedMwh += stored;
  }
  return {
    cycles,
    netProfitUah: profit,
    chargedMwh,
    dischargedMwh,
    equivalentCycles: dischargedMwh / settings.capacityMwh,
  };
}
