/** One look for every table: a header rule, no rule between rows, right-aligned numbers. */
import Table from 'cli-table3';
import type { ChalkInstance } from 'chalk';

const COMPACT = {
  top: '─', 'top-mid': '┬', 'top-left': '┌', 'top-right': '┐',
  bottom: '─', 'bottom-mid': '┴', 'bottom-left': '└', 'bottom-right': '┘',
  left: '│', 'left-mid': '', mid: '', 'mid-mid': '', right: '│', 'right-mid': '', middle: '│',
};

export interface TableOptions {
  /** Column indexes to align right (numbers). */
  right?: number[];
  colWidths?: number[];
  wordWrap?: boolean;
}

export function makeTable(head: string[], c: ChalkInstance, options: TableOptions = {}): Table.Table {
  const colAligns = head.map((_, i) => (options.right?.includes(i) ? 'right' : 'left')) as ('left' | 'right')[];
  return new Table({
    head: head.map((h) => c.bold(h)),
    chars: COMPACT,
    colAligns,
    style: { head: [], border: [], 'padding-left': 1, 'padding-right': 1 },
    ...(options.colWidths ? { colWidths: options.colWidths } : {}),
    ...(options.wordWrap ? { wordWrap: true } : {}),
  });
}

/** Two-column key/value table for summaries. */
export function keyValueTable(rows: [string, string][], c: ChalkInstance): string {
  const t = new Table({ chars: COMPACT, colAligns: ['left', 'right'], style: { head: [], border: [], 'padding-left': 1, 'padding-right': 1 } });
  for (const [k, v] of rows) t.push([c.dim(k), v]);
  return t.toString();
}
