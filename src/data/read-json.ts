/**
 * JSON PriceBook as in the spec: an object keyed by DD.MM.YYYY, each value 24 {hour,
 * priceUahMwh}. Each day is validated with the domain's PriceDay schema; its issues are
 * reworded with the file, the JSON path and the value found.
 *
 * Also accepted: the same book wrapped as `{"data": {...}}` (the body of GET /api/mktop/prices)
 * or `{"priceBook": {...}}` (the body of POST /api/backtest/summary), so that one svc command's
 * JSON output can be piped into another. JSON.parse silently keeps the last of two equal keys;
 * a date key written twice is found by a scan of the text and reported instead.
 */
import type { core } from 'zod';
import { PriceDay } from '../domain/prices.js';
import type { BookBuilder } from './book-builder.js';
import { quote, type IssueCollector } from './issues.js';

const DATE_KEY = /"(\d{2}\.\d{2}\.\d{4})"\s*:/g;
const DATE_LIKE = /^\d{2}\.\d{2}\.\d{4}$/;

export function readJson(text: string, builder: BookBuilder, issues: IssueCollector): void {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(reason);
    if (at) {
      const { line, column } = lineAndColumn(text, Number(at[1]));
      issues.fail(`not valid JSON at line ${line}, column ${column}: ${reason}`);
    }
    issues.fail(`not valid JSON: ${reason}`);
  }
  const book = unwrap(data);
  if (book === null) {
    issues.fail(`expected a JSON object keyed by trade date DD.MM.YYYY (a PriceBook), found ${describe(data)}`);
  }
  reportDuplicateKeys(text, issues);

  for (const [date, value] of Object.entries(book)) {
    const rows = builder.day(date, 0, null);
    if (rows === undefined) continue;
    if (rows.dst !== null) {
      // Dropped or rejected whole; its 23 or 25 points need not fit a 24-point PriceDay.
      if (!Array.isArray(value)) issues.atPath(date, `expected an array of price points, found ${describe(value)}`);
      continue;
    }
    const parsed = PriceDay.safeParse(value);
    if (!parsed.success) {
      rows.flawed = true;
      for (const issue of parsed.error.issues) reportZodIssue(date, value, issue, issues);
      continue;
    }
    for (const p of parsed.data) builder.setHour(rows, p.hour, p.priceUahMwh === 0 ? 0 : p.priceUahMwh, 0, null);
  }
}

function unwrap(data: unknown): Record<string, unknown> | null {
  if (!isPlainObject(data)) return null;
  const keys = Object.keys(data);
  if (!keys.some((k) => DATE_LIKE.test(k))) {
    for (const wrapper of ['data', 'priceBook']) {
      const inner = data[wrapper];
      if (isPlainObject(inner)) return inner;
    }
  }
  return data;
}

function reportDuplicateKeys(text: string, issues: IssueCollector): void {
  const seen = new Set<string>();
  for (const m of text.matchAll(DATE_KEY)) {
    const date = m[1] as string;
    if (seen.has(date)) {
      const { line } = lineAndColumn(text, m.index);
      issues.atPath(date, `date ${date} appears twice as a key (again on line ${line}); JSON keeps only one of them, so the book is ambiguous`);
    }
    seen.add(date);
  }
}

function reportZodIssue(date: string, day: unknown, issue: core.$ZodIssue, issues: IssueCollector): void {
  const location: Array<string | number> = [date, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))];
  if (issue.path.length === 0 && Array.isArray(day)) {
    issues.atPath(location, `${issue.message}; found ${day.length} point${day.length === 1 ? '' : 's'}${missingHours(day)}`);
    return;
  }
  const found = valueAt(day, issue.path);
  const last = issue.path[issue.path.length - 1];
  if (last === 'priceUahMwh' && issue.code === 'too_small') {
    issues.atPath(location, `expected a price >= 0 UAH/MWh, found ${JSON.stringify(found)} (negative prices are not allowed by the spec)`);
  } else if (issue.code === 'unrecognized_keys') {
    issues.atPath(location, `${issue.message} (a price point has only "hour" and "priceUahMwh")`);
  } else {
    const json = JSON.stringify(found);
    const shown = found === undefined ? 'nothing (the field is missing)' : json.length > 40 ? `${json.slice(0, 37)}...` : json;
    issues.atPath(location, `${issue.message}; found ${shown}`);
  }
}

function missingHours(day: unknown[]): string {
  const present = new Set<number>();
  for (const p of day) if (isPlainObject(p) && typeof p.hour === 'number') present.add(p.hour);
  const missing = Array.from({ length: 24 }, (_, h) => h).filter((h) => !present.has(h));
  return missing.length ? `; missing hour${missing.length === 1 ? '' : 's'} ${missing.join(', ')}` : '';
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function describe(v: unknown): string {
  if (Array.isArray(v)) return 'an array';
  if (v === null) return 'null';
  return typeof v === 'object' ? 'an object' : `${typeof v} ${quote(String(v))}`;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
