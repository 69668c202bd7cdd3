/**
 * `mktop` in place of a price-book file: the months a command needs come from the market
 * operator through the cache (the `mktop.prices` operation), with each month's freshness said on
 * stderr. Clock-change days follow the file readers' policy (skip, or reject with --dst reject).
 */
import { addDays, compareTradeDates, monthsBetween } from '../domain/dates.js';
import { SvcError } from '../domain/errors.js';
import type { PriceBook } from '../domain/prices.js';
import type { DstDayRows } from '../ops/facade/book-read.js';
import type { BookBinding } from '../ops/cli-binding.js';
import { mktopFallbackReason } from '../ops/market/mktop-fallback.js';
import type { CliEnv } from './cli-env.js';
import { setField } from './input-path.js';
import type { BookScope, LoadedBook, MonthFallback } from './book-types.js';

export const MKTOP = 'mktop';

/** Days before `from` also loaded, for commands that look back (brief context, risk history). */
const LOOKBACK_DAYS = 7;

export async function loadMarketBook(env: CliEnv, opts: { dst?: string }, scope: BookScope): Promise<LoadedBook> {
  if (!scope.from || !scope.to) {
    throw SvcError.validation('mktop: say which days to read, with --date or --from/--to', [{ path: 'file', message: 'mktop needs a date or a range' }]);
  }
  const { mktopPrices } = await import('../ops/market/mktop.js');
  const out = env.out();
  const book: PriceBook = {};
  const dstDays: DstDayRows[] = [];
  const fallbacks: MonthFallback[] = [];
  const required = new Set(monthsBetween(scope.from.slice(3), scope.to.slice(3)));
  for (const month of monthsBetween(addDays(scope.from, -LOOKBACK_DAYS).slice(3), scope.to.slice(3))) {
    let r;
    try {
      r = await env.runOp(mktopPrices, { month, market: 'DAM' });
    } catch (error) {
      // A look-back month only adds context: without it the command still runs on the days asked for.
      if (required.has(month) || !(error instanceof SvcError)) throw error;
      out.warn(`mktop ${month} (look-back only): ${error.message}`);
      continue;
    }
    Object.assign(book, r.data);
    for (const d of r.dst.days) dstDays.push({ date: d.date, transition: d.transition, periods: d.periods });
    const f = r.freshness;
    const line = `mktop ${month}: ${f.status} (${f.source}${f.fetchedAt ? `, fetched ${f.fetchedAt}` : ''})${f.upstreamError ? ` — ${f.upstreamError.reason}: ${f.upstreamError.message}` : ''}`;
    // Fixture mode is the user's own choice: said, not warned about. A stale or fallback answer standing in for a failure is warned.
    if (f.status === 'fresh' || !f.upstreamError) out.info(line);
    else out.warn(line);
    const fallback = mktopFallbackReason(month, f);
    if (fallback !== undefined) fallbacks.push({ month, reason: fallback });
  }
  const inScope = (d: string): boolean => compareTradeDates(d, scope.from as string) >= 0 && compareTradeDates(d, scope.to as string) <= 0;
  const scopedDst = dstDays.filter((d) => inScope(d.date));
  if (opts.dst === 'reject' && scopedDst.length > 0) {
    throw SvcError.validation(`mktop: clock-change ${scopedDst.map((d) => d.date).join(', ')} cannot be read as 24-hour days (DST policy "reject")`, [{ path: '--dst', message: 'clock-change day in range' }], 'dst_day');
  }
  if (scope.warnDst !== false) for (const d of scopedDst) out.heldWarn(`mktop: ${d.date} is a clock-change day (${d.periods.length} periods published): skipped`);
  const dates = Object.keys(book).sort(compareTradeDates);
  return { book, dates, skippedDstDays: dstDays.map((d) => d.date), invalidDays: [], dstDays, source: MKTOP, fallbacks };
}

/** Why the days used (DD.MM.YYYY) are fallback data, or undefined when none of their months came from svc's fallback. */
export function fallbackOf(loaded: LoadedBook, dates: readonly string[]): string | undefined {
  const months = new Set(dates.map((d) => d.slice(3)));
  const used = (loaded.fallbacks ?? []).filter((f) => months.has(f.month));
  return used.length === 0 ? undefined : used.map((f) => f.reason).join('; ');
}

/**
 * What the op is told of the operator's book it was given (BookBinding.mktop): `provenance` on
 * every read, and when a day used came from svc's fallback the `fallback` fields, whatever the
 * flags said (a user's --source-label does not hide svc's own fallback). `date`: the one day a
 * day-shaped command uses; otherwise every day read.
 */
export function stateMarketProvenance(mktop: NonNullable<BookBinding['mktop']>, loaded: LoadedBook, input: Record<string, unknown>, date: unknown): void {
  if (!mktop.fallback && !mktop.provenance) return;
  const reason = fallbackOf(loaded, typeof date === 'string' ? [date] : loaded.dates);
  if (mktop.fallback && reason !== undefined) {
    setField(input, mktop.fallback.field, true);
    if (mktop.fallback.reason) setField(input, mktop.fallback.reason, reason);
  }
  if (mktop.provenance) setField(input, mktop.provenance, { source: MKTOP, fallback: reason !== undefined, ...(reason !== undefined ? { reason } : {}) });
}
