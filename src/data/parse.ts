/**
 * Core of reading a price book from text (price-book.ts adds the JSON reader): detect the format from the content, read it, check it, apply
 * the DST policy. The one entry point every door uses (CLI files and stdin, HTTP uploads, tests).
 *
 * The result always holds ordinary days only: dates ascending, each with hours 0..23 in order.
 * Europe/Kyiv clock-change days are skipped (default, listed in `skippedDstDays`) or rejected
 * with a 400 `validation_error`, reason `dst_day`. Any other problem is a 400
 * `validation_error` whose issues name the file, line and field (see docs/data.md).
 */
import { BookBuilder, type BookScope, type BuiltBook, type DstPolicy, type OnInvalid } from './book-builder.js';
import { parseTradeDate, tradeDateKey } from '../domain/dates.js';
import { detectFormat, stripBom, type PriceBookFormat } from './detect.js';
import { IssueCollector } from './issues.js';
import { readGrid } from './read-grid.js';
import type { JsonBookReader } from './read-json-type.js';
import { readLong, type HourBase } from './read-long.js';

export type { DstDayRows, DstPolicy, InvalidDay, OnInvalid } from './book-builder.js';
export type { PriceBookFormat } from './detect.js';
export type { HourBase } from './read-long.js';

export interface ParsePriceBookOptions {
  /** Name of the input in messages: a file path, `stdin`, `request body`. */
  source: string;
  /** What to do with Europe/Kyiv clock-change days; default 'skip'. */
  dst?: DstPolicy;
  /** A day with a problem: fail the whole read (default), or leave the day out and name it. */
  onInvalid?: OnInvalid;
  /** Long CSV hours: 0..23 (default), 1..24, or 'auto' (1..24 when no hour 0 and an hour 24 appear, said in `notes`). */
  hourBase?: HourBase;
  /**
   * The days the caller asks for (inclusive, DD.MM.YYYY): only they are handed on in `book`. Every
   * row is still read and checked (a bad row anywhere fails the read as without a scope) and `dates`
   * lists every day kept; only the other days' PriceDays are not built.
   */
  scope?: { from?: string | undefined; to?: string | undefined; hourly?: boolean | undefined };
  /**
   * The days `dst: 'reject'` judges (inclusive, DD.MM.YYYY: the command's range): a clock-change
   * day outside them is left out as under 'skip', not rejected. Default: every day of the input.
   */
  dstRange?: { from?: string | undefined; to?: string | undefined };
  /** How a reject's hint names the skip policy (the CLI: its flag, `--dst skip`); default `the "skip" policy`. */
  dstSkipHint?: string;
}

/**
 * The book as BookBuilder built it (ordinary days only, ascending, hours 0..23 in order; the
 * clock-change days left out under policy 'skip', with their own periods; the days dropped under
 * onInvalid 'skip'; every day kept; with `scope.hourly` the scope's days as 24 prices), and where
 * it came from.
 */
export interface PriceBookReadResult extends BuiltBook {
  source: string;
  format: PriceBookFormat;
  /** The prices are a forecast's p50 (svc's own `forecast --format csv` read back), not market prices. */
  forecast: boolean;
  /** What the reader decided that the user should know (hours read as 1..24, columns ignored), one line each. */
  notes: string[];
}

/** The reading itself, with the JSON reader passed in so that CSV paths never load a schema library. */
export function parseBookWith(text: string, options: ParsePriceBookOptions, readJson: JsonBookReader): PriceBookReadResult {
  const issues = new IssueCollector(options.source);
  const body = stripBom(text);
  const detected = detectFormat(body, issues);
  const builder = new BookBuilder(issues);
  const notes: string[] = [];
  switch (detected.format) {
    case 'long': {
      const base = readLong(body, detected, builder, issues, options.hourBase ?? 0);
      if (options.hourBase === 'auto' && !detected.long?.periods) notes.push(base === 1 ? 'hours numbered 1..24 (no hour 0, an hour 24): read as 1 = 00:00-01:00 ... 24 = 23:00-24:00' : 'hours numbered 0..23: read as 0 = 00:00-01:00 ... 23 = 23:00-24:00');
      const layout = detected.long;
      if (layout?.forecast) notes.push(`svc forecast output: its p50 column is read as the prices (a forecast, not market prices)${layout.ignored.length > 0 ? `; ignored ${layout.ignored.join(', ')}` : ''}`);
      else if (layout && layout.ignored.length > 0) notes.push(`ignored ${layout.ignored.length === 1 ? 'column' : 'columns'} ${layout.ignored.join(', ')} (only ${[layout.date, layout.hour, layout.price].map((i) => detected.fields[i]).join(', ')} are read)`);
      break;
    }
    case 'wide':
    case 'oree':
      readGrid(body, detected, builder, issues);
      break;
    case 'json':
      readJson(body, builder, issues);
      break;
  }
  const range = scopeKeys(options.dstRange);
  const built = builder.finish(options.dst ?? 'skip', options.onInvalid ?? 'fail', scopeKeys(options.scope), { ...range, ...(options.dstSkipHint ? { skipHint: options.dstSkipHint } : {}) });
  return { source: options.source, format: detected.format, ...built, forecast: detected.long?.forecast === true, notes };
}

/** A scope's bounds as sort keys; a bound that is not a real date bounds nothing. */
function scopeKeys(scope: ParsePriceBookOptions['scope']): BookScope {
  const key = (d: string | undefined) => (d !== undefined && parseTradeDate(d) ? tradeDateKey(d) : undefined);
  const fromKey = key(scope?.from);
  const toKey = key(scope?.to);
  return { ...(fromKey !== undefined ? { fromKey } : {}), ...(toKey !== undefined ? { toKey } : {}), ...(scope?.hourly ? { hourly: true } : {}) };
}

/**
 * Lines a door should show the user about a successful read (the CLI prints them to stderr): the
 * reader's notes (hour numbering found, columns ignored, a forecast read as prices), the
 * clock-change days that were skipped (all on one line), the invalid days left out.
 */
export function formatWarnings(result: Pick<PriceBookReadResult, 'source' | 'skippedDstDays' | 'invalidDays'> & { notes?: readonly string[] }): string[] {
  const lines: string[] = (result.notes ?? []).map((note) => `${result.source}: ${note}`);
  const skipped = result.skippedDstDays;
  if (skipped.length > 0) {
    const days = skipped.length === 1 ? 'day' : 'days';
    lines.push(`${result.source}: skipped ${skipped.length} Europe/Kyiv clock-change ${days} (23 or 25 settlement periods, not 24 hours): ${skipped.join(', ')}; --dst reject fails instead`);
  }
  if (result.invalidDays.length > 0) {
    const n = result.invalidDays.length;
    lines.push(`${result.source}: skipped ${n} invalid ${n === 1 ? 'day' : 'days'} (--on-invalid skip):`);
    for (const d of result.invalidDays) lines.push(`  ${d.date}: ${d.reasons.join('; ')}`);
  }
  return lines;
}
