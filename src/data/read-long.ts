/**
 * Long CSV: one row per (date, hour), header `date,hour,price_uah_mwh` (or `date,hour,price`).
 *
 * This is the hot path (the 3-year fixture has 26 301 rows), so files without quotes are read by
 * hand: one pass over the text, ordinary rows decoded from character codes. Measured on the
 * fixture this is several times faster than csv-parse alone (see docs/benchmarks.md). A file with
 * any double quote goes through csv-parse instead, which handles quoting correctly; both paths
 * share the row checks below, which also word every error.
 */
import type { BookBuilder, DayRows } from './book-builder.js';
import type { DetectedFormat } from './detect.js';
import { quote, type IssueCollector } from './issues.js';
import { PRICE_MAX, parsePlainPrice } from './numbers.js';
import { csvRecords } from './csv.js';

export function readLong(text: string, detected: DetectedFormat, builder: BookBuilder, issues: IssueCollector): void {
  const row = rowReader(detected.fields, builder, issues);
  if (!text.includes('"')) {
    readPlain(text, detected.bodyStart, detected.headerLine + 1, builder, row);
    return;
  }
  for (const { fields, line } of csvRecords(text, ',', detected.headerLine + 1, issues)) row(fields, line);
}

type RowHandler = (fields: string[], line: number) => void;

/**
 * One pass over the text. A well-formed row (`DD.MM.YYYY,h,price` with a plain decimal price) is
 * read straight from the character codes, without splitting; any other row, including every
 * faulty one, goes to the shared row checks, which find and word the problem.
 */
function readPlain(text: string, start: number, firstLine: number, builder: BookBuilder, row: RowHandler): void {
  const n = text.length;
  let pos = start;
  let line = firstLine;
  let rows: DayRows | undefined;
  while (pos < n) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = n;
    const stop = end > pos && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (stop > pos) {
      const c1 = pos + 10;
      const c2 = text.indexOf(',', c1 + 1);
      let done = false;
      if (text.charCodeAt(c1) === 44 && c2 > c1 && c2 < stop - 1 && c2 - c1 <= 3) {
        const hour = digitsValue(text, c1 + 1, c2);
        const price = hour >= 0 && hour <= 23 ? plainDecimalValue(text, c2 + 1, stop) : -1;
        if (price >= 0 && price <= PRICE_MAX) {
          if (rows === undefined || !text.startsWith(rows.date, pos)) rows = builder.day(text.slice(pos, c1), line, 'date');
          if (rows !== undefined && rows.dst === null && Number.isNaN(rows.prices[hour] as number)) {
            rows.prices[hour] = price;
            rows.lines[hour] = line;
            done = true;
          }
        }
      }
      if (!done) {
        rows = undefined;
        row(splitFields(text, pos, stop), line);
      }
    }
    pos = end + 1;
    line += 1;
  }
}

function splitFields(text: string, from: number, stop: number): string[] {
  const fields: string[] = [];
  for (;;) {
    const comma = text.indexOf(',', from);
    if (comma < 0 || comma >= stop) {
      fields.push(text.slice(from, stop));
      return fields;
    }
    fields.push(text.slice(from, comma));
    from = comma + 1;
  }
}

/** Value of 1..2 ASCII digits in text[from, to), else -1. */
function digitsValue(text: string, from: number, to: number): number {
  if (to - from < 1 || to - from > 2) return -1;
  let v = 0;
  for (let i = from; i < to; i += 1) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * Value of `digits[.digits]` in text[from, to) (the form every operator price has), else -1 so
 * that the caller falls back to the general number syntax. With at most 15 digits the digits form
 * an integer below 2^53 and 10^k is exact, so the one division below is correctly rounded: it is
 * the very double Number() gives for the same text (the round-trip property test checks this).
 */
function plainDecimalValue(text: string, from: number, to: number): number {
  let mantissa = 0;
  let digits = 0;
  let dot = -1;
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits += 1;
    } else if (c === 46 && dot < 0 && i > from && i < to - 1) {
      dot = i;
    } else {
      return -1;
    }
  }
  if (digits > 15) return Number(text.slice(from, to));
  return dot < 0 ? mantissa : mantissa / (POW10[to - dot - 1] as number);
}

function rowReader(names: readonly string[], builder: BookBuilder, issues: IssueCollector): RowHandler {
  const [dateName = 'date', hourName = 'hour', priceName = 'price_uah_mwh'] = names;
  return (fields, line) => {
    if (fields.length !== 3) {
      const decimalComma = fields.length === 4 && /^\s*\d+\s*$/.test(fields[3] ?? '') ? ' (a decimal comma? write the decimal point as "." in a comma-separated file)' : '';
      builder.markFlawed((fields[0] ?? '').trim());
      issues.atLine(line, null, `expected 3 fields (${dateName},${hourName},${priceName}), found ${fields.length}: ${quote(fields.join(','))}${decimalComma}`);
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
