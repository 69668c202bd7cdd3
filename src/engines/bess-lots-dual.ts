/**
 * The Lagrangian bound that lets bess-lots.ts skip most of a split's subproblems.
 *
 * At the start of a day d whose cap the relaxation broke, the schedules through row B0 (B0 lots
 * discharged before d) keep d's cap only if they discharge at most bcap lots on d. Pricing d's
 * discharge λ ≥ 0 per lot more and adding λ·bcap back relaxes that cap: for each row,
 * λ·bcap + max over A of (the forward layer at d + the λ-priced best cash from the state to the
 * end) bounds every schedule through the row that keeps the cap (the backward sweep below keeps
 * only the cumulative caps, so it relaxes further). The best λ minimises the dual, a convex
 * piecewise-linear function of λ whose slope at λ is bcap minus the lots its best schedule
 * discharges on d: found by cutting planes (the crossing of the lines at the two λ that bracket
 * the minimum), each step one backward sweep.
 */
import { HOURS_PER_DAY } from './bess-asset.js';
import { endValue, maxChargeLots, minChargeLots, type LotGrid } from './bess-lots-grid.js';

let dequeIdx = new Int32Array(0);
let dequeVal = new Float64Array(0);

export function cashScale(g: LotGrid): number {
  const { asset, problem } = g;
  let s = 1 + Math.abs(problem.endValueUahMwh ?? 0) * asset.capacityMwh;
  for (const p of problem.prices) s += (Math.abs(p) + asset.degradationUahMwh) * asset.powerMw;
  return s;
}

export interface DualPoint {
  readonly lambda: number;
  readonly dual: number;
  readonly slope: number;
}

/**
 * Per row B0 of `layer`, an upper bound (ub) on the best schedule through it that keeps day
 * `day`'s cap: min over the λ tried of λ·bcap + max over A of (layer + the λ-priced cash to the
 * end). λ: one past any lot's discharge value that day first, then each step() the crossing of
 * the two lines that bracket the dual's minimum (cutting planes), until it is found (step() false).
 */
export function lagrangian(g: LotGrid, day: number, layer: Float64Array, relaxed: DualPoint): { ub: Float64Array; step: () => boolean } {
  const ub = new Float64Array(g.NB).fill(Infinity);
  const tol = cashScale(g) * 1e-12;
  const at = (lambda: number): DualPoint => {
    const bw = backward(g, day * HOURS_PER_DAY, day, lambda);
    const rowBest = new Float64Array(g.NB).fill(-Infinity);
    let dual = -Infinity;
    let slope = 0;
    for (let B = 0; B < g.NB; B++) {
      for (let i = B * g.Wd; i < (B + 1) * g.Wd; i++) {
        const v = (layer[i] as number) + (bw.value[i] as number);
        if (!(v > (rowBest[B] as number))) continue;
        rowBest[B] = v;
        if (v > dual) {
          dual = v;
          slope = g.bcap - ((bw.markB[i] as number) - B);
        }
      }
      ub[B] = Math.min(ub[B] as number, (rowBest[B] as number) + lambda * g.bcap);
    }
    return { lambda, dual: dual + lambda * g.bcap, slope };
  };
  let top = 0;
  for (let t = day * HOURS_PER_DAY; t < Math.min(g.H, (day + 1) * HOURS_PER_DAY); t++) top = Math.max(top, g.asset.lotMwh * ((g.problem.prices[t] as number) - g.asset.degradationUahMwh));
  let lo = relaxed;
  let hi = at(top + 1);
  let steps = 0;
  let done = !(lo.slope < 0 && hi.slope > 0);
  const step = (): boolean => {
    if (done) return false;
    const lambda = (hi.dual - lo.dual + lo.slope * lo.lambda - hi.slope * hi.lambda) / (lo.slope - hi.slope);
    if (!(lambda > lo.lambda && lambda < hi.lambda) || ++steps > 8) return !(done = true);
    const e = at(lambda);
    if (e.dual <= lo.dual + lo.slope * (lambda - lo.lambda) + tol || e.slope === 0) done = true;
    else if (e.slope > 0) hi = e;
    else lo = e;
    return true;
  };
  return { ub, step };
}

/** A backward sweep's answer at its first hour: the best cash to the end from each state, and B at the marked day's end on that path. */
interface Backward {
  readonly value: Float64Array;
  readonly markB: Int32Array;
}

/**
 * Backward from the end to the layer before hour t0: the best cash from each state to the end
 * (the cumulative caps the only caps), discharge on day `day` paying λ per lot more; markB is B at
 * the end of that day along the best path.
 */
function backward(g: LotGrid, t0: number, day: number, lambda: number): Backward {
  const { asset, H, NB, kmax, aLo, aHi, Wd, size, cL, dL, smin, smax } = g;
  const L = asset.lotMwh;
  const s0 = g.problem.startSocMwh;
  if (dequeIdx.length < g.Wd + NB + 2) {
    dequeIdx = new Int32Array(g.Wd + NB + 2);
    dequeVal = new Float64Array(g.Wd + NB + 2);
  }
  let cur = new Float64Array(size).fill(-Infinity);
  let nxt = new Float64Array(size);
  let mCur = new Int32Array(size);
  let mNxt = new Int32Array(size);
  const capAt = (t: number): number => g.dayBefore[Math.ceil(t / HOURS_PER_DAY)] as number; // B after hour t-1
  for (let B = 0; B <= Math.min(NB - 1, capAt(H)); B++) for (let A = aLo[B] as number; A <= (aHi[B] as number); A++) cur[B * Wd + A - (aLo[B] as number)] = endValue(g, A, B);
  const markAt = Math.min(H, (day + 1) * HOURS_PER_DAY);
  for (let t = H; t > t0; t--) {
    // cur is the layer after hour t-1; compute the layer before it.
    if (t === markAt) for (let B = 0; B < NB; B++) mCur.fill(B, B * Wd, (B + 1) * Wd);
    const h = t - 1;
    const p = g.problem.prices[h] as number;
    const K = kmax[h] as number;
    const base = s0 - asset.auxMwh * h; // the state of charge before hour h, at A = B = 0
    const bHi = Math.min(NB - 1, capAt(h));
    const stepC = L * p;
    const stepD = L * (p - asset.degradationUahMwh) - (Math.floor(h / HOURS_PER_DAY) === day ? lambda : 0);
    nxt.fill(-Infinity);
    for (let B = 0; B <= bHi; B++) {
      const lo0 = aLo[B] as number;
      const lo = Math.max(lo0, minChargeLots(smin, base, B, cL, dL));
      const hi = Math.min(aHi[B] as number, maxChargeLots(smax, base, B, cL, dL));
      if (lo > hi) continue;
      const row = B * Wd - lo0;
      let head = 0;
      let tail = 0;
      for (let A = aHi[B] as number; A >= lo; A--) {
        const v = cur[row + A] as number;
        if (v !== -Infinity) {
          const f = v - A * stepC;
          while (tail > head && (dequeVal[tail - 1] as number) <= f) tail--;
          dequeIdx[tail] = A;
          dequeVal[tail++] = f;
        }
        while (tail > head && (dequeIdx[head] as number) > A + K) head++;
        if (A > hi || tail === head) continue;
        nxt[row + A] = (dequeVal[head] as number) + A * stepC;
        mNxt[row + A] = mCur[row + (dequeIdx[head] as number)] as number;
      }
    }
    if (K > 0) {
      for (let A = aLo[0] as number; A <= (aHi[NB - 1] as number); A++) {
        let head = 0;
        let tail = 0;
        const bEnd = g.bFirst[A] as number;
        for (let B = g.bLast[A] as number; B >= bEnd; B--) {
          const at = B * Wd + A - (aLo[B] as number);
          const v = cur[at] as number;
          if (v !== -Infinity) {
            const f = v + B * stepD;
            while (tail > head && (dequeVal[tail - 1] as number) <= f) tail--;
            dequeIdx[tail] = B;
            dequeVal[tail++] = f;
          }
          while (tail > head && (dequeIdx[head] as number) > B + K) head++;
          if (B > bHi || tail === head) continue;
          const soc = base + cL * A - dL * B;
          if (soc < smin || soc > smax) continue;
          const value = (dequeVal[head] as number) - B * stepD;
          if (value > (nxt[at] as number)) {
            nxt[at] = value;
            const from = dequeIdx[head] as number;
            mNxt[at] = mCur[from * Wd + A - (aLo[from] as number)] as number;
          }
        }
      }
    }
    [cur, nxt] = [nxt, cur];
    [mCur, mNxt] = [mNxt, mCur];
  }
  return { value: cur, markB: mCur };
}

