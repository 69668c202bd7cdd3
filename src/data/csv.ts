/**
 * csv-parse, set up once for the price readers: explicit record delimiters (so a stray CRLF in
 * an LF file does not leave `\r` in a price), empty lines skipped, ragged rows allowed (the
 * readers report the field count themselves, with the line), and csv-parse's own errors (an
 * unclosed quote) turned into located issues.
 */
import { createRequire } from 'node:module';
import type { parse as Parse } from 'csv-parse/sync';
import type { IssueCollector } from './issues.js';

/**
 * csv-parse is loaded on the first call, not with this module: the long-CSV fast path (every cold
 * `svc prices stats` / `svc plan` on a plain file) imports this module but never parses with it.
 * Its CommonJS build is one self-contained file (the ESM entry is 9 modules); same parser, same
 * version.
 */
let parseCsv: typeof Parse | undefined;
const csvParse = (): typeof Parse => (parseCsv ??= (createRequire(import.meta.url)('csv-parse/sync') as { parse: typeof Parse }).parse);

export interface CsvRecord {
  fields: string[];
  /** 1-based line where the record ends (a quoted field may span lines). */
  line: number;
}

interface InfoRecord {
  record: string[];
  info: { lines: number };
}

export function csvRecords(text: string, delimiter: string, fromLine: number, issues: IssueCollector): CsvRecord[] {
  const parse = csvParse();
  try {
    const out = parse(text, {
      delimiter,
      from_line: fromLine,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as InfoRecord[];
    return out.map((r) => ({ fields: r.record, line: r.info.lines }));
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    const reason = error instanceof Error ? error.message : String(error);
    return issues.fail(`not readable as CSV: ${reason}`, typeof line === 'number' && line > 0 ? line : undefined);
  }
}
