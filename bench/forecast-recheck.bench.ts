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
import { DEFAULT_FORECAST, type Evaluation, type ForecastOptions } from '../src/engines/forecast/index.js';
import { dmPaired, fittedMembers, scorer, variantBench } from './forecast-years-lib.js';

const args = process.argv.slice(2);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const f4 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(4));
const f3 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(3));

const D = DEFAULT_FORECAST;
export const VARIANTS: { name: string; o: ForecastOptions }[] = [
  { name: 'shipped', o: D },
  { name: 'shrink 0.15', o: { ...D, shrink: 0.15 } },
  { name: 'shrink 0.2', o: { ...D, shrink: 0.2 } },
  { name: 'shrink 0.3', o: { ...D, shrink: 0.3 } },
  { name: 'shrink 0.35', o: { ...D, shrink: 0.35 } },
  { name: 'windows 7+14+28', o: { ...D, combineWindows: [7, 14, 28] } },
  { name: 'windows 14+21+28', o: { ...D, combineWindows: [14, 21, 28] } },
  { name: 'windows 21+28', o: { ...D, combineWindows: [21, 28] } },
  { name: 'one block of 24 hours', o: { ...D, hourBlocks: [Array.from({ length: 24 }, (_, h) => h)] } },
  { name: 'regime 28 days', o: { ...D, regime: { ...D.regime, days: 28 } } },
  { name: 'regime 56 days (shipped until 2026-12-07)', o: { ...D, regime: { ...D.regime, days: 56 } } },
  { name: 'regime 42 days', o: { ...D, regime: { ...D.regime, days: 42 } } },
  { name: 'regime 70 days', o: { ...D, regime: { ...D.regime, days: 70 } } },
  { name: 'regime 98 days', o: { ...D, regime: { ...D.regime, days: 98 } } },
  { name: 'regime 112 days', o: { ...D, regime: { ...D.regime, days: 112 } } },
  { name: 'regime 168 days', o: { ...D, regime: { ...D.regime, days: 168 } } },
];

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
