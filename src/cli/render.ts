/**
 * The one renderer of derived commands: an operation's output as a table, CSV or JSON, from the
 * table view its `cli` binding declares (src/ops/types.ts, TableView). JSON is the output itself;
 * CSV is the view's rows (and its total line) with the raw numbers; the table formats money in the
 * table language and ends with a bold total row. An op without a view prints a key/value table
 * when every field is a plain value, JSON otherwise (as `svc op run`).
 */
import type { Label, NoteText, TableView } from '../ops/types.js';
import type { Output } from './output.js';
import { toCsv } from './csv.js';
import { countOf, formatMoney, labels } from './i18n.js';
import { hh } from './hours.js';
import { keyValueTable, makeTable } from './table.js';

export type Lang = 'uk' | 'en';

export const labelText = (label: Label, lang: Lang): string => (typeof label === 'string' ? label : label[lang]);

function cellText(value: unknown, format: 'money' | 'hour' | 'text' | undefined, digits: number | undefined, lang: Lang): string {
  if (value === null || value === undefined) return '—';
  if (format === 'money' && typeof value === 'number') return formatMoney(value, lang, digits ?? 2);
  if (format === 'hour' && typeof value === 'number') return hh(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export interface RenderOptions {
  format: 'table' | 'json' | 'csv';
  lang: Lang;
  /** What `--format json` prints (the output, or the output with what the door knows added). */
  json?: unknown;
}

export async function renderOutput(out: Output, view: TableView<unknown> | undefined, output: unknown, options: RenderOptions): Promise<void> {
  const { format, lang } = options;
  const flat = output !== null && typeof output === 'object' && !Array.isArray(output) && Object.values(output).every((v) => v === null || typeof v !== 'object');
  if (format === 'json' || (!view && !flat)) return out.json(options.json ?? output);
  if (!view) {
    const entries = Object.entries(output as Record<string, unknown>);
    if (format === 'csv') return out.raw(await toCsv([output as object], entries.map(([k]) => k)));
    return out.print(keyValueTable(entries.map(([k, v]) => [k, String(v)]), out.c));
  }
  const rows = view.rows(output) as Record<string, unknown>[];
  const total = view.total?.(output) as Record<string, unknown> | null | undefined;
  const [first, ...rest] = view.columns;
  if (format === 'csv') {
    const all = total && first ? [...rows, { ...total, [first.key]: 'total' }] : rows;
    return out.raw(await toCsv(all, view.columns.map((c) => c.key)));
  }
  const right = view.columns.flatMap((c, i) => (c.format === 'money' ? [i] : []));
  const table = makeTable(
    view.columns.map((c) => labelText(c.label, lang)),
    out.c,
    { right },
  );
  for (const row of rows) table.push(view.columns.map((c) => cellText(row[c.key], c.format, c.digits, lang)));
  if (total && first) {
    const bold = (text: string) => out.c.bold(text);
    table.push([bold(`${labels(lang).total} (${rows.length})`), ...rest.map((c) => bold(cellText(total[c.key], c.format, c.digits, lang)))]);
  }
  out.print(table.toString());
  if (view.note) {
    const t: NoteText = { lang, count: (n, noun) => countOf(n, noun, lang) };
    out.info(view.note(output, t));
  }
}
