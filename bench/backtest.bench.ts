/**
 * Backtest throughput: 3,650 days (the real 2022-2024 DAM days, repeated with years shifted by
 * multiples of four so leap days stay real) through runBacktest, both engines, in process.
 *
 *   npx tsx bench/backtest.bench.ts [runs]
 *
 * Beside it, in the same run: the floor (the two engines alone over prices already converted to
 * number[], no backtest bookkeeping) and each engine alone, so the ratio shows what runBacktest
 * adds on top of the engines. Target: median < 100 ms for 3,650 days.
 */
import { runBacktest } from '../src/engines/backtest.js';
import { planBess } from '../src/engines/bess.js';
import { planSpread } from '../src/engines/strategy.js';
import { hourlyPrices, type PriceBook } from '../src/domain/prices.js';
import { DEFAULT_BESS_SETTINGS, DEFAULT_TRADING_SETTINGS, type BessSettings, type TradingSettings } from '../src/domain/settings.js';
import { realBook } from '../test/engines/backtest-fixture.js';

const DAYS = 3650;
const TARGET_MS = 100;
const runs = Number(process.argv[2] ?? 21);

function tenYearBook(): PriceBook {
  const real = realBook().book;
  const dates = Object.keys(real);
  const out: PriceBook = {};
  for (let i = 0; i < DAYS; i += 1) {
    const src = dates[i % dates.length] as string;
    const shift = 4 * Math.floor(i / dates.length);
    out[`${src.slice(0, 6)}${Number(src.slice(6)) + shift}`] = real[src] ?? [];
  }
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

function time(fn: () => void): { median: number; min: number; p90: number } {
  for (let i = 0; i < 3; i += 1) fn(); // warm-up: JIT and scratch buffers
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  const s = [...samples].sort((a, b) => a - b);
  return { median: median(samples), min: s[0] as number, p90: s[Math.min(s.length - 1, Math.floor(0.9 * s.length))] as number };
}

const book = tenYearBook();
const arrays = Object.values(book).map((d) => hourlyPrices(d));
if (arrays.length !== DAYS) throw new Error(`expected ${DAYS} days, built ${arrays.length}`);

const scenarios: { name: string; strategy: TradingSettings; bess: BessSettings }[] = [
  { name: 'defaults (24 trades, 1 cycle)', strategy: DEFAULT_TRADING_SETTINGS, bess: DEFAULT_BESS_SETTINGS },
  {
    name: 'desk (4 trades, fee; 2 MW/4 MWh, 2 cycles)',
    strategy: { volumeMwh: 2.5, minSpreadUah: 150, maxTradesPerDay: 4, feeUahPerMwh: 12.5 },
    bess: { capacityMwh: 4, powerMw: 2, roundTripEfficiency: 0.87, maxCyclesPerDay: 2, degradationCostUahMwh: 90 },
  },
];

const rows: string[][] = [];
let sink = 0;
// What a one-shot CLI run pays: the very first call in this process, JIT compilation included.
const firstScenario = scenarios[0];
if (firstScenario === undefined) throw new Error('no scenario');
const t0 = performance.now();
sink += runBacktest(book, firstScenario.strategy, firstScenario.bess).combinedNetPnlUah;
const firstCall = performance.now() - t0;
rows.push([firstScenario.name, 'runBacktest, first call (cold)', firstCall.toFixed(1), '', '', '1 sample', firstCall < TARGET_MS ? 'yes' : 'NO']);
for (const sc of scenarios) {
  const backtest = time(() => {
    sink += runBacktest(book, sc.strategy, sc.bess).combinedNetPnlUah;
  });
  const floor = time(() => {
    for (const p of arrays) sink += planSpread(p, sc.strategy).netPnlUah + planBess(p, sc.bess).netProfitUah;
  });
  const spread = time(() => {
    for (const p of arrays) sink += planSpread(p, sc.strategy).netPnlUah;
  });
  const bess = time(() => {
    for (const p of arrays) sink += planBess(p, sc.bess).netProfitUah;
  });
  const fmt = (x: number) => x.toFixed(1);
  rows.push([sc.name, 'runBacktest', fmt(backtest.median), fmt(backtest.min), fmt(backtest.p90), `${((backtest.median / floor.median)).toFixed(2)}x floor`, backtest.median < TARGET_MS ? 'yes' : 'NO']);
  rows.push(['', 'floor: both engines', fmt(floor.median), fmt(floor.min), fmt(floor.p90), '1.00x', '']);
  rows.push(['', '  planSpread only', fmt(spread.median), fmt(spread.min), fmt(spread.p90), `${(spread.median / floor.median).toFixed(2)}x floor`, '']);
  rows.push(['', '  planBess only', fmt(bess.median), fmt(bess.min), fmt(bess.p90), `${(bess.median / floor.median).toFixed(2)}x floor`, '']);
}

const head = ['settings', 'what (3,650 days)', 'median ms', 'min ms', 'p90 ms', 'ratio', `< ${TARGET_MS} ms`];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => cells.map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ');
console.log(`Backtest, ${DAYS} days, ${runs} timed runs after 3 warm-ups, node ${process.version}, ${process.arch}`);
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of rows) console.log(line(r));
if (!Number.isFinite(sink)) console.log('unreachable', sink);
