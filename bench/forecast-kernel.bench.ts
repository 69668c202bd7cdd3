/**
 * Kernel members beside the LEAR ensemble (issue 28; src/engines/forecast/kernel.ts), chosen by
 * the protocol of docs/forecast.md over the seven sets: OREE 2023 and 2024 (`base` inputs, history
 * strictly before each day) and the five EPF markets' full 728-day test periods (the two
 * exogenous columns). Each variant is the model without kernel members (the shipped one before
 * 2026-12-07's fifth session) with kernel members added; only the added members are fitted, the
 * LEARs are read from the caches of a first run:
 *   - OREE: bench/forecast-cache.ts (SVC_FORECAST_CACHE), as the other variant benches;
 *   - EPF: the package's member cache of `npx tsx bench/forecast.bench.ts epf cache=DIR`.
 *
 * The kernels tried: KERNELS="window[n]:bandwidth:ridge[:lag+lag…|none|][:exog lag+lag…],…" (n: on
 * N-PIT; an empty price-lag field keeps d-1); KGROUPS="0+1;0+2" adds those
 * kernels together (indices into KERNELS) instead of each alone.
 *
 *   SVC_FORECAST_CACHE=<dir> SVC_SHARED_DATA=<…/shared/data/> npx tsx bench/forecast-kernel.bench.ts cache=DIR [oree] [epf] [markets=NP,…] [threads=N] [holdout] [untouched=364]
 *
 * `untouched=364` scores the EPF markets on the 364 days before their test periods instead (no
 * published forecasts there): days no choice of the model has read.
 */
import { fileURLToPath } from 'node:url';
import { DEFAULT_FORECAST, H, combineRolling, evaluateRun, type DailySeries, type ForecastOptions, type LearMember, type LearOptions } from '../src/engines/forecast/index.js';
import * as parallelFromSources from '../src/ops/forecast/forecast-parallel.js';
import { cachedMemberForecasts } from '../src/ops/forecast/forecast-member-cache.js';
import { epfSet } from './epf-sets.js';
import { dmPaired, fittedMembers, scorer, variantBench } from './forecast-years-lib.js';
const built = new URL('../dist/ops/forecast/forecast-parallel.js', import.meta.url);
const { memberForecastsParallel } = (await import(built.href).catch(() => parallelFromSources)) as typeof parallelFromSources;

const SHARED = process.env.SVC_SHARED_DATA ?? fileURLToPath(new URL('../../shared/data/', import.meta.url));
const args = process.argv.slice(2);
const dir = args.find((a) => a.startsWith('cache='))?.slice(6);
const THREADS = Number(args.find((a) => a.startsWith('threads='))?.slice(8) ?? 2);
const markets = args.find((a) => a.startsWith('markets='))?.slice(8).split(',') ?? ['NP', 'PJM', 'BE', 'FR', 'DE'];
const UNTOUCHED_DAYS = Number(args.find((a) => a.startsWith('untouched='))?.slice(10) ?? 0);
const want = (x: string) => !args.some((a) => a === 'oree' || a === 'epf') || args.includes(x);
/** The reference: the shipped model without its kernel members (the model before them); every variant adds kernels to it. */
const D: ForecastOptions = { ...DEFAULT_FORECAST, lear: { ...DEFAULT_FORECAST.lear, members: DEFAULT_FORECAST.lear.members.filter((m) => !m.kernel) } };
const f4 = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(4));
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const log = (m: string) => console.error(`${new Date().toISOString()} ${m}`);

/** Every kernel member a variant may add. */
const KERNELS: LearMember[] = (process.env.KERNELS ?? '364:1:0.03,728:1:0.03').split(',').map((k) => {
  // window[n]:bandwidth:ridge[:lag+lag…|none|][:exogenous lag+lag…] (a window ending in n: on N-PIT)
  const [w = '', b, r, l, e] = k.split(':');
  const lags = l === 'none' ? [] : l ? l.split('+').map(Number) : undefined;
  const exogLags = e ? e.split('+').map(Number) : undefined;
  return { window: Number.parseInt(w, 10), transform: w.endsWith('n') ? 'npit' : 'asinh', kernel: { bandwidth: Number(b), ridge: Number(r), ...(lags ? { lags } : {}), ...(exogLags ? { exogLags } : {}) } };
});
const name = (m: LearMember) => `${m.window}${m.transform === 'npit' ? ' N-PIT' : ''} b${m.kernel?.bandwidth} r${m.kernel?.ridge}${m.kernel?.lags ? ` lags ${m.kernel.lags.join('+')}` : ''}${m.kernel?.exogLags ? ` exog lags ${m.kernel.exogLags.join('+')}` : ''}`;
const plus = (ks: LearMember[]): ForecastOptions => ({ ...D, lear: { ...D.lear, members: [...D.lear.members, ...ks] } });
/** GROUPS="0+1;0+2": the variants adding those KERNELS together (indices); absent: each kernel alone, then all of them. */
const GROUPS = process.env.KGROUPS?.split(';').map((g) => g.split('+').map((i) => KERNELS[Number(i)] as LearMember));
const VARIANTS: { name: string; o: ForecastOptions }[] = [
  { name: 'without kernels', o: D },
  ...(GROUPS
    ? GROUPS.map((g) => ({ name: `+ kernels ${g.map(name).join(', ')}`, o: plus(g) }))
    : [...KERNELS.map((k) => ({ name: `+ kernel ${name(k)}`, o: plus([k]) })), ...(KERNELS.length > 1 ? [{ name: `+ kernels ${KERNELS.map(name).join(', ')}`, o: plus(KERNELS) }] : [])]),
];

/** MAE ratio of each variant to the model without kernels, per set: the seven-set table's cells. */
const ratios = new Map<string, number[]>();
const sets: string[] = [];
const note = (set: string, v: string, mae: number, base: number) => {
  if (!sets.includes(set)) sets.push(set);
  ratios.set(v, [...(ratios.get(v) ?? []), mae / base]);
};

if (want('oree')) {
  const { s, capsOf, periods, run } = await variantBench(VARIANTS, args);
  const ev = scorer(s, capsOf, fittedMembers(s, periods, [...D.lear.members, ...KERNELS]));
  console.log(`\n## Kernel members on OREE, \`base\` inputs (rMAE vs the standard / weekly naive, coverage, DM p of the variant against the model without kernels)\n`);
  console.log(row(['variant', ...periods.flatMap((p) => [`${p.name} rMAE`, `${p.name} weekly`, `${p.name} cov`, `${p.name} DM p`])]));
  console.log(row(['---', ...periods.flatMap(() => ['---:', '---:', '---:', '---:'])]));
  const ref = periods.map((p) => ev(p, D));
  for (const v of run) {
    const es = periods.map((p, i) => (v.o === D ? ref[i] : ev(p, v.o)));
    es.forEach((e, i) => note(`OREE ${periods[i]?.name}`, v.name, e?.metrics.mae ?? NaN, ref[i]?.metrics.mae ?? NaN));
    console.log(row([v.name, ...es.flatMap((e, i) => [f4(e?.metrics.rmaeVsNaive), f4(e?.metrics.rmaeVsWeeklyNaive), e?.metrics.coverage?.toFixed(3) ?? '—', v.o === D ? '—' : dmPaired(s, ref[i]!, e!).p.toFixed(3)])]));
  }
}

/** Phase 1 of `lear` over a..to from the package cache (fitted and stored where missing). */
async function members(s: DailySeries, a: number, to: number, lear: LearOptions): Promise<Float64Array> {
  if (!dir) throw new Error('epf needs cache=DIR (the member fits of bench/forecast.bench.ts epf cache=DIR)');
  const fit = (x: number, y: number) => memberForecastsParallel(s, x, y, lear, undefined, THREADS);
  return (await cachedMemberForecasts(s, a, to, lear, { dir, maxBytes: 1 << 30 }, fit)).members;
}

/** Per day, x's members then y's. */
function join2(x: Float64Array, nx: number, y: Float64Array, ny: number): Float64Array {
  const days = x.length / (nx * H);
  const out = new Float64Array(days * (nx + ny) * H);
  for (let d = 0; d < days; d++) {
    out.set(x.subarray(d * nx * H, (d + 1) * nx * H), d * (nx + ny) * H);
    out.set(y.subarray(d * ny * H, (d + 1) * ny * H), (d * (nx + ny) + nx) * H);
  }
  return out;
}

if (want('epf')) {
  const refs: { lear: number; dnn: number }[] = [];
  const weekly = new Map<string, number[]>();
  for (const mkt of markets) {
    // untouched=364: the 364 days before the test period, which no choice of the model has read.
    const { s, from, to, a, published } = await epfSet(SHARED, mkt, UNTOUCHED_DAYS, D);
    refs.push(published);
    const base = await members(s, a, to, D.lear);
    log(`${mkt}: LEAR members read`);
    // Each kernel member on its own cache key, so that a later list of kernels reads the ones fitted before.
    let all = base;
    let nAll = D.lear.members.length;
    for (const k of KERNELS) {
      all = join2(all, nAll++, await members(s, a, to, { members: [k], lasso: D.lear.lasso }), 1);
      log(`${mkt}: kernel ${name(k)} fitted`);
    }
    const allMembers = [...D.lear.members, ...KERNELS];
    const keys = allMembers.map((x) => JSON.stringify(x));
    let refMae = NaN;
    for (const v of VARIANTS) {
      const idx = v.o.lear.members.map((x) => keys.indexOf(JSON.stringify(x)));
      const nm = idx.length;
      const part = new Float64Array((to - a + 1) * nm * H);
      for (let t = a; t <= to; t++) idx.forEach((c, k) => part.set(all.subarray(((t - a) * allMembers.length + c) * H, ((t - a) * allMembers.length + c + 1) * H), ((t - a) * nm + k) * H));
      const e = evaluateRun(s, combineRolling(s, from, to, part, v.o)).metrics;
      if (v.o === D) refMae = e.mae;
      note(mkt, v.name, e.mae, refMae);
      weekly.set(v.name, [...(weekly.get(v.name) ?? []), e.rmaeVsWeeklyNaive]);
    }
  }
  console.log(`\n## Kernel members on the EPF ${UNTOUCHED_DAYS ? `${UNTOUCHED_DAYS} days before the test periods (untouched)` : 'test periods'} (rMAE vs the weekly naive)\n`);
  console.log(row(['variant', ...markets, 'below LEAR-Ens', 'below DNN-Ens']));
  console.log(row(['---', ...markets.map(() => '---:'), '---:', '---:']));
  console.log(row(['LEAR-Ens (recomputed)', ...refs.map((r) => r.lear.toFixed(3)), '', '']));
  console.log(row(['DNN-Ens (recomputed)', ...refs.map((r) => r.dnn.toFixed(3)), '', '']));
  for (const v of VARIANTS) {
    const w = weekly.get(v.name) ?? [];
    const below = (k: 'lear' | 'dnn') => w.filter((x, i) => x < (refs[i]?.[k] ?? 0)).length;
    console.log(row([v.name, ...w.map(f4), `${below('lear')} of ${w.length}`, `${below('dnn')} of ${w.length}`]));
  }
}

const geo = (xs: number[]) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
console.log(`\n## MAE against the model without kernels, per set (${sets.join(', ')})\n`);
console.log(row(['variant', ...sets, 'geo-mean', 'sets worse']));
console.log(row(['---', ...sets.map(() => '---:'), '---:', '---:']));
for (const v of VARIANTS.slice(1)) {
  const r = ratios.get(v.name) ?? [];
  console.log(row([v.name, ...r.map(f4), f4(geo(r)), `${r.filter((x) => x > 1).length} of ${r.length}`]));
}
