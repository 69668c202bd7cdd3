/**
 * Members that see the caps (issue 28, 2026-12-06 night): the shipped model on the served `base`
 * inputs beside variants that add LEAR members fitted on the prices *as a position inside the caps
 * in force* — a price p at hour h of day d enters (and is forecast) as u = (p − min)/(max − min)
 * of d's caps at h ("band"), or as u = p / max ("max"), and a member's forecast of u is mapped back
 * with the caps of the forecast day, which are published before it. A cap change then moves the
 * member's forecast at once instead of after a window of the new regime. Scored on OREE 2023 and
 * 2024 together (geometric mean of the rMAEs vs the standard naive; coverage in 0.78–0.82 in both),
 * the untouched 07–12.2022 after the choice (`holdout chosen=NAME`). A market without caps (the
 * EPF files) has no such member: it cannot change there.
 *
 *   SVC_FORECAST_CACHE=<dir> [ONLY="NAME;…"] nice -n 10 npx tsx bench/forecast-capnorm.bench.ts [holdout chosen=NAME]
 */
import { loadavg } from 'node:os';
import { DEFAULT_FORECAST, type Evaluation, type ForecastOptions, type LearMember } from '../src/engines/forecast/index.js';
import { fittedMembers, scorer, variantBench } from './forecast-years-lib.js';

const args = process.argv.slice(2);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const f4 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(4));
const f3 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(3));

const SHIPPED = DEFAULT_FORECAST.lear.members;
const caps = (m: LearMember): LearMember => ({ ...m, space: 'caps' });
const asinh = (window: number): LearMember => ({ window, transform: 'asinh' });
const npit = (window: number): LearMember => ({ window, transform: 'npit' });
/** The shipped members with the asinh ones of these windows on the caps, plus `extra`. */
const on = (windows: number[], extra: LearMember[] = []): ForecastOptions => ({
  ...DEFAULT_FORECAST,
  lear: { ...DEFAULT_FORECAST.lear, members: [...SHIPPED.map((m) => (m.transform === 'asinh' && windows.includes(m.window) ? caps(m) : m)), ...extra] },
});

export const VARIANTS: { name: string; o: ForecastOptions }[] = [
  { name: 'shipped', o: DEFAULT_FORECAST },
  // Swaps: the asinh members of these windows moved onto the caps (on a market without caps they would be left out).
  { name: 'A: asinh 364/728 moved onto the caps', o: on([364, 728]) },
  { name: 'A + npit 364 on caps', o: on([364, 728], [caps(npit(364))]) },
  { name: 'A + npit 364 on prices', o: on([364, 728], [npit(364)]) },
  { name: 'A + npit 364, 728 on caps', o: on([364, 728], [caps(npit(364)), caps(npit(728))]) },
  { name: 'A + npit 364 + asinh 546 on caps', o: on([364, 728], [caps(npit(364)), caps(asinh(546))]) },
  { name: 'A + npit 546 on caps', o: on([364, 728], [caps(npit(546))]) },
  // Additions: the eight members on prices kept, so a market without caps keeps the shipped model exactly.
  { name: '+ npit 364 on caps', o: on([], [caps(npit(364))]) },
  { name: '+ npit 364, 728 on caps', o: on([], [caps(npit(364)), caps(npit(728))]) },
  { name: '+ asinh 364 + npit 364 on caps', o: on([], [caps(asinh(364)), caps(npit(364))]) },
  { name: '+ asinh 364, 728 + npit 364 on caps', o: on([], [caps(asinh(364)), caps(asinh(728)), caps(npit(364))]) },
  { name: '+ asinh 364, 728 + npit 364, 728 on caps', o: on([], [caps(asinh(364)), caps(asinh(728)), caps(npit(364)), caps(npit(728))]) },
  // Regime (2026-12-07): after a cap change the members on the caps share the equal-weight quarter (and the first week's mean) with the short members.
  { name: 'shipped, caps members learn first', o: { ...DEFAULT_FORECAST, regime: { ...DEFAULT_FORECAST.regime, caps: true } } },
];

const { s, capsOf, periods, run } = await variantBench(VARIANTS, args);
const members: LearMember[] = [];
for (const v of run) for (const m of v.o.lear.members) if (!members.some((x) => JSON.stringify(x) === JSON.stringify(m))) members.push(m);
const fitted = fittedMembers(s, periods, members);
const ev = scorer(s, capsOf, fitted);
console.log(`\n## Members on the prices inside the caps, \`base\` inputs, ${periods.map((p) => p.name).join(' + ')}\n`);
console.log(row(['variant', ...periods.flatMap((p) => [`${p.name} rMAE`, `${p.name} weekly`, `${p.name} cov`, `${p.name} CRPS`]), ...(periods.length === 2 ? ['geo-mean rMAE'] : [])]));
console.log(row(['---', ...periods.flatMap(() => ['---:', '---:', '---:', '---:']), ...(periods.length === 2 ? ['---:'] : [])]));
for (const v of run) {
  const es: Evaluation[] = periods.map((p) => ev(p, v.o));
  const cells = es.flatMap((e) => [f4(e.metrics.rmaeVsNaive), f4(e.metrics.rmaeVsWeeklyNaive), f3(e.metrics.coverage), e.metrics.crps?.toFixed(1) ?? '—']);
  console.log(row([v.name, ...cells, ...(es.length === 2 ? [f4(Math.sqrt((es[0]?.metrics.rmaeVsNaive ?? NaN) * (es[1]?.metrics.rmaeVsNaive ?? NaN)))] : [])]));
}
console.log(`load average at end: ${loadavg().map((v) => v.toFixed(1)).join(' / ')}`);
