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
      const all = [head, ...rows];
      const n = head.length;
      const limits = options.maxWidths;
      const right = head.map((_, i) => options.right?.includes(i) === true);
      // A row of one cell per column, none of them wrapping (every row when no column has a
      // maximum width), is laid out straight from its cells; any other row from its wrapped lines.
      const wrapped = all.map((r) => (n === 0 || r.length !== n || (limits && r.some((cell, i) => limits[i] !== undefined && visibleWidth(cell) > (limits[i] as number))) ? r.map((cell, i) => wrap(cell, limits?.[i])) : undefined));
      // Every cell's width measured once (1,090 rows × 7 columns for `svc prices stats`).
      const widths = head.map(() => 0);
      const cellWidths = new Array<number>(all.length * n);
      all.forEach((r, k) => {
        const lines = wrapped[k];
        for (let i = 0; i < n; i++) {
          if (lines) {
            for (const text of lines[i] ?? []) widths[i] = Math.max(widths[i] as number, visibleWidth(text));
          } else {
            const w = visibleWidth(r[i] as string);
            cellWidths[k * n + i] = w;
            if (w > (widths[i] as number)) widths[i] = w;
          }
        }
      });
      const cell = (text: string, pad: number, i: number, bold: boolean) => {
        const shown = bold && text ? c.bold(text) : text;
        return right[i] ? spaces(pad) + shown : shown + spaces(pad);
      };
      const line = (k: number, bold: boolean) => {
        const r = all[k] as string[];
        const lines = wrapped[k];
        if (!lines) {
          let text = '│ ';
          for (let i = 0; i < n; i++) text += (i > 0 ? ' │ ' : '') + cell(r[i] as string, (widths[i] as number) - (cellWidths[k * n + i] as number), i, bold);
          return `${text} │`;
        }
        const height = Math.max(...lines.map((l) => l.length));
        const out: string[] = [];
        for (let h = 0; h < height; h++) {
          const parts = widths.map((w, i) => {
            const text = lines[i]?.[h] ?? '';
            return cell(text, Math.max(0, w - visibleWidth(text)), i, bold);
          });
          out.push(`│ ${parts.join(' │ ')} │`);
        }
        return out.join('\n');
      };
      const rule = (l: string, m: string, r: string) => `${l}${widths.map((w) => '─'.repeat(w + 2)).join(m)}${r}`;
      const body: string[] = [];
      for (let k = 1; k < all.length; k++) body.push(line(k, false));
      return [rule('┌', '┬', '┐'), line(0, true), rule('├', '┼', '┤'), ...body, rule('└', '┴', '┘')].join('\n');
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
