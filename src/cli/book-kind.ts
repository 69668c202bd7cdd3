/**
 * BookBinding.kinds: a file the book argument names, told apart by its first 4 KiB, read by its
 * kind's reader (the op's module) into input fields instead of the price-book reader.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { BookKind } from '../ops/types.js';
import { stepValues } from './steps.js';

function head(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(4096);
    return buf.toString('utf8', 0, readSync(fd, buf, 0, buf.length, 0));
  } finally {
    closeSync(fd);
  }
}

/** True when the file was of one of the kinds and its reader filled `input`. */
export async function readBookKind(kinds: readonly BookKind[], file: string, opts: Record<string, unknown>, input: Record<string, unknown>): Promise<boolean> {
  if (file === '-' || file === 'mktop' || !statSync(file, { throwIfNoEntry: false })?.isFile()) return false;
  const text = head(file);
  const kind = kinds.find((k) => k.test(text));
  if (!kind) return false;
  Object.assign(input, await (await kind.read())(file, stepValues(kind.flags ?? {}, opts), input));
  return true;
}
