/**
 * One look for every table: box borders, a rule under the header, none between rows, numbers
 * right-aligned, optional word wrap. Written here rather than taken from cli-table3 because that
 * library spent 400–650 ms laying out the 1,090 rows of `svc prices stats` (docs/benchmarks.md);
 * this renderer does it in a few milliseconds.
 */
import type { ChalkInstance } from 'chalk';

export interface TableOptions {
  /** Column indexes to align right (numbers). */
  right?: number[];
  /** Maximum content width per column; longer cells wrap at spaces. */
  maxWidths?: (number | undefined)[];
}

export interface TextTable {
  push(...rows: (string | number)[][]): void;
  toString(): string;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** Printed width: ANSI colour codes take no room; every code point here is one cell wide. */
export function visibleWidth(text: string): number {
  const plain = text.includes('\u001b') ? text.replace(ANSI, '') : text;
  // Code points without iterating the string: a surrogate pair is two UTF-16 units, one cell.
  let n = plain.length;
  for (let i = 0; i < plain.length; i++) {
    const unit = plain.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) n--;
  }
  return n;
}

function wrap(text: string, width: number | undefined): string[] {
  if (width === undefined || visibleWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && visibleWidth(line) + 1 + visibleWidth(word) > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function makeTable(head: string[], c: ChalkInstance, options: TableOptions = {}): TextTable {
  const rows: string[][] = [];
  return {
    push(...more) {
      for (const r of more) rows.push(r.map(String));
    },
    toString() {
      const all = [head, ...rows];
      const cells = all.map((r) => r.map((cell, i) => wrap(cell, options.maxWidths?.[i])));
      // Every cell's width measured once (1,090 rows × 6 columns for `svc prices stats`).
      const widths = head.map(() => 0);
      for (const r of cells) {
        for (let i = 0; i < widths.length; i++) for (const text of r[i] ?? []) widths[i] = Math.max(widths[i] ?? 0, visibleWidth(text));
      }
      const rule = (l: string, m: string, r: string) => `${l}${widths.map((w) => '─'.repeat(w + 2)).join(m)}${r}`;
      const line = (row: string[][], bold: boolean) => {
        const height = Math.max(...row.map((cell) => cell.length));
        const out: string[] = [];
        for (let k = 0; k < height; k++) {
          const parts = widths.map((w, i) => {
            const text = row[i]?.[k] ?? '';
            const pad = ' '.repeat(Math.max(0, w - visibleWidth(text)));
            const shown = bold && text ? c.bold(text) : text;
            return options.right?.includes(i) ? pad + shown : shown + pad;
          });
          out.push(`│ ${parts.join(' │ ')} │`);
        }
        return out.join('\n');
      };
      const [headCells, ...bodyCells] = cells;
      return [rule('┌', '┬', '┐'), line(headCells ?? [], true), rule('├', '┼', '┤'), ...bodyCells.map((r) => line(r, false)), rule('└', '┴', '┘')].join('\n');
    },
  };
}

/** Two-column key/value table for summaries. */
export function keyValueTable(rows: [string, string][], c: ChalkInstance): string {
  const widths = [Math.max(...rows.map(([k]) => visibleWidth(k))), Math.max(...rows.map(([, v]) => visibleWidth(v)))];
  const [kw = 0, vw = 0] = widths;
  const body = rows.map(([k, v]) => `│ ${c.dim(k)}${' '.repeat(kw - visibleWidth(k))} │ ${v}${' '.repeat(vw - visibleWidth(v))} │`);
  return [`┌${'─'.repeat(kw + 2)}┬${'─'.repeat(vw + 2)}┐`, ...body, `└${'─'.repeat(kw + 2)}┴${'─'.repeat(vw + 2)}┘`].join('\n');
}
