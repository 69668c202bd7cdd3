/**
 * Long CSV: one row per (date, hour), header `date,hour,price_uah_mwh` (or `date,hour,price`, or
 * svc's own `forecast --format csv`, whose p50 is read); columns in any order, others ignored.
 * Separated by `;` (a spreadsheet's export where the decimal mark is the comma), its prices are
 * read in the operator's syntax (decimal comma; detect.ts `LongLayout.delimiter`), through csv-parse.
 * Hours are 0..23, or 1..24 (`hourBase` 1, or 'auto' when no row has hour 0 and some row has hour 24).
 *
 * This is the hot path (the 3-year fixture has 26 301 rows), so files without quotes are read by
 * hand: one pass over the text, ordinary rows decoded from character codes. Measured on the
 * fixture this is several times faster than csv-parse alone (see docs/benchmarks.md). A file with
 * any double quote goes through csv-parse instead, which handles quoting correctly; both paths
 * share the row checks below, which also word every error.
 */
import type { BookBuilder, DayRows } from './book-builder.js';
import type { DetectedFormat, LongLayout } from './detect.js';
import { quote, type IssueCollector } from './issues.js';
import { PRICE_MAX, parseOperatorPrice, parsePlainPrice } from './numbers.js';
import { csvRecords } from './csv.js';

/** How hours are numbered: 0..23 (the default), 1..24, or found from the file ('auto'). */
export type HourBase = 0 | 1 | 'auto';

/**
 * Reads the rows; returns the hour numbering used. 'auto' reads 1..24 when no row has hour 0 and
 * some row has hour 24, else 0..23. With 0..23 (the default) such a book fails with one line saying
 * so, instead of an error on every row.
 */
export function readLong(text: string, detected: DetectedFormat, builder: BookBuilder, issues: IssueCollector, hourBase: HourBase = 0): 0 | 1 {
  const layout: LongLayout = detected.long ?? { date: 0, hour: 1, price: 2, count: 3, ignored: [], forecast: false, periods: false, delimiter: ',' };
  // A `period` column is numbered 1..24 by its name.
  const fromOne = hourBase === 1 || layout.periods ? true : hoursFromOne(text, detected.bodyStart, layout.hour, layout.delimiter);
  if (hourBase === 0 && fromOne && !layout.periods) {
    const hour = detected.fields[layout.hour] ?? 'hour';
    issues.fail(`the ${hour} column has no hour 0 and has an hour 24: the hours look numbered 1..24; --hour-base 1 reads them so (1 = 00:00-01:00), --hour-base auto finds the numbering`, detected.headerLine);
  }
  const base = fromOne ? 1 : 0;
  const row = rowReader(detected.fields, layout, base, builder, issues);
  const plain = layout.delimiter === ',' && layout.count === 3 && layout.date === 0 && layout.hour === 1 && layout.price === 2;
  if (plain && !text.includes('"')) {
    readPlain(text, detected.bodyStart, detected.headerLine + 1, base, builder, row);
    return base;
  }
  for (const { fields, line } of csvRecords(text, layout.delimiter, detected.headerLine + 1, issues)) row(fields, line);
  return base;
}

/**
 * True when no row has hour 0 and some row has hour 24: the file numbers hours 1..24 (a 0-based
 * file has hour 24 only on an autumn clock-change day, which has an hour 0 too). Stops at the first
 * hour 0, which in a 0-based file is on the first rows.
 */
function hoursFromOne(text: string, start: number, column: number, delimiter: ',' | ';'): boolean {
  let sawTwentyFour = false;
  let pos = start;
  while (pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    let from = pos;
    for (let k = 0; k < column && from <= end; k += 1) {
      const comma = text.indexOf(delimiter, from);
      from = comma < 0 || comma > end ? end + 1 : comma + 1;
    }
    if (from <= end) {
      const comma = text.indexOf(delimiter, from);
      const hour = text.slice(from, comma < 0 || comma > end ? end : comma).replace(/["\s]/g, '');
      if (hour === '0' || hour === '00') return false;
      if (hour === '24') sawTwentyFour = true;
    }
    pos = end + 1;
  }
  return sawTwentyFour;
}

type RowHandler = (fields: string[], line: number) => void;

/**
 * One pass over the text. A well-formed row (`DD.MM.YYYY,h,price` with a plain decimal price) is
 * read straight from the character codes, without splitting; any other row, including every
 * faulty one, goes to the shared row checks, which find and word the problem.
 *
 * Cold, this loop is most of reading a book: the row itself is read by `plainRow`, a small function
 * V8 optimises early and cheaply, where the whole loop with the row inlined waited for a large
 * on-stack compile that cost more CPU than it saved (docs/benchmarks.md, issue 25, 2026-11-27).
 */
function readPlain(text: string, start: number, firstLine: number, base: 0 | 1, builder: BookBuilder, row: RowHandler): void {
  const n = text.length;
  let pos = start;
  let line = firstLine;
  let rows: DayRows | undefined;
  while (pos < n) {
    if (rows !== undefined && rows.dst === null && text.startsWith(rows.date, pos)) {
      // The rest of the day's rows, as the branch below would read them, in a loop of its own.
      const count = sameDayRows(text, pos, n, base, rows, line);
      if (count > 0) {
        pos = read.end + 1;
        line += count;
        continue;
      }
    }
    const c1 = pos + 10;
    let end = -1;
    if (text.charCodeAt(c1) === 44 && plainRow(text, c1, n, base)) {
      if (rows === undefined || !text.startsWith(rows.date, pos)) {
        // A new date: its ten characters must lie on this line.
        const newline = text.indexOf('\n', pos);
        rows = newline < 0 || newline >= c1 ? builder.day(text.slice(pos, c1), line, 'date') : undefined;
      }
      if (rows !== undefined && rows.dst === null && Number.isNaN(rows.prices[read.hour] as number)) {
        rows.prices[read.hour] = read.price;
        rows.lines[read.hour] = line;
        end = read.end;
      }
    }
    if (end < 0) {
      end = text.indexOf('\n', pos);
      if (end < 0) end = n;
      const stop = end > pos && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
      if (stop > pos) {
        rows = undefined;
        row(splitFields(text, pos, stop), line);
      }
    }
    pos = end + 1;
    line += 1;
  }
}

/**
 * Reads the well-formed rows of `rows`'s day from `pos` on (each starting with its date, a free
 * hour, a plain price), as readPlain's row branch does; stops at the first other row. Returns the
 * number read, `read.end` the end of the last. Cold, a loop of its own that V8 optimises small and
 * early: readPlain's whole loop, with the new-day and slow branches, waited for a larger on-stack
 * compile (docs/benchmarks.md, 2026-12-06).
 */
function sameDayRows(text: string, pos: number, n: number, base: 0 | 1, rows: DayRows, line: number): number {
  let count = 0;
  const date = rows.date;
  const prices = rows.prices;
  const lines = rows.lines;
  while (pos < n && text.startsWith(date, pos)) {
    const c1 = pos + 10;
    if (text.charCodeAt(c1) !== 44 || !plainRow(text, c1, n, base) || !Number.isNaN(prices[read.hour] as number)) break;
    prices[read.hour] = read.price;
    lines[read.hour] = line + count;
    count += 1;
    pos = read.end + 1;
  }
  if (count > 0) read.end = pos - 1;
  return count;
}

/** What `plainRow` read: the hour (base applied), the price, and where the line ends (its \n, or the text's end). */
const read = { hour: 0, price: 0, end: 0 };

const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * The rest of a row whose date is followed by a comma at `c1`: `h,price` up to the line's end
 * (\n, \r\n or the end of the text), with an hour of 1..2 digits in range and a plain decimal price
 * (`digits[.digits]`) at most PRICE_MAX. True with `read` filled, else false (the row checks then
 * word what is wrong). With at most 15 digits the digits form an integer below 2^53 and 10^k is
 * exact, so the one division below is correctly rounded: it is the very double Number() gives for
 * the same text (the round-trip property test checks this).
 */
function plainRow(text: string, c1: number, n: number, base: 0 | 1): boolean {
  let i = c1 + 1;
  let hour = text.charCodeAt(i) - 48;
  if (!(hour >= 0 && hour <= 9)) return false;
  i += 1;
  const second = text.charCodeAt(i) - 48;
  if (second >= 0 && second <= 9) {
    hour = hour * 10 + second;
    i += 1;
  }
  hour -= base;
  if (text.charCodeAt(i) !== 44 || hour < 0 || hour > 23) return false;
  const from = i + 1;
  let mantissa = 0;
  let digits = 0;
  let dot = -1;
  let stop = n;
  for (i = from; i < n; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits += 1;
    } else if (c === 46 && dot < 0 && i > from) {
      dot = i;
    } else {
      if (c === 10) stop = i;
      else if (c === 13 && (i + 1 === n || text.charCodeAt(i + 1) === 10)) stop = i;
      else return false;
      break;
    }
  }
  if (stop === from || dot === stop - 1) return false;
  const price = digits > 15 ? Number(text.slice(from, stop)) : dot < 0 ? mantissa : mantissa / (POW10[stop - dot - 1] as number);
  if (price > PRICE_MAX) return false;
  read.hour = hour;
  read.price = price;
  read.end = stop < n && text.charCodeAt(stop) === 13 ? stop + 1 : stop;
  return true;
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

function rowReader(names: readonly string[], layout: LongLayout, base: 0 | 1, builder: BookBuilder, issues: IssueCollector): RowHandler {
  const dateName = names[layout.date] ?? 'date';
  const hourName = names[layout.hour] ?? 'hour';
  const priceName = names[layout.price] ?? 'price_uah_mwh';
  const first = base;
  const last = 23 + base;
  const d = layout.delimiter;
  const parsePrice = d === ';' ? parseOperatorPrice : parsePlainPrice;
  return (fields, line) => {
    if (fields.length !== layout.count) {
      const decimalComma = d === ',' && fields.length === layout.count + 1 && /^\s*\d+\s*$/.test(fields[layout.price + 1] ?? '') ? ' (a decimal comma? write the decimal point as "." in a comma-separated file)' : '';
      builder.markUnplaced((fields[layout.date] ?? '').trim(), line);
      issues.atLine(line, null, `expected ${layout.count} fields (${names.join(d)}), found ${fields.length}: ${quote(fields.join(d))}${decimalComma}`);
      return;
    }
    const date = (fields[layout.date] as string).trim();
    const rows = builder.day(date, line, dateName);
    if (rows === undefined) return;

    const hourText = (fields[layout.hour] as string).trim();
    const given = parseHour(hourText);
    const hour = given === null ? null : given - base;
    const allowed = rows.dst === 'autumn' ? 24 : 23;
    if (hour === null || hour < 0 || hour > allowed) {
      rows.unplaced += 1;
      const found = hourText === '' ? 'an empty field' : quote(hourText);
      const hint =
        base === 0 && given === 24
          ? ' (hours are 0-based: 0 = 00:00-01:00, 23 = 23:00-24:00; --hour-base 1 reads a book numbered 1..24)'
          : base === 1 && given === 0 && !layout.periods
            ? ' (hours are read as 1..24, 1 = 00:00-01:00; --hour-base 0 reads a book numbered 0..23)'
            : '';
      issues.atLine(line, hourName, `expected an hour ${first}..${last}, found ${found}${hint}`);
      return;
    }
    const price = parsePrice(fields[layout.price] as string);
    if (!price.ok) {
      builder.markBadHour(rows, hour);
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
