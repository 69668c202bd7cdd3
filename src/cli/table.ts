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
const HIGH_SURROGATE = /[\ud800-\udbff]/;

/** Printed width: ANSI colour codes take no room; every code point here is one cell wide. */
export function visibleWidth(text: string): number {
  const plain = text.includes('\u001b') ? text.replace(ANSI, '') : text;
  if (!HIGH_SURROGATE.test(plain)) return plain.length;
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

/** Runs of spaces, made once per length (a 1,090-row table pads 7,600 cells). */
const SPACES: string[] = [];
const spaces = (k: number): string => (SPACES[k] ??= ' '.repeat(k));

export function makeTable(head: string[], c: ChalkInstance, options: TableOptions = {}): TextTable {
  const rows: string[][] = [];
  return {
    push(...more) {
      for (const r of more) rows.push(r.map(String));
    },
    toString() {
      return layout(head, rows, c, options);
    },
  };
}

/**
 * The table's text. Cold, this runs once over every cell of a long table (1,090 rows × 6 columns
 * for `svc prices stats`), so it is written as plain loops over one flat array of cells: the
 * per-cell closures, array spreads and regex tests it had kept V8's optimising compiler busy
 * compiling code that arrived when the table was nearly done (docs/benchmarks.md, 2026-12-06).
 */
function layout(head: string[], rows: readonly string[][], c: ChalkInstance, options: TableOptions): string {
  const n = head.length;
  const count = rows.length + 1;
  const limits = options.maxWidths;
  const right: boolean[] = new Array<boolean>(n);
  for (let i = 0; i < n; i++) right[i] = options.right?.includes(i) === true;
  const row = (k: number): string[] => (k === 0 ? head : (rows[k - 1] as string[]));
  // A row of one cell per column, none of them wrapping (every row when no column has a maximum
  // width), is laid out straight from its cells; any other row from its wrapped lines.
  const wrapped: (string[][] | undefined)[] = new Array<string[][] | undefined>(count);
  for (let k = 0; k < count; k++) {
    const r = row(k);
    wrapped[k] = n === 0 || r.length !== n || (limits && r.some((cell, i) => limits[i] !== undefined && visibleWidth(cell) > (limits[i] as number))) ? r.map((cell, i) => wrap(cell, limits?.[i])) : undefined;
  }
  // Every cell's width measured once; a row whose text has no colour code and no surrogate pair
  // (every row of most tables) is measured by its cells' lengths.
  const widths: number[] = new Array<number>(n).fill(0);
  const cellWidths: number[] = new Array<number>(count * n);
  for (let k = 0; k < count; k++) {
    const r = row(k);
    const lines = wrapped[k];
    if (lines) {
      for (let i = 0; i < n; i++) for (const text of lines[i] ?? []) widths[i] = Math.max(widths[i] as number, visibleWidth(text));
      continue;
    }
    const joined = r.join('');
    const plain = !joined.includes('\u001b') && !HIGH_SURROGATE.test(joined);
    for (let i = 0; i < n; i++) {
      const w = plain ? (r[i] as string).length : visibleWidth(r[i] as string);
      cellWidths[k * n + i] = w;
      if (w > (widths[i] as number)) widths[i] = w;
    }
  }
  const cell = (text: string, pad: number, i: number, bold: boolean): string => {
    const shown = bold && text ? c.bold(text) : text;
    return right[i] ? spaces(pad) + shown : shown + spaces(pad);
  };
  const out: string[] = [];
  const rule = (l: string, m: string, r: string) => {
    let text = l;
    for (let i = 0; i < n; i++) text += (i > 0 ? m : '') + '─'.repeat((widths[i] as number) + 2);
    out.push(text + r);
  };
  rule('┌', '┬', '┐');
  for (let k = 0; k < count; k++) {
    const r = row(k);
    const lines = wrapped[k];
    const bold = k === 0;
    if (!lines) {
      let text = '│ ';
      for (let i = 0; i < n; i++) {
        const t = r[i] as string;
        const pad = (widths[i] as number) - (cellWidths[k * n + i] as number);
        text += (i > 0 ? ' │ ' : '') + (bold ? cell(t, pad, i, true) : right[i] ? spaces(pad) + t : t + spaces(pad));
      }
      out.push(`${text} │`);
    } else {
      const height = Math.max(...lines.map((l) => l.length));
      const texts: string[] = [];
      for (let h = 0; h < height; h++) {
        const parts = widths.map((w, i) => {
          const text = lines[i]?.[h] ?? '';
          return cell(text, Math.max(0, w - visibleWidth(text)), i, bold);
        });
        texts.push(`│ ${parts.join(' │ ')} │`);
      }
      out.push(texts.join('\n'));
    }
    if (k === 0) rule('├', '┼', '┤');
  }
  rule('└', '┴', '┘');
  return out.join('\n');
}

/** Two-column key/value table for summaries. */
export function keyValueTable(rows: [string, string][], c: ChalkInstance): string {
  const widths = [Math.max(...rows.map(([k]) => visibleWidth(k))), Math.max(...rows.map(([, v]) => visibleWidth(v)))];
  const [kw = 0, vw = 0] = widths;
  const body = rows.map(([k, v]) => `│ ${c.dim(k)}${' '.repeat(kw - visibleWidth(k))} │ ${v}${' '.repeat(vw - visibleWidth(v))} │`);
  return [`┌${'─'.repeat(kw + 2)}┬${'─'.repeat(vw + 2)}┐`, ...body, `└${'─'.repeat(kw + 2)}┴${'─'.repeat(vw + 2)}┘`].join('\n');
}
