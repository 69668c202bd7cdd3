/**
 * The ensemble's members re-chosen on the seven sets (issue 28, docs/forecast.md "The members
 * re-chosen on the seven sets"): backward elimination from the shipped members (DEFAULT_LEAR), each
 * step dropping the member whose removal lowers most the geometric mean over the sets of the MAE
 * against the shipped model, until no removal lowers it. The sets: OREE 2023 and 2024 (`base`
 * inputs, history strictly before each day) and the five EPF markets' full 728-day test periods
 * (the two exogenous columns). No member is refitted: every variant reads the shipped members' fits
 * and only recombines a subset of them.
 *   - OREE: bench/forecast-cache.ts (SVC_FORECAST_CACHE), one file per member;
 *   - EPF: the package's member cache of `npx tsx bench/forecast.bench.ts epf cache=DIR` (the same
 *     keys: the shipped members over the same range), fitted here where missing.
 *
 *   SVC_FORECAST_CACHE=<dir> SVC_SHARED_DATA=<…/shared/data/> npx tsx bench/forecast-members.bench.ts cache=DIR [oree] [epf] [markets=NP,…] [threads=N] [untouched=364] [add=364n,728n] [drop=3+7]
 *
 * `add=…` puts candidate LEARs beside the shipped members (window, then `n` for N-PIT, `s` for the
 * cut 7 days after a cap change); they are fitted (each on its own cache key) and the elimination
 * starts from the shipped members and the candidates together.
 *
 * `drop=3+7` scores only the members without those (indices into the list printed first: the
 * shipped members, then the candidates of `add=`), with no search: for the untouched days
 * (`untouched=364`: the 364 days before each EPF test period, which no choice of the model has
 * read), or one candidate beside the shipped members (`add=364n,728n drop=16`).
 */
import { fileURLToPath } from 'node:url';
import { DEFAULT_FORECAST, H, combineRolling, evaluateRun, type ForecastOptions, type LearMember } from '../src/engines/forecast/index.js';
import { describeMembers, memberName } from '../src/engines/forecast/member-names.js';
import * as parallelFromSources from '../src/ops/forecast/forecast-parallel.js';
import { cachedMemberForecasts } from '../src/ops/forecast/forecast-member-cache.js';
import { epfSet } from './epf-sets.js';
import { fittedMembers, log, scorer, variantBench } from './forecast-years-lib.js';
const built = new URL('../dist/ops/forecast/forecast-parallel.js', import.meta.url);
const { memberForecastsParallel } = (await import(built.href).catch(() => parallelFromSources)) as typeof parallelFromSources;

const SHARED = process.env.SVC_SHARED_DATA ?? fileURLToPath(new URL('../../shared/data/', import.meta.url));
const args = process.argv.slice(2);
const arg = (name: string) => args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
const dir = arg('cache');
const THREADS = Number(arg('threads') ?? 2);
const markets = arg('markets')?.split(',') ?? ['NP', 'PJM', 'BE', 'FR', 'DE'];
const UNTOUCHED_DAYS = Number(arg('untouched') ?? 0);
const DROP = arg('drop')?.split('+').map(Number);
const want = (x: string) => !args.some((a) => a === 'oree' || a === 'epf') || args.includes(x);
const D = DEFAULT_FORECAST;
/** Candidates: `364n` an N-PIT LEAR on 364 days, `42s` an asinh one on 42 days cut after a cap change. */
const ADD: LearMember[] = (arg('add')?.split(',') ?? []).map((c) => ({
  window: Number.parseInt(c, 10),
  transform: c.includes('n') ? ('npit' as const) : ('asinh' as const),
  ...(c.includes('s') ? { sinceBreak: 7 } : {}),
}));
const ALL = [...D.lear.members, ...ADD];
const NS = D.lear.members.length;
const f4 = (v: number) => v.toFixed(4);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const withMembers = (members: LearMember[]): ForecastOptions => ({ ...D, lear: { ...D.lear, members } });
const label = (i: number) => `#${i} ${memberName(ALL[i] as LearMember)}`;

/** One set: its name, and the MAE (and the weekly-naive rMAE) of the model with a subset of the shipped members (indices). */
interface ScoredSet {
  name: string;
  score(keep: number[]): { mae: number; weekly: number };
  /** The published DNN ensemble's weekly-naive rMAE on the same days (EPF test periods only). */
  dnn?: number;
}
const sets: ScoredSet[] = [];

console.log(`members (${describeMembers(ALL)}):\n${ALL.map((_, i) => `- ${label(i)}`).join('\n')}`);

if (want('oree') && !UNTOUCHED_DAYS) {
  const { s, capsOf, periods } = await variantBench([{ name: 'shipped' }], args);
  const ev = scorer(s, capsOf, fittedMembers(s, periods, ALL));
  for (const p of periods) {
    sets.push({
      name: `OREE ${p.name}`,
      score: (keep) => {
        const m = ev(p, withMembers(keep.map((i) => ALL[i] as LearMember))).metrics;
        return { mae: m.mae, weekly: m.rmaeVsWeeklyNaive };
      },
    });
  }
}

if (want('epf')) {
  if (!dir) throw new Error('epf needs cache=DIR (the member fits of bench/forecast.bench.ts epf cache=DIR)');
  for (const mkt of markets) {
    const { s, from, to, a, published } = await epfSet(SHARED, mkt, UNTOUCHED_DAYS, D);
    const fitted = async (members: LearMember[]) => {
      const lear = { ...D.lear, members };
      const fit = (x: number, y: number) => memberForecastsParallel(s, x, y, lear, undefined, THREADS);
      return (await cachedMemberForecasts(s, a, to, lear, { dir, maxBytes: 1 << 30 }, fit)).members;
    };
    // The shipped members on the key of the shipped model's run; each candidate on its own.
    const parts = [await fitted(D.lear.members), ...(await Promise.all(ADD.map((k) => fitted([k]))))];
    const all = new Float64Array((to - a + 1) * ALL.length * H);
    for (let t = 0; t <= to - a; t++) {
      all.set(parts[0]!.subarray(t * NS * H, (t + 1) * NS * H), t * ALL.length * H);
      ADD.forEach((_, k) => all.set(parts[k + 1]!.subarray(t * H, (t + 1) * H), (t * ALL.length + NS + k) * H));
    }
    log(`${mkt}: members read`);
    const n = ALL.length;
    sets.push({
      name: UNTOUCHED_DAYS ? `${mkt} (${UNTOUCHED_DAYS} days before)` : mkt,
      ...(UNTOUCHED_DAYS ? {} : { dnn: published.dnn }),
      score: (keep) => {
        const part = new Float64Array((to - a + 1) * keep.length * H);
        for (let t = a; t <= to; t++) keep.forEach((c, k) => part.set(all.subarray(((t - a) * n + c) * H, ((t - a) * n + c + 1) * H), ((t - a) * keep.length + k) * H));
        const e = evaluateRun(s, combineRolling(s, from, to, part, withMembers(keep.map((i) => ALL[i] as LearMember)))).metrics;
        return { mae: e.mae, weekly: e.rmaeVsWeeklyNaive };
      },
    });
  }
}

const geo = (xs: number[]) => Math.exp(xs.reduce((acc, x) => acc + Math.log(x), 0) / xs.length);
const shipped = D.lear.members.map((_, i) => i);
const base = sets.map((x) => x.score(shipped));
console.log(`\nsets: ${sets.map((x, i) => `${x.name} (MAE ${base[i]?.mae.toFixed(3)}, weekly ${f4(base[i]?.weekly ?? NaN)})`).join('; ')}`);
/** Per set the MAE ratio to the shipped model, and their geometric mean. */
const ratiosOf = (keep: number[]) => {
  const scored = sets.map((x) => x.score(keep));
  const r = scored.map((x, i) => x.mae / (base[i]?.mae ?? NaN));
  return { r, g: geo(r), weekly: scored.map((x) => x.weekly) };
};
const dnnBelow = (weekly: number[]) => sets.filter((x, i) => x.dnn !== undefined && (weekly[i] ?? Infinity) < x.dnn).length;
const header = () => {
  console.log(row(['members dropped', ...sets.map((x) => x.name), 'geo-mean', 'sets worse', 'below DNN-Ens']));
  console.log(row(['---', ...sets.map(() => '---:'), '---:', '---:', '---:']));
};
/** Scores the members `keep` and prints their row under `name`; returns the geometric mean and the weekly-naive rMAEs. */
const printed = (name: string, keep: number[]): { g: number; weekly: number[] } => {
  const { r, g, weekly } = ratiosOf(keep);
  console.log(row([name, ...r.map(f4), f4(g), `${r.filter((x) => x > 1).length} of ${r.length}`, `${dnnBelow(weekly)}`]));
  return { g, weekly };
};

if (DROP) {
  console.log(`\n## The members without ${DROP.map(label).join(', ')} (MAE against the shipped model)\n`);
  header();
  const { weekly } = printed(DROP.map(label).join(', '), ALL.map((_, i) => i).filter((i) => !DROP.includes(i)));
  console.log(row(['weekly-naive rMAE', ...weekly.map(f4), '', '', '']));
} else {
  let keep = ALL.map((_, i) => i);
  let current = 1;
  if (ADD.length) {
    console.log(`\n## The shipped members and the candidates ${ADD.map((_, k) => label(NS + k)).join(', ')} (MAE against the shipped model)\n`);
    header();
    current = printed('none', keep).g;
  }
  const dropped: number[] = [];
  for (let step = 1; keep.length > 1; step++) {
    console.log(`\n## Step ${step}: each remaining member dropped (MAE against the shipped model; dropped so far: ${dropped.map(label).join(', ') || 'none'})\n`);
    header();
    let best: { i: number; g: number } | undefined;
    for (const i of keep) {
      const { g } = printed(`${[...dropped, i].map((j) => `#${j}`).join(', ')} (${label(i)})`, keep.filter((j) => j !== i));
      if (!best || g < best.g) best = { i, g };
    }
    if (!best || best.g >= current) {
      console.log(`\nno removal lowers the geometric mean below ${f4(current)}: stop`);
      break;
    }
    current = best.g;
    dropped.push(best.i);
    keep = keep.filter((j) => j !== best.i);
    log(`step ${step}: drop ${label(best.i)} (geo-mean ${f4(current)})`);
  }
  console.log(`\nchosen: drop ${dropped.map((i) => `#${i}`).join('+') || 'nothing'} (${dropped.map(label).join(', ')}), geo-mean ${f4(current)}`);
}
