/**
 * backtest.sweep on the shared pool (src/ops/pool.ts) gives the inline rows bit for bit, whatever
 * the number of threads and the order the chunks finish in. The pool runs the built worker, so
 * these tests use the built module (dist/, `npm run build` as for the CLI tests); from the
 * TypeScript sources the sweep runs inline (no loader looked up at run time).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { realBook } from '../engines/backtest-fixture.js';
import { combinations } from '../../src/engines/backtest-sweep.js';
import { BessSettings, TradingSettings } from '../../src/domain/settings.js';
import * as sweepFromSources from '../../src/ops/strategy/backtest-sweep.js';
import * as poolFromSources from '../../src/ops/pool.js';

const BUILT = new URL('../../dist/ops/strategy/backtest-sweep.js', import.meta.url);
const WORKER = new URL('../../dist/ops/strategy/backtest-sweep-worker.js', import.meta.url);
if (!existsSync(fileURLToPath(BUILT))) throw new Error('run `npm run build` first: the pool runs the built worker');
const { runSweep } = (await import(BUILT.href)) as typeof sweepFromSources;
const { poolTasksInFlight } = (await import(new URL('../../dist/ops/pool.js', import.meta.url).href)) as typeof poolFromSources;

const strategySettings = TradingSettings.parse({ volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 24 });
const bessSettings = BessSettings.parse({ capacityMwh: 1, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1 });
// The battery alone with a trading setting swept: rows tie by twos, so the order among equals shows too.
const combos = combinations(
  [
    { name: 'capacityMwh', values: [1, 2, 4] },
    { name: 'volumeMwh', values: [1, 2] },
  ],
  strategySettings,
  bessSettings,
  'bess',
);

/** The rows and progress of one sweep, with the most pool tasks of the sweep seen in flight while it ran. */
async function sweep(threads: number, signal?: AbortSignal, onProgress?: (done: number) => void) {
  const progress: [number, number][] = [];
  let maxInFlight = 0;
  const timer = setInterval(() => (maxInFlight = Math.max(maxInFlight, poolTasksInFlight(WORKER))), 2);
  try {
    const rows = await runSweep(
      realBook().book,
      combos,
      (done, total) => {
        progress.push([done, total]);
        onProgress?.(done);
      },
      { threads, signal },
    );
    return { rows, progress, maxInFlight };
  } finally {
    clearInterval(timer);
  }
}

const bits = (x: unknown): string => Buffer.from(serialize(x)).toString('hex');

describe('backtest.sweep on the pool', () => {
  it('gives the inline rows bit for bit on 2 and 3 threads, reporting progress after each combination', async () => {
    expect(combos.length * Object.keys(realBook().book).length).toBeGreaterThanOrEqual(4_000);
    const inline = await sweep(1);
    expect(inline.maxInFlight).toBe(0);
    expect(inline.rows).toHaveLength(combos.length);
    for (let i = 1; i < inline.rows.length; i++) expect(inline.rows[i - 1]!.combinedNetPnlUah).toBeGreaterThanOrEqual(inline.rows[i]!.combinedNetPnlUah);
    // Ties (volumeMwh does not touch the battery) keep the combinations' order.
    expect(inline.rows.map((r) => r.params)).toEqual([4, 2, 1].flatMap((capacityMwh) => [1, 2].map((volumeMwh) => ({ capacityMwh, volumeMwh }))));
    for (const threads of [2, 3]) {
      const pooled = await sweep(threads);
      expect(pooled.maxInFlight).toBeGreaterThan(0);
      expect(bits(pooled.rows)).toBe(bits(inline.rows));
      // Progress after every combination, as inline.
      expect(pooled.progress).toEqual(inline.progress);
      expect(pooled.progress).toEqual(combos.map((_, i) => [i + 1, combos.length]));
    }
  }, 120_000);

  it('stops when its signal aborts, rejecting with the reason and leaving no task of it on the pool', async () => {
    const ac = new AbortController();
    const reason = new Error('caller gone');
    const run = sweep(2, ac.signal, () => ac.abort(reason));
    await expect(run).rejects.toBe(reason);
    expect(poolTasksInFlight(WORKER)).toBe(0);
  }, 120_000);
});
