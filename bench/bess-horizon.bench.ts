/**
 * The battery as it operates vs HiGHS, side by side in one run: `npx tsx bench/bess-horizon.bench.ts`.
 *
 * Asset: 2 MWh / 1 MW, round trip 0.88 with ηd = 0.95, window 10..90 %, 1.5 cycles a day, wear
 * 100 UAH/MWh, start 0.2 MWh, end at least at the start level.
 * 1. Without lots: a year of rolling 48-hour plans (the 365 most recent complete shipped days, day D
 *    with D+1 in view): ours for the whole year (best of 5 runs), and per day ours (mean of 20
 *    back-to-back solves, best of 5) vs HiGHS's LP on the same 48-hour problem (model text + solve, best of 3),
 *    in two passes over the year (each day: the best of both passes, on both sides).
 * 2. With lots of 0.1 MWh: the one-day problem on every 60th shipped day, ours vs HiGHS's MIP
 *    (time limit 30 s: a day HiGHS does not finish is marked, its ratio a lower bound).
 * Every objective is compared (1e-6 relative); the bench stops on a disagreement. BESS_BENCH_LOTS=0
 * runs part 1 only (part 2 takes minutes: HiGHS's MIP).
 */
import os from 'node:os';
import { bessAsset } from '../src/engines/bess-asset.js';
import { horizonProblem, solveHorizon } from '../src/engines/bess-horizon.js';
import { solveHorizon as highsHorizon } from '../test/engines/oracle-horizon.js';
import { realDays } from '../test/engines/oracle-data.js';

const settings = { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.88, dischargeEfficiency: 0.95, maxCyclesPerDay: 1.5, degradationCostUahMwh: 100, minSocPct: 10, maxSocPct: 90, initialSocMwh: 0.2 };
const all = realDays();
const year = all.slice(-366);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
const close = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
const oracleAsset = (a: ReturnType<typeof bessAsset>) => ({ ...a, outHours: a.outHour.flatMap((o, h) => (o ? [h] : [])) });

async function main(): Promise<void> {
  const asset = bessAsset(settings);
  const problems = year.slice(0, -1).map((d, i) => ({ date: d.date, prices: [...d.prices, ...(year[i + 1]?.prices ?? [])] }));
  // Whole year, rolling: each day's 48-hour horizon from the state of charge the day before left.
  const runYear = (): number => {
    let soc = asset.startSocMwh;
    let cash = 0;
    for (const p of problems) {
      const s = solveHorizon(asset, horizonProblem(asset, p.prices, soc));
      soc = s.socMwh[23] as number;
      for (let t = 0; t < 24; t++) cash += ((p.prices[t] as number) - asset.degradationUahMwh) * (s.dischargeMwh[t] as number) - (p.prices[t] as number) * (s.chargeMwh[t] as number);
    }
    return cash;
  };
  runYear();
  let yearMs = Infinity;
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    runYear();
    yearMs = Math.min(yearMs, performance.now() - t0);
  }
  const oursUs = problems.map(() => Infinity);
  const highsUs = problems.map(() => Infinity);
  for (const p of problems.slice(0, 5)) await highsHorizon(oracleAsset(asset), horizonProblem(asset, p.prices, asset.startSocMwh));
  // Two passes over the year, each day keeping its best on each side: a slow spell of the shared
  // machine (which in one pass hit the first days timed, on both sides) is not a day's figure.
  for (let pass = 0; pass < 2; pass++) {
    for (const [i, p] of problems.entries()) {
      const problem = horizonProblem(asset, p.prices, asset.startSocMwh);
      let ours = 0;
      for (let batch = 0; batch < 5; batch++) {
        const t0 = performance.now();
        for (let k = 0; k < 20; k++) ours = solveHorizon(asset, problem).objectiveUah;
        oursUs[i] = Math.min(oursUs[i] as number, ((performance.now() - t0) / 20) * 1000);
      }
      for (let k = 0; k < 3; k++) {
        const t1 = performance.now();
        const oracle = await highsHorizon(oracleAsset(asset), problem);
        highsUs[i] = Math.min(highsUs[i] as number, (performance.now() - t1) * 1000);
        if (oracle === null || !close(ours, oracle)) throw new Error(`${p.date}: ours ${ours} highs ${oracle}`);
      }
    }
  }
  const ratios = highsUs.map((h, i) => h / (oursUs[i] as number));
  console.log(`battery, no lots, rolling 48-hour plans (${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version})`);
  console.log(`  a year (${problems.length} plans): ${yearMs.toFixed(1)} ms`);
  console.log(`  per day: ours min ${Math.min(...oursUs).toFixed(1)} µs, median ${median(oursUs).toFixed(1)} µs, max ${Math.max(...oursUs).toFixed(1)} µs; HiGHS LP min ${Math.min(...highsUs).toFixed(0)} µs, median ${median(highsUs).toFixed(0)} µs`);
  console.log(`  ratio median ${median(ratios).toFixed(0)}×, smallest ${Math.min(...ratios).toFixed(0)}× (days under 100×: ${ratios.filter((r) => r < 100).length})`);
  const slowest = ratios.map((ratio, i) => ({ ratio, i })).sort((a, b) => a.ratio - b.ratio).slice(0, 3);
  for (const { ratio, i } of slowest) console.log(`  ${problems[i]?.date}: ours ${(oursUs[i] as number).toFixed(1)} µs, HiGHS ${(highsUs[i] as number).toFixed(0)} µs, ${ratio.toFixed(0)}×`);

  if (process.env.BESS_BENCH_LOTS === '0') return;
  const lotAsset = bessAsset({ ...settings, lotMwh: 0.1 });
  const rows: string[] = [];
  const lotRatios: number[] = [];
  let slower = 0;
  for (let i = 0; i < all.length; i += 60) {
    const d = all[i];
    if (!d) continue;
    const problem = horizonProblem(lotAsset, d.prices, lotAsset.startSocMwh);
    solveHorizon(lotAsset, problem);
    let ours = 0;
    let ms = Infinity;
    for (let k = 0; k < 5; k++) {
      const t0 = performance.now();
      ours = solveHorizon(lotAsset, problem).objectiveUah;
      ms = Math.min(ms, performance.now() - t0);
    }
    const t1 = performance.now();
    const oracle = await highsHorizon(oracleAsset(lotAsset), problem, { seconds: 30 });
    const hMs = performance.now() - t1;
    const finished = oracle !== null && !Number.isNaN(oracle);
    if (finished && !close(ours, oracle)) throw new Error(`${d.date} lots: ours ${ours} highs ${oracle}`);
    if (hMs < ms) slower++;
    lotRatios.push(hMs / ms);
    rows.push(`  ${d.date}  ours ${ms.toFixed(2)} ms (best of 5)  HiGHS MIP ${hMs.toFixed(0)} ms${finished ? '' : ' (time limit)'}  ${(hMs / ms).toFixed(0)}×`);
  }
  console.log(`battery, lots of 0.1 MWh, one day, every 60th shipped day (${lotRatios.length} days)`);
  console.log(rows.join('\n'));
  console.log(`  ratio median ${median(lotRatios).toFixed(0)}×, smallest ${Math.min(...lotRatios).toFixed(1)}×, days HiGHS was faster: ${slower}`);
}

void main();
