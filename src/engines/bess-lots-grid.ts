/**
 * The lot DP's state grid and its sweeps (bess-lots.ts decides which to run and where).
 *
 * A state after hour t is (A, B), the lots charged and discharged since the start of the horizon:
 * its state of charge s0 - ℓ·(t+1) + L·(ηc·A - B/ηd) is exact whatever the efficiencies. Only the
 * window's states are stored: for each B a band of A about (smax - smin)/(ηc·L) + 1 wide (widened
 * by the standby draw over the horizon), at index B·Wd + A - aLo(B). An hour's k lots cost k·L·p,
 * linear in k, so the best predecessor (forward) or successor (backward) of every state along A
 * is a sliding-window maximum (monotone deque), and likewise along B: O(states) per hour.
 *
 * Forward: the best cash into each state from a layer of start values, with an upper bound on B at
 * the end of each calendar day (the caller's caps), back-pointers for the schedule (ties keep the
 * smaller volume, idle first) and the layer at each day boundary. The backward sweep (the best
 * cash from each state to the end) is bess-lots-dual.ts's.
 */
import { SvcError } from '../domain/errors.js';
import { HOURS_PER_DAY, infeasibleHorizon, scheduleObjective, type BessAsset, type HorizonProblem, type HorizonSchedule } from './bess-asset.js';

/** Hour × state cells the DP may use (back-pointers are 2 bytes each). */
export const MAX_LOT_CELLS = 40_000_000;
const SOC_REL = 1e-9;

export interface LotGrid {
  readonly asset: BessAsset;
  readonly problem: HorizonProblem;
  readonly H: number;
  readonly days: number;
  readonly kmax: Int32Array;
  /** The daily cap in lots, ⌊K·E/L⌋. */
  readonly bcap: number;
  /** Most lots day d can discharge: min(bcap, its hours' power). */
  readonly dayCap: Int32Array;
  /** Most lots discharged before day d (Σ dayCap): the cumulative caps. */
  readonly dayBefore: Int32Array;
  /** The days from day 1 on whose cap binds below their hours' power: the relaxation may break them. */
  readonly tracked: readonly number[];
  readonly NB: number;
  readonly aLo: Int32Array;
  readonly aHi: Int32Array;
  readonly Wd: number;
  /** For each A, the rows B whose band holds it: bFirst[A]..bLast[A] (the bands move up with B). */
  readonly bFirst: Int32Array;
  readonly bLast: Int32Array;
  readonly size: number;
  readonly act: Int16Array;
  readonly cL: number;
  readonly dL: number;
  readonly smin: number;
  readonly smax: number;
}

/**
 * The fewest and the most charge lots A that keep the state of charge base + cL·A − dL·B inside
 * [smin, smax] after B discharge lots, `base` being the state at A = B = 0; 1e-9 of a lot absorbs
 * rounding at the edges. Both sweeps (here and bess-lots-dual.ts) bound A so, and the grid's window
 * from below (its top adds the standby draw over the horizon).
 */
export const minChargeLots = (smin: number, base: number, B: number, cL: number, dL: number): number => Math.ceil((smin - base + dL * B) / cL - 1e-9);
export const maxChargeLots = (smax: number, base: number, B: number, cL: number, dL: number): number => Math.floor((smax - base + dL * B) / cL + 1e-9);

let actBuf = new Int16Array(0);
let dequeIdx = new Int32Array(0);
let dequeVal = new Float64Array(0);

/** The grid of a horizon; a 400 when the lot is too fine for the asset (checked before any work). */
export function lotGrid(asset: BessAsset, problem: HorizonProblem): LotGrid {
  const H = problem.prices.length;
  const L = asset.lotMwh;
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
  const dayCap = dayMax.map((m) => Math.min(m, bcap));
  const dayBefore = new Int32Array(days + 1);
  for (let d = 0; d < days; d++) dayBefore[d + 1] = (dayBefore[d] as number) + (dayCap[d] as number);
  const tolS = SOC_REL * (asset.capacityMwh + asset.powerMw);
  const smin = asset.socMinMwh - tolS;
  const smax = asset.socMaxMwh + tolS;
  const s0 = problem.startSocMwh;
  const cL = asset.etaC * L;
  const dL = L / asset.etaD;
  const NB = (dayBefore[days] as number) + 1;
  const aLo = new Int32Array(NB);
  const aHi = new Int32Array(NB);
  let Wd = 0;
  for (let B = 0; B < NB; B++) {
    aLo[B] = Math.max(0, minChargeLots(smin, s0, B, cL, dL)); // from the start (hour -1) on
    aHi[B] = Math.min(totalK, Math.floor((smax - s0 + asset.auxMwh * H + dL * B) / cL + 1e-9));
    Wd = Math.max(Wd, (aHi[B] as number) - (aLo[B] as number) + 1);
  }
  const size = NB * Wd;
  if (size * H > MAX_LOT_CELLS || totalK > 32_000 || NB > 32_000) {
    throw SvcError.validation(`invalid input: settings.lotMwh: a lot of ${L} MWh gives this asset ${size} states an hour; use a coarser lot (at most ${MAX_LOT_CELLS} hour-states in a horizon)`, [
      { path: 'settings.lotMwh', message: 'too fine a lot for this capacity and power' },
    ]);
  }
  if ((aLo[0] as number) > 0) throw infeasibleHorizon('the start level is outside the window');
  if (actBuf.length < size * H) actBuf = new Int16Array(size * H);
  const line = Math.max(Wd, NB) + 2;
  if (dequeIdx.length < line) {
    dequeIdx = new Int32Array(line);
    dequeVal = new Float64Array(line);
  }
  const top = aHi[NB - 1] as number;
  const bFirst = new Int32Array(top + 1).fill(NB);
  const bLast = new Int32Array(top + 1).fill(-1);
  for (let B = 0; B < NB; B++) {
    for (let A = aLo[B] as number; A <= (aHi[B] as number); A++) {
      if (B < (bFirst[A] as number)) bFirst[A] = B;
      bLast[A] = B;
    }
  }
  const tracked = [...dayMax.keys()].filter((d) => d > 0 && bcap < (dayMax[d] as number));
  return { asset, problem, H, days, kmax, bcap, dayCap, dayBefore, tracked, NB, aLo, aHi, Wd, bFirst, bLast, size, act: actBuf, cL, dL, smin, smax };
}

/** The layer before hour 0: the start state (A = 0, B = 0) alone. */
export function startLayer(g: LotGrid): Float64Array {
  const layer = new Float64Array(g.size).fill(-Infinity);
  layer[0] = 0;
  return layer;
}

/** A run of the forward sweep: the layer after the last hour and the layer at each day boundary on the way. */
export interface Forward {
  readonly end: Float64Array;
  readonly atDay: (Float64Array | undefined)[];
}

/**
 * Forward from the layer before hour t0 (rows below `bFrom` empty) to the end: the best cash into
 * each state, B at the end of day d at most capEnd[d]; back-pointers of hours t0.. into g.act.
 */
export function forward(g: LotGrid, t0: number, layer: Float64Array, bFrom: number, capEnd: Int32Array): Forward {
  const { asset, H, kmax, aLo, aHi, Wd, size, act, cL, dL, smin, smax } = g;
  const L = asset.lotMwh;
  const s0 = g.problem.startSocMwh;
  let cur = Float64Array.from(layer);
  let nxt = new Float64Array(size);
  let bTop = bFrom;
  for (let B = g.NB - 1; B > bFrom; B--) {
    if (cur.subarray(B * Wd, (B + 1) * Wd).some((v) => v !== -Infinity)) {
      bTop = B;
      break;
    }
  }
  const atDay: (Float64Array | undefined)[] = [];
  for (let t = t0; t < H; t++) {
    const day = Math.floor(t / HOURS_PER_DAY);
    if (t > t0 && t % HOURS_PER_DAY === 0) atDay[day] = Float64Array.from(cur);
    const p = g.problem.prices[t] as number;
    const K = kmax[t] as number;
    bTop += K;
    const base = s0 - asset.auxMwh * (t + 1);
    const bHi = Math.min(capEnd[day] as number, bTop, g.NB - 1);
    const actOff = t * size;
    nxt.fill(-Infinity);
    const stepC = L * p;
    const stepD = L * (p - asset.degradationUahMwh);
    // Charge (and idle): along A for each B.
    for (let B = bFrom; B <= bHi; B++) {
      const lo0 = aLo[B] as number;
      const lo = Math.max(lo0, minChargeLots(smin, base, B, cL, dL));
      const hi = Math.min(aHi[B] as number, maxChargeLots(smax, base, B, cL, dL));
      if (lo > hi) continue;
      const row = B * Wd - lo0;
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
    // Discharge: along B for each A.
    if (K > 0) {
      const aEnd = aHi[bHi] as number;
      for (let A = aLo[bFrom] as number; A <= aEnd; A++) {
        let head = 0;
        let tail = 0;
        const bEnd = Math.min(bHi, g.bLast[A] as number);
        for (let B = Math.max(bFrom, g.bFirst[A] as number); B <= bEnd; B++) {
          const at = B * Wd + A - (aLo[B] as number);
          const v = cur[at] as number;
          if (v !== -Infinity) {
            const f = v - B * stepD;
            while (tail > head && (dequeVal[tail - 1] as number) <= f) tail--;
            dequeIdx[tail] = B;
            dequeVal[tail++] = f;
          }
          while (tail > head && (dequeIdx[head] as number) < B - K) head++;
          if (tail === head) continue;
          const k = B - (dequeIdx[head] as number);
          if (k === 0) continue; // idle is the charge pass's
          const soc = base + cL * A - dL * B;
          if (soc < smin || soc > smax) continue;
          const value = (dequeVal[head] as number) + B * stepD;
          if (value > (nxt[at] as number)) {
            nxt[at] = value;
            act[actOff + at] = -k;
          }
        }
      }
    }
    const swap = cur;
    cur = nxt;
    nxt = swap;
  }
  return { end: cur, atDay };
}

/** The end rule's value of each state after the last hour (-∞ below the end floor). */
export function endValue(g: LotGrid, A: number, B: number): number {
  const { problem, asset } = g;
  const soc = problem.startSocMwh - asset.auxMwh * g.H + g.cL * A - g.dL * B;
  if (soc < g.smin || soc > g.smax) return -Infinity;
  if (problem.endFloorMwh !== null && soc < problem.endFloorMwh - SOC_REL * (asset.capacityMwh + asset.powerMw)) return -Infinity;
  return problem.endValueUahMwh === null ? 0 : problem.endValueUahMwh * (soc - problem.refSocMwh);
}

/** The best end state of a forward run under the end rule: its index and value (-∞: none). */
export function bestEnd(g: LotGrid, end: Float64Array): { at: number; value: number } {
  let value = -Infinity;
  let at = -1;
  for (let B = 0; B < g.NB; B++) {
    for (let a = 0; a < g.Wd; a++) {
      const v = end[B * g.Wd + a] as number;
      if (v === -Infinity) continue;
      const total = v + endValue(g, (g.aLo[B] as number) + a, B);
      if (total > value) {
        value = total;
        at = B * g.Wd + a;
      }
    }
  }
  return { at, value };
}

/** The lots discharged in each hour on the path into end state `at` (the back-pointers in g.act). */
export function dischargePath(g: LotGrid, at: number): { charge: Int32Array; discharge: Int32Array } {
  const charge = new Int32Array(g.H);
  const discharge = new Int32Array(g.H);
  let B = Math.floor(at / g.Wd);
  let A = (g.aLo[B] as number) + (at % g.Wd);
  for (let t = g.H - 1; t >= 0; t--) {
    const k = g.act[t * g.size + B * g.Wd + A - (g.aLo[B] as number)] as number;
    if (k > 0) {
      charge[t] = k;
      A -= k;
    } else if (k < 0) {
      discharge[t] = -k;
      B += k;
    }
  }
  return { charge, discharge };
}

/** The schedule of a path in lots. */
export function scheduleOf(g: LotGrid, path: { charge: Int32Array; discharge: Int32Array }): HorizonSchedule {
  const { asset, problem, H } = g;
  const L = asset.lotMwh;
  const chargeMwh = new Float64Array(H);
  const dischargeMwh = new Float64Array(H);
  const socMwh = new Float64Array(H);
  let soc = problem.startSocMwh;
  for (let t = 0; t < H; t++) {
    chargeMwh[t] = (path.charge[t] as number) * L;
    dischargeMwh[t] = (path.discharge[t] as number) * L;
    soc += asset.etaC * (chargeMwh[t] as number) - (dischargeMwh[t] as number) / asset.etaD - asset.auxMwh;
    socMwh[t] = soc;
  }
  return { chargeMwh, dischargeMwh, socMwh, objectiveUah: scheduleObjective(asset, problem, chargeMwh, dischargeMwh, soc) };
}
