/**
 * `--sweep name=v1,v2,...`: every combination of the listed settings values, each a full backtest.
 * Large sweeps are spread over worker threads; results equal separate runs because each worker
 * runs the very same pure engine on the very same book.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { SvcError } from '../domain/errors.js';
import type { PriceBook } from '../domain/prices.js';
import type { TradingSettings, BessSettings } from '../domain/settings.js';

const TRADING_KEYS = ['volumeMwh', 'minSpreadUah', 'maxTradesPerDay', 'feeUahPerMwh'] as const;
const BESS_KEYS = ['capacityMwh', 'powerMw', 'roundTripEfficiency', 'maxCyclesPerDay', 'degradationCostUahMwh'] as const;

export interface SweepAxis {
  name: string;
  group: 'strategySettings' | 'bessSettings';
  values: number[];
}

export interface SweepCombo {
  params: Record<string, number>;
  strategySettings: TradingSettings;
  bessSettings: BessSettings;
}

export interface SweepRow {
  params: Record<string, number>;
  totalDays: number;
  strategyNetPnlUah: number;
  bessNetProfitUah: number;
  combinedNetPnlUah: number;
  hitRate: number;
  totalTrades: number;
  totalBessCycles: number;
}

export function parseSweep(specs: string[]): SweepAxis[] {
  const axes: SweepAxis[] = [];
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    const name = eq > 0 ? spec.slice(0, eq).trim() : '';
    const group = (TRADING_KEYS as readonly string[]).includes(name) ? 'strategySettings' : (BESS_KEYS as readonly string[]).includes(name) ? 'bessSettings' : undefined;
    if (!group) {
      throw SvcError.validation(`--sweep "${spec}": expected name=v1,v2,... with a settings field name (${[...TRADING_KEYS, ...BESS_KEYS].join(', ')})`, [{ path: '--sweep', message: 'unknown settings field' }]);
    }
    if (axes.some((a) => a.name === name)) throw SvcError.validation(`--sweep: ${name} given twice`, [{ path: '--sweep', message: 'duplicate field' }]);
    const raw = spec.slice(eq + 1).split(',').map((v) => v.trim());
    const values = raw.map(Number);
    if (raw.length === 0 || raw.some((v) => v === '') || values.some((v) => !Number.isFinite(v))) {
      throw SvcError.validation(`--sweep ${name}: values must be numbers separated by commas, got "${spec.slice(eq + 1)}"`, [{ path: '--sweep', message: 'non-numeric value' }]);
    }
    axes.push({ name, group, values });
  }
  return axes;
}

export function combinations(axes: SweepAxis[], strategy: TradingSettings, bess: BessSettings): SweepCombo[] {
  let combos: SweepCombo[] = [{ params: {}, strategySettings: strategy, bessSettings: bess }];
  for (const axis of axes) {
    const next: SweepCombo[] = [];
    for (const combo of combos) {
      for (const value of axis.values) {
        next.push({
          params: { ...combo.params, [axis.name]: value },
          strategySettings: axis.group === 'strategySettings' ? { ...combo.strategySettings, [axis.name]: value } : combo.strategySettings,
          bessSettings: axis.group === 'bessSettings' ? { ...combo.bessSettings, [axis.name]: value } : combo.bessSettings,
        });
      }
    }
    combos = next;
  }
  return combos;
}

/** Runs every combination; uses worker threads when the work is large enough to pay for them. */
export async function runSweep(book: PriceBook, combos: SweepCombo[], onProgress?: (done: number, total: number) => void): Promise<SweepRow[]> {
  const days = Object.keys(book).length;
  const workers = Math.min(availableParallelism(), combos.length);
  let rows: SweepRow[];
  if (workers <= 1 || combos.length * days < 4_000) {
    const { runCombo } = await import('./sweep-run.js');
    rows = [];
    for (const combo of combos) {
      rows.push(runCombo(book, combo));
      onProgress?.(rows.length, combos.length);
    }
  } else {
    rows = await runInWorkers(book, combos, workers, onProgress);
  }
  return rows.sort((a, b) => b.combinedNetPnlUah - a.combinedNetPnlUah);
}

async function runInWorkers(book: PriceBook, combos: SweepCombo[], count: number, onProgress?: (done: number, total: number) => void): Promise<SweepRow[]> {
  const results = new Array<SweepRow | undefined>(combos.length);
  let done = 0;
  let nextIndex = 0;
  const url = new URL('./sweep-worker.js', import.meta.url);
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
          onProgress?.(done, combos.length);
          feed();
        });
        worker.on('error', reject);
        feed();
      }),
    ),
  );
  return results.map((r, i) => {
    if (!r) throw new SvcError(500, 'internal_error', `sweep combination ${i} produced no result`);
    return r;
  });
}
