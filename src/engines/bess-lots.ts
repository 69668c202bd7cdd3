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
 * daily cap; tracked only when the cap can bind), (A, B, b) is a complete state: every feasible
 * schedule is a path through these states and its value is the sum of its hours' cash, so the
 * best path (Bellman's principle) is the integer optimum. The window discards states outside
 * smin..smax (1e-9 relative tolerance, far below one lot). An hour's charge of k lots costs k·L·p,
 * linear in k, so the best predecessor of every state along A is a sliding-window maximum
 * (monotone deque), and likewise for discharge along (B, b): O(states) per hour, not O(states·k).
 * Ties keep the smaller volume (idle first). The state count is checked before any work: a lot
 * too fine for the asset is a 400, not an out-of-memory.
 */
import { SvcError } from '../domain/errors.js';
import { HOURS_PER_DAY, infeasibleHorizon, scheduleObjective, type BessAsset, type HorizonProblem, type HorizonSchedule } from './bess-asset.js';

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
    if (bcap < (dayMax[d] as number)) track = true;
    Bmax += most;
    dayBefore[d + 1] = Bmax;
  }
  const W = asset.socMaxMwh;
  const Amax = Math.max(0, Math.min(totalK, Math.floor((W - s0 + aux * H + (L * Bmax) / etaD) / (etaC * L) + 1e-9)));
  const NB = Bmax + 1;
  const NBB = track ? bcap + 1 : 1;
  const size = (Amax + 1) * NB * NBB;
  if (size * H > MAX_LOT_CELLS || Amax > 32_000 || Bmax > 32_000) {
    throw SvcError.validation(`invalid input: settings.lotMwh: a lot of ${L} MWh gives this asset ${size} states an hour; use a coarser lot (at most ${MAX_LOT_CELLS} hour-states in a horizon)`, [
      { path: 'settings.lotMwh', message: 'too fine a lot for this capacity and power' },
    ]);
  }
  if (curBuf.length < size) {
    curBuf = new Float64Array(size);
    nxtBuf = new Float64Array(size);
  }
  if (actBuf.length < size * H) actBuf = new Int16Array(size * H);
  const line = Math.max(Amax, Bmax) + 2;
  if (dequeIdx.length < line) {
    dequeIdx = new Int32Array(line);
    dequeVal = new Float64Array(line);
  }
  let cur = curBuf;
  let nxt = nxtBuf;
  const act = actBuf;
  cur.fill(-Infinity, 0, size);
  cur[0] = 0;
  const tolS = SOC_REL * (asset.capacityMwh + asset.powerMw);
  const idx = (A: number, B: number, b: number): number => (A * NB + B) * NBB + b;
  const collapse: Int16Array[] = [];

  for (let t = 0; t < H; t++) {
    const day = Math.floor(t / HOURS_PER_DAY);
    if (track && t > 0 && t % HOURS_PER_DAY === 0) collapse[day] = collapseDay(cur, Amax, NB, NBB);
    const p = prices[t] as number;
    const K = kmax[t] as number;
    const base = s0 - aux * (t + 1);
    const bLo = (B: number): number => (track ? Math.max(0, B - (dayBefore[day] as number)) : 0);
    const bHi = (B: number): number => (track ? Math.min(B, bcap) : 0);
    const BmaxNow = dayBefore[day + 1] as number;
    const aRange = (B: number): [number, number] => {
      const shift = (L * B) / etaD;
      const lo = Math.max(0, Math.ceil((asset.socMinMwh - tolS - base + shift) / (etaC * L) - 1e-9));
      const hi = Math.min(Amax, Math.floor((asset.socMaxMwh + tolS - base + shift) / (etaC * L) + 1e-9));
      return [lo, hi];
    };
    const actOff = t * size;
    nxt.fill(-Infinity, 0, size);
    const stepC = L * p;
    const stepD = L * (p - asset.degradationUahMwh);
    // Charge (and idle): along A for each (B, b).
    for (let B = 0; B <= BmaxNow; B++) {
      const [lo, hi] = aRange(B);
      if (lo > hi) continue;
      for (let b = bLo(B); b <= bHi(B); b++) {
        let head = 0;
        let tail = 0;
        for (let A = Math.max(0, lo - K); A <= hi; A++) {
          const v = cur[idx(A, B, b)] as number;
          if (v !== -Infinity) {
            const f = v + A * stepC;
            while (tail > head && (dequeVal[tail - 1] as number) <= f) tail--;
            dequeIdx[tail] = A;
            dequeVal[tail++] = f;
          }
          while (tail > head && (dequeIdx[head] as number) < A - K) head++;
          if (A < lo || tail === head) continue;
          const at = idx(A, B, b);
          nxt[at] = (dequeVal[head] as number) - A * stepC;
          act[actOff + at] = A - (dequeIdx[head] as number);
        }
      }
    }
    // Discharge: along (B, b) for each A (b moves with B when the daily cap is tracked).
    if (K > 0) {
      for (let A = 0; A <= Amax; A++) {
        const offsets = track ? (dayBefore[day] as number) : 0;
        for (let o = 0; o <= offsets; o++) {
          // Line: B = o + j (tracked: b = j) or B = j (untracked: b = 0).
          let head = 0;
          let tail = 0;
          const jMax = track ? Math.min(bcap, BmaxNow - o) : BmaxNow;
          for (let j = 0; j <= jMax; j++) {
            const B = track ? o + j : j;
            const b = track ? j : 0;
            if (track && b < bLo(B)) continue;
            const from = idx(A, B, b);
            const v = cur[from] as number;
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
            const soc = base + L * (etaC * A - B / etaD);
            if (soc < asset.socMinMwh - tolS || soc > asset.socMaxMwh + tolS) continue;
            const value = (dequeVal[head] as number) + j * stepD;
            if (value > (nxt[from] as number)) {
              nxt[from] = value;
              act[actOff + from] = -k;
            }
          }
        }
      }
    }
    const swap = cur;
    cur = nxt;
    nxt = swap;
  }

  // The best end state under the end rule.
  let best = -Infinity;
  let bestAt = -1;
  const endBase = s0 - aux * H;
  for (let A = 0; A <= Amax; A++) {
    for (let B = 0; B < NB; B++) {
      const soc = endBase + L * (etaC * A - B / etaD);
      if (problem.endFloorMwh !== null && soc < problem.endFloorMwh - tolS) continue;
      const bonus = problem.endValueUahMwh === null ? 0 : problem.endValueUahMwh * (soc - problem.refSocMwh);
      for (let b = 0; b < NBB; b++) {
        const v = cur[idx(A, B, b)] as number;
        if (v !== -Infinity && v + bonus > best) {
          best = v + bonus;
          bestAt = idx(A, B, b);
        }
      }
    }
  }
  if (bestAt < 0) throw infeasibleHorizon('no schedule in whole lots keeps the state of charge in its window (standby draw, hours out or the end rule)');
  const chargeMwh = new Float64Array(H);
  const dischargeMwh = new Float64Array(H);
  let b = bestAt % NBB;
  let B = Math.floor(bestAt / NBB) % NB;
  let A = Math.floor(bestAt / NBB / NB);
  for (let t = H - 1; t >= 0; t--) {
    const k = act[t * (size) + idx(A, B, b)] as number;
    if (k > 0) {
      chargeMwh[t] = k * L;
      A -= k;
    } else if (k < 0) {
      dischargeMwh[t] = -k * L;
      B += k;
      if (track) b += k;
    }
    if (track && t > 0 && t % HOURS_PER_DAY === 0) b = (collapse[Math.floor(t / HOURS_PER_DAY)] as Int16Array)[A * NB + B] as number;
  }
  const socMwh = new Float64Array(H);
  let soc = s0;
  for (let t = 0; t < H; t++) {
    soc += etaC * (chargeMwh[t] as number) - (dischargeMwh[t] as number) / etaD - aux;
    socMwh[t] = soc;
  }
  return { chargeMwh, dischargeMwh, socMwh, objectiveUah: scheduleObjective(asset, problem, chargeMwh, dischargeMwh, soc) };
}

/** Day boundary: the lots discharged today restart at 0; keeps the best b per (A, B) and returns it. */
function collapseDay(cur: Float64Array, Amax: number, NB: number, NBB: number): Int16Array {
  const arg = new Int16Array((Amax + 1) * NB);
  for (let A = 0; A <= Amax; A++) {
    for (let B = 0; B < NB; B++) {
      const row = (A * NB + B) * NBB;
      let best = cur[row] as number;
      let at = 0;
      for (let b = 1; b < NBB; b++) {
        const v = cur[row + b] as number;
        if (v > best) {
          best = v;
          at = b;
        }
        cur[row + b] = -Infinity;
      }
      cur[row] = best;
      arg[A * NB + B] = at;
    }
  }
  return arg;
}
