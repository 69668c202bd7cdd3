/**
 * Engines vs HiGHS, side by side in one run: `npx tsx bench/engines.bench.ts`.
 *
 * Day set: the 365 most recent complete non-DST OREE DAM days plus 365 seeded random days of every
 * shape. Ours: median over days of the mean of REPEAT back-to-back calls (after JIT warm-up).
 * HiGHS: median over days of one build-the-model-text + solve (after warm-up), the same oracles
 * the tests use. Every objective is compared, so the table only prints when both agree.
 */
import os from 'node:os';
import type { BessSettings, TradingSettings } from '../src/domain/settings.js';
import { planBess } from '../src/engines/bess.js';
import { planSpread } from '../src/engines/strategy.js';
import { closeTo, loadHighs, solveBessLp, solveSpreadMip } from '../test/engines/oracle.js';
import { REAL_BESS, REAL_TRADING, SHAPES, mulberry32, randomDay, realDays } from '../test/engines/oracle-data.js';

const REPEAT = 200;
const rng = mulberry32(2025);
const days = [
  ...realDays()
    .slice(-365)
    .map((d) => d.prices),
  ...Array.from({ length: 365 }, (_, k) => randomDay(rng, SHAPES[k % SHAPES.length] ?? 'noise')),
];

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

interface Row {
  name: string;
  oursUs: number;
  highsUs: number;
  ours3650Ms: number;
}

function measure<S>(name: string, settings: S, ours: (p: number[], s: S) => number, oracle: (p: number[], s: S) => number, scale: (p: number[]) => number): Row {
  for (let w = 0; w < 20; w++) for (const p of days) ours(p, settings);
  for (let w = 0; w < 20; w++) oracle(days[w] as number[], settings);
  const oursUs: number[] = [];
  const highsUs: number[] = [];
  let sink = 0;
  for (const p of days) {
    const t0 = process.hrtime.bigint();
    for (let r = 0; r < REPEAT; r++) sink += ours(p, settings);
    oursUs.push(Number(process.hrtime.bigint() - t0) / 1e3 / REPEAT);
    const t1 = process.hrtime.bigint();
    const reference = oracle(p, settings);
    highsUs.push(Number(process.hrtime.bigint() - t1) / 1e3);
    const value = ours(p, settings);
    if (!closeTo(value, reference, scale(p))) throw new Error(`${name}: ours ${value} != HiGHS ${reference} on ${JSON.stringify(p)}`);
  }
  const t2 = process.hrtime.bigint();
  for (let k = 0; k < 3650; k++) sink += ours(days[k % days.length] as number[], settings);
  const ours3650Ms = Number(process.hrtime.bigint() - t2) / 1e6;
  if (Number.isNaN(sink)) throw new Error('unreachable: keeps the calls observable');
  return { name, oursUs: median(oursUs), highsUs: median(highsUs), ours3650Ms };
}

const highs = await loadHighs();
const spreadRow = (s: TradingSettings): Row =>
  measure(
    `planSpread vs HiGHS MIP  K=${s.maxTradesPerDay} fee=${s.feeUahPerMwh} min=${s.minSpreadUah}`,
    s,
    (p, x) => planSpread(p, x).netPnlUah,
    (p, x) => solveSpreadMip(highs, p, x),
    (p) => Math.max(...p) * s.volumeMwh,
  );
const bessRow = (s: BessSettings): Row =>
  measure(
    `planBess vs HiGHS LP  E=${s.capacityMwh} P=${s.powerMw} η=${s.roundTripEfficiency} K=${s.maxCyclesPerDay} deg=${s.degradationCostUahMwh}`,
    s,
    (p, x) => planBess(p, x).netProfitUah,
    (p, x) => solveBessLp(highs, p, x),
    (p) => Math.max(...p) * s.capacityMwh * s.maxCyclesPerDay,
  );
const spreadDefault: TradingSettings = { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 24, feeUahPerMwh: 0 };
const rows = [
  spreadRow(REAL_TRADING[0] as TradingSettings),
  spreadRow(REAL_TRADING[1] as TradingSettings),
  spreadRow(spreadDefault),
  ...REAL_BESS.map(bessRow),
];

const fmt = (x: number, d = 1): string => x.toFixed(d);
console.log(`\nEngines vs HiGHS ${os.cpus()[0]?.model ?? ''} · node ${process.version} · load ${os.loadavg().map((l) => fmt(l, 2)).join(' ')}`);
console.log(`${days.length} days (365 real OREE 2024 + 365 random); ours = median of ${REPEAT}-call means; HiGHS = median of one build+solve\n`);
const header = ['engine / settings', 'ours µs/day', 'HiGHS µs/day', 'HiGHS ÷ ours', 'ours 3,650 days ms'];
const body = rows.map((r) => [r.name, fmt(r.oursUs, 2), fmt(r.highsUs, 0), `${fmt(r.highsUs / r.oursUs, 0)}×`, fmt(r.ours3650Ms, 1)]);
const widths = header.map((h, c) => Math.max(h.length, ...body.map((b) => (b[c] as string).length)));
const line = (cells: string[]): string => `| ${cells.map((x, c) => (c === 0 ? x.padEnd(widths[c] as number) : x.padStart(widths[c] as number))).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w, c) => (c === 0 ? ':' : '') + '-'.repeat(w + 1) + (c === 0 ? '' : ':')).join('|')}|`);
for (const b of body) console.log(line(b));
