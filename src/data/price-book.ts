/**
 * Reading a price book from text: detect the format from the content, read it, check it, apply
 * the DST policy. The one entry point every door uses (CLI files and stdin, HTTP uploads, tests).
 *
 * The result always holds ordinary days only: dates ascending, each with hours 0..23 in order.
 * Europe/Kyiv clock-change days are skipped (default, listed in `skippedDstDays`) or rejected
 * with a 400 `validation_error`, reason `dst_day`. Any other problem is a 400
 * `validation_error` whose issues name the file, line and field (see docs/data.md).
 */
import { parseBookWith, type ParsePriceBookOptions, type PriceBookReadResult } from './parse.js';
import { readJson } from './read-json.js';

export { formatWarnings } from './parse.js';
export type { ParsePriceBookOptions, PriceBookReadResult, DstPolicy, PriceBookFormat } from './parse.js';

export function parsePriceBook(text: string, options: ParsePriceBookOptions): PriceBookReadResult {
  return parseBookWith(text, options, readJson);
}
