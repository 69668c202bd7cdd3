/**
 * The battery in exchange lots vs HiGHS's MIP on EVERY shipped day, side by side in one process:
 * `nice npx tsx bench/bess-lots.bench.ts` (issue 31: "exact, ≥ 20× faster than HiGHS's MIP
 * (median day), never slower than HiGHS on any shipped day").
 *
 * Problems: every complete shipped day of fixtures/oree-dam-ips-2022-2024.csv under each scenario
 * below, as a 24-hour day (from the asset's start level, end rule at its end) and as the rolling
 * 48-hour horizon of that day (D with D+1 in view, from the state of charge the rolling plan left
 * the day before: the `svc backtest` problem). Lots of 0.1 MWh.
 * Timing: ours best of 5 solves after one warm-up; HiGHS (WASM, the oracle model text of
 * test/engines/oracle-horizon.ts, parse + solve) one solve, repeated up to 3 times (best kept)
 * when it is under 20× ours, so a day HiGHS is fast on is timed at its best. HiGHS's MIP has a
 * time limit (BENCH_HIGHS_LIMIT_S, default 10 s): a day it does not finish counts with the limit as
 * its time (the ratio a lower bound) and is checked against HiGHS's incumbent and dual bound
 * (incumbent ≤ ours ≤ bound); every finished day's objective must equal ours (1e-6 relative).
 *
 * Knobs: BENCH_SHARD=i/n (this process takes problem k when k % n = i; run n in parallel, then
 * `npx tsx bench/bess-lots.bench.ts summary FILES…`), BENCH_STRIDE=s and BENCH_OFFSET=o (the days i with i % s = o only),
 * BENCH_OUT=file (one JSON line per problem, default /tmp/bess-lots-<shard>.jsonl; an existing
 * file is resumed), BENCH_SCENARIOS=a,b (names below), BENCH_KEYS=file (only the problems whose
 * key — scenario/hours/dd.mm.yyyy, one a line — it lists: e.g. the days an earlier run found slowest).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import * as highsModule from 'highs';
import type { Highs } from 'highs';
import type { BessSettings } from '../src/domain/settings.js';
import { bessAsset, type BessAsset, type HorizonProblem, type HorizonSchedule } from '../src/engines/bess-asset.js';
import { horizonProblem, solveHorizon } from '../src/engines/bess-horizon.js';
import { horizonModel } from '../test/engines/oracle-horizon.js';
import { realDays } from '../test/engines/oracle-data.js';

const base: BessSettings = { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.88, dischargeEfficiency: 0.95, maxCyclesPerDay: 1.5, degradationCostUahMwh: 100, minSocPct: 10, maxSocPct: 90, initialSocMwh: 0.2, lotMwh: 0.1 };
export const SCENARIOS: Record<string, BessSettings> = {
  /** The bench asset of bench/bess-horizon.bench.ts: 1.5 cycles a day (binds on 48 h). */
  base,
  /** A binding fractional cap (0.7 cycles), a narrow window, standby draw, hours out. */
  tightCap: { capacityMwh: 1, powerMw: 0.5, roundTripEfficiency: 0.85, maxCyclesPerDay: 0.7, degradationCostUahMwh: 200, minSocPct: 5, maxSocPct: 95, auxLossMwhPerHour: 0.002, unavailableHours: [0, 1, 13], initialSocMwh: 0.3, lotMwh: 0.1 },
  /** A longer asset (4 h), a fractional cap of 1.25, SoC floor 20 %, the evening peak out, stored energy valued at the end. */
  long: { capacityMwh: 4, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1.25, degradationCostUahMwh: 150, minSocPct: 20, maxSocPct: 100, unavailableHours: [18, 19], initialSocMwh: 1.2, endSocValueUahMwh: 2500, lotMwh: 0.1 },
};

interface Row {
  key: string;
  scenario: string;
  hours: number;
  date: string;
  oursMs: number;
  highsMs: number;
  limit: boolean;
  ours: number;
  highs: number | null;
  bound: number | null;
}

const loader = (highsModule as unknown as { default: () => Promise<Highs> }).default;
const close = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
const oracleAsset = (a: BessAsset) => ({ ...a, outHours: a.outHour.flatMap((o, h) => (o ? [h] : [])) });
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? (s[s.length >> 1] as number) : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};

/** HiGHS's MIP on the oracle text: ms (parse + solve), the objective or null when infeasible, the dual bound when it hit the limit. */
function highsMip(highs: Highs, asset: BessAsset, problem: HorizonProblem, limitS: number): { ms: number; obj: number | null; bound: number | null; limit: boolean } {
  const text = horizonModel(oracleAsset(asset), problem);
  const shift = problem.endValueUahMwh === null ? 0 : problem.endValueUahMwh * problem.refSocMwh;
  const t0 = performance.now();
  const model = highs.createModel({ format: 'lp', data: text });
  try {
    model.options.set({ output_flag: false, mip_rel_gap: 1e-9, mip_abs_gap: 1e-9, time_limit: limitS });
    const status = model.run().modelStatus;
    const ms = performance.now() - t0;
    const codes = highs.constants.modelStatus;
    if (status === codes.infeasible) return { ms, obj: null, bound: null, limit: false };
    if (status === codes.timeLimit) {
      const inc = model.info.get('objective_function_value') as number;
      return { ms, obj: Number.isFinite(inc) ? inc - shift : Number.NaN, bound: (model.info.get('mip_dual_bound') as number) - shift, limit: true };
    }
    if (status !== codes.optimal) throw new Error(`HiGHS MIP status ${status}`);
    return { ms, obj: model.getObjectiveValue() - shift, bound: null, limit: false };
  } finally {
    model.dispose();
  }
}

interface Job {
  key: string;
  scenario: string;
  asset: BessAsset;
  problem: HorizonProblem;
  date: string;
}

/**
 * Every problem of the bench, day by day (each day: every scenario, 24 then 48 hours), calling
 * `visit` for the days this process takes. The rolling 48-hour horizon of day D starts from the
 * state of charge our own solve of D-1's horizon left (solved here for the days skipped too, so
 * the chain is the rolling plan's whatever the shard or stride).
 */
async function eachJob(names: readonly string[], take: (dayIndex: number) => boolean, visit: (job: Job) => Promise<HorizonSchedule | null>): Promise<void> {
  const days = realDays();
  const assets = names.map((name) => ({ name, asset: bessAsset(SCENARIOS[name] as BessSettings) }));
  const soc = assets.map(({ asset }) => asset.startSocMwh);
  for (const [i, d] of days.entries()) {
    const next = days[i + 1];
    for (const [k, { name, asset }] of assets.entries()) {
      const rolling = horizonProblem(asset, next ? [...d.prices, ...next.prices] : d.prices, soc[k] as number);
      let s: HorizonSchedule | null = null;
      if (take(i)) {
        await visit({ key: `${name}/24/${d.date}`, scenario: name, asset, problem: horizonProblem(asset, d.prices, asset.startSocMwh), date: d.date });
        s = await visit({ key: `${name}/48/${d.date}`, scenario: name, asset, problem: rolling, date: d.date });
      }
      soc[k] = (s ?? solveHorizon(asset, rolling)).socMwh[23] as number;
    }
  }
}

function timeOurs(job: Job): { ms: number; obj: number; schedule: HorizonSchedule } {
  let schedule = solveHorizon(job.asset, job.problem);
  let ms = Infinity;
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    schedule = solveHorizon(job.asset, job.problem);
    ms = Math.min(ms, performance.now() - t0);
  }
  return { ms, obj: schedule.objectiveUah, schedule };
}

async function run(): Promise<void> {
  const [shard, of] = (process.env.BENCH_SHARD ?? '0/1').split('/').map(Number) as [number, number];
  const stride = Number(process.env.BENCH_STRIDE ?? 1);
  const offset = Number(process.env.BENCH_OFFSET ?? 0);
  const limitS = Number(process.env.BENCH_HIGHS_LIMIT_S ?? 10);
  const names = (process.env.BENCH_SCENARIOS ?? Object.keys(SCENARIOS).join(',')).split(',');
  const keys = process.env.BENCH_KEYS ? new Set(readFileSync(process.env.BENCH_KEYS, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean)) : null;
  const keyDays = keys ? new Set([...keys].map((k) => k.split('/')[2])) : null;
  const outFile = process.env.BENCH_OUT ?? `/tmp/bess-lots-${shard}.jsonl`;
  const done = new Set(existsSync(outFile) ? readFileSync(outFile, 'utf8').split('\n').filter(Boolean).map((l) => (JSON.parse(l) as Row).key) : []);
  let highs = await loader();
  const started = performance.now();
  let n = 0;
  const days = realDays();
  await eachJob(names, (i) => (keyDays ? keyDays.has(days[i]?.date) : i % stride === offset && Math.floor(i / stride) % of === shard), async (job) => {
    if (keys && !keys.has(job.key)) return null;
    const ours = timeOurs(job);
    if (done.has(job.key)) return ours.schedule;
    let h = highsMip(highs, job.asset, job.problem, limitS);
    for (let rep = 1; rep < 3 && !h.limit && h.ms < 20 * ours.ms; rep++) {
      const again = highsMip(highs, job.asset, job.problem, limitS);
      if (again.ms < h.ms) h = again;
    }
    if (h.obj === null && Number.isFinite(ours.obj)) {
      // highs-js has answered a feasible model Infeasible after many MIP solves: ask a fresh instance.
      highs = await loader();
      h = highsMip(highs, job.asset, job.problem, limitS);
    }
    const row: Row = { key: job.key, scenario: job.scenario, hours: job.problem.prices.length, date: job.date, oursMs: ours.ms, highsMs: h.ms, limit: h.limit, ours: ours.obj, highs: h.obj, bound: h.bound };
    const ok = h.limit ? (Number.isNaN(h.obj as number) || (h.obj as number) <= ours.obj + 1e-6 * Math.abs(ours.obj)) && ours.obj <= (h.bound as number) + 1e-6 * Math.abs(ours.obj) : h.obj !== null && close(ours.obj, h.obj);
    if (!ok) {
      console.error(`NOT EXACT ${job.key}: ours ${ours.obj} highs ${h.obj} bound ${h.bound}`);
      process.exitCode = 1;
    }
    appendFileSync(outFile, `${JSON.stringify(row)}\n`);
    if (++n % 50 === 0) console.log(`${n} problems, ${((performance.now() - started) / 1000).toFixed(0)} s, load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    return ours.schedule;
  });
  console.log(`shard ${shard}/${of}: ${n} problems in ${((performance.now() - started) / 1000).toFixed(0)} s, load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  summary([outFile]);
}

function summary(files: readonly string[]): void {
  const rows = files.flatMap((f) => readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Row));
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const g = `${r.scenario}, ${r.hours} h`;
    groups.set(g, [...(groups.get(g) ?? []), r]);
  }
  groups.set('all', rows);
  console.log(`battery in lots vs HiGHS MIP (${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')})`);
  console.log('| problems | n | days HiGHS hit its limit | ours median ms | HiGHS median ms | ratio median | ratio min | days HiGHS faster |');
  console.log('|:--|--:|--:|--:|--:|--:|--:|--:|');
  for (const [g, rs] of groups) {
    const ratios = rs.map((r) => r.highsMs / r.oursMs);
    console.log(`| ${g} | ${rs.length} | ${rs.filter((r) => r.limit).length} | ${median(rs.map((r) => r.oursMs)).toFixed(2)} | ${median(rs.map((r) => r.highsMs)).toFixed(0)} | ${median(ratios).toFixed(0)}× | ${Math.min(...ratios).toFixed(1)}× | ${ratios.filter((x) => x < 1).length} |`);
  }
  const slow = rows.map((r) => ({ r, ratio: r.highsMs / r.oursMs })).sort((a, b) => a.ratio - b.ratio).slice(0, 8);
  console.log('smallest ratios:');
  for (const { r, ratio } of slow) console.log(`  ${r.key}: ours ${r.oursMs.toFixed(2)} ms, HiGHS ${r.highsMs.toFixed(1)} ms${r.limit ? ' (limit)' : ''}, ${ratio.toFixed(1)}×`);
  const slowOurs = [...rows].sort((a, b) => b.oursMs - a.oursMs).slice(0, 5);
  console.log('slowest days (ours):');
  for (const r of slowOurs) console.log(`  ${r.key}: ours ${r.oursMs.toFixed(2)} ms, HiGHS ${r.highsMs.toFixed(1)} ms, ${(r.highsMs / r.oursMs).toFixed(1)}×`);
}

if (process.argv[1]?.endsWith('bess-lots.bench.ts')) {
  if (process.argv[2] === 'summary') summary(process.argv.slice(3));
  else void run();
}
