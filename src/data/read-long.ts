/**
 * Long CSV: one row per (date, hour), header `date,hour,price_uah_mwh` (or `date,hour,price`).
 *
 * This is the hot path (the 3-year fixture has 26 301 rows), so plain files are split by hand:
 * one pass over the text with indexOf, no intermediate arrays per line. Measured on the fixture
 * this is several times faster than csv-parse (see docs/benchmarks.md). A file with any double
 * quote goes through csv-parse instead, which handles quoting correctly; both paths share the
 * row checks below.
 */
import type { BookBuilder } from './book-builder.js';
import type { DetectedFormat } from './detect.js';
import { quote, type IssueCollector } from './issues.js';
import { parsePlainPrice } from './numbers.js';
import { csvRecords } from './csv.js';

export function readLong(text: string, detected: DetectedFormat, builder: BookBuilder, issues: IssueCollector): void {
  const row = rowReader(detected.fields, builder, issues);
  if (!text.includes('"')) {
    readPlain(text, detected.bodyStart, detected.headerLine + 1, row);
    return;
  }
  for (const { fields, line } of csvRecords(text, ',', detected.headerLine + 1, issues)) row(fields, line);
}

type RowHandler = (fields: string[], line: number) => void;

function readPlain(text: string, start: number, firstLine: number, row: RowHandler): void {
  const n = text.length;
  let pos = start;
  let line = firstLine;
  const fields: string[] = [];
  while (pos < n) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = n;
    const stop = end > pos && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (stop > pos) {
      fields.length = 0;
      let from = pos;
      for (;;) {
        const comma = text.indexOf(',', from);
        if (comma < 0 || comma >= stop) {
          fields.push(text.slice(from, stop));
          break;
        }
        fields.push(text.slice(from, comma));
        from = comma + 1;
      }
      if (fields.length > 1 || (fields[0] ?? '').trim() !== '') row(fields, line);
    }
    pos = end + 1;
    line += 1;
  }
}

function rowReader(names: readonly string[], builder: BookBuilder, issues: IssueCollector): RowHandler {
  const [dateName = 'date', hourName = 'hour', priceName = 'price_uah_mwh'] = names;
  return (fields, line) => {
    if (fields.length !== 3) {
      const decimalComma = fields.length === 4 && /^\s*\d+\s*$/.test(fields[3] ?? '') ? ' (a decimal comma? write the decimal point as "." in a comma-separated file)' : '';
      issues.atLine(line, null, `expected 3 fields (${dateName},${hourName},${priceName}), found ${fields.length}: ${quote(fields.join(','))}${decimalComma}`);
      builder.markFlawed((fields[0] ?? '').trim());
      return;
    }
    const date = (fields[0] as string).trim();
    const rows = builder.day(date, line, dateName);
    if (rows === undefined) return;

    const hourText = (fields[1] as string).trim();
    const hour = parseHour(hourText);
    const allowed = rows.dst === 'autumn' ? 24 : 23;
    if (hour === null || hour > allowed) {
      rows.flawed = true;
      const found = hourText === '' ? 'an empty field' : quote(hourText);
      const hint = hour === 24 ? ' (hours are 0-based: 0 = 00:00-01:00, 23 = 23:00-24:00)' : '';
      issues.atLine(line, hourName, `expected an hour 0..23, found ${found}${hint}`);
      return;
    }
    const price = parsePlainPrice(fields[2] as string);
    if (!price.ok) {
      rows.flawed = true;
      issues.atLine(line, priceName, price.problem);
      return;
    }
    builder.setHour(rows, hour, price.value, line, hourName);
  };
}

/** A whole number of one or two digits, else null. */
function parseHour(text: string): number | null {
  const a = text.charCodeAt(0) - 48;
  if (text.length === 1 && a >= 0 && a <= 9) return a;
  const b = text.charCodeAt(1) - 48;
  if (text.length === 2 && a >= 0 && a <= 9 && b >= 0 && b <= 9) return a * 10 + b;
  return null;
}
