/**
 * Recognises a price-book format from the content itself: the first non-blank line (a CSV
 * header) or the first character of a JSON document. File names are not trusted: an operator
 * export saved as `.txt` or piped through stdin reads the same.
 */
import type { IssueCollector } from './issues.js';
import { quote } from './issues.js';

export type PriceBookFormat = 'long' | 'oree' | 'wide' | 'json';

export interface DetectedFormat {
  format: PriceBookFormat;
  /** 1-based line number of the header (or of the JSON document's first line). */
  headerLine: number;
  /** Header field names as written (for messages); empty for JSON. */
  fields: string[];
  /** Offset of the first character after the header line (0 for JSON, which is parsed whole). */
  bodyStart: number;
  /** Long CSV only: which columns hold the date, hour and price; the rest are ignored. */
  long?: LongLayout;
}

/** The columns of a long CSV: any order, any extra columns (ignored, named in one warning). */
export interface LongLayout {
  date: number;
  hour: number;
  price: number;
  /** Number of columns every row must have. */
  count: number;
  /** Names of the columns that are not read (blank names left out). */
  ignored: string[];
  /** The price column is the p50 of svc's own `forecast --format csv` output. */
  forecast: boolean;
  /** The hour column is `period`: settlement periods 1..24 (period p is hour p - 1). */
  periods: boolean;
  /**
   * The field separator. `;` (a spreadsheet's CSV in a locale whose decimal mark is the comma, as
   * Excel writes it in Ukraine) reads prices in the operator's export syntax: decimal comma or
   * point, spaces between thousands, a comma never a thousands separator (src/data/numbers.ts).
   */
  delimiter: ',' | ';';
}

/** Price columns of a long CSV in order of preference; `p50` is svc's forecast output. */
const PRICE_COLUMNS = ['price_uah_mwh', 'price', 'p50'] as const;

export const WIDE_HEADER: readonly string[] = ['date', ...Array.from({ length: 24 }, (_, h) => `h${h}`)];
export const OREE_HEADER: readonly string[] = ['Дата', ...Array.from({ length: 24 }, (_, h) => `Год${h + 1}`)];

const EXPECTED =
  'expected a header "date,hour,price_uah_mwh" (long CSV), "date,h0,...,h23" (wide CSV), ' +
  '"Дата;Год1;...;Год24" (operator monthly export) or a JSON object keyed by DD.MM.YYYY';

const SEMICOLON_HINT =
  '. The header is separated by ";": svc reads that as a long CSV, "date;hour;price" (decimal commas allowed), ' +
  'or as the operator export "Дата;Год1;...;Год24"; rename its columns date;hour;price, or save the file comma-separated with decimal points';

const bare = (s: string): string => s.replace(/^[\s\u00A0\u202F"]+|[\s\u00A0\u202F"]+$/g, '');
const norm = (s: string): string => bare(s).toLowerCase();

/** Text without a UTF-8 byte-order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Detects the format of BOM-free text; records an issue and throws when it cannot. */
export function detectFormat(text: string, issues: IssueCollector): DetectedFormat {
  let pos = 0;
  let line = 1;
  for (;;) {
    if (pos >= text.length) issues.fail('empty input: expected a price book (a CSV file with a header, or JSON), found no content');
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    const raw = text.slice(pos, end).replace(/\r$/, '');
    if (raw.trim() !== '') return classify(raw, line, end + 1, issues);
    pos = end + 1;
    line += 1;
  }
}

function classify(raw: string, line: number, bodyStart: number, issues: IssueCollector): DetectedFormat {
  const first = raw.trimStart()[0];
  if (first === '{' || first === '[') return { format: 'json', headerLine: line, fields: [], bodyStart: 0 };

  if (raw.includes(';')) {
    const fields = raw.split(';');
    if (norm(fields[0] ?? '') === 'дата') {
      checkHeader(fields, OREE_HEADER, line, issues, 'the operator monthly export');
      return { format: 'oree', headerLine: line, fields: OREE_HEADER.slice(), bodyStart };
    }
    const long = longLayout(fields, ';', raw, line, issues);
    if (long) return { format: 'long', headerLine: line, fields: fields.map(bare), bodyStart, long };
  }
  const fields = raw.split(',');
  const names = fields.map(norm);
  if (names[0] === 'date' && names[1] === 'h0') {
    checkHeader(fields, WIDE_HEADER, line, issues, 'a wide CSV');
    return { format: 'wide', headerLine: line, fields: WIDE_HEADER.slice(), bodyStart };
  }
  const long = longLayout(fields, ',', raw, line, issues);
  if (long) return { format: 'long', headerLine: line, fields: fields.map(bare), bodyStart, long };
  return issues.fail(`unknown price-book format: ${EXPECTED}; found ${quote(raw)}${raw.includes(';') && !raw.includes(',') ? SEMICOLON_HINT : ''}`, line);
}

/** The long-CSV layout of a header split at `delimiter`, or undefined when it names no date and hour column. */
function longLayout(fields: string[], delimiter: ',' | ';', raw: string, line: number, issues: IssueCollector): LongLayout | undefined {
  const names = fields.map(norm);
  const date = names.indexOf('date');
  const periods = !names.includes('hour') && names.includes('period');
  const hour = names.indexOf(periods ? 'period' : 'hour');
  if (date < 0 || hour < 0) return undefined;
  const priceName = PRICE_COLUMNS.find((name) => names.includes(name));
  if (priceName === undefined) {
    const d = delimiter;
    issues.fail(`the header looks like a long CSV but has no price column: ${quote(raw)}; expected "date${d}hour${d}price_uah_mwh" or "date${d}hour${d}price" (or "period" 1..24 for "hour"; other columns are ignored), or svc forecast's CSV (its p50 is read)`, line);
  }
  const price = names.indexOf(priceName);
  const ignored = fields.map(bare).filter((f, i) => i !== date && i !== hour && i !== price && f !== '');
  return { date, hour, price, count: fields.length, ignored, forecast: priceName === 'p50', periods, delimiter };
}

function checkHeader(fields: string[], expected: readonly string[], line: number, issues: IssueCollector, what: string): void {
  // A trailing separator after the last column is common in spreadsheet exports.
  const given = fields.length === expected.length + 1 && norm(fields[expected.length] ?? '') === '' ? fields.slice(0, -1) : fields;
  if (given.length !== expected.length) {
    issues.fail(`the header of ${what} must have ${expected.length} columns (${expected[0]}, ${expected[1]} ... ${expected[expected.length - 1]}), found ${given.length}`, line);
  }
  given.forEach((f, i) => {
    if (norm(f) !== (expected[i] ?? '').toLowerCase()) {
      issues.atLine(line, `column ${i + 1}`, `expected header ${quote(expected[i] ?? '')}, found ${quote(f.trim())}`);
    }
  });
  issues.throwIfAny();
}
