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
}

export const LONG_HEADERS: readonly (readonly string[])[] = [
  ['date', 'hour', 'price_uah_mwh'],
  ['date', 'hour', 'price'],
];
export const WIDE_HEADER: readonly string[] = ['date', ...Array.from({ length: 24 }, (_, h) => `h${h}`)];
export const OREE_HEADER: readonly string[] = ['Дата', ...Array.from({ length: 24 }, (_, h) => `Год${h + 1}`)];

const EXPECTED =
  'expected a header "date,hour,price_uah_mwh" (long CSV), "date,h0,...,h23" (wide CSV), ' +
  '"Дата;Год1;...;Год24" (operator monthly export) or a JSON object keyed by DD.MM.YYYY';

const norm = (s: string): string => s.replace(/^[\s\u00A0\u202F"]+|[\s\u00A0\u202F"]+$/g, '').toLowerCase();

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
  }
  const fields = raw.split(',');
  const names = fields.map(norm);
  for (const header of LONG_HEADERS) {
    if (names.length === header.length && header.every((h, i) => names[i] === h)) {
      return { format: 'long', headerLine: line, fields: header.slice(), bodyStart };
    }
  }
  if (names[0] === 'date' && names[1] === 'h0') {
    checkHeader(fields, WIDE_HEADER, line, issues, 'a wide CSV');
    return { format: 'wide', headerLine: line, fields: WIDE_HEADER.slice(), bodyStart };
  }
  if (names[0] === 'date' && names[1] === 'hour') {
    issues.fail(`the header looks like a long CSV but is ${quote(raw)}; expected "date,hour,price_uah_mwh" or "date,hour,price"`, line);
  }
  return issues.fail(`unknown price-book format: ${EXPECTED}; found ${quote(raw)}`, line);
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
