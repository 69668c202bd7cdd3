/**
 * BookBinding shape `days`: the price book's days (their rows) inside the range, read as a whole
 * and then sliced (every day of the file checked; a range with no day is bad input), and, with
 * `history`, the days before the range for another input field (a forecast's history).
 */
import { daysBefore } from '../domain/dates.js';
import type { BookBinding } from '../ops/types.js';
import type { CliEnv } from './cli-env.js';
import { getField } from './input-path.js';
import { loadBook, sliceBook, type LoadedBook } from './book.js';

type Input = Record<string, unknown>;

export async function daysBook(env: CliEnv, binding: BookBinding, file: string, opts: Record<string, unknown>, input: Input): Promise<LoadedBook> {
  const [fromField, toField] = binding.range ?? [];
  const from = fromField ? (getField(input, fromField) as string | undefined) : undefined;
  const to = toField ? (getField(input, toField) as string | undefined) : undefined;
  const full = await loadBook(env, file, opts, { from, to });
  const loaded = sliceBook(env, full, from, to);
  input[binding.into] = loaded.book;
  const h = binding.history;
  if (h && (!h.when || getField(input, h.when.field) === h.when.value)) input[h.into] = loaded.dates[0] ? daysBefore(full.book, loaded.dates[0], h.days) : {};
  return loaded;
}

