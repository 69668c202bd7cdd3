/**
 * Battery over a horizon in exchange lots: the exact integer optimum by dynamic programming.
 *
 * Model: the horizon model of bess-flow.ts with every volume a whole number of lots L (lotMwh):
 * c_t = L·m_t, d_t = L·n_t, m_t, n_t ∈ {0..⌊P·a_t/L⌋}, and an hour either charges or discharges
 * (with lots, doing both in one hour is never better: see bess-flow.ts, and it is not a volume an
 * exchange would clear). Objective, window, standby draw, daily cap and end rule as there; the
 * daily cap in lots is ⌊K·E/L⌋.
 *
 * Why a DP is exact: after hour t the state of charge is s0 - ℓ·(t+1) + L·(ηc·A - B/ηd), where A
 * and B are the lots charged and discharged so far, so the pair (A, B) fixes it exactly whatever
 * the efficiencies (no grid, no rounding of the state). With b = the lots discharged today (the
 * daily cap), (A, B, b) is a complete state: every feasible
 * schedule is a path through these states and its value is the sum of its hours' cash, so the
 * best path (Bellman's principle) is the integer optimum. Without b, bounding B at the end of each
 * day d by the caps of days 0..d (cumulative caps) is a relaxation, exact for one day (b = B) and
 * whenever its optimum keeps every day's cap: the solver runs it first and tracks b only when a
 * day of its optimum discharges more than the cap (the relaxation is ~bcap times smaller). The window discards states outside
 * smin..smax (1e-9 relative tolerance, far below one lot). An hour's charge of k lots costs k·L·p,
 * linear in k, so the best predecessor of every state along A is a sliding-window maximum
 * (monotone deque), and likewise for discharge along (B, b): O(states) per hour, not O(states·k).
 * Ties keep the smaller volume (idle first).
 *
 * Only states inside the window are stored: for each B the window admits a band of A about
 * (smax - smin)/(ηc·L) + 1 wide (widened by the standby draw over the horizon), so a state is
 * (B, b, A - aLo(B)), and the count is checked before any work: a lot too fine for the asset is a
 * 400, not an out-of-memory. The LP relaxation (bess-flow.ts, microseconds) comes first: when its
 * optimum already trades whole lots and never both ways in an hour, it is the integer optimum too
 * (an upper bound that is feasible) and the DP is skipped.
 */
import { SvcError } from '../domain/errors.js';
import { HOURS_PER_DAY, infeasibleHorizon, scheduleObjective, type BessAsset, type HorizonProblem, type HorizonSchedule } from './bess-asset.js';
import { lpOnLotGrid } from './bess-lots-lp.js';

/** Hour × state cells the DP may use (back-pointers are 2 bytes each). */
export const MAX_LOT_CELLS = 40_000_000;
const SOC_REL = 1e-9;

let curBuf = new Float64Array(0);
let nxtBuf = new Float64Array(0);
let actBuf = new Int16Array(0);
let dequeIdx = new Int32Array(0);
let dequeVal = new Float64Array(0);

/** Exact integer optimum of the horizon with volumes in lots of asset.lotMwh. */
export function solveHorizonLots(asset: BessAsset, problem: HorizonProblem): HorizonSchedule {
  const fromLp = lpOnLotGrid(asset, problem);
  if (fromLp) return fromLp;
  const relaxed = lotDp(asset, problem, false);
  return withinDailyCaps(asset, relaxed) ? relaxed : lotDp(asset, problem, true);
}

/** Whether no calendar day of the schedule discharges more lots than the daily cap. */
function withinDailyCaps(asset: BessAsset, s: HorizonSchedule): boolean {
  const bcap = Math.floor(asset.dailyDischargeCapMwh / asset.lotMwh + 1e-9);
  let lots = 0;
  for (let t = 0; t < s.dischargeMwh.length; t++) {
    if (t % HOURS_PER_DAY === 0) lots = 0;
    lots += Math.round((s.dischargeMwh[t] as number) / asset.lotMwh);
    if (lots > bcap) return false;
  }
  return true;
}

/** The DP over (A, B) with the cumulative caps (B by the end of day d at most the caps of days 0..d), and b too when `daily`. */
function lotDp(asset: BessAsset, problem: HorizonProblem, daily: boolean): HorizonSchedule {
  const prices = problem.prices;
  const H = prices.length;
  const L = asset.lotMwh;
  const { etaC, etaD, auxMwh: aux } = asset;
  const s0 = problem.startSocMwh;
  const days = Math.ceil(H / HOURS_PER_DAY);
  const kmax = new Int32Array(H);
  const dayMax = new Int32Array(days);
  let totalK = 0;
  for (let t = 0; t < H; t++) {
    kmax[t] = asset.outHour[t % HOURS_PER_DAY] ? 0 : Math.floor(asset.powerMw / L + 1e-9);
    const d = Math.floor(t / HOURS_PER_DAY);
    dayMax[d] = (dayMax[d] as number) + (kmax[t] as number);
    totalK += kmax[t] as number;
  }
  const bcap = Math.floor(asset.dailyDischargeCapMwh / L + 1e-9);
  let track = false;
  let Bmax = 0;
  const dayBefore = new Int32Array(days + 1); // most lots discharged before day d
  for (let d = 0; d < days; d++) {
    const most = Math.min(bcap, dayMax[d] as number);
    if (daily && d > 0 && bcap < (dayMax[d] as number)) track = true;
    Bmax += most;
    dayBefore[d + 1] = Bmax;
  }
  const tolS = SOC_REL * (asset.capacityMwh + asset.powerMw);
  const smin = asset.socMinMwh - tolS;
  const smax = asset.socMaxMwh + tolS;
  const cL = etaC * L;
  const dL = L / etaD;
  // The band of A for each B over the whole horizon (the standby draw moves it up hour by hour).
  const NB = Bmax + 1;
  const aLo = new Int32Array(NB);
  const aHi = new Int32Array(NB);
  let Wd = 0;
  for (let B = 0; B < NB; B++) {
    aLo[B] = Math.max(0, Math.ceil((smin - s0 + dL * B) / cL - 1e-9)); // from the start (hour -1) on
    aHi[B] = Math.min(totalK, Math.floor((smax - s0 + aux * H + dL * B) / cL + 1e-9));
    Wd = Math.max(Wd, (aHi[B] as number) - (aLo[B] as number) + 1);
  }
  const NBB = track ? bcap + 1 : 1;
  const size = NB * NBB * Wd;
  if (size * H > MAX_LOT_CELLS || totalK > 32_000 || Bmax > 32_000) {
    throw SvcError.validation(`invalid input: settings.lotMwh: a lot of ${L} MWh gives this asset ${size} states an hour; use a coarser lot (at most ${MAX_LOT_CELLS} hour-states in a horizon)`, [
      { path: 'settings.lotMwh', message: 'too fine a lot for this capacity and power' },
    ]);
  }
  if (curBuf.length < size) {
    curBuf = new Float64Array(size);
    nxtBuf = new Float64Array(size);
  }
  if (actBuf.length < size * H) actBuf = new Int16Array(size * H);
  const line = Math.max(Wd, NB) + 2;
  if (dequeIdx.length < line) {
    dequeIdx = new Int32Array(line);
    dequeVal = new Float64Array(line);
  }
  let cur = curBuf;
  let nxt = nxtBuf;
  const act = actBuf;
  cur.fill(-Infinity, 0, size);
  if ((aLo[0] as number) > 0) throw infeasibleHorizon('the start level is outside the window');
  cur[0] = 0; // A = 0, B = 0, b = 0
  const collapse: Int16Array[] = [];
  const rowW = NBB * Wd;

  // On day 0, b = B and the cumulative bound is the cap: b is tracked from day 1 on. Within a day
  // no more than the hours so far can have discharged (reach), which bounds b and B early on.
  let reachB = 0;
  let reachToday = 0;
  for (let t = 0; t < H; t++) {
    const day = Math.floor(t / HOURS_PER_DAY);
    if (t % HOURS_PER_DAY === 0) reachToday = 0;
    if (track && t > 0 && t % HOURS_PER_DAY === 0) collapse[day] = collapseDay(cur, NB, NBB, Wd);
    const trackNow = track && day > 0;
    const p = prices[t] as number;
    const K = kmax[t] as number;
    reachB += K;
    reachToday += K;
    const base = s0 - aux * (t + 1);
    const before = Math.min(dayBefore[day] as number, reachB - reachToday);
    const BmaxNow = Math.min(dayBefore[day + 1] as number, reachB);
    const bMaxNow = Math.min(bcap, reachToday);
    const actOff = t * size;
    nxt.fill(-Infinity, 0, size);
    const stepC = L * p;
    const stepD = L * (p - asset.degradationUahMwh);
    // Charge (and idle): along A for each (B, b).
    for (let B = 0; B <= BmaxNow; B++) {
      const lo0 = aLo[B] as number;
      const lo = Math.max(lo0, Math.ceil((smin - base + dL * B) / cL - 1e-9));
      const hi = Math.min(aHi[B] as number, Math.floor((smax - base + dL * B) / cL + 1e-9));
      if (lo > hi) continue;
      const bFrom = trackNow ? Math.max(0, B - before) : 0;
      const bTo = trackNow ? Math.min(B, bMaxNow) : 0;
      for (let b = bFrom; b <= bTo; b++) {
        const row = B * rowW + b * Wd - lo0;
        let head = 0;
        let tail = 0;
        for (let A = Math.max(lo0, lo - K); A <= hi; A++) {
          const v = cur[row + A] as number;
          if (v !== -Infinity) {
            const f = v + A * stepC;
            while (tail > head && (dequeVal[tail - 1] as number) <= f) tail--;
            dequeIdx[tail] = A;
            dequeVal[tail++] = f;
          }
          while (tail > head && (dequeIdx[head] as number) < A - K) head++;
          if (A < lo || tail === head) continue;
          nxt[row + A] = (dequeVal[head] as number) - A * stepC;
          act[actOff + row + A] = A - (dequeIdx[head] as number);
        }
      }
    }
    // Discharge: along (B, b) for each A (b moves with B when the daily cap is tracked).
    if (K > 0) {
      const offsets = trackNow ? before : 0;
      for (let o = 0; o <= offsets; o++) {
        const jMax = trackNow ? Math.min(bMaxNow, BmaxNow - o) : BmaxNow;
        // A is stored for B = o + j only inside the band: A from aLo(o) to aHi(o + jMax).
        const Aend = aHi[o + jMax] as number;
        for (let A = aLo[o] as number; A <= Aend; A++) {
          let head = 0;
          let tail = 0;
          for (let j = 0; j <= jMax; j++) {
            const B = o + j;
            if (A > (aHi[B] as number)) continue;
            if (A < (aLo[B] as number)) break;
            const at = B * rowW + (trackNow ? j * Wd : 0) + A - (aLo[B] as number);
            const v = cur[at] as number;
            if (v !== -Infinity) {
              const f = v - j * stepD;
              while (tail > head && (dequeVal[tail - 1] as number) <= f) tail--;
              dequeIdx[tail] = j;
              dequeVal[tail++] = f;
            }
            while (tail > head && (dequeIdx[head] as number) < j - K) head++;
            if (tail === head) continue;
            const k = j - (dequeIdx[head] as number);
            if (k === 0) continue; // idle is the charge pass's
            const soc = base + cL * A - dL * B;
            if (soc < smin || soc > smax) continue;
            const value = (dequeVal[head] as number) + j * stepD;
            if (value > (nxt[at] as number)) {
              nxt[at] = value;
              act[actOff + at] = -k;
            }
          }
        }
      }
    }
    const swap = cur;
    cur = nxt;
    nxt = swap;
  }
  return backtrack(asset, problem, { cur, act, collapse, aLo, NB, NBB, Wd, size, track });
}

interface Table {
  cur: Float64Array;
  act: Int16Array;
  collapse: Int16Array[];
  aLo: Int32Array;
  NB: number;
  NBB: number;
  Wd: number;
  size: number;
  track: boolean;
}

/** The best end state under the end rule, and the schedule that reaches it. */
function backtrack(asset: BessAsset, problem: HorizonProblem, tb: Table): HorizonSchedule {
  const { cur, act, collapse, aLo, NB, NBB, Wd, size, track } = tb;
  const H = problem.prices.length;
  const L = asset.lotMwh;
  const tolS = SOC_REL * (asset.capacityMwh + asset.powerMw);
  let best = -Infinity;
  let bestAt = -1;
  const endBase = problem.startSocMwh - asset.auxMwh * H;
  for (let B = 0; B < NB; B++) {
    for (let a = 0; a < Wd; a++) {
      const A = (aLo[B] as number) + a;
      const soc = endBase + L * (asset.etaC * A - B / asset.etaD);
      if (problem.endFloorMwh !== null && soc < problem.endFloorMwh - tolS) continue;
      const bonus = problem.endValueUahMwh === null ? 0 : problem.endValueUahMwh * (soc - problem.refSocMwh);
      for (let b = 0; b < NBB; b++) {
        const at = (B * NBB + b) * Wd + a;
        const v = cur[at] as number;
        if (v !== -Infinity && v + bonus > best) {
          best = v + bonus;
          bestAt = at;
        }
      }
    }
  }
  if (bestAt < 0) throw infeasibleHorizon('no schedule in whole lots keeps the state of charge in its window (standby draw, hours out or the end rule)');
  const chargeMwh = new Float64Array(H);
  const dischargeMwh = new Float64Array(H);
  let a = bestAt % Wd;
  let b = Math.floor(bestAt / Wd) % NBB;
  let B = Math.floor(bestAt / Wd / NBB);
  let A = (aLo[B] as number) + a;
  for (let t = H - 1; t >= 0; t--) {
    const k = act[t * size + (B * NBB + b) * Wd + A - (aLo[B] as number)] as number;
    if (k > 0) {
      chargeMwh[t] = k * L;
      A -= k;
    } else if (k < 0) {
      dischargeMwh[t] = -k * L;
      B += k;
      if (track && t >= HOURS_PER_DAY) b += k;
    }
    a = A - (aLo[B] as number);
    if (track && t > 0 && t % HOURS_PER_DAY === 0) b = (collapse[Math.floor(t / HOURS_PER_DAY)] as Int16Array)[B * Wd + a] as number;
  }
  const socMwh = new Float64Array(H);
  let soc = problem.startSocMwh;
  for (let t = 0; t < H; t++) {
    soc += asset.etaC * (chargeMwh[t] as number) - (dischargeMwh[t] as number) / asset.etaD - asset.auxMwh;
    socMwh[t] = soc;
  }
  return { chargeMwh, dischargeMwh, socMwh, objectiveUah: scheduleObjective(asset, problem, chargeMwh, dischargeMwh, soc) };
}

/** Day boundary: the lots discharged today restart at 0; keeps the best b per (B, A) and returns it. */
function collapseDay(cur: Float64Array, NB: number, NBB: number, Wd: number): Int16Array {
  const arg = new Int16Array(NB * Wd);
  for (let B = 0; B < NB; B++) {
    const row = B * NBB * Wd;
    for (let a = 0; a < Wd; a++) {
      let best = cur[row + a] as number;
      let at = 0;
      for (let b = 1; b < NBB; b++) {
        const v = cur[row + b * Wd + a] as number;
        if (v > best) {
          best = v;
          at = b;
        }
        cur[row + b * Wd + a] = -Infinity;
      }
      cur[row + a] = best;
      arg[B * Wd + a] = at;
    }
  }
  return arg;
}
