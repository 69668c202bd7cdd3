/**
 * Core of reading a price book from text (price-book.ts adds the JSON reader): detect the format from the content, read it, check it, apply
 * the DST policy. The one entry point every door uses (CLI files and stdin, HTTP uploads, tests).
 *
 * The result always holds ordinary days only: dates ascending, each with hours 0..23 in order.
 * Europe/Kyiv clock-change days are skipped (default, listed in `skippedDstDays`) or rejected
 * with a 400 `validation_error`, reason `dst_day`. Any other problem is a 400
 * `validation_error` whose issues name the file, line and field (see docs/data.md).
 */
import type { PriceBook } from '../domain/prices.js';
import { BookBuilder, type DstDayRows, type DstPolicy, type InvalidDay, type OnInvalid } from './book-builder.js';
import { detectFormat, stripBom, type PriceBookFormat } from './detect.js';
import { IssueCollector } from './issues.js';
import { readGrid } from './read-grid.js';
import type { JsonBookReader } from './read-json-type.js';
import { readLong } from './read-long.js';

export type { DstDayRows, DstPolicy, InvalidDay, OnInvalid } from './book-builder.js';
export type { PriceBookFormat } from './detect.js';

export interface ParsePriceBookOptions {
  /** Name of the input in messages: a file path, `stdin`, `request body`. */
  source: string;
  /** What to do with Europe/Kyiv clock-change days; default 'skip'. */
  dst?: DstPolicy;
  /** A day with a problem: fail the whole read (default), or leave the day out and name it. */
  onInvalid?: OnInvalid;
}

export interface PriceBookReadResult {
  source: string;
  format: PriceBookFormat;
  /** Ordinary days only, ascending, hours 0..23 in order. */
  book: PriceBook;
  /** Clock-change days found in the input and left out (policy 'skip'), ascending. */
  skippedDstDays: string[];
  /** Those days' own settlement periods, for writers that can hold them. */
  dstDays: DstDayRows[];
  /** Days left out because of a problem (onInvalid 'skip'), in line order. */
  invalidDays: InvalidDay[];
}

/** The reading itself, with the JSON reader passed in so that CSV paths never load a schema library. */
export function parseBookWith(text: string, options: ParsePriceBookOptions, readJson: JsonBookReader): PriceBookReadResult {
  const issues = new IssueCollector(options.source);
  const body = stripBom(text);
  const detected = detectFormat(body, issues);
  const builder = new BookBuilder(issues);
  switch (detected.format) {
    case 'long':
      readLong(body, detected, builder, issues);
      break;
    case 'wide':
    case 'oree':
      readGrid(body, detected, builder, issues);
      break;
    case 'json':
      readJson(body, builder, issues);
      break;
  }
  const built = builder.finish(options.dst ?? 'skip', options.onInvalid ?? 'fail');
  return { source: options.source, format: detected.format, ...built };
}

/**
 * Lines a door should show the user about a successful read (the CLI prints them to stderr).
 * At most one today: the clock-change days that were skipped, all named on one line.
 */
export function formatWarnings(result: Pick<PriceBookReadResult, 'source' | 'skippedDstDays' | 'invalidDays'>): string[] {
  const lines: string[] = [];
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
