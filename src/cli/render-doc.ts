/**
 * A document view (DocView, src/ops/cli-binding.ts) on the terminal: its blocks in order on
 * stdout — lines, a title with the prices' source, tables of text cells, key/value tables, line
 * charts, a forecast's band chart; a warning block on stderr — or, with `--format csv`, its CSV rows
 * (the blocks where it has none for this output).
 */
import type { ChalkInstance } from 'chalk';
import type { DocText, DocView, DoorFacts, NoteText } from '../ops/types.js';
import type { Output } from './output.js';
import { bandChart, bar, columnChart, lineChart } from './chart.js';
import { toCsv } from './csv.js';
import { keyValueTable, makeTable } from './table.js';

export function docText(t: NoteText, c: ChalkInstance): DocText {
  return { ...t, paint: (colour, text) => c[colour](text), dim: (text) => c.dim(text), bar: (value, max, width) => bar(value, max, width) };
}

export async function renderDoc(out: Output, view: DocView<unknown, unknown>, output: unknown, format: 'table' | 'csv', t: NoteText, input: unknown, door: DoorFacts): Promise<void> {
  const rows = format === 'csv' ? view.csv?.rows(output) : undefined;
  if (rows) return out.raw(await toCsv(rows, view.csv?.columns));
  for (const block of view.blocks(output, docText(t, out.c), input, door)) {
    if (typeof block === 'string') out.print(block);
    else if ('lineChart' in block) {
      const { values, width, height, xLabels } = block.lineChart;
      out.print(lineChart(values, { c: out.c, lang: t.lang, ...(width ? { width } : {}), ...(height ? { height } : {}), ...(xLabels ? { xLabels } : {}) }).join('\n'));
    }
    else if ('dim' in block) out.print(out.c.dim(block.dim));
    else if ('title' in block) out.print(out.c.bold(block.title) + (door.source ? out.c.dim(` · ${door.source}`) : ''));
    else if ('facts' in block) out.print(keyValueTable(block.facts.map(([k, v]) => [k, v]), out.c));
    else if ('warn' in block) out.warn(block.warn);
    else if ('columnChart' in block) out.print(columnChart(block.columnChart, { c: out.c, lang: t.lang, ...(block.periods ? { periods: true } : {}) }).join('\n'));
    else if ('band' in block) out.print(bandChart(block.band, { c: out.c, lang: t.lang }).join('\n'));
    else {
      const table = makeTable([...block.table.head], out.c, { ...(block.table.right ? { right: [...block.table.right] } : {}), ...(block.table.maxWidths ? { maxWidths: [...block.table.maxWidths] } : {}) });
      for (const row of block.table.rows) table.push([...row]);
      out.print(table.toString());
    }
  }
}
