/**
 * One row per day: the wide CSV (`date,h0,...,h23`) and the operator's monthly export
 * (`Дата;Год1;...;Год24`, where column Год<n> is settlement period n, i.e. hour n-1).
 *
 * Both are a date and 24 cells. An empty cell is a missing hour on an ordinary day; on a
 * clock-change day it is expected (the spring day has an empty 24th cell) and the day is skipped
 * or rejected as a whole anyway. The export's numbers may use `,` decimals and space / NBSP
 * thousands separators; the wide CSV uses svc's own number syntax.
 */
import type { BookBuilder } from './book-builder.js';
import { csvRecords } from './csv.js';
import type { DetectedFormat } from './detect.js';
import type { IssueCollector } from './issues.js';
import { isBlank, parseOperatorPrice, parsePlainPrice } from './numbers.js';

const CELLS = 25;

export function readGrid(text: string, detected: DetectedFormat, builder: BookBuilder, issues: IssueCollector): void {
  const operator = detected.format === 'oree';
  const parsePrice = operator ? parseOperatorPrice : parsePlainPrice;
  const names = detected.fields;
  const dateName = names[0] ?? 'date';
  const records = csvRecords(text, operator ? ';' : ',', detected.headerLine + 1, issues);

  for (const { fields, line } of records) {
    // Spreadsheets often end every row with one more separator.
    while (fields.length > CELLS && isBlank(fields[fields.length - 1] ?? '')) fields.pop();
    if (fields.length === 1 && isBlank(fields[0] ?? '')) continue;

    const date = (fields[0] ?? '').trim();
    const rows = builder.newDay(date, line, dateName);
    if (rows === undefined) continue;

    // A clock-change day may carry 23, 24 or 25 periods; it is dropped or rejected whole.
    const dstCells = rows.dst !== null && fields.length >= CELLS - 1 && fields.length <= CELLS + 1;
    if (fields.length !== CELLS && !dstCells) {
      rows.flawed = true;
      issues.atLine(line, null, `expected ${CELLS} fields (${dateName} and 24 hourly prices ${names[1]}..${names[24]}), found ${fields.length}`);
      continue;
    }
    const last = Math.min(fields.length, CELLS + 1);
    for (let i = 1; i < last; i += 1) {
      const cell = fields[i] ?? '';
      const hour = i - 1;
      const field = names[i] ?? `period ${i}`;
      if (isBlank(cell)) {
        if (rows.dst !== null) continue;
        builder.markBadHour(rows, hour);
        issues.atLine(line, field, `expected a price for hour ${hour} of ${date}, found an empty field`);
        continue;
      }
      const price = parsePrice(cell);
      if (!price.ok) {
        builder.markBadHour(rows, hour);
        issues.atLine(line, field, `${price.problem} (hour ${hour} of ${date})`);
        continue;
      }
      builder.setHour(rows, hour, price.value, line, field);
    }
  }
}
