/**
 * HiGHS (WASM) oracles for the spread and battery engines, written from the contract alone (no
 * engine code imported): the spread plan as a 0/1 MIP over admissible pairs, the battery as the
 * plain LP of its model. The bench reuses them, so build + solve is what gets timed.
 */
import * as highsModule from 'highs';
import type { Highs, InitOptions } from 'highs';
import type { BessSettings, TradingSettings } from '../../src/domain/settings.js';

export type { Highs };
// The package ships one CommonJS-flavoured types.d.ts for its ESM and CJS builds, so under
// NodeNext TypeScript types the namespace where Node's ESM build gives the loader as `default`.
type Loader = (options?: InitOptions) => Promise<Highs>;
const highsLoader = (highsModule as unknown as { default: Loader }).default;
type HighsOptions = Parameters<Highs['solve']>[1];

let loading: Promise<Highs> | undefined;
/** One WASM instance per process; `solve` creates a fresh native model each call. */
export function loadHighs(): Promise<Highs> {
  loading ??= highsLoader();
  return loading;
}

// A MIP gap of 0 would make HiGHS prove optimality to the last bit; 1e-9 is far below the
// 1e-6 comparison the tests make and keeps the oracle honest about what it proves.
export const MIP_OPTIONS: HighsOptions = { output_flag: false, mip_rel_gap: 1e-9, mip_abs_gap: 1e-9 };
export const LP_OPTIONS: HighsOptions = {
  output_flag: false,
  primal_feasibility_tolerance: 1e-9,
  dual_feasibility_tolerance: 1e-9,
};

/** `+ 3 x` / `- 3 x`; String(number) is the shortest round-trip decimal, which HiGHS parses exactly. */
function term(coefficient: number, variable: string): string {
  return coefficient < 0 ? ` - ${-coefficient} ${variable}` : ` + ${coefficient} ${variable}`;
}

/**
 * The contract's admissibility rule: net spread >= minSpread and > 0, with the documented tie
 * tolerance (1e-10 × (max|p| + 2·fee)) so decimal-equal spreads count as equal.
 */
export function admissiblePairs(prices: readonly number[], s: TradingSettings): Array<[number, number, number]> {
  const fee2 = 2 * s.feeUahPerMwh;
  const tol = 1e-10 * (Math.max(...prices.map(Math.abs)) + fee2);
  const pairs: Array<[number, number, number]> = [];
  for (let i = 0; i < prices.length; i++) {
    for (let j = i + 1; j < prices.length; j++) {
      const ns = (prices[j] as number) - (prices[i] as number) - fee2;
      if (ns > tol && ns >= s.minSpreadUah - tol) pairs.push([i, j, ns]);
    }
  }
  return pairs;
}

/** CPLEX-LP text of the spread MIP, or null when no pair is admissible (optimum 0). */
export function spreadMip(prices: readonly number[], s: TradingSettings): string | null {
  const pairs = admissiblePairs(prices, s);
  if (pairs.length === 0) return null;
  const byHour: string[][] = prices.map(() => []);
  let objective = ' obj:';
  let all = ' trades:';
  const names: string[] = [];
  for (const [i, j, ns] of pairs) {
    const x = `x${i}_${j}`;
    names.push(x);
    objective += term(ns * s.volumeMwh, x);
    all += ` + ${x}`;
    byHour[i]?.push(x);
    byHour[j]?.push(x);
  }
  const rows = byHour.flatMap((xs, h) => (xs.length > 0 ? [` hour${h}: ${xs.join(' + ')} <= 1`] : []));
  return `Maximize\n${objective}\nSubject To\n${rows.join('\n')}\n${all} <= ${s.maxTradesPerDay}\nBinary\n ${names.join(' ')}\nEnd\n`;
}

/** Optimal total pnl of the spread plan according to HiGHS. */
export function solveSpreadMip(highs: Highs, prices: readonly number[], s: TradingSettings): number {
  const model = spreadMip(prices, s);
  if (model === null) return 0;
  const result = highs.solve(model, MIP_OPTIONS);
  if (result.Status !== 'Optimal') throw new Error(`spread MIP: ${result.Status}`);
  return result.ObjectiveValue;
}

/** CPLEX-LP text of the battery LP (grid-side c_t, d_t; SoC s_t; last SoC fixed at 0). */
export function bessLp(prices: readonly number[], s: BessSettings): string {
  const n = prices.length;
  const eta = s.roundTripEfficiency;
  let objective = ' obj:';
  const rows: string[] = [];
  const bounds: string[] = [];
  let throughput = ' cycles:';
  for (let t = 0; t < n; t++) {
    const p = prices[t] as number;
    objective += term(p - s.degradationCostUahMwh, `d${t}`) + term(-p, `c${t}`);
    const previous = t > 0 ? ` - s${t - 1}` : '';
    rows.push(` soc${t}: s${t}${previous}${term(-eta, `c${t}`)} + d${t} = 0`);
    throughput += ` + d${t}`;
    bounds.push(` 0 <= c${t} <= ${s.powerMw}`, ` 0 <= d${t} <= ${s.powerMw}`, ` 0 <= s${t} <= ${t === n - 1 ? 0 : s.capacityMwh}`);
  }
  rows.push(`${throughput} <= ${s.maxCyclesPerDay * s.capacityMwh}`);
  return `Maximize\n${objective}\nSubject To\n${rows.join('\n')}\nBounds\n${bounds.join('\n')}\nEnd\n`;
}

/** Optimal battery profit according to HiGHS. */
export function solveBessLp(highs: Highs, prices: readonly number[], s: BessSettings): number {
  const result = highs.solve(bessLp(prices, s), LP_OPTIONS);
  if (result.Status !== 'Optimal') throw new Error(`battery LP: ${result.Status}`);
  return result.ObjectiveValue;
}

/** |ours - oracle| within 1e-6 relative, plus a tiny absolute slack for optima near 0. */
export function closeTo(ours: number, oracle: number, scale: number): boolean {
  return Math.abs(ours - oracle) <= 1e-6 * Math.max(Math.abs(ours), Math.abs(oracle)) + 1e-9 * Math.max(1, scale);
}
