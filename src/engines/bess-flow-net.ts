/**
 * The residual network of bess-flow.ts and its successive-shortest-path steps: the scratch buffers
 * (one set per process, sized for a week), the Bellman-Ford sweeps over the chain and the day
 * nodes, the cheapest sink and the augmentation along the path found. The model, the network and
 * why its optimum is the LP's are described in bess-flow.ts.
 */
import { HOURS_PER_DAY } from './bess-asset.js';
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

export const chargeCap = new Float64Array(MAX_HORIZON_HOURS);
export const dischargeCap = new Float64Array(MAX_HORIZON_HOURS);
export const cost = new Float64Array(MAX_HORIZON_HOURS); // p/ηc per stored MWh
export const gain = new Float64Array(MAX_HORIZON_HOURS); // ηd·(p - deg) per stored MWh
export const q = new Float64Array(MAX_HORIZON_HOURS); // stored MWh charged
export const r = new Float64Array(MAX_HORIZON_HOURS); // stored MWh discharged
export const u = new Float64Array(MAX_HORIZON_HOURS); // standby draw served
export const x = new Float64Array(MAX_HORIZON_HOURS); // energy above the floor at the end of hour t (t < H-1: the chain edge)
export const dayOf = new Int32Array(MAX_HORIZON_HOURS);
export const dayFlow = new Float64Array(MAX_DAYS);
const dist = new Float64Array(MAX_HORIZON_HOURS + MAX_DAYS);
const pred = new Int8Array(MAX_HORIZON_HOURS);
const src = new Int8Array(MAX_HORIZON_HOURS);
const dayPred = new Int32Array(MAX_DAYS);
const dayImproved = new Uint8Array(MAX_DAYS);
/** The forced and free parts of the flow into the end, and the start energy not yet routed. */
export const state = { startLeft: 0, endForced: 0, endFree: 0 };

export interface Net {
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
export function shortestPaths(n: Net): void {
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
export function bestSink(n: Net, limit: number): number {
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
export function augment(n: Net, sink: number): void {
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
