/** The shapes of a loaded book, apart from book.ts so that market-book.ts (loaded by it) imports no circle. */
import type { PriceBook } from '../domain/prices.js';
import type { DstDayRows, InvalidDay } from '../ops/facade/book-read.js';

export interface LoadedBook {
  book: PriceBook;
  dates: string[];
  skippedDstDays: string[];
  /** Days left out for problems (--on-invalid skip), with the reasons. */
  invalidDays: InvalidDay[];
  /** The clock-change days' own settlement periods (never part of `book`). */
  dstDays: DstDayRows[];
  source: string;
  /** Read with `hourly`: the days inside the scope as 24 prices each (index = hour). */
  hourly?: Record<string, number[]>;
  /** The prices are a forecast's p50 (svc's forecast CSV read back), not market prices. */
  forecast?: boolean;
  /** `mktop`: the months (MM.YYYY) served from svc's fallback (its shipped copy), with why. */
  fallbacks?: readonly MonthFallback[];
}

/** A month of the operator's book that svc served from its shipped copy, not from the operator or its cache. */
export interface MonthFallback {
  month: string;
  /** Why, in words (stable: no address or time, so a brief's rationale id does not change with them). */
  reason: string;
}

/** The days a command looks at; DST warnings name only skipped days inside it. */
export interface BookScope {
  from?: string | undefined;
  to?: string | undefined;
  /** false: the command itself says what it does with clock-change days (no skip warning). */
  warnDst?: boolean;
  /**
   * true: `book` holds only the days inside from..to (the rest of the file is still read and
   * checked, and `dates` lists every day): for commands that look at nothing else.
   */
  only?: boolean;
  /** With `only`: the days as 24 prices each in `hourly` (index = hour), `book` left empty. */
  hourly?: boolean;
}
