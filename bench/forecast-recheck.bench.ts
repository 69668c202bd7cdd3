/**
 * The combination's knobs re-checked on the shipped model (issue 28, 2026-12-07, fourth session):
 * each was chosen before the members on the caps joined the ensemble (2026-12-06 night), which
 * changed what the combination weighs. Same protocol as every choice (docs/forecast.md, "The
 * protocol"): OREE 2023 and 2024 together (geometric mean of the rMAEs vs the standard naive;
 * coverage 0.78–0.82 in both; CRPS beside), the untouched 07–12.2022 after the choice
 * (`holdout chosen=NAME`). The shipped row is the regime of 84 days chosen here. Only phase 2 changes, so every variant runs on the same cached member
 * fits (bench/forecast-cache.ts, SVC_FORECAST_CACHE).
 *
 *   SVC_FORECAST_CACHE=<dir> [ONLY="NAME;…"] nice -n 10 npx tsx bench/forecast-recheck.bench.ts [holdout chosen=NAME]
 */
import { loadavg } from 'node:os';
import { DEFAULT_FORECAST, type Evaluation } from '../src/engines/forecast/index.js';
import { dmPaired, fittedMembers, scorer, variantBench } from './forecast-years-lib.js';
import { VARIANTS } from './forecast-recheck-variants.js';

const args = process.argv.slice(2);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const f4 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(4));
const f3 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(3));

const D = DEFAULT_FORECAST;

const { s, capsOf, periods, run } = await variantBench(VARIANTS, args);
const ev = scorer(s, capsOf, fittedMembers(s, periods, [...D.lear.members]));
console.log(`\n## The combination's knobs on the shipped model, \`base\` inputs, ${periods.map((p) => p.name).join(' + ')}\n`);
// DM: Diebold–Mariano of the variant against the shipped model on the daily L1 loss, one-sided p (the variant more accurate).
console.log(row(['variant', ...periods.flatMap((p) => [`${p.name} rMAE`, `${p.name} weekly`, `${p.name} cov`, `${p.name} CRPS`, `${p.name} DM p`]), ...(periods.length === 2 ? ['geo-mean rMAE'] : [])]));
console.log(row(['---', ...periods.flatMap(() => ['---:', '---:', '---:', '---:', '---:']), ...(periods.length === 2 ? ['---:'] : [])]));
const shipped = periods.map((p) => ev(p, D));
for (const v of run) {
  const es: Evaluation[] = periods.map((p, i) => (v.o === D ? (shipped[i] as Evaluation) : ev(p, v.o)));
  const cells = es.flatMap((e, i) => [f4(e.metrics.rmaeVsNaive), f4(e.metrics.rmaeVsWeeklyNaive), f3(e.metrics.coverage), e.metrics.crps?.toFixed(1) ?? '—', v.o === D ? '—' : f3(dmPaired(s, shipped[i] as Evaluation, e).p)]);
  console.log(row([v.name, ...cells, ...(es.length === 2 ? [f4(Math.sqrt((es[0]?.metrics.rmaeVsNaive ?? NaN) * (es[1]?.metrics.rmaeVsNaive ?? NaN)))] : [])]));
}
console.log(`load average at end: ${loadavg().map((v) => v.toFixed(1)).join(' / ')}`);
