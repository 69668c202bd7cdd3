/** Reading a price book for a subcommand: the file (or `-`), the DST policy, and one warning line. */
import type { Command } from 'commander';
import { SvcError } from '../domain/errors.js';
import { compareTradeDates, parseTradeDate } from '../domain/dates.js';
import type { PriceBook, PriceDay } from '../domain/prices.js';
import type { CliEnv } from './context.js';

export function addBookOptions(cmd: Command): Command {
  return cmd.option('--dst <policy>', 'daylight-saving days (23/25 periods): skip (warn) | reject (exit 2)', 'skip');
}

export interface LoadedBook {
  book: PriceBook;
  dates: string[];
  skippedDstDays: string[];
  source: string;
}

/** The days a command looks at; DST warnings name only skipped days inside it. */
export interface BookScope {
  from?: string | undefined;
  to?: string | undefined;
}

function inScope(date: string, scope: BookScope): boolean {
  return (!scope.from || compareTradeDates(date, scope.from) >= 0) && (!scope.to || compareTradeDates(date, scope.to) <= 0);
}

export async function loadBook(env: CliEnv, file: string, opts: { dst?: string }, scope: BookScope = {}): Promise<LoadedBook> {
  const dst = opts.dst ?? 'skip';
  if (dst !== 'skip' && dst !== 'reject') {
    throw SvcError.validation(`--dst: expected skip or reject, got "${dst}"`, [{ path: '--dst', message: 'expected skip|reject' }]);
  }
  const { loadPriceBook } = await import('../data/load.js');
  const { formatWarnings } = await import('../data/parse.js');
  const source = file === '-' ? 'stdin' : file;
  const result = await loadPriceBook(file, { source, dst });
  const relevant = result.skippedDstDays.filter((d) => inScope(d, scope));
  for (const line of formatWarnings({ ...result, skippedDstDays: relevant })) env.out().warn(line);
  const dates = Object.keys(result.book).sort(compareTradeDates);
  return { book: result.book, dates, skippedDstDays: result.skippedDstDays, source };
}

export function parseDateFlag(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  if (parseTradeDate(value) === null) {
    throw SvcError.validation(`${flag}: expected a real date DD.MM.YYYY, got "${value}"`, [{ path: flag, message: 'expected DD.MM.YYYY' }]);
  }
  return value;
}

/** The day's prices, or a clear error saying why the date is not in the book. */
export function pickDay(loaded: LoadedBook, date: string): PriceDay {
  const day = loaded.book[date];
  if (day) return day;
  if (loaded.skippedDstDays.includes(date)) {
    throw SvcError.validation(
      `${date} is a daylight-saving day (not 24 hourly periods) and was skipped; svc plans only ordinary 24-hour days`,
      [{ path: '--date', message: 'daylight-saving day' }],
      'dst_day',
    );
  }
  const range = loaded.dates.length ? ` (it covers ${loaded.dates[0]}–${loaded.dates[loaded.dates.length - 1]}, ${loaded.dates.length} days)` : ' (it has no days)';
  throw SvcError.validation(`no prices for ${date} in ${loaded.source}${range}`, [{ path: '--date', message: 'date not in the price book' }], 'date_not_found');
}

/** Restricts a book to [from, to] (inclusive); says so on stderr when nothing is left. */
export function sliceBook(env: CliEnv, loaded: LoadedBook, from: string | undefined, to: string | undefined): LoadedBook {
  if (from && to && compareTradeDates(from, to) > 0) {
    throw SvcError.validation(`--from ${from} is after --to ${to}`, [{ path: '--from', message: 'after --to' }]);
  }
  const dates = loaded.dates.filter((d) => inScope(d, { from, to }));
  if (dates.length === 0 && loaded.dates.length > 0) {
    env.out().warn(`no days between ${from ?? 'the start'} and ${to ?? 'the end'} in ${loaded.source} (it covers ${loaded.dates[0]}–${loaded.dates[loaded.dates.length - 1]})`);
  }
  const book: PriceBook = {};
  for (const d of dates) {
    const day = loaded.book[d];
    if (day) book[d] = day;
  }
  return { ...loaded, book, dates };
}
