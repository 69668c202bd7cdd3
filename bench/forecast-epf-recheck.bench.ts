/**
 * The combination's re-check on the EPF test periods (issue 28, 2026-12-07, fourth session): the
 * variants of bench/forecast-recheck-variants.ts scored on the five EPF markets' full 728-day test
 * periods, beside the published ensembles recomputed on the same days, so that a knob is chosen on
 * OREE 2023, 2024 and the EPF markets together (docs/forecast.md, "The protocol"). The regime
 * variants are left out: a market without caps has no cap change, so they are the shipped model
 * there bit for bit. Only the combination changes, so every variant reads the member fits kept by
 * a first run (`npx tsx bench/forecast.bench.ts epf cache=DIR`); a missing fit is fitted and kept.
 *
 *   SVC_SHARED_DATA=<…/shared/data/> npx tsx bench/forecast-epf-recheck.bench.ts cache=DIR [markets=NP,…]
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEpfMarket, readEpfReference } from '../src/data/epf.js';
import { evaluateRun, indexOf, makeSeries, score } from '../src/engines/forecast/index.js';
import { rollingForecastParallel } from '../src/ops/forecast/forecast-parallel.js';
import { VARIANTS } from './forecast-recheck-variants.js';

const SHARED = process.env.SVC_SHARED_DATA ?? fileURLToPath(new URL('../../shared/data/', import.meta.url));
const args = process.argv.slice(2);
const dir = args.find((a) => a.startsWith('cache='))?.slice(6);
if (!dir) throw new Error('cache=DIR: the member fits of `bench/forecast.bench.ts epf cache=DIR`');
const cache = { dir, maxBytes: 1 << 30 };
const markets = args.find((a) => a.startsWith('markets='))?.slice(8).split(',') ?? ['NP', 'PJM', 'BE', 'FR', 'DE'];
const run = VARIANTS.filter((v) => !v.name.startsWith('regime'));
const f3 = (v: number) => v.toFixed(3);
const f4 = (v: number) => v.toFixed(4);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

const weekly = new Map<string, number[]>();
const std = new Map<string, number[]>();
const refs: { lear: number; dnn: number }[] = [];
for (const mkt of markets) {
  const m = await readEpfMarket(join(SHARED, `epf/${mkt}.csv`));
  const ref = await readEpfReference(join(SHARED, `epf/forecasts/Forecasts_${mkt}_DNN_LEAR_ensembles.csv`));
  const s = makeSeries({ dates: m.dates, prices: m.prices, exog: m.exog });
  const from = s.nDays - 728;
  const to = s.nDays - 1;
  const inRange = (d: string) => indexOf(s, d) >= from && indexOf(s, d) <= to;
  const refScore = (vals: Float64Array[]) => score(s, ref.dates.map((d, i) => ({ t: indexOf(s, d), p50: vals[i] as Float64Array })).filter((_, i) => inRange(ref.dates[i] as string)));
  refs.push({ lear: refScore(ref.lear).rmaeVsWeeklyNaive, dnn: refScore(ref.dnn).rmaeVsWeeklyNaive });
  for (const v of run) {
    const e = evaluateRun(s, await rollingForecastParallel(s, from, to, { threads: 1, options: v.o, cache })).metrics;
    weekly.set(v.name, [...(weekly.get(v.name) ?? []), e.rmaeVsWeeklyNaive]);
    std.set(v.name, [...(std.get(v.name) ?? []), e.rmaeVsNaive]);
  }
  console.error(`${new Date().toISOString()} ${mkt} scored`);
}
const geo = (xs: number[]) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
console.log(`\n## The combination's knobs on the EPF test periods (rMAE vs the weekly naive; geo-means over ${markets.join(', ')})\n`);
console.log(row(['variant', ...markets, 'geo-mean weekly', 'geo-mean std naive', 'below LEAR-Ens', 'below DNN-Ens']));
console.log(row(['---', ...markets.map(() => '---:'), '---:', '---:', '---:', '---:']));
console.log(row(['LEAR-Ens (recomputed)', ...refs.map((r) => f3(r.lear)), f3(geo(refs.map((r) => r.lear))), '', '', '']));
console.log(row(['DNN-Ens (recomputed)', ...refs.map((r) => f3(r.dnn)), f3(geo(refs.map((r) => r.dnn))), '', '', '']));
for (const v of run) {
  const w = weekly.get(v.name) ?? [];
  const below = (k: 'lear' | 'dnn') => w.filter((x, i) => x < (refs[i]?.[k] ?? 0)).length;
  console.log(row([v.name, ...w.map(f4), f4(geo(w)), f4(geo(std.get(v.name) ?? [])), `${below('lear')} of ${w.length}`, `${below('dnn')} of ${w.length}`]));
}
