/**
 * HiGHS oracle for the battery over a horizon, written from the model in docs/engines.md alone (no
 * engine code imported): grid-side c_t, d_t, SoC s_t in the usable window, standby draw ℓ,
 * hours out, a discharge cap per calendar day, the end rule; with a lot, c_t = lot·m_t and
 * d_t = lot·n_t with integer m_t, n_t and a binary per hour that forbids charging and discharging
 * in the same hour (the engine's lots never do both; without lots the LP needs no such binary).
 */
import * as highsModule from 'highs';
import type { Highs, InitOptions } from 'highs';
import { LP_OPTIONS, MIP_OPTIONS } from './oracle.js';

type Loader = (options?: InitOptions) => Promise<Highs>;
const highsLoader = (highsModule as unknown as { default: Loader }).default;
/**
 * A HiGHS instance of this module's own. After some MIP solves the WASM instance of highs-js
 * answers a later, feasible model with `Infeasible` in 0.1 ms (seen on this suite's own days: the
 * same text solved in a fresh instance is Optimal), so an `Infeasible` answer is re-asked of a
 * fresh instance before it is believed.
 */
let own: Promise<Highs> | undefined;
export function horizonHighs(): Promise<Highs> {
  own ??= highsLoader();
  return own;
}

export interface OracleAsset {
  capacityMwh: number;
  powerMw: number;
  etaC: number;
  etaD: number;
  socMinMwh: number;
  socMaxMwh: number;
  degradationUahMwh: number;
  auxMwh: number;
  dailyDischargeCapMwh: number;
  lotMwh: number;
  outHours: readonly number[];
}

export interface OracleHorizon {
  prices: readonly number[];
  startSocMwh: number;
  endFloorMwh: number | null;
  endValueUahMwh: number | null;
  refSocMwh: number;
}

const term = (k: number, v: string): string => (k < 0 ? ` - ${-k} ${v}` : ` + ${k} ${v}`);

export function horizonModel(a: OracleAsset, h: OracleHorizon): string {
  const n = h.prices.length;
  const lots = a.lotMwh > 0;
  const out = new Set(a.outHours);
  let obj = ' obj:';
  const rows: string[] = [];
  const bounds: string[] = [];
  const ints: string[] = [];
  const bins: string[] = [];
  const days = Math.ceil(n / 24);
  const cap: string[] = Array.from({ length: days }, (_, d) => ` cap${d}:`);
  for (let t = 0; t < n; t++) {
    const p = h.prices[t] as number;
    const pmax = out.has(t % 24) ? 0 : a.powerMw;
    if (lots) {
      const kmax = Math.floor(pmax / a.lotMwh + 1e-9);
      obj += term((p - a.degradationUahMwh) * a.lotMwh, `n${t}`) + term(-p * a.lotMwh, `m${t}`);
      const prev = t > 0 ? ` - s${t - 1}` : '';
      const rhs = t > 0 ? -a.auxMwh : h.startSocMwh - a.auxMwh;
      rows.push(` soc${t}: s${t}${prev}${term(-a.etaC * a.lotMwh, `m${t}`)}${term(a.lotMwh / a.etaD, `n${t}`)} = ${rhs}`);
      rows.push(` mc${t}: m${t}${term(-kmax, `y${t}`)} <= 0`, ` md${t}: n${t}${term(kmax, `y${t}`)} <= ${kmax}`);
      cap[Math.floor(t / 24)] += term(a.lotMwh, `n${t}`);
      bounds.push(` 0 <= m${t} <= ${kmax}`, ` 0 <= n${t} <= ${kmax}`);
      ints.push(`m${t}`, `n${t}`);
      bins.push(`y${t}`);
    } else {
      obj += term(p - a.degradationUahMwh, `d${t}`) + term(-p, `c${t}`);
      const prev = t > 0 ? ` - s${t - 1}` : '';
      const rhs = t > 0 ? -a.auxMwh : h.startSocMwh - a.auxMwh;
      rows.push(` soc${t}: s${t}${prev}${term(-a.etaC, `c${t}`)}${term(1 / a.etaD, `d${t}`)} = ${rhs}`);
      cap[Math.floor(t / 24)] += term(1, `d${t}`);
      bounds.push(` 0 <= c${t} <= ${pmax}`, ` 0 <= d${t} <= ${pmax}`);
    }
    const lo = t === n - 1 && h.endFloorMwh !== null ? Math.max(a.socMinMwh, h.endFloorMwh) : a.socMinMwh;
    bounds.push(` ${lo} <= s${t} <= ${a.socMaxMwh}`);
  }
  if (h.endValueUahMwh !== null) obj += term(h.endValueUahMwh, `s${n - 1}`);
  for (const c of cap) rows.push(`${c} <= ${a.dailyDischargeCapMwh}`);
  const integer = lots ? `General\n ${ints.join(' ')}\nBinary\n ${bins.join(' ')}\n` : '';
  return `Maximize\n${obj}\nSubject To\n${rows.join('\n')}\nBounds\n${bounds.join('\n')}\n${integer}End\n`;
}

/**
 * How long a MIP may search before it is given up as unproven: `nodes` (HiGHS's `mip_max_nodes`:
 * the same answer on a busy machine as on a quiet one, what tests use) or `seconds` (`time_limit`,
 * wall time: what a bench may use).
 */
export interface MipLimit {
  nodes?: number;
  seconds?: number;
}

/** The optimum (cash + end value relative to refSocMwh), null when HiGHS finds the horizon infeasible, NaN when a MIP reached its limit unproven. */
export async function solveHorizon(a: OracleAsset, h: OracleHorizon, limit: MipLimit = {}): Promise<number | null> {
  const lots = a.lotMwh > 0;
  const options = lots ? { ...MIP_OPTIONS, ...(limit.nodes !== undefined ? { mip_max_nodes: limit.nodes } : {}), ...(limit.seconds !== undefined ? { time_limit: limit.seconds } : {}) } : LP_OPTIONS;
  const model = horizonModel(a, h);
  let result = (await horizonHighs()).solve(model, options);
  if (result.Status === 'Infeasible') {
    own = highsLoader();
    result = (await own).solve(model, options);
  }
  if (result.Status === 'Infeasible') return null;
  // At mip_max_nodes highs-js says `Unknown` (HiGHS's model status when a node limit stops it).
  if (result.Status === 'Time limit reached' || (lots && limit.nodes !== undefined && result.Status === 'Unknown')) return Number.NaN;
  if (result.Status !== 'Optimal') throw new Error(`battery horizon ${lots ? 'MIP' : 'LP'}: ${result.Status}`);
  return result.ObjectiveValue - (h.endValueUahMwh === null ? 0 : h.endValueUahMwh * h.refSocMwh);
}
