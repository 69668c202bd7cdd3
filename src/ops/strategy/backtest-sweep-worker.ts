/**
 * backtest.sweep's task on the shared pool (src/ops/pool.ts, sent by backtest-sweep.ts): one
 * combination on the sweep's book, deserialized from shared memory on the thread's first task of
 * that sweep and kept for the next ones (one book per thread: a new sweep replaces it).
 */
import { deserialize } from 'node:v8';
import type { PriceBook } from '../../domain/prices.js';
import { runCombo, type SweepRow } from '../../engines/backtest-sweep.js';
import type { SweepTask } from './backtest-sweep.js';

let kept: { id: string; book: PriceBook } | undefined;

export function combo({ book, combo }: SweepTask): SweepRow {
  if (kept?.id !== book.id) kept = { id: book.id, book: deserialize(book.bytes) as PriceBook };
  return runCombo(kept.book, combo);
}
