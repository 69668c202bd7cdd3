/**
 * Weekly seasonality in the combination (issue 28, 2026-11-28): the shipped model on the served
 * `base` inputs beside variants that use last week more, scored on OREE 2023 and 2024 together
 * (geometric mean of the two rMAEs vs the standard naive; coverage 0.78–0.82 in both), the
 * untouched 07–12.2022 scored after the choice (`holdout chosen=NAME`). Member fits from
 * bench/forecast-cache.ts (SVC_FORECAST_CACHE); the ninth member on the `lagged` columns is fitted
 * once. The variants that needed engine options (a d-7-shape naive component, weights per day type,
 * the d-7 lags at half the refit penalty) were measured at commit 6aa92c5 and removed with the
 * options (docs/forecast.md, "Weekly seasonality, variants on both years").
 *
 *   SVC_FORECAST_CACHE=<dir> [ONLY=NAME,…] nice -n 10 npx tsx bench/forecast-weekly.bench.ts [holdout chosen=NAME]
 */
import { loadavg } from 'node:os';
import { DEFAULT_FORECAST, type Evaluation, type ForecastOptions, type LearMember } from '../src/engines/forecast/index.js';
import { fittedMembers, joinMembers, scorer, variantBench, withMode } from './forecast-years-lib.js';

const args = process.argv.slice(2);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const f4 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(4));
const f3 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(3));

/** A ninth member fitted on the `lagged` columns (base + the metered RES published by the cutoff), told apart from its `base` twin by the tag. */
const LAGGED_364 = { window: 364, transform: 'asinh', tag: 'lagged' } as LearMember;
export const VARIANTS: { name: string; o: ForecastOptions }[] = [
  { name: 'shipped', o: DEFAULT_FORECAST },
  { name: 'shrink 0 (LAD weights alone)', o: { ...DEFAULT_FORECAST, shrink: 0 } },
  { name: 'shrink 0.1', o: { ...DEFAULT_FORECAST, shrink: 0.1 } },
  { name: 'shrink 0.15', o: { ...DEFAULT_FORECAST, shrink: 0.15 } },
  { name: 'shrink 0.35', o: { ...DEFAULT_FORECAST, shrink: 0.35 } },
  { name: 'LAD on 21 days', o: { ...DEFAULT_FORECAST, combineDays: 21 } },
  { name: '+ asinh 364 on the lagged RES columns (9 members)', o: { ...DEFAULT_FORECAST, lear: { ...DEFAULT_FORECAST.lear, members: [...DEFAULT_FORECAST.lear.members, LAGGED_364] } } },
];

const { prices, s, capsOf, periods, run } = await variantBench(VARIANTS, args, ',');
const members: LearMember[] = [];
for (const v of run) for (const m of v.o.lear.members) if (m !== LAGGED_364 && !members.some((x) => JSON.stringify(x) === JSON.stringify(m))) members.push(m);
let fitted = fittedMembers(s, periods, members);
if (run.some((v) => v.o.lear.members.includes(LAGGED_364))) {
  const { tag: _t, ...plain } = LAGGED_364 as LearMember & { tag: string };
  const lagged = fittedMembers(await withMode(prices, capsOf, 'lagged'), periods, [plain]);
  fitted = joinMembers(fitted, { ...lagged, members: [LAGGED_364] });
}
const ev = scorer(s, capsOf, fitted);
const minCap = (e: Evaluation) => e.capHit.find((c) => c.bound === 'min');
console.log(`\n## Weekly variants, \`base\` inputs, ${periods.map((p) => p.name).join(' + ')}\n`);
console.log(row(['variant', ...periods.flatMap((p) => [`${p.name} rMAE`, `${p.name} weekly`, `${p.name} cov`, `${p.name} CRPS`, `${p.name} min-cap Brier (clim)`]), ...(periods.length === 2 ? ['geo-mean rMAE'] : [])]));
console.log(row(['---', ...periods.flatMap(() => ['---:', '---:', '---:', '---:', '---:']), ...(periods.length === 2 ? ['---:'] : [])]));
for (const v of run) {
  const es = periods.map((p) => ev(p, v.o));
  const cells = es.flatMap((e) => [f4(e.metrics.rmaeVsNaive), f4(e.metrics.rmaeVsWeeklyNaive), f3(e.metrics.coverage), e.metrics.crps?.toFixed(1) ?? '—', `${f4(minCap(e)?.brier)} (${f4(minCap(e)?.brierClimatology)})`]);
  console.log(row([v.name, ...cells, ...(es.length === 2 ? [f4(Math.sqrt((es[0]?.metrics.rmaeVsNaive ?? NaN) * (es[1]?.metrics.rmaeVsNaive ?? NaN)))] : [])]));
}
console.log(`load average at end: ${loadavg().map((v) => v.toFixed(1)).join(' / ')}`);
