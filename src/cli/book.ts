/** Reading a price book for a subcommand: the file (or `-`), the DST policy, and one warning line. */
import { checkRangeOrder } from '../domain/range-order.js';
import type { Command } from 'commander';
import { SvcError } from '../domain/errors.js';
import { compareTradeDates, parseTradeDate, withDateHint } from '../domain/dates.js';
import type { PriceBook, PriceDay } from '../domain/prices.js';
import type { CliEnv } from './cli-env.js';
import type { BookParts } from '../ops/cli-steps.js';
import type { BookScope, LoadedBook } from './book-types.js';

export type { BookScope, LoadedBook };

/** The book argument's help: a file, `-`, or `mktop` (the operator's prices through the cache). */
export const BOOK_ARG_HELP = 'price book (CSV long/wide/operator export, JSON); - for stdin; mktop for the market operator\'s DAM prices (cached)';

/** `--dst`, `--on-invalid` and `--hour-base`; a book keeping clock-change days has `--dst keep|skip|reject`. */
export function addBookOptions(cmd: Command, book: BookParts = {}): Command {
  if (book.keepDst) cmd.option('--dst <policy>', book.keepDst.help, 'keep');
  else cmd.option('--dst <policy>', 'daylight-saving days (23/25 periods): skip (warn) | reject (exit 2)', 'skip');
  cmd.option('--on-invalid <policy>', 'a day with a bad row: fail (exit 2, every problem listed) | skip (leave the day out, name it on stderr)', 'fail');
  cmd.option('--hour-base <base>', 'long CSV hour numbering: 0 (0..23) | 1 (1..24) | auto (found from the file, said on stderr)', '0');
  return cmd;
}

/**
 * How a book is read under its `--dst`: as given, or where the binding keeps clock-change days
 * (BookParts.keepDst) keep read as skip with no warning (`keep`: the door hands the days over).
 */
export function dstReading<O extends { dst?: unknown }>(book: BookParts, opts: O): { opts: O; scope: Pick<BookScope, 'warnDst'>; keep: boolean } {
  if (!book.keepDst) return { opts, scope: {}, keep: false };
  const policy = (opts.dst ?? 'keep') as string;
  if (policy !== 'keep' && policy !== 'skip' && policy !== 'reject') {
    throw SvcError.validation(`--dst: expected keep, skip or reject, got "${policy}"`, [{ path: '--dst', message: 'expected keep|skip|reject' }]);
  }
  const keep = policy === 'keep';
  return { opts: { ...opts, dst: keep ? 'skip' : policy }, scope: keep ? { warnDst: false } : {}, keep };
}

/**
 * The forecast description of a book that is svc's own forecast CSV read back (its p50): risk and
 * brief then judge the prices as a forecast (status `forecast`, the brief says so), as with
 * `--plan-on forecast`, instead of as market prices.
 */
export const READ_BACK_FORECAST = { model: 'svc forecast CSV read back as its p50', rmaeVsNaive: null, days: 0 } as const;

/** How the days missing inside a range split: clock-change days, invalid days, and days absent from the file. */
export function classifyMissing(loaded: LoadedBook, missing: readonly string[]): { dst: string[]; invalid: string[]; absent: string[] } {
  const dst = new Set(loaded.skippedDstDays);
  const invalid = new Set(loaded.invalidDays.map((d) => d.date));
  return { dst: missing.filter((d) => dst.has(d)), invalid: missing.filter((d) => invalid.has(d)), absent: missing.filter((d) => !dst.has(d) && !invalid.has(d)) };
}

function inScope(date: string, scope: BookScope): boolean {
  return (!scope.from || compareTradeDates(date, scope.from) >= 0) && (!scope.to || compareTradeDates(date, scope.to) <= 0);
}

export async function loadBook(env: CliEnv, file: string, opts: { dst?: string; onInvalid?: string; hourBase?: string }, scope: BookScope = {}): Promise<LoadedBook> {
  const dst = opts.dst ?? 'skip';
  if (dst !== 'skip' && dst !== 'reject') {
    throw SvcError.validation(`--dst: expected skip or reject, got "${dst}"`, [{ path: '--dst', message: 'expected skip|reject' }]);
  }
  const onInvalid = opts.onInvalid ?? 'fail';
  if (onInvalid !== 'skip' && onInvalid !== 'fail') {
    throw SvcError.validation(`--on-invalid: expected fail or skip, got "${onInvalid}"`, [{ path: '--on-invalid', message: 'expected fail|skip' }]);
  }
  const hourBase = opts.hourBase === undefined || opts.hourBase === '0' ? 0 : opts.hourBase === '1' ? 1 : opts.hourBase === 'auto' ? 'auto' : undefined;
  if (hourBase === undefined) throw SvcError.validation(`--hour-base: expected 0, 1 or auto, got "${opts.hourBase}"`, [{ path: '--hour-base', message: 'expected 0|1|auto' }]);
  if (file === 'mktop') return (await import('./market-book.js')).loadMarketBook(env, { dst }, scope);
  const { loadPriceBook, formatWarnings } = await import('../ops/facade/book-read.js');
  const source = file === '-' ? 'stdin' : file;
  // `--dst reject` judges only the clock-change days of the command's range.
  const reading = { source, dst, onInvalid, hourBase, dstRange: { from: scope.from, to: scope.to }, dstSkipHint: '--dst skip' } as const;
  const result = await loadPriceBook(file, { ...reading, ...(scope.only ? { scope: { from: scope.from, to: scope.to, hourly: scope.hourly } } : {}) });
  const relevant = scope.warnDst === false ? [] : result.skippedDstDays.filter((d) => inScope(d, scope));
  // How the file was read (hour numbering found, columns ignored) is a notice, hidden by -q; the days it left out are warnings, shown with -q too.
  const out = env.out();
  for (const line of formatWarnings({ source: result.source, notes: result.notes, skippedDstDays: [], invalidDays: [] })) out.notice(line);
  for (const line of formatWarnings({ source: result.source, skippedDstDays: relevant, invalidDays: result.invalidDays })) out.heldWarn(line);
  return { book: result.book, dates: result.dates, skippedDstDays: result.skippedDstDays, invalidDays: result.invalidDays, dstDays: result.dstDays, source, forecast: result.forecast, ...(result.hourly ? { hourly: result.hourly } : {}) };
}

export function parseDateFlag(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  if (parseTradeDate(value) === null) {
    throw SvcError.validation(withDateHint(`${flag}: expected a real date DD.MM.YYYY, got "${value}"`, value), [{ path: flag, message: 'expected DD.MM.YYYY' }]);
  }
  return value;
}

/** The day's prices, or a clear error saying why the date is not in the book. */
export function pickDay(loaded: LoadedBook, date: string): PriceDay {
  const day = loaded.book[date];
  if (day) return day;
  const invalid = loaded.invalidDays.find((d) => d.date === date);
  if (invalid) {
    throw SvcError.validation(`${date} was left out (--on-invalid skip): ${invalid.reasons.join('; ')}`, [{ path: '--date', message: 'invalid day' }], 'date_not_found');
  }
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

/** Bad input when --from is after --to (the one wording: domain/range-order.ts). */
export function checkRange(from: string | undefined, to: string | undefined): void {
  checkRangeOrder(from, to, ['--from', '--to']);
}

/**
 * Restricts a book to [from, to] (inclusive), its clock-change days too (`--dst keep` hands over
 * only those in the range); a range that leaves no day is bad input (exit 2), never a table of zeros.
 */
export function sliceBook(env: CliEnv, loaded: LoadedBook, from: string | undefined, to: string | undefined): LoadedBook {
  checkRange(from, to);
  if (from === undefined && to === undefined) return loaded;
  const dates = loaded.dates.filter((d) => inScope(d, { from, to }));
  if (dates.length === 0 && loaded.dates.length > 0) {
    const flag = from ? '--from' : '--to';
    throw SvcError.validation(`no days between ${from ?? 'the start'} and ${to ?? 'the end'} in ${loaded.source} (it covers ${loaded.dates[0]}–${loaded.dates[loaded.dates.length - 1]})`, [{ path: flag, message: 'no data in the range' }], 'no_data');
  }
  const book: PriceBook = {};
  for (const d of dates) {
    const day = loaded.book[d];
    if (day) book[d] = day;
  }
  return { ...loaded, book, dates, dstDays: loaded.dstDays.filter((d) => inScope(d.date, { from, to })) };
}
