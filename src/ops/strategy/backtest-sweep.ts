/**
 * backtest.sweep (CLI `svc backtest --sweep`, backtest-sweep-view.ts; no HTTP route, the spec has none): every combination
 * of the listed settings values, each a full backtest reduced to a row, best combined PnL first,
 * with the calendar days missing inside the range. Large sweeps are spread over the shared pool
 * (src/ops/pool.ts, runSweep below).
 */
import { randomUUID } from 'node:crypto';
import { serialize } from 'node:v8';
import { z } from 'zod';
import { SvcError } from '../../domain/errors.js';
import type { PriceBook } from '../../domain/prices.js';
import type { BoundedKey } from '../../domain/bounds.js';
import { BessSettings, TradingSettings } from '../../domain/settings.js';
import { SETTINGS_FIELDS } from '../../domain/settings-fields.js';
import { combinations, runCombo, type SweepCombo, type SweepRow } from '../../engines/backtest-sweep.js';
import { gapReport } from '../../engines/gaps.js';
import { BacktestAnalytics, BacktestRequest, BacktestSettingsInForce } from './backtest.js';
import { defineOperation } from '../types.js';
import { inLanes, poolFor, poolThreads, type PoolRunner } from '../pool.js';
import { backtestSweepCli } from './backtest-sweep-view.js';
import { settingsInForce } from './backtest-views.js';

// A sweep runs the plans on the actual prices only: planOn/history are not accepted (never silently ignored).
export const BacktestSweepRequest = BacktestRequest.omit({ monthly: true, planOn: true, history: true }).extend({
  sweep: z
    .array(z.strictObject({ name: z.enum(SETTINGS_FIELDS.map((f) => f.key) as [BoundedKey, ...BoundedKey[]]), values: z.array(z.number()).min(1) }))
    .min(1)
    .describe('The settings to vary: every combination of the listed values is run.'),
});

/** One combination's settings, checked as the backtest checks them (paths `strategySettings.…`, `bessSettings.…`). */
const ComboSettings = z.strictObject({ strategySettings: TradingSettings, bessSettings: BessSettings });

const SweepRowSchema = z.strictObject({
  params: z.record(z.string(), z.number()),
  totalDays: z.number().int(),
  strategyNetPnlUah: z.number(),
  bessNetProfitUah: z.number(),
  combinedNetPnlUah: z.number(),
  hitRate: z.number(),
  totalTrades: z.number().int(),
  totalBessCycles: z.number(),
});
/** `settings`: as backtest.summary's, the settings in force with their defaults (a swept field holds the value given before the sweep, or its default). */
export const BacktestSweepResponse = z.strictObject({ settings: BacktestSettingsInForce, combinations: z.array(SweepRowSchema), gaps: BacktestAnalytics.shape.gaps });

export const backtestSweep = defineOperation({
  id: 'backtest.sweep',
  summary: 'Backtests over every combination of the listed settings values',
  description: 'A historical run, not a forecast: one row per combination, sorted by combinedNetPnlUah (best first), and the calendar days missing inside `range`.',
  tags: ['decision'],
  access: 'key',
  permission: 'decision.plan',
  input: BacktestSweepRequest,
  output: BacktestSweepResponse,
  cli: backtestSweepCli,
  async run(ctx, input) {
    const names = input.sweep.map((a) => a.name);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice) throw SvcError.validation(`sweep: ${twice} given twice`, [{ path: 'sweep', message: 'duplicate field' }]);
    const combos = combinations(input.sweep, input.strategySettings, input.bessSettings, input.strategy ?? 'both');
    for (const combo of combos) {
      const bad = ComboSettings.safeParse({ strategySettings: combo.strategySettings, bessSettings: combo.bessSettings }).error;
      if (bad) throw SvcError.validation(`sweep ${JSON.stringify(combo.params)}: ${SvcError.fromZod(bad).message}`, [{ path: 'sweep', message: 'value out of range' }]);
    }
    const rows = await runSweep(input.priceBook, combos, (done, total) => ctx.progress?.(done, total, 'sweep'), { signal: ctx.signal });
    return { settings: settingsInForce(input), combinations: rows, gaps: gapReport(Object.keys(input.priceBook), input.range ?? {}) };
  },
});

/**
 * A sweep's book as its pool tasks carry it: serialized once into shared memory, so a task costs a
 * combination, not a copy of the book (≈ 0.9 MB and 10-40 ms to clone for the shipped 3 years), and
 * each thread deserializes it once per sweep (`id`). The same V8 serializer as a message's, so the
 * thread's book is the caller's value for value.
 */
export interface SharedBook {
  id: string;
  bytes: Uint8Array;
}

/** One combination of a sweep, as the pool's worker (backtest-sweep-worker.ts) receives it. */
export interface SweepTask {
  book: SharedBook;
  combo: SweepCombo;
}

/** The pool's worker of this operation (built only: from the TypeScript sources the sweep runs inline). */
const WORKER = new URL('./backtest-sweep-worker.js', import.meta.url);

/** Below this many backtested days (combinations × days of the book) the pool costs more than it saves. */
const MIN_POOL_WORK = 4_000;

export interface SweepRunOptions {
  /** Pool threads to use at most (default: the pool's, one per core); 1 runs inline. */
  threads?: number;
  /** Stops the sweep: no further combination starts, the pool's tasks of the sweep are aborted. */
  signal?: AbortSignal | undefined;
}

/**
 * Every combination's row, best combined PnL first, with progress after each combination. A large
 * sweep is spread over the shared pool (src/ops/pool.ts), one combination per task, at most
 * `threads` in flight; the rows are kept by the combination's index and sorted stably, so they do
 * not depend on the threads or the order the tasks finish in (test/ops/backtest-sweep-pool.test.ts).
 * A pool that cannot run a task costs the speed-up, not the sweep: the combinations left run inline.
 */
export async function runSweep(book: PriceBook, combos: SweepCombo[], onProgress: (done: number, total: number) => void, o: SweepRunOptions = {}): Promise<SweepRow[]> {
  const { signal } = o;
  signal?.throwIfAborted();
  const days = Object.keys(book).length;
  const n = Math.min(o.threads ?? poolThreads(), combos.length);
  const results = new Array<SweepRow | undefined>(combos.length);
  let done = 0;
  const p = n >= 2 && combos.length * days >= MIN_POOL_WORK ? await poolFor(WORKER) : null;
  if (p) {
    try {
      await inPool(p, book, combos, n, results, () => onProgress(++done, combos.length), signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
    }
  }
  // Inline: a small sweep, the TypeScript sources, or what a failed pool left.
  for (let i = 0; i < combos.length; i++) {
    if (results[i]) continue;
    signal?.throwIfAborted();
    results[i] = runCombo(book, combos[i] as SweepCombo);
    onProgress(++done, combos.length);
  }
  return (results as SweepRow[]).sort((a, b) => b.combinedNetPnlUah - a.combinedNetPnlUah);
}

function sharedBook(book: PriceBook): SharedBook {
  const bytes = serialize(book);
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  return { id: randomUUID(), bytes: shared };
}

/** The combinations on the pool, at most `n` in flight (inLanes: after a failure none starts, and it rejects once the running ones settle). */
async function inPool(p: PoolRunner, book: PriceBook, combos: SweepCombo[], n: number, results: (SweepRow | undefined)[], progress: () => void, signal?: AbortSignal): Promise<void> {
  const shared = sharedBook(book);
  await inLanes(n, combos.length, async (i) => {
    results[i] = await p<SweepRow>('combo', { book: shared, combo: combos[i] as SweepCombo } satisfies SweepTask, { signal });
    progress();
  }, signal);
}
