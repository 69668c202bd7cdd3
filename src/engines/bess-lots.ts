/**
 * Battery over a horizon in exchange lots: the exact integer optimum by dynamic programming.
 *
 * Model: the horizon model of bess-flow.ts with every volume a whole number of lots L (lotMwh):
 * c_t = L·m_t, d_t = L·n_t, m_t, n_t ∈ {0..⌊P·a_t/L⌋}, and an hour either charges or discharges
 * (with lots, doing both in one hour is never better: see bess-flow.ts, and it is not a volume an
 * exchange would clear). Objective, window, standby draw, daily cap and end rule as there; the
 * daily cap in lots is bcap = ⌊K·E/L⌋.
 *
 * Why a DP is exact: after hour t the state of charge is fixed by (A, B), the lots charged and
 * discharged so far (bess-lots-grid.ts), and every schedule's value is the sum of its hours' cash,
 * so the best path (Bellman's principle) is the integer optimum. The daily cap is what (A, B)
 * alone cannot see. Three steps, each exact:
 * 1. The LP relaxation (bess-lots-lp.ts): when its optimum already trades whole lots it is the
 *    integer optimum too (an upper bound that is feasible).
 * 2. The DP over (A, B) with cumulative caps (B by the end of day d at most the caps of days
 *    0..d): exact on day 0 (b = B) and whenever its optimum keeps every day's cap.
 * 3. Else the horizon splits at the start of the next day d whose cap can bind: for each B0, the
 *    lots discharged before d, the rest of the horizon starts from the DP's layer at d restricted
 *    to B0 and its cumulative caps count from B0, which makes day d's cap exact (b = B - B0); the
 *    optimum is the best of these subproblems (each solved by 2-3 again, so any number of days
 *    is exact). Most B0 are never solved: an upper bound on each, λ·bcap + max over A of (the
 *    layer's value + the best cash to the end with day d's discharge priced λ per lot more, from a
 *    backward sweep), is a Lagrangian relaxation of day d's cap (valid for any λ ≥ 0, λ chosen by
 *    a few cutting-plane steps on the dual); the subproblems run best bound first and stop when
 *    the best bound left is no better than the best subproblem solved (within 1e-10 of the cash
 *    scale: ties and float noise). This replaced a DP over (A, B, lots discharged today), ~bcap
 *    times the relaxation's states; the subproblems and the sweeps together are a few times it.
 */
import { HOURS_PER_DAY, infeasibleHorizon, type BessAsset, type HorizonProblem, type HorizonSchedule } from './bess-asset.js';
import { cashScale, lagrangian, type DualPoint } from './bess-lots-dual.js';
import { bestEnd, dischargePath, forward, lotGrid, scheduleOf, startLayer, type Forward, type LotGrid } from './bess-lots-grid.js';
import { lpOnLotGrid } from './bess-lots-lp.js';

export { MAX_LOT_CELLS } from './bess-lots-grid.js';

/** A split: from the start of `day`, the lots discharged before it are `row`. */
interface Step {
  readonly day: number;
  readonly row: number;
}

/** The last subproblem run (its back-pointers are the ones in the grid). */
let lastSub: (Step & { run: Forward }) | null = null;

interface Solved {
  readonly value: number;
  readonly chain: readonly Step[];
}

/** Exact integer optimum of the horizon with volumes in lots of asset.lotMwh. */
export function solveHorizonLots(asset: BessAsset, problem: HorizonProblem): HorizonSchedule {
  const fromLp = lpOnLotGrid(asset, problem);
  if (fromLp) return fromLp;
  const g = lotGrid(asset, problem);
  lastSub = null;
  const top = forward(g, 0, startLayer(g), 0, capsFrom(g, 0, 0));
  const solved = settle(g, top, 0, 0);
  if (solved.value === -Infinity) throw infeasibleHorizon('no schedule in whole lots keeps the state of charge in its window (standby draw, hours out or the end rule)');
  // Re-run the chosen splits (other subproblems have overwritten their hours' back-pointers),
  // unless the one chosen is the last run.
  let run = top;
  const last = lastSub as (Step & { run: Forward }) | null;
  if (last && solved.chain.length === 1 && last.day === solved.chain[0]?.day && last.row === solved.chain[0]?.row) run = last.run;
  else for (const step of solved.chain) run = forward(g, step.day * HOURS_PER_DAY, onlyRow(g, run.atDay[step.day] as Float64Array, step.row), step.row, capsFrom(g, step.day, step.row));
  return scheduleOf(g, dischargePath(g, bestEnd(g, run.end).at));
}

/** Absolute caps on B at the end of each day when `row` lots were discharged before `day`. */
function capsFrom(g: LotGrid, day: number, row: number): Int32Array {
  const caps = new Int32Array(g.days);
  let c = row;
  for (let d = 0; d < g.days; d++) {
    if (d >= day) c += g.dayCap[d] as number;
    caps[d] = d >= day ? c : (g.dayBefore[d + 1] as number);
  }
  return caps;
}

function onlyRow(g: LotGrid, layer: Float64Array, row: number): Float64Array {
  const out = new Float64Array(g.size).fill(-Infinity);
  out.set(layer.subarray(row * g.Wd, (row + 1) * g.Wd), row * g.Wd);
  return out;
}

/** The subproblem whose forward run from `day` (row `row` before it) is `run`: its relaxation's optimum if it keeps the caps, else the best split. */
function settle(g: LotGrid, run: Forward, day: number, row: number): Solved {
  const end = bestEnd(g, run.end);
  const next = g.tracked.find((d) => d > day);
  if (end.at < 0 || next === undefined) return { value: end.value, chain: [] };
  const lots = dischargePath(g, end.at).discharge;
  const onDay = (d: number): number => lots.subarray(d * HOURS_PER_DAY, (d + 1) * HOURS_PER_DAY).reduce((a, b) => a + b, 0);
  let keeps = true;
  for (let d = day + 1; d < g.days && keeps; d++) keeps = onDay(d) <= g.bcap;
  if (keeps) return { value: end.value, chain: [] };
  // The relaxation's optimum is a point of the dual at λ = 0 (its line: value + λ·(bcap - lots on day `next`)).
  return split(g, next, run.atDay[next] as Float64Array, row, { lambda: 0, dual: end.value, slope: g.bcap - onDay(next) });
}

/**
 * The best subproblem over the rows of `layer` (the layer before `day`): the best bound first;
 * after each subproblem solved, one more step of the dual while it can still prune.
 */
function split(g: LotGrid, day: number, layer: Float64Array, rowFrom: number, relaxed: DualPoint): Solved {
  const dual = lagrangian(g, day, layer, relaxed);
  const ub = dual.ub;
  const tol = cashScale(g) * 1e-10;
  const solved = new Set<number>();
  let best: Solved = { value: -Infinity, chain: [] };
  for (;;) {
    let B0 = -1;
    for (let B = rowFrom; B < g.NB; B++) if (!solved.has(B) && (ub[B] as number) > best.value + tol && (B0 < 0 || (ub[B] as number) > (ub[B0] as number))) B0 = B;
    if (B0 < 0) return best;
    if (solved.size > 0 && dual.step()) continue;
    solved.add(B0);
    const run = forward(g, day * HOURS_PER_DAY, onlyRow(g, layer, B0), B0, capsFrom(g, day, B0));
    lastSub = { day, row: B0, run };
    const sub = settle(g, run, day, B0);
    if (sub.value > best.value) best = { value: sub.value, chain: [{ day, row: B0 }, ...sub.chain] };
  }
}

