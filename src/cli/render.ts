/**
 * The one renderer of derived commands: an operation's output as a table, CSV or JSON, from the
 * table view its `cli` binding declares (src/ops/types.ts, TableView). JSON is the output itself;
 * CSV is the view's rows (and its total line) with the raw numbers; the table formats money in the
 * table language and ends with a bold total row. A day's view adds a title, a chart of the day's
 * prices with the plan's hours marked, numbered rows and lines under the table. An op without a
 * view prints a key/value table when every field is a plain value, JSON otherwise (as `svc op run`).
 * A raw view's text (a file's content) is written as it is in every format.
 */
import type { ChalkInstance } from 'chalk';
import type { DocView, DoorFacts, Label, NoteText, RawView, TableColumn, TableView, TextView } from '../ops/types.js';
import type { Output } from './output.js';
import { toCsv } from './csv.js';
import { countOf, formatMoney, labels } from './i18n.js';
import { hh } from './hours.js';
import { keyValueTable, makeTable } from './table.js';

export type Lang = 'uk' | 'en';

export const labelText = (label: Label, lang: Lang): string => (typeof label === 'string' ? label : label[lang]);

/** A verdict's colour: pass/ready green, review/forecast yellow, anything else red. */
function paintStatus(c: ChalkInstance, s: string): string {
  return s === 'pass' || s === 'ready' ? c.green(s) : s === 'review' || s === 'needsReview' || s === 'forecast' ? c.yellow(s) : c.red(s);
}

function cellText(value: unknown, column: TableColumn, lang: Lang, c: ChalkInstance): string {
  if (value === null || value === undefined) return '—';
  if (column.format === 'money' && typeof value === 'number') return formatMoney(value, lang, column.digits ?? 2);
  if (column.format === 'hour' && typeof value === 'number') return hh(value);
  if (column.format === 'status') return paintStatus(c, String(value));
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Appends each row's cell of `column` to `cells` (a money column straight through formatMoney). */
function fillColumn(cells: string[][], rows: readonly Record<string, unknown>[], column: TableColumn, lang: Lang, c: ChalkInstance): void {
  const key = column.key;
  if (column.format === 'money') {
    const digits = column.digits ?? 2;
    for (let k = 0; k < rows.length; k++) {
      const value = (rows[k] as Record<string, unknown>)[key];
      (cells[k] as string[]).push(typeof value === 'number' ? formatMoney(value, lang, digits) : cellText(value, column, lang, c));
    }
    return;
  }
  for (let k = 0; k < rows.length; k++) (cells[k] as string[]).push(cellText((rows[k] as Record<string, unknown>)[key], column, lang, c));
}

export interface RenderOptions {
  format: 'table' | 'json' | 'csv';
  lang: Lang;
  /** What `--format json` prints (the output, or the output with what the door knows added). */
  json?: unknown;
  /** The op's input as it ran (a day's chart reads its prices there). */
  input?: unknown;
  /** Where the prices came from: said after a view's title. */
  source?: string;
  /** What only the door knows, for a document view (its source, why a day is missing, its switches). */
  door?: DoorFacts;
}

export function viewText(lang: Lang, c: ChalkInstance): NoteText {
  return { lang, count: (n, noun) => countOf(n, noun, lang), money: (v, digits = 2, l = lang) => formatMoney(v, l, digits), bold: (s) => c.bold(s), status: (s) => paintStatus(c, s) };
}

type AnyView = TableView<unknown, unknown> | TextView<unknown> | DocView<unknown, unknown> | RawView<unknown>;

export async function renderOutput(out: Output, view: AnyView | undefined, output: unknown, options: RenderOptions): Promise<void> {
  const { format, lang } = options;
  // A text of its own (a file's content), in every format.
  if (view && 'raw' in view) {
    out.raw(view.raw(output));
    const says = view.says?.(output);
    return says === undefined ? undefined : out.info(says);
  }
  const flat = output !== null && typeof output === 'object' && !Array.isArray(output) && Object.values(output).every((v) => v === null || typeof v !== 'object');
  if (format === 'json' || (!view && !flat)) return out.json(options.json ?? output);
  if (view && 'text' in view) return renderText(out, view, output, format, lang);
  if (view && 'blocks' in view) return (await import('./render-doc.js')).renderDoc(out, view, output, format, viewText(lang, out.c), options.input, options.door ?? { ...(options.source ? { source: options.source } : {}), switches: {} });
  if (!view) {
    const entries = Object.entries(output as Record<string, unknown>);
    if (format === 'csv') return out.raw(await toCsv([output as object], entries.map(([k]) => k)));
    return out.print(keyValueTable(entries.map(([k, v]) => [k, String(v)]), out.c));
  }
  const c = out.c;
  const t = viewText(lang, c);
  const rows = view.rows(output, t) as Record<string, unknown>[];
  const total = view.total?.(output) as Record<string, unknown> | null | undefined;
  if (format === 'csv') {
    const keys = view.columns.filter((col) => col.csv !== false).map((col) => col.key);
    const all = total && keys[0] ? [...rows, { ...total, [keys[0]]: 'total' }] : rows;
    return out.raw(await toCsv(all, keys));
  }
  const input = options.input;
  if (view.title) {
    out.print(c.bold(view.title(output, t)) + (options.source ? c.dim(` · ${options.source}`) : ''));
    if (view.chart) out.print('');
  }
  if (view.chart) {
    const { columnChart } = await import('./chart.js');
    const [from, to] = view.chart.marks;
    const markers = new Array<string | undefined>(24).fill(undefined);
    for (const [a, b] of view.chart.pairs(output)) {
      markers[a] = from;
      markers[b] = to;
    }
    out.print(columnChart(view.chart.values(output, input), { c, lang, markers, colorOf: (mk) => (mk === from ? c.green : mk === to ? c.red : undefined) }).join('\n'));
    out.print(c.dim(`  ${labelText(view.chart.legend, lang)}`));
    out.print('');
  }
  if (rows.length === 0 && view.empty) out.print(labelText(view.empty, lang));
  else out.print(drawTable(view, rows, total, lang, c));
  for (const line of view.after?.(output, t, input) ?? []) out.print(typeof line === 'string' ? line : c.dim(line.dim));
  if (view.note) out.info(view.note(output, t));
}

function drawTable(view: TableView<unknown, unknown>, rows: readonly Record<string, unknown>[], total: Record<string, unknown> | null | undefined, lang: Lang, c: ChalkInstance): string {
  const columns = view.columns.filter((col) => col.table !== false);
  const n = view.numbered ? 1 : 0;
  const right = [...(view.numbered ? [0] : []), ...columns.flatMap((col, i) => (col.format === 'money' ? [i + n] : []))];
  const maxWidths = columns.some((col) => col.maxWidth) ? [...(view.numbered ? [undefined] : []), ...columns.map((col) => col.maxWidth)] : undefined;
  const table = makeTable([...(view.numbered ? ['#'] : []), ...columns.map((col) => labelText(col.label, lang))], c, { right, ...(maxWidths ? { maxWidths } : {}) });
  // Column by column, each a small loop with its one formatter (a long table's cells are most of
  // a cold `svc prices stats`; per-cell dispatch and array spreads cost more than the formatting).
  const cells: string[][] = new Array<string[]>(rows.length);
  for (let k = 0; k < rows.length; k++) cells[k] = n === 1 ? [String(k + 1)] : [];
  for (const col of columns) fillColumn(cells, rows, col, lang, c);
  table.push(...cells);
  const [, ...rest] = columns;
  if (total && columns[0]) {
    const bold = (text: string) => c.bold(text);
    table.push([bold(`${labels(lang).total} (${rows.length})`), ...rest.map((col) => bold(cellText(total[col.key], col, lang, c)))]);
  }
  return table.toString();
}

/** A text view: its lines on stdout, its notes and facts on stderr; CSV its one row, if it has one. */
async function renderText(out: Output, view: TextView<unknown>, output: unknown, format: RenderOptions['format'], lang: Lang): Promise<void> {
  if (format === 'csv' && view.csv) return out.raw(await toCsv([view.csv.row(output)], view.csv.columns));
  const t = viewText(lang, out.c);
  for (const line of view.text(output, t)) out.print(typeof line === 'string' ? line : out.c.dim(line.dim));
  for (const line of view.notes?.(output, t) ?? []) out.info(line);
  const facts = view.facts?.(output);
  if (facts) out.info(keyValueTable(facts.map(([k, v]) => [k, v]), out.c));
}
