/**
 * What the model-choice benches share (bench/forecast-years.bench.ts, bench/forecast-caphit.bench.ts):
 * the OREE book from the repository's fixtures with its DAM caps, its exogenous columns per mode
 * (the shipped fixtures only, offline), the choosing years and the untouched period, and an
 * evaluator that scores any ForecastOptions on cached member fits (bench/forecast-cache.ts).
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadPriceBook } from '../src/data/load.js';
import { loadCapsTableSync } from '../src/data/caps.js';
import { DEFAULT_FORECAST, H, evaluateRun, combineRolling, fittedRange, indexOf, isEvaluable, normalCdf, seriesFromPriceBook, type DailySeries, type DayCaps, type Evaluation, type ForecastOptions, type LearMember } from '../src/engines/forecast/index.js';
import { damCapsOf } from '../src/ops/forecast/forecast-model.js';
import { withExogenous, type ExogMode } from '../src/ops/forecast/forecast-exog.js';
import type { OpContext } from '../src/ops/types.js';
import { cachedMemberForecasts } from './forecast-cache.js';

export async function oree(): Promise<{ s: DailySeries; capsOf: (t: number) => DayCaps | null }> {
  const { book } = await loadPriceBook(fileURLToPath(new URL('../fixtures/oree-dam-ips-2022-2024.csv', import.meta.url)));
  const s = seriesFromPriceBook(book);
  return { s, capsOf: damCapsOf(loadCapsTableSync(), s) };
}

// Offline: the shipped fixtures only, as `svc forecast evaluate --exog M` reads with SVC_MARKET_DATA=fixture.
const FIXTURES = { config: { marketData: { mode: 'fixture' }, tsoplatform: {} } } as unknown as OpContext;
export const withMode = async (s: DailySeries, capsOf: (t: number) => DayCaps | null, mode: ExogMode): Promise<DailySeries> => (await withExogenous(FIXTURES, s, mode, capsOf)).series;

export const log = (m: string) => console.error(`${new Date().toISOString()} ${m}`);

export interface Period {
  name: string;
  from: string;
  to: string;
}
export const CHOOSE: Period[] = [
  { name: '2023', from: '01.01.2023', to: '31.12.2023' },
  { name: '2024', from: '01.01.2024', to: '31.12.2024' },
];
export const UNTOUCHED: Period = { name: '07–12.2022 (untouched)', from: '01.07.2022', to: '31.12.2022' };

/** The fitted range of every evaluator starts at the previous model's warm-up (91 days) … */
const WARMUP_OF: ForecastOptions = { ...DEFAULT_FORECAST, bands: { ...DEFAULT_FORECAST.bands, scaleDays: 0 } };
/** … minus this many days, fitted apart so the cached range of that warm-up stays valid. */
const EXTRA_WARMUP = 28;

/** Phase 1 of the members over one range covering the periods: per day, `members.length` blocks of 24 from day a0 on. */
export interface FittedMembers {
  a0: number;
  members: LearMember[];
  all: Float64Array;
}

/** Every member any candidate uses, fitted (or read from the cache) over one range covering the periods, their warm-ups included. */
export function fittedMembers(s: DailySeries, periods: Period[], members: LearMember[]): FittedMembers {
  const from0 = Math.min(...periods.map((p) => indexOf(s, p.from)));
  const to0 = Math.max(...periods.map((p) => indexOf(s, p.to)));
  const [a1] = fittedRange(from0, to0, WARMUP_OF);
  const a0 = Math.max(7, a1 - EXTRA_WARMUP);
  const lasso = DEFAULT_FORECAST.lear.lasso;
  const head = cachedMemberForecasts(s, a0, a1 - 1, { members, lasso }, log);
  const tail = cachedMemberForecasts(s, a1, to0, { members, lasso }, log);
  const all = new Float64Array(head.length + tail.length);
  all.set(head);
  all.set(tail, head.length);
  return { a0, members, all };
}

/** Two fits of the same range side by side (e.g. members fitted on another exogenous mode's columns): x's members, then y's. */
export function joinMembers(x: FittedMembers, y: FittedMembers): FittedMembers {
  const [nx, ny] = [x.members.length, y.members.length];
  const days = x.all.length / (nx * H);
  if (x.a0 !== y.a0 || y.all.length / (ny * H) !== days) throw new Error('the fits cover different ranges');
  const all = new Float64Array(days * (nx + ny) * H);
  for (let d = 0; d < days; d++) {
    all.set(x.all.subarray(d * nx * H, (d + 1) * nx * H), d * (nx + ny) * H);
    all.set(y.all.subarray(d * ny * H, (d + 1) * ny * H), (d * (nx + ny) + nx) * H);
  }
  return { a0: x.a0, members: [...x.members, ...y.members], all };
}

/** Scores options `o` on period `p` from fitted members (o's members, compared as JSON, must be among them). */
export function scorer(s: DailySeries, capsOf: (t: number) => DayCaps | null, f: FittedMembers): (p: Period, o: ForecastOptions) => Evaluation {
  const { a0, members, all } = f;
  const keys = members.map((m) => JSON.stringify(m));
  return (p, o) => {
    const from = indexOf(s, p.from);
    const to = indexOf(s, p.to);
    const [a] = fittedRange(from, to, o);
    const nm = o.lear.members.length;
    const idx = o.lear.members.map((m) => keys.indexOf(JSON.stringify(m)));
    if (idx.includes(-1)) throw new Error('a member of the options was not fitted');
    const part = new Float64Array((to - a + 1) * nm * H);
    for (let t = a; t <= to; t++) idx.forEach((c, k) => part.set(all.subarray(((t - a0) * members.length + c) * H, ((t - a0) * members.length + c + 1) * H), ((t - a) * nm + k) * H));
    return evaluateRun(s, combineRolling(s, from, to, part, o, capsOf), capsOf, o.bands.quantiles);
  };
}

/**
 * Every member any candidate uses, fitted over one range covering the periods (their warm-ups
 * included); the returned function scores options `o` on period `p` (its members must be among `members`).
 */
export function evaluator(s: DailySeries, capsOf: (t: number) => DayCaps | null, periods: Period[], members: LearMember[]): (p: Period, o: ForecastOptions) => Evaluation {
  return scorer(s, capsOf, fittedMembers(s, periods, members));
}

/** Diebold–Mariano of y against x on the days both scored: Δ_d = ‖e_x,d‖₁ − ‖e_y,d‖₁; p one-sided (y more accurate). */
export function dmPaired(s: DailySeries, x: Evaluation, y: Evaluation): { statistic: number; p: number; days: number } {
  const byT = new Map(y.days.map((d) => [d.t, d]));
  const diffs: number[] = [];
  for (const dx of x.days) {
    const dy = byT.get(dx.t);
    if (!dy || !isEvaluable(s, dx.t)) continue;
    let e = 0;
    for (let h = 0; h < H; h++) {
      const v = s.price[dx.t * H + h] as number;
      e += Math.abs(v - (dx.p50[h] as number)) - Math.abs(v - (dy.p50[h] as number));
    }
    diffs.push(e);
  }
  const T = diffs.length;
  const mean = diffs.reduce((a, b) => a + b, 0) / T;
  const v = diffs.reduce((a, b) => a + (b - mean) ** 2, 0) / T;
  const statistic = v > 0 ? mean / Math.sqrt(v / T) : 0;
  return { statistic, p: normalCdf(-statistic), days: T };
}

/**
 * What the variant benches share (forecast-capnorm, -weekly, -recheck): the OREE book with the
 * `base` inputs, the periods (the choosing years; with `holdout`, the untouched one) and the
 * variants to run: the first (the reference) and those named in ONLY (separated by `sep`); with
 * `holdout chosen=NAME`, the first and that one.
 */
export async function variantBench<V extends { name: string }>(variants: V[], args: string[], sep = ';'): Promise<{ prices: DailySeries; s: DailySeries; capsOf: (t: number) => DayCaps | null; periods: Period[]; run: V[] }> {
  const { s: prices, capsOf } = await oree();
  const s = await withMode(prices, capsOf, 'base');
  console.log(`load average at start: ${loadavg().map((v) => v.toFixed(1)).join(' / ')}`);
  const holdout = args.includes('holdout');
  const chosen = args.find((a) => a.startsWith('chosen='))?.slice(7);
  const only = process.env.ONLY?.split(sep);
  const run = variants.filter((x) => (!only || x === variants[0] || only.includes(x.name)) && (!holdout || !chosen || x === variants[0] || x.name === chosen));
  return { prices, s, capsOf, periods: holdout ? [UNTOUCHED] : CHOOSE, run };
}
