/**
 * backtest.sweep (CLI `svc backtest --sweep`, backtest-sweep-view.ts; no HTTP route, the spec has none): every combination
 * of the listed settings values, each a full backtest reduced to a row, best combined PnL first,
 * with the calendar days missing inside the range. Large sweeps are spread over worker threads.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { SvcError } from '../../domain/errors.js';
import type { PriceBook } from '../../domain/prices.js';
import type { BoundedKey } from '../../domain/bounds.js';
import { BessSettings, TradingSettings } from '../../domain/settings.js';
import { SETTINGS_FIELDS } from '../../domain/settings-fields.js';
import { combinations, runCombo, type SweepCombo, type SweepRow } from '../../engines/backtest-sweep.js';
import { gapReport } from '../../engines/gaps.js';
import { BacktestAnalytics, BacktestRequest } from './backtest.js';
import { defineOperation } from '../types.js';
import { backtestSweepCli } from './backtest-sweep-view.js';

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
export const BacktestSweepResponse = z.strictObject({ combinations: z.array(SweepRowSchema), gaps: BacktestAnalytics.shape.gaps });

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
    const rows = await runSweep(input.priceBook, combos, (done, total) => ctx.progress?.(done, total, 'sweep'));
    return { combinations: rows, gaps: gapReport(Object.keys(input.priceBook), input.range ?? {}) };
  },
});

/** Runs every combination; uses worker threads when the work is large enough to pay for them. */
async function runSweep(book: PriceBook, combos: SweepCombo[], onProgress: (done: number, total: number) => void): Promise<SweepRow[]> {
  const days = Object.keys(book).length;
  const workers = Math.min(availableParallelism(), combos.length);
  let rows: SweepRow[];
  if (workers <= 1 || combos.length * days < 4_000) {
    rows = [];
    for (const combo of combos) {
      rows.push(runCombo(book, combo));
      onProgress(rows.length, combos.length);
    }
  } else {
    rows = await runInWorkers(book, combos, workers, onProgress);
  }
  return rows.sort((a, b) => b.combinedNetPnlUah - a.combinedNetPnlUah);
}

async function runInWorkers(book: PriceBook, combos: SweepCombo[], count: number, onProgress: (done: number, total: number) => void): Promise<SweepRow[]> {
  const results = new Array<SweepRow | undefined>(combos.length);
  let done = 0;
  let nextIndex = 0;
  const url = new URL('./backtest-sweep-worker.js', import.meta.url);
  await Promise.all(
    Array.from({ length: count }, () =>
      new Promise<void>((resolve, reject) => {
        const worker = new Worker(url, { workerData: { book } });
        const feed = () => {
          if (nextIndex >= combos.length) {
            void worker.terminate().then(() => resolve());
            return;
          }
          const index = nextIndex++;
          worker.postMessage({ index, combo: combos[index] });
        };
        worker.on('message', (msg: { index: number; row: SweepRow }) => {
          results[msg.index] = msg.row;
          done++;
          onProgress(done, combos.length);
          feed();
        });
        worker.on('error', reject);
        feed();
      }),
    ),
  );
  return results.map((r, i) => {
    if (!r) throw new SvcError('internal_error', `sweep combination ${i} produced no result`);
    return r;
  });
}
