/** Worker thread of a sweep (src/ops/strategy/backtest-sweep.ts): receives the book once, then one combination per message. */
import { parentPort, workerData } from 'node:worker_threads';
import type { PriceBook } from '../../domain/prices.js';
import { runCombo, type SweepCombo } from '../../engines/backtest-sweep.js';

const { book } = workerData as { book: PriceBook };
parentPort?.on('message', (msg: { index: number; combo: SweepCombo }) => {
  parentPort?.postMessage({ index: msg.index, row: runCombo(book, msg.combo) });
});
