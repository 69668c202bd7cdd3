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

const ENERGY_REL = 1e-12;
const COST_REL = 1e-12;
const MAX_AUGMENTATIONS = 100_000;

/** The longest horizon the scratch buffers hold (a week). */
export const MAX_HORIZON_HOURS = 7 * HOURS_PER_DAY;
const MAX_DAYS = 7;

// Predecessor kinds of an hour node on the current shortest path.
const FROM_SOURCE = 0;
const FROM_LEFT = 1;
const FROM_RIGHT = 2;
const FROM_DAY = 3;
// Source options.
const SRC_CHARGE = 0;
const SRC_START = 1;
const SRC_END = 2;


const chargeCap = new Float64Array(MAX_HORIZON_HOURS);
const dischargeCap = new Float64Array(MAX_HORIZON_HOURS);
const cost = new Float64Array(MAX_HORIZON_HOURS); // p/ηc per stored MWh
const gain = new Float64Array(MAX_HORIZON_HOURS); // ηd·(p - deg) per stored MWh
const q = new Float64Array(MAX_HORIZON_HOURS); // stored MWh charged
const r = new Float64Array(MAX_HORIZON_HOURS); // stored MWh discharged
const u = new Float64Array(MAX_HORIZON_HOURS); // standby draw served
const x = new Float64Array(MAX_HORIZON_HOURS); // energy above the floor at the end of hour t (t < H-1: the chain edge)
const dayOf = new Int32Array(MAX_HORIZON_HOURS);
const dayFlow = new Float64Array(MAX_DAYS);
const dist = new Float64Array(MAX_HORIZON_HOURS + MAX_DAYS);
const pred = new Int8Array(MAX_HORIZON_HOURS);
const src = new Int8Array(MAX_HORIZON_HOURS);
const dayPred = new Int32Array(MAX_DAYS);
const dayImproved = new Uint8Array(MAX_DAYS);
/** The forced and free parts of the flow into the end, and the start energy not yet routed. */
const state = { startLeft: 0, endForced: 0, endFree: 0 };

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

interface Net {
  readonly H: number;
  readonly days: number;
  readonly W: number;
  readonly tolE: number;
  readonly eps: number;
  readonly M: number;
  readonly aux: number;
  readonly dayCap: number;
  readonly endFloor: number;
  readonly endGain: number;
}

/** Bellman-Ford from the source options over the chain and the day nodes, until nothing improves. */
function shortestPaths(n: Net): void {
  const { H, days, W, tolE, eps } = n;
  for (let d = 0; d < days; d++) dist[H + d] = Infinity;
  // On a chain with zero-cost edges one forward and one backward sweep settle every label (a walk
  // from i to t crosses each edge between them in the needed direction); only a label improved
  // through a day node (a reverse discharge) needs the sweeps again, and then only from the
  // lowest such hour forward and from the highest hour changed backward: the labels outside
  // are settled already, so the full sweeps would change nothing there (same labels, same paths).
  // The first forward sweep sets the source labels as it goes.
  let carry = sourceLabel(n, 0);
  dist[0] = carry;
  pred[0] = FROM_SOURCE;
  for (let t = 0; t < H - 1; t++) {
    const next = sourceLabel(n, t + 1);
    if ((x[t] as number) < W - tolE && carry < next - eps) {
      dist[t + 1] = carry;
      pred[t + 1] = FROM_LEFT;
    } else {
      dist[t + 1] = next;
      pred[t + 1] = FROM_SOURCE;
      carry = next;
    }
  }
  let lo = 0;
  let hi = H - 1;
  for (;;) {
    carry = dist[hi] as number;
    for (let t = hi; t > 0; t--) {
      const next = dist[t - 1] as number;
      if ((x[t - 1] as number) > tolE && carry < next - eps) {
        dist[t - 1] = carry;
        pred[t - 1] = FROM_RIGHT;
        if (t - 1 < lo) lo = t - 1;
      } else carry = next;
    }
    if (!relaxDays(n, lo, hi)) return;
    lo = H;
    hi = -1;
    // Reverse discharge edges out of the day nodes whose label just improved.
    for (let d = 0; d < days; d++) {
      if (dayImproved[d] === 0) continue;
      const label = dist[H + d] as number;
      const skip = dayPred[d] as number;
      const end = Math.min((d + 1) * HOURS_PER_DAY, H);
      for (let t = d * HOURS_PER_DAY; t < end; t++) {
        if ((r[t] as number) <= tolE || t === skip) continue;
        const back = label + (gain[t] as number);
        if (back < (dist[t] as number) - eps) {
          dist[t] = back;
          pred[t] = FROM_DAY;
          if (t < lo) lo = t;
          hi = t;
        }
      }
    }
    if (hi < 0) return;
    carry = dist[lo] as number;
    for (let t = lo; t < H - 1; t++) {
      const next = dist[t + 1] as number;
      if ((x[t] as number) < W - tolE && carry < next - eps) {
        dist[t + 1] = carry;
        pred[t + 1] = FROM_LEFT;
        if (t + 1 > hi) hi = t + 1;
      } else carry = next;
    }
  }
}

/** The cheapest source option into hour t (charging, the start energy at 0, the end's free part at H-1); sets src[t]. */
function sourceLabel(n: Net, t: number): number {
  let label = Infinity;
  let from = -1;
  if ((q[t] as number) < (chargeCap[t] as number) - n.tolE) {
    label = cost[t] as number;
    from = SRC_CHARGE;
  }
  if (t === 0 && state.startLeft > n.tolE && -n.M < label) {
    label = -n.M;
    from = SRC_START;
  }
  if (t === n.H - 1 && state.endFree > n.tolE && n.endGain < label) {
    label = n.endGain;
    from = SRC_END;
  }
  src[t] = from;
  return label;
}

/**
 * Discharge edges into the day nodes of the days holding hours lo..hi (the hours whose labels may
 * have changed; other days' labels cannot improve), a day at a time in hour order. Marks each day
 * whose label improved in `dayImproved`; returns whether any did.
 */
function relaxDays(n: Net, lo: number, hi: number): boolean {
  const { H, tolE, eps } = n;
  let any = false;
  dayImproved.fill(0);
  for (let d = Math.floor(lo / HOURS_PER_DAY), last = Math.floor(hi / HOURS_PER_DAY); d <= last; d++) {
    const end = Math.min((d + 1) * HOURS_PER_DAY, H);
    let best = dist[H + d] as number;
    let arg = -1;
    for (let t = d * HOURS_PER_DAY; t < end; t++) {
      if ((r[t] as number) >= (dischargeCap[t] as number) - tolE) continue;
      const via = (dist[t] as number) - (gain[t] as number);
      if (via < best - eps) {
        best = via;
        arg = t;
      }
    }
    if (arg >= 0) {
      dist[H + d] = best;
      dayPred[d] = arg;
      dayImproved[d] = 1;
      any = true;
    }
  }
  return any;
}

/** The sink of the cheapest path if it costs below `limit` (encoded: day d → d, aux at t → days + t, end → days + H), else -1. */
function bestSink(n: Net, limit: number): number {
  const { H, days, tolE, M, aux, dayCap } = n;
  let best = limit;
  let sink = -1;
  for (let d = 0; d < days; d++) {
    if ((dayFlow[d] as number) < dayCap - tolE && (dist[H + d] as number) < best) {
      best = dist[H + d] as number;
      sink = d;
    }
  }
  if (aux > 0) {
    for (let t = 0; t < H; t++) {
      if ((u[t] as number) < aux - tolE && (dist[t] as number) - M < best) {
        best = (dist[t] as number) - M;
        sink = days + t;
      }
    }
  }
  const endGainNow = endRoom(n);
  if (endGainNow !== null && (dist[H - 1] as number) - endGainNow < best) sink = days + H;
  return sink;
}

/** The gain of the end's next unit of flow (M while its floor part is open), or null when it is full. */
function endRoom(n: Net): number | null {
  if (state.endForced < n.endFloor - n.tolE) return n.M;
  return state.endForced + state.endFree < n.W - n.tolE ? n.endGain : null;
}

/** Walks the path back from its sink twice: once for the bottleneck, once to push it. */
function augment(n: Net, sink: number): void {
  const { H, days, W, aux, dayCap } = n;
  let delta: number;
  let node: number;
  if (sink < days) {
    node = dayPred[sink] as number;
    delta = Math.min(dayCap - (dayFlow[sink] as number), (dischargeCap[node] as number) - (r[node] as number));
  } else if (sink < days + H) {
    node = sink - days;
    delta = aux - (u[node] as number);
  } else {
    node = H - 1;
    delta = state.endForced < n.endFloor - n.tolE ? n.endFloor - state.endForced : W - state.endForced - state.endFree;
  }
  const maxSteps = 2 * H + days + 2;
  for (let t = node, step = 0; ; step++) {
    if (step > maxSteps) throw new Error('bess-flow: the shortest-path tree has a cycle');
    const k = pred[t] as number;
    if (k === FROM_SOURCE) {
      const s = src[t] as number;
      delta = Math.min(delta, s === SRC_CHARGE ? (chargeCap[t] as number) - (q[t] as number) : s === SRC_START ? state.startLeft : state.endFree);
      break;
    }
    if (k === FROM_LEFT) {
      delta = Math.min(delta, W - (x[t - 1] as number));
      t--;
    } else if (k === FROM_RIGHT) {
      delta = Math.min(delta, x[t] as number);
      t++;
    } else {
      const j = dayPred[dayOf[t] as number] as number;
      delta = Math.min(delta, r[t] as number, (dischargeCap[j] as number) - (r[j] as number));
      t = j;
    }
  }
  if (sink < days) {
    dayFlow[sink] = (dayFlow[sink] as number) + delta;
    r[node] = (r[node] as number) + delta;
  } else if (sink < days + H) u[node] = (u[node] as number) + delta;
  else if (state.endForced < n.endFloor - n.tolE) state.endForced += delta;
  else state.endFree += delta;
  for (let t = node; ; ) {
    const k = pred[t] as number;
    if (k === FROM_SOURCE) {
      const s = src[t] as number;
      if (s === SRC_CHARGE) q[t] = (q[t] as number) + delta;
      else if (s === SRC_START) state.startLeft -= delta;
      else state.endFree -= delta;
      break;
    }
    if (k === FROM_LEFT) {
      x[t - 1] = (x[t - 1] as number) + delta;
      t--;
    } else if (k === FROM_RIGHT) {
      x[t] = (x[t] as number) - delta;
      t++;
    } else {
      const j = dayPred[dayOf[t] as number] as number;
      r[t] = (r[t] as number) - delta;
      r[j] = (r[j] as number) + delta;
      t = j;
    }
  }
}
