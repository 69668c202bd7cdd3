/**
 * The one error for a range whose first day (or month) is after its last, in every command and
 * route: `--from 31.12.2024 is after --to 01.12.2024` where flags name the ends (the CLI),
 * `from 31.12.2024 is after to 01.12.2024` where input fields do (HTTP, MCP, `svc op run`).
 * Before, the same mistake read three ways ("--from: must not be after to", "from … is after to …").
 */
import { SvcError } from './errors.js';
import { MONTH_PATTERN, compareMonths, compareTradeDates, parseTradeDate } from './dates.js';

/** True when both ends are trade dates (DD.MM.YYYY) or both months (MM.YYYY) and `from` is the later. */
export function isReversedRange(from: string, to: string): boolean {
  if (parseTradeDate(from) && parseTradeDate(to)) return compareTradeDates(from, to) > 0;
  if (MONTH_PATTERN.test(from) && MONTH_PATTERN.test(to)) return compareMonths(from, to) > 0;
  return false;
}

/** The error for `from` after `to`; `names`: what the caller calls the two ends (`['--from', '--to']` for flags). */
export function rangeAfterError(from: string, to: string, names: readonly [string, string] = ['from', 'to']): SvcError {
  const [f, t] = names;
  return SvcError.validation(`${f} ${from} is after ${t} ${to}`, [{ path: f, message: `after ${t}` }]);
}

/** Throws rangeAfterError when both ends are given and `from` is after `to`. */
export function checkRangeOrder(from: string | undefined, to: string | undefined, names?: readonly [string, string]): void {
  if (from !== undefined && to !== undefined && isReversedRange(from, to)) throw rangeAfterError(from, to, names);
}
