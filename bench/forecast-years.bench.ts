/**
 * Model choice across years (docs/forecast.md, "Model choice across years"): the forecast engine's
 * combination, regime and band options scored by rolling-origin evaluation on OREE 2023 and 2024
 * together (never one year), the choice checked leave-one-year-out, and an untouched period
 * (OREE 07–12.2022) scored separately, never looked at while choosing. Member fits (phase 1) come
 * from bench/forecast-cache.ts, so a candidate costs only its combination (phase 2).
 *
 *   nice npx tsx bench/forecast-years.bench.ts [grid] [final] [holdout] [exog] [exog=off,base,lagged]
 *
 * - grid: every candidate of CANDIDATES on 2023 and 2024, with the geometric mean of the two
 *   rMAEs (standard naive), the leave-one-year-out check and each year's coverage.
 * - final: DEFAULT_FORECAST (the shipped model) beside the previous model on the same days.
 * - holdout: the same two on the untouched period (with exog=M: the shipped model on mode M's columns too).
 * - exog: the shipped model on each exogenous mode of exog=… (default off,base,lagged; the columns
 *   `svc forecast evaluate --exog M` builds from the shipped fixtures, offline) on 2023 and 2024,
 *   beside the previous model, with the geometric mean and CPU seconds of the fits (the standard
 *   naive as first naive component, tried here in commit acd7bbb, lost on both years).
 * - regime: the model shipped before 2026-11-27's regime change on mode exog=… (default base) beside
 *   regime-aware variants (REGIME: the short members cut at a cap change after 7 or 10 days
 *   instead of 14, the 364-day member cut too, a week of d-1 before the post-break LAD; the one
 *   chosen is DEFAULT_FORECAST now), 2023 and 2024; `regime holdout chosen=NAME` scores NAME
 *   beside the first on the untouched period.
 * Reads only the repository's fixtures (the OREE book is fixtures/oree-dam-ips-2022-2024.csv,
 * identical to ../shared/data/ua-dam's file).
 */
import { loadavg } from 'node:os';
import { DEFAULT_FORECAST, QUANTILE_LEVELS, type DailySeries, type DayCaps, type ForecastOptions, type LearMember } from '../src/engines/forecast/index.js';
import type { ExogMode } from '../src/ops/forecast/forecast-exog.js';
import { CHOOSE, UNTOUCHED, evaluator as evaluatorOf, oree, withMode as withModeOf, type Period } from './forecast-years-lib.js';

const args = process.argv.slice(2);
const want = (name: string) => args.filter((a) => !a.includes('=')).length === 0 || args.includes(name);
const EXOG = (args.find((a) => a.startsWith('exog='))?.slice(5) ?? '').split(',').filter(Boolean) as ExogMode[];
const only = process.env.ONLY?.split(',');
const f3 = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(3));
/** Four decimals where candidates differ by less than 0.1 % (the exogenous modes). */
const f4 = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(4));
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

/** The previous model (issue 13's ensemble as shipped before issue 28): one block, no regime handling. */
export const PREVIOUS: ForecastOptions = { ...DEFAULT_FORECAST, lear: { ...DEFAULT_FORECAST.lear, members: DEFAULT_FORECAST.lear.members.map((m) => ({ window: m.window, transform: m.transform })) }, hourBlocks: [Array.from({ length: 24 }, (_, h) => h)], regime: { days: 0, minDays: 7, fallback: 'members', shortWindow: 1456 }, combineDays: 28, shrink: 0.25, bands: { days: 56, span: 1, lower: 0.1, upper: 0.9, scaleDays: 0, quantiles: QUANTILE_LEVELS }, capHit: { climateDays: 364, climate: 'all', shrink: { max: 0, min: 0 } } };

const R = (h0: number, h1: number) => Array.from({ length: h1 - h0 }, (_, i) => h0 + i);
export const BLOCKS: Record<string, number[][]> = {
  one: [R(0, 24)],
  three: [[...R(0, 7), 23], R(7, 17), R(17, 23)],
  four: [[...R(0, 7), 23], R(7, 11), R(11, 17), R(17, 23)],
  six: [R(0, 4), R(4, 8), R(8, 12), R(12, 16), R(16, 20), R(20, 24)],
};
const EXTRA: LearMember[] = [{ window: 28, transform: 'asinh' }, { window: 28, transform: 'npit' }];
const SB = (sinceBreak: number): LearMember[] => BASE_MEMBERS.map((m) => (m.window <= 84 ? { ...m, sinceBreak } : m));
const BASE_MEMBERS = PREVIOUS.lear.members;

interface Candidate {
  name: string;
  o: ForecastOptions;
}
const cand = (name: string, over: Partial<ForecastOptions> & { extra?: boolean; blocks?: string; sb?: number }): Candidate => {
  const { extra, blocks, sb, ...rest } = over;
  const members = sb ? SB(sb) : BASE_MEMBERS;
  return { name, o: { ...PREVIOUS, ...rest, lear: { ...PREVIOUS.lear, members: extra ? [...members, ...EXTRA] : members }, hourBlocks: BLOCKS[blocks ?? 'one'] as number[][] } };
};
const REG = (days: number, minDays: number, fallback: 'members' | 'naive1', shortWindow: number) => ({ regime: { days, minDays, fallback, shortWindow } });

export const CANDIDATES: Candidate[] = [
      cand('previous', {}),
      cand('+28d members', { extra: true }),
      cand('3 hour blocks', { blocks: 'three' }),
      cand('4 hour blocks', { blocks: 'four' }),
      cand('6 hour blocks', { blocks: 'six' }),
      cand('regime 28d/min7/members', REG(28, 7, 'members', 1456)),
      cand('regime 56d/min7/members/short84', REG(56, 7, 'members', 84)),
      cand('regime 56d/min3/naive1/short84', REG(56, 3, 'naive1', 84)),
      cand('regime 28d/min3/naive1', REG(28, 3, 'naive1', 1456)),
      cand('shrink 0.4', { shrink: 0.4 }),
      cand('combine 42d', { combineDays: 42 }),
      cand('since-break 14 (windows ≤ 84)', { sb: 14 }),
      cand('since-break 21 (windows ≤ 84)', { sb: 21 }),
      cand('since-break 14 + regime naive1', { sb: 14, ...REG(56, 3, 'naive1', 84) }),
      cand('since-break 14 + 4 blocks', { sb: 14, blocks: 'four' }),
      cand('scaled bands 14d', { bands: { ...PREVIOUS.bands, scaleDays: 14 } }),
      cand('scaled bands 7d', { bands: { ...PREVIOUS.bands, scaleDays: 7 } }),
      cand('scaled bands 28d', { bands: { ...PREVIOUS.bands, scaleDays: 28 } }),
      cand('since-break 14 + scaled bands 14d', { sb: 14, bands: { ...PREVIOUS.bands, scaleDays: 14 } }),
      cand('sb14 + naive1 + scaled 7d', { sb: 14, ...REG(56, 3, 'naive1', 84), bands: { ...PREVIOUS.bands, scaleDays: 7 } }),
      cand('sb14 + naive1 + 4 blocks + scaled 7d', { sb: 14, blocks: 'four', ...REG(56, 3, 'naive1', 84), bands: { ...PREVIOUS.bands, scaleDays: 7 } }),
      cand('sb14 + naive1/all + scaled 7d', { sb: 14, ...REG(56, 3, 'naive1', 1456), bands: { ...PREVIOUS.bands, scaleDays: 7 } }),
      cand('sb14 + naive1 28d + scaled 7d', { sb: 14, ...REG(28, 3, 'naive1', 84), bands: { ...PREVIOUS.bands, scaleDays: 7 } }),
      cand('sb14 + naive1 min7 + scaled 7d', { sb: 14, ...REG(56, 7, 'naive1', 84), bands: { ...PREVIOUS.bands, scaleDays: 7 } }),
];

/** The shared evaluator (forecast-years-lib.ts), its metrics, with the monthly rows on `monthly`. */
function evaluator(s: DailySeries, capsOf: (t: number) => DayCaps | null, periods: Period[], members: LearMember[]) {
  const ev = evaluatorOf(s, capsOf, periods, members);
  return (p: Period, o: ForecastOptions) => {
    const e = ev(p, o);
    if (want('monthly')) for (const m of e.monthly) console.log(row([p.name, m.month, f3(m.rmaeVsNaive), f3(m.rmaeVsWeeklyNaive), f3(m.coverage), m.mae.toFixed(0)]));
    return e.metrics;
  };
}

const { s, capsOf } = await oree();
const withMode = (mode: ExogMode): Promise<DailySeries> => withModeOf(s, capsOf, mode);
/** The members of the previous and the shipped model (the since-break ones derived from their bases). */
/** The previous model's members and every shipped one (the kernels and the members on the caps too), each once. */
const FINAL_MEMBERS = [...new Map([...PREVIOUS.lear.members, ...DEFAULT_FORECAST.lear.members].map((m) => [JSON.stringify(m), m])).values()];
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const ALL_MEMBERS = [...BASE_MEMBERS, ...EXTRA, ...SB(14).filter((m) => m.sinceBreak), ...SB(21).filter((m) => m.sinceBreak)];
console.log(`load average at start: ${loadavg().map((v) => v.toFixed(1)).join(' / ')}`);
if (want('grid') || want('final')) {
  const ev = evaluator(s, capsOf, CHOOSE, ALL_MEMBERS);
  if (want('grid')) {
    console.log('\n## Candidates on OREE 2023 and 2024 (rMAE vs the standard naive / vs the weekly naive, coverage p10–p90, CRPS)\n');
    console.log(row(['candidate', '2023 rMAE', '2023 weekly', '2023 cov', '2024 rMAE', '2024 weekly', '2024 cov', 'geo-mean rMAE', '2023 CRPS', '2024 CRPS']));
    console.log(row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
    for (const c of CANDIDATES.filter((x) => !only || only.includes(x.name))) {
      const [m3, m4] = CHOOSE.map((p) => ev(p, c.o)) as [ReturnType<typeof ev>, ReturnType<typeof ev>];
      console.log(row([c.name, f3(m3.rmaeVsNaive), f3(m3.rmaeVsWeeklyNaive), f3(m3.coverage), f3(m4.rmaeVsNaive), f3(m4.rmaeVsWeeklyNaive), f3(m4.coverage), f3(Math.sqrt(m3.rmaeVsNaive * m4.rmaeVsNaive)), m3.crps?.toFixed(1) ?? '—', m4.crps?.toFixed(1) ?? '—']));
    }
  }
  if (want('final')) {
    console.log('\n## The shipped model beside the previous model, same days\n');
    console.log(row(['model', 'period', 'days', 'rMAE naive', 'rMAE weekly', 'coverage', 'MAE', 'pinball .1/.5/.9', 'pinball p05–p95', 'CRPS']));
    console.log(row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
    for (const p of CHOOSE)
      for (const [name, o] of [['previous', PREVIOUS], ['shipped', DEFAULT_FORECAST]] as const) {
        const m = ev(p, o);
        console.log(row([name, p.name, m.sampleDays, f3(m.rmaeVsNaive), f3(m.rmaeVsWeeklyNaive), f3(m.coverage), m.mae.toFixed(1), m.pinball?.toFixed(1) ?? '—', m.pinballQuantiles?.toFixed(1) ?? '—', m.crps?.toFixed(1) ?? '—']));
      }
  }
}
if (want('exog')) {
  console.log('\n## The shipped model per exogenous mode on OREE 2023 and 2024 (fixtures only)\n');
  console.log(row(['model', '--exog', '2023 rMAE', '2023 weekly', '2023 cov', '2024 rMAE', '2024 weekly', '2024 cov', 'geo-mean rMAE', '2023 CRPS', '2024 CRPS', 'fit CPU s']));
  console.log(row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const mode of EXOG.length ? EXOG : (['off', 'base', 'lagged'] as ExogMode[])) {
    const c0 = cpu();
    const ev = evaluator(await withMode(mode), capsOf, CHOOSE, FINAL_MEMBERS);
    const fitCpu = cpu() - c0;
    for (const [name, o] of [['previous', PREVIOUS], ['shipped', DEFAULT_FORECAST]] as const) {
      if (name === 'previous' && mode !== 'off') continue;
      const [m3, m4] = CHOOSE.map((p) => ev(p, o)) as [ReturnType<typeof ev>, ReturnType<typeof ev>];
      console.log(row([name, mode, f4(m3.rmaeVsNaive), f4(m3.rmaeVsWeeklyNaive), f3(m3.coverage), f4(m4.rmaeVsNaive), f4(m4.rmaeVsWeeklyNaive), f3(m4.coverage), f4(Math.sqrt(m3.rmaeVsNaive * m4.rmaeVsNaive)), m3.crps?.toFixed(1) ?? '—', m4.crps?.toFixed(1) ?? '—', fitCpu.toFixed(0)]));
    }
    console.log(`load average now: ${loadavg().map((v) => v.toFixed(1)).join(' / ')}`);
  }
}
if (want('holdout') && !args.includes('regime')) {
  const modes = EXOG.filter((m) => m !== 'off');
  const ev = evaluator(s, capsOf, [UNTOUCHED], FINAL_MEMBERS);
  console.log(`\n## Untouched period ${UNTOUCHED.name}\n`);
  console.log(row(['model', 'days', 'rMAE naive', 'rMAE weekly', 'coverage', 'MAE', 'CRPS']));
  console.log(row(['---', '---:', '---:', '---:', '---:', '---:', '---:']));
  const out = (name: string, m: ReturnType<typeof ev>) => console.log(row([name, m.sampleDays, f3(m.rmaeVsNaive), f3(m.rmaeVsWeeklyNaive), f3(m.coverage), m.mae.toFixed(1), m.crps?.toFixed(1) ?? '—']));
  for (const [name, o] of [['previous', PREVIOUS], ['shipped', DEFAULT_FORECAST]] as const) out(name, ev(UNTOUCHED, o));
  for (const mode of modes) out(`shipped, --exog ${mode}`, evaluator(await withMode(mode), capsOf, [UNTOUCHED], FINAL_MEMBERS)(UNTOUCHED, DEFAULT_FORECAST));
}

/** Regime-aware variants of the shipped model (issue 28: "a cap change should not take months to learn"). */
const cut = (pick: (m: LearMember) => number | undefined): ForecastOptions => ({ ...DEFAULT_FORECAST, lear: { ...DEFAULT_FORECAST.lear, members: DEFAULT_FORECAST.lear.members.map((m) => { const sb = pick(m); const { sinceBreak: _x, ...base } = m; return sb === undefined ? base : { ...base, sinceBreak: sb }; }) } });
const BEFORE_REGIME: ForecastOptions = { ...cut((m) => (m.window <= 84 ? 14 : undefined)), regime: { ...DEFAULT_FORECAST.regime, minDays: 3 } };
export const REGIME: Candidate[] = [
  { name: 'shipped before (short members cut after 14 days, d-1 half for 3 days)', o: BEFORE_REGIME },
  { name: 'short members cut after 7 days', o: { ...BEFORE_REGIME, lear: cut((m) => (m.window <= 84 ? 7 : undefined)).lear } },
  { name: 'short members cut after 10 days', o: { ...BEFORE_REGIME, lear: cut((m) => (m.window <= 84 ? 10 : undefined)).lear } },
  // Shipped since 2026-11-27 (DEFAULT_FORECAST).
  { name: 'cut after 7 days + d-1 half until 7 post-break days', o: { ...cut((m) => (m.window <= 84 ? 7 : undefined)), regime: { ...DEFAULT_FORECAST.regime, minDays: 7 } } },
  { name: 'shipped before + 364-day members cut after 56 days', o: { ...BEFORE_REGIME, lear: cut((m) => (m.window <= 84 ? 14 : m.window === 364 ? 56 : undefined)).lear } },
  { name: 'shipped before, post-break combination for 84 days', o: { ...BEFORE_REGIME, regime: { ...BEFORE_REGIME.regime, days: 84 } } },
];
if (args.includes('regime')) {
  const mode = (EXOG[0] ?? 'base') as ExogMode;
  const chosen = args.find((a) => a.startsWith('chosen='))?.slice(7);
  const cands = REGIME.filter((c) => (!only || only.includes(c.name)) && (!chosen || c === REGIME[0] || c.name === chosen));
  const members: LearMember[] = [];
  for (const c of cands) for (const m of c.o.lear.members) if (!members.some((x) => x.window === m.window && x.transform === m.transform && x.sinceBreak === m.sinceBreak)) members.push(m);
  const series = await withMode(mode);
  const periods = args.includes('holdout') ? [UNTOUCHED] : CHOOSE;
  const c0 = cpu();
  const ev = evaluator(series, capsOf, periods, members);
  console.log(`\n## Regime-aware variants, --exog ${mode}, ${periods.map((p) => p.name).join(' + ')} (member fits ${(cpu() - c0).toFixed(0)} s CPU; load ${loadavg().map((v) => v.toFixed(1)).join(' / ')})\n`);
  console.log(row(['candidate', ...periods.flatMap((p) => [`${p.name} rMAE`, `${p.name} weekly`, `${p.name} cov`, `${p.name} CRPS`]), ...(periods.length === 2 ? ['geo-mean rMAE'] : [])]));
  console.log(row(['---', ...periods.flatMap(() => ['---:', '---:', '---:', '---:']), ...(periods.length === 2 ? ['---:'] : [])]));
  for (const c of cands) {
    const ms = periods.map((p) => ev(p, c.o));
    console.log(row([c.name, ...ms.flatMap((m) => [f4(m.rmaeVsNaive), f4(m.rmaeVsWeeklyNaive), f3(m.coverage), m.crps?.toFixed(1) ?? '—']), ...(ms.length === 2 ? [f4(Math.sqrt((ms[0]?.rmaeVsNaive ?? NaN) * (ms[1]?.rmaeVsNaive ?? NaN)))] : [])]));
  }
}
