/**
 * The combination's calibration (issue 28, 2026-12-06): the previous model (one LAD on the last
 * 28 days; the served `base` inputs) beside the LAD weights averaged across several calibration
 * windows of the combination (`combineWindows`), scored on OREE 2023 and 2024 together (geometric mean of the two rMAEs vs the standard naive;
 * coverage 0.78–0.82 in both), the untouched 07–12.2022 scored after the choice
 * (`holdout chosen=NAME`). Only phase 2 changes, so every variant runs on the same cached member
 * fits (bench/forecast-cache.ts, SVC_FORECAST_CACHE). `quarter` scores 07–09 of each year only
 * (the cheap first pass). The variants that needed engine options not adopted — LAD rows weighted
 * by recency (half-life 7–56 days), the shrinkage shared with d-1, a weekly-profile naive component
 * (mean or median of d-7…d-28) — were measured at commits 9da48c6 and 03aafa7 and removed with the
 * options (docs/forecast.md, "Averaging the combination across its calibration windows").
 *
 * `final [holdout] chosen=NAME`: the previous model and the chosen variant side by side with every
 * score (MAE, pinball, CRPS, cap-hit Brier) and a Diebold–Mariano test of the chosen against the
 * previous (daily L1 loss differentials, one-sided: the chosen is more accurate). The chosen one,
 * `windows 14+28`, is DEFAULT_FORECAST since 2026-12-06 (the bench checks it).
 *
 *   SVC_FORECAST_CACHE=<dir> [ONLY=NAME,…] nice -n 10 npx tsx bench/forecast-combine.bench.ts [quarter] [monthly] [holdout chosen=NAME] [final chosen=NAME] [phase2 rounds=N] [exog=off|base|lagged]
 */
import { loadavg } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { DEFAULT_FORECAST, type Evaluation, type ForecastOptions, type LearMember } from '../src/engines/forecast/index.js';
import { CHOOSE, UNTOUCHED, dmPaired, fittedMembers, oree, scorer, withMode, type Period } from './forecast-years-lib.js';

const args = process.argv.slice(2);
const chosen = args.find((a) => a.startsWith('chosen='))?.slice(7);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const f4 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(4));
const f3 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(3));

const { combineWindows: _shipped, ...PREVIOUS } = DEFAULT_FORECAST;
/** The model before this change (one LAD on the last 28 days): every variant below is written against it. */
const D: ForecastOptions = PREVIOUS;
export const VARIANTS: { name: string; o: ForecastOptions }[] = [
  { name: 'previous', o: D },
  { name: 'windows 14+28', o: { ...D, combineWindows: [14, 28] } }, // shipped since 2026-12-06 (DEFAULT_FORECAST)
  { name: 'windows 21+28', o: { ...D, combineWindows: [21, 28] } },
  { name: 'windows 14+21+28', o: { ...D, combineWindows: [14, 21, 28] } },
  { name: 'windows 28+56', o: { ...D, combineDays: 56, combineWindows: [28, 56] } },
  { name: 'windows 14+28+56', o: { ...D, combineDays: 56, combineWindows: [14, 28, 56] } },
  { name: 'windows 14+28+42+56', o: { ...D, combineDays: 56, combineWindows: [14, 28, 42, 56] } },
  { name: 'windows 7+14+28', o: { ...D, combineWindows: [7, 14, 28] } },
];

if (!isDeepStrictEqual(VARIANTS.find((v) => v.name === 'windows 14+28')?.o, DEFAULT_FORECAST)) throw new Error('windows 14+28 is no longer DEFAULT_FORECAST: update the bench');

const { s: prices, capsOf } = await oree();
// exog=off|base|lagged: the inputs of the members (default base, the served model); a robustness check, not a choice.
const exog = (args.find((a) => a.startsWith('exog='))?.slice(5) ?? 'base') as 'off' | 'base' | 'lagged';
const s = await withMode(prices, capsOf, exog);
console.log(`load average at start: ${loadavg().map((v) => v.toFixed(1)).join(' / ')}`);
const holdout = args.includes('holdout');
const quarter = args.includes('quarter');
const monthly = args.includes('monthly');
const periods: Period[] = holdout ? [UNTOUCHED] : quarter ? CHOOSE.map((p) => ({ name: `07–09.${p.name}`, from: `01.07.${p.name}`, to: `30.09.${p.name}` })) : CHOOSE;
const only = process.env.ONLY?.split(',');
const run = VARIANTS.filter((x) => (!only || x === VARIANTS[0] || only.includes(x.name)) && (!holdout || !chosen || x === VARIANTS[0] || x.name === chosen));
const members: LearMember[] = [];
for (const v of run) for (const m of v.o.lear.members) if (!members.some((x) => JSON.stringify(x) === JSON.stringify(m))) members.push(m);
// The member fits cover the full choosing years (one cache entry whatever the periods scored).
const ev = scorer(s, capsOf, fittedMembers(s, holdout ? [UNTOUCHED] : CHOOSE, members));
console.log(`\n## Combination variants, \`${exog}\` inputs, ${periods.map((p) => p.name).join(' + ')}\n`);
const two = periods.length === 2;
console.log(row(['variant', ...periods.flatMap((p) => [`${p.name} rMAE`, `${p.name} weekly`, `${p.name} cov`, `${p.name} CRPS`, `${p.name} pinball p05–p95`]), ...(two ? ['geo-mean rMAE', 'geo-mean weekly'] : [])]));
console.log(row(['---', ...periods.flatMap(() => ['---:', '---:', '---:', '---:', '---:']), ...(two ? ['---:', '---:'] : [])]));
if (args.includes('phase2')) {
  // Phase 2 alone (combination, bands, cap-hit, scoring) on the cached fits, the previous model and
  // the shipped one alternated: what averaging two LADs per block costs a year's evaluation.
  const rounds = Number(args.find((a) => a.startsWith('rounds='))?.slice(7) ?? 3);
  const pick = VARIANTS.find((v) => v.name === (chosen ?? 'windows 14+28')) ?? VARIANTS[1];
  for (const p of periods) ev(p, D); // warm the JIT
  for (let r = 0; r < rounds; r++) {
    for (const v of [VARIANTS[0], pick]) {
      if (!v) continue;
      const t0 = performance.now();
      for (const p of periods) ev(p, v.o);
      console.log(`round ${r + 1}: ${v.name}: ${((performance.now() - t0) / 1000).toFixed(2)} s for ${periods.map((p) => p.name).join(' + ')} (load ${loadavg()[0]?.toFixed(1)})`);
    }
  }
  process.exit(0);
}

if (args.includes('final')) {
  const pick = VARIANTS.find((v) => v.name === chosen);
  if (!pick) throw new Error(`final needs chosen=NAME, one of: ${VARIANTS.map((v) => v.name).join('; ')}`);
  console.log(`\n## The previous model beside \`${pick.name}\`, \`${exog}\` inputs\n`);
  console.log(row(['model', 'period', 'days', 'rMAE naive', 'rMAE weekly', 'coverage', 'MAE', 'pinball .1/.5/.9', 'pinball p05–p95', 'CRPS', 'Brier max (clim)', 'Brier min (clim)', 'DM vs previous']));
  console.log(row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']));
  const bound = (e: Evaluation, b: 'max' | 'min') => {
    const c = e.capHit.find((x) => x.bound === b);
    return c ? `${c.brier.toFixed(5)} (${c.brierClimatology.toFixed(5)})` : '—';
  };
  for (const p of periods) {
    const base = ev(p, D);
    const mine = ev(p, pick.o);
    for (const [name, e] of [['previous', base], [pick.name, mine]] as const) {
      const m = e.metrics;
      const dm = e === mine ? dmPaired(s, base, mine) : null;
      console.log(row([name, p.name, m.sampleDays, f4(m.rmaeVsNaive), f4(m.rmaeVsWeeklyNaive), f3(m.coverage), m.mae.toFixed(1), m.pinball?.toFixed(1) ?? '—', m.pinballQuantiles?.toFixed(1) ?? '—', m.crps?.toFixed(1) ?? '—', bound(e, 'max'), bound(e, 'min'), dm ? `${dm.statistic.toFixed(2)}, p = ${dm.p.toPrecision(2)} (${dm.days} d)` : '']));
    }
  }
  console.log(`load average at end: ${loadavg().map((v) => v.toFixed(1)).join(' / ')}`);
  process.exit(0);
}
const months: string[] = [];
for (const v of run) {
  const t0 = performance.now();
  const es = periods.map((p) => ev(p, v.o));
  const cells = es.flatMap((e) => [f4(e.metrics.rmaeVsNaive), f4(e.metrics.rmaeVsWeeklyNaive), f3(e.metrics.coverage), e.metrics.crps?.toFixed(1) ?? '—', e.metrics.pinballQuantiles?.toFixed(1) ?? '—']);
  const geo = (k: 'rmaeVsNaive' | 'rmaeVsWeeklyNaive') => f4(Math.sqrt((es[0]?.metrics[k] ?? NaN) * (es[1]?.metrics[k] ?? NaN)));
  console.log(row([v.name, ...cells, ...(two ? [geo('rmaeVsNaive'), geo('rmaeVsWeeklyNaive')] : [])]));
  console.error(`${v.name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (monthly) for (const e of es) for (const m of e.monthly) months.push(row([v.name, m.month, f3(m.rmaeVsNaive), f3(m.rmaeVsWeeklyNaive), f3(m.coverage), m.mae.toFixed(1)]));
}
if (monthly) {
  console.log(`\n${row(['variant', 'month', 'rMAE', 'weekly', 'cov', 'MAE'])}\n${row(['---', '---', '---:', '---:', '---:', '---:'])}`);
  for (const m of months) console.log(m);
}
console.log(`load average at end: ${loadavg().map((v) => v.toFixed(1)).join(' / ')}`);
