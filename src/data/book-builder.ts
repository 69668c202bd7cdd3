/**
 * Gathers hourly prices day by day from any reader, then checks completeness and applies the
 * DST policy in one place, so that every format behaves the same way.
 *
 * A day is kept only when it is a real date, is not a Kyiv clock-change day, and has exactly one
 * price for each hour 0..23. Clock-change days are never passed on as ordinary days, whatever
 * number of rows they have: the operator's autumn days carry 24 of their 25 periods, and a
 * 24-row day would otherwise look complete.
 */
import { describeBadDate, parseTradeDate } from '../domain/dates.js';
import { SvcError } from '../domain/errors.js';
import type { PriceBook, PriceDay } from '../domain/prices.js';
import { kyivDstTransitionOf, type DstTransition } from './dst.js';
import { jsonPath, type IssueCollector } from './issues.js';

export type DstPolicy = 'skip' | 'reject';

/** Slots per day: hours 0..23 plus hour 24, which only an autumn clock-change day can have. */
const SLOTS = 25;

export interface DayRows {
  readonly date: string;
  readonly dst: DstTransition | null;
  /** Sort key YYYYMMDD. */
  readonly key: number;
  /**
   * Price per hour; NaN where no price was given. Plain arrays copied from a template: a typed array
   * of this size is allocated outside V8's heap, a visible share of reading a 3-year book cold.
   */
  readonly prices: number[];
  /** Input line of each hour's price (0 = none yet). */
  readonly lines: number[];
  /** Line where the day first appears; 0 for inputs without lines (JSON). */
  readonly firstLine: number;
  /**
   * Set when the day's hours cannot be told apart any more (its one row of a wide or operator file
   * has the wrong number of cells, the date is given twice there, a JSON day that is not a list of
   * points): its problems are reported, and it is not checked for missing hours as well.
   */
  flawed: boolean;
  /**
   * Hours (bit h) whose row or cell was there but could not be read (a bad price, an empty cell),
   * already reported: not reported again as missing.
   */
  badHours: number;
  /** Rows of this day whose hour could not be read (a bad hour, a wrong number of fields): they may be the missing hours. */
  unplaced: number;
}

/** A clock-change day as read: its settlement periods in order (23, or the 24/25 given). */
export interface DstDayRows {
  date: string;
  transition: DstTransition;
  /** Prices of the periods present, in period order (period p at index p - 1). */
  periods: number[];
}

/** A day left out by `onInvalid: 'skip'`, with why (line order). */
export interface InvalidDay {
  date: string;
  line: number;
  reasons: string[];
}

export type OnInvalid = 'fail' | 'skip';

export interface BuiltBook {
  book: PriceBook;
  skippedDstDays: string[];
  /** The clock-change days' own periods, for writers that can hold them (long CSV). */
  dstDays: DstDayRows[];
  /** Days dropped for problems (only with onInvalid 'skip'), in input order. */
  invalidDays: InvalidDay[];
  /** Every ordinary day read and kept, ascending: `book`'s days, and with a scope also those outside it. */
  dates: string[];
  /** With `scope.hourly`: the days inside the scope as 24 prices (index = hour), and `book` left empty. */
  hourly?: Record<string, number[]>;
}

/** The clock-change days the 'reject' policy judges (inclusive keys YYYYMMDD; default every one), and its hint's words for 'skip'. */
export interface DstJudged {
  fromKey?: number;
  toKey?: number;
  skipHint?: string;
}

/** The days a reader is asked for (inclusive keys YYYYMMDD): only these are handed on as PriceDays. */
export interface BookScope {
  fromKey?: number;
  toKey?: number;
  /** Hand the days on as hourly arrays (`hourly`), not as PriceDays of {hour, priceUahMwh} points. */
  hourly?: boolean;
}

const NAN_SLOTS: readonly number[] = Array.from({ length: SLOTS }, () => Number.NaN);
const ZERO_SLOTS: readonly number[] = Array.from({ length: SLOTS }, () => 0);

/** The prices present on a clock-change day, in period order (slots 0..24, gaps left out). */
function periodsOf(rows: DayRows): number[] {
  const out: number[] = [];
  for (let h = 0; h < SLOTS; h += 1) {
    const p = rows.prices[h] ?? Number.NaN;
    if (!Number.isNaN(p)) out.push(p);
  }
  return out;
}

/** True when the days are in ascending date order already (as every book svc writes is). */
function ascending(days: readonly DayRows[]): boolean {
  for (let i = 1; i < days.length; i += 1) if ((days[i - 1] as DayRows).key > (days[i] as DayRows).key) return false;
  return true;
}

export class BookBuilder {
  private readonly days = new Map<string, DayRows>();
  /** Dates already reported as invalid, so a bad date is reported once, not once per row. */
  private readonly badDates = new Set<string>();
  private last: DayRows | undefined;

  constructor(private readonly issues: IssueCollector) {}

  /**
   * The rows of `date`, created on first sight; undefined (after one reported issue) when the
   * date is not a real calendar date.
   */
  day(date: string, line: number, field: string | null): DayRows | undefined {
    this.issues.onDate(date);
    const last = this.last;
    if (last !== undefined && last.date === date) return last;
    let rows = this.days.get(date);
    if (rows === undefined) {
      if (this.badDates.has(date)) return undefined;
      const parts = parseTradeDate(date);
      if (parts === null) {
        this.badDates.add(date);
        this.report(line, date, field, describeBadDate(date) ?? 'not a trade date');
        return undefined;
      }
      rows = {
        date,
        key: parts.year * 10_000 + parts.month * 100 + parts.day,
        dst: kyivDstTransitionOf(parts),
        prices: NAN_SLOTS.slice(),
        lines: ZERO_SLOTS.slice(),
        firstLine: line,
        flawed: false,
        badHours: 0,
        unplaced: 0,
      };
      this.days.set(date, rows);
    }
    this.last = rows;
    return rows;
  }

  /**
   * Counts a row of `date` that could not be read (its hour unknown): the day's missing hours are
   * reported only when more are missing than such rows could hold.
   */
  markUnplaced(date: string, line: number): void {
    this.issues.onDate(date === '' ? undefined : date);
    if (describeBadDate(date) !== null) return;
    const rows = this.days.get(date) ?? this.day(date, line, null);
    if (rows) rows.unplaced += 1;
  }

  /** An hour whose row or cell was there but could not be read (reported by the reader): not also missing. */
  markBadHour(rows: DayRows, hour: number): void {
    rows.badHours |= 1 << hour;
  }

  /** Like day(), but a date may open only once (wide and operator layouts: one row per day). */
  newDay(date: string, line: number, field: string | null): DayRows | undefined {
    this.issues.onDate(date);
    const seen = this.days.get(date);
    if (seen !== undefined) {
      this.issues.atLine(line, field, `date ${date} is given again; it was first given on line ${seen.firstLine} (one row per day expected)`);
      seen.flawed = true;
      return undefined;
    }
    return this.day(date, line, field);
  }

  /** Stores one price; reports a second price for the same hour. */
  setHour(rows: DayRows, hour: number, price: number, line: number, field: string | null): void {
    const first = rows.lines[hour] ?? 0;
    if (first !== 0 || !Number.isNaN(rows.prices[hour] ?? Number.NaN)) {
      // The day is still checked for missing hours: a repeated hour 9 is often the hour 10 not given.
      const where = first > 0 ? `line ${first}` : 'earlier';
      this.report(line, `${rows.date}.${hour}`, field, `hour ${hour} of ${rows.date} is given twice (first on ${where})`);
      return;
    }
    rows.prices[hour] = price;
    rows.lines[hour] = line;
  }

  /** Reports a problem at a line, or at a JSON-style location when the input has no lines. */
  report(line: number, location: string, field: string | null, problem: string): void {
    if (line > 0) this.issues.atLine(line, field, problem);
    else this.issues.atPath(location, problem);
  }

  /**
   * Checks every ordinary day for hours 0..23, throws all problems found so far, then applies
   * the DST policy. Dates come out ascending and hours in order.
   */
  finish(policy: DstPolicy, onInvalid: OnInvalid = 'fail', scope: BookScope = {}, judged: DstJudged = {}): BuiltBook {
    const ordered = [...this.days.values()];
    if (!ascending(ordered)) ordered.sort((a, b) => a.key - b.key);
    const dstDays: DayRows[] = [];
    for (const rows of ordered) {
      if (rows.dst !== null) dstDays.push(rows);
      else if (!rows.flawed) this.checkComplete(rows);
    }
    this.issues.onDate(undefined);
    const invalid = this.issues.invalidDays();
    const skipping = onInvalid === 'skip' && !this.issues.hasUndated && invalid.size > 0;
    const kept = skipping ? ordered.filter((r) => !invalid.has(r.date)) : ordered;
    if (kept.length === 0 && this.issues.count === 0) {
      this.issues.atInput('no price rows found: expected at least one day of hourly prices');
    }
    if (!skipping || kept.length === 0) this.issues.throwIfAny();
    const keptDst = dstDays.filter((d) => kept.includes(d));
    const { fromKey: judgedFrom = 0, toKey: judgedTo = Number.POSITIVE_INFINITY } = judged;
    const rejected = policy === 'reject' ? keptDst.filter((d) => d.key >= judgedFrom && d.key <= judgedTo) : [];
    if (rejected.length > 0) throw this.dstError(rejected, judged.skipHint ?? 'the "skip" policy');

    const book: PriceBook = {};
    const hourly: Record<string, number[]> | undefined = scope.hourly ? {} : undefined;
    const dates: string[] = [];
    const { fromKey = 0, toKey = Number.POSITIVE_INFINITY } = scope;
    for (const rows of kept) {
      if (rows.dst !== null) continue;
      dates.push(rows.date);
      if (rows.key < fromKey || rows.key > toKey) continue;
      if (hourly) {
        hourly[rows.date] = rows.prices.slice(0, 24);
        continue;
      }
      const day: PriceDay = new Array(24);
      for (let h = 0; h < 24; h += 1) day[h] = { hour: h, priceUahMwh: rows.prices[h] ?? 0 };
      book[rows.date] = day;
    }
    const invalidDays: InvalidDay[] = skipping
      ? [...invalid].map(([date, list]) => ({ date, line: Math.min(...list.map((i) => i.line)), reasons: list.map((i) => i.message) })).sort((a, b) => a.line - b.line)
      : [];
    return {
      book,
      skippedDstDays: keptDst.map((d) => d.date),
      dstDays: keptDst.map((d) => ({ date: d.date, transition: d.dst as DstTransition, periods: periodsOf(d) })),
      invalidDays,
      dates,
      ...(hourly ? { hourly } : {}),
    };
  }

  private checkComplete(rows: DayRows): void {
    const missing: number[] = [];
    for (let h = 0; h < 24; h += 1) if (Number.isNaN(rows.prices[h] ?? Number.NaN) && (rows.badHours & (1 << h)) === 0) missing.push(h);
    // Rows whose hour could not be read may be these hours: said only when more are missing.
    if (missing.length <= rows.unplaced) return;
    const plural = missing.length === 1 ? '' : 's';
    const problem = `expected 24 prices for hours 0..23, found ${24 - missing.length}; missing hour${plural} ${missing.join(', ')}`;
    this.issues.onDate(rows.date);
    this.report(rows.firstLine, rows.date, null, rows.firstLine > 0 ? `date ${rows.date} (first row here): ${problem}` : problem);
  }

  private dstError(dstDays: DayRows[], skipHint: string): SvcError {
    const src = this.issues.source;
    const describe = (d: DayRows): string =>
      `${d.date} is the Europe/Kyiv ${d.dst === 'spring' ? 'spring-forward day (23 settlement periods)' : 'fall-back day (25 settlement periods)'}, which a 24-hour PriceDay cannot hold`;
    // Each issue names its place only (`line 33`, `["31.03.2024"]`), as the reader's other issues do: the file is named once, by the message.
    const issues = dstDays.map((d) => {
      const where = d.firstLine > 0 ? `line ${d.firstLine}` : jsonPath([d.date]);
      return { path: `${src}:${d.firstLine > 0 ? d.firstLine : d.date}`, message: `${where}: ${describe(d)}` };
    });
    const dates = dstDays.map((d) => d.date).join(', ');
    const what = dstDays.length === 1 ? `clock-change day ${dates}` : `clock-change days ${dates}`;
    return new SvcError(
      'validation_error',
      `${src}: Europe/Kyiv ${what} cannot be read as ${dstDays.length === 1 ? 'a 24-hour day' : '24-hour days'} (DST policy "reject"); remove ${dstDays.length === 1 ? 'it' : 'them'} or read with ${skipHint}`,
      { reason: 'dst_day', issues },
    );
  }
}
