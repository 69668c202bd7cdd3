/**
 * Collects the problems found while reading one input, then throws them as one SvcError.
 *
 * Readers keep going after a bad row so that a user fixes a file in one pass, not one error per
 * run. Every issue carries a path `<source>:<line>[:<field>]` (or `<source>:<json path>`) and a
 * message that repeats the file, the place, what was expected and what was found, because the CLI
 * prints only the message.
 */
import { MAX_ISSUES, SvcError, type FailingPath } from '../domain/errors.js';

export interface DayIssue {
  /** Line of the first problem, 0 for inputs without lines (JSON). */
  line: number;
  message: string;
}

export class IssueCollector {
  readonly source: string;
  private readonly list: Array<FailingPath & { line: number; date: string | undefined }> = [];
  private dropped = 0;
  /** The trade date (or date-like text) the reader is on; problems found now belong to that day. */
  private currentDate: string | undefined;
  /** Every problem of each day, for `--on-invalid skip` (days are dropped, named, counted). */
  private readonly byDate = new Map<string, DayIssue[]>();
  /** Problems that belong to no day (a header, the whole input): these always fail. */
  private undated = 0;

  constructor(source: string) {
    this.source = source;
  }

  /** Problems reported from now on belong to this day (undefined: to the input as a whole). */
  onDate(date: string | undefined): void {
    this.currentDate = date;
  }

  /** Days with at least one problem, with their problems in line order. */
  invalidDays(): Map<string, DayIssue[]> {
    return this.byDate;
  }

  /** True when some problem belongs to no day, so skipping invalid days cannot help. */
  get hasUndated(): boolean {
    return this.undated > 0;
  }

  get count(): number {
    return this.list.length + this.dropped;
  }

  /**
   * An issue on a CSV line, optionally in one named field. The message names the place only
   * (`line 12, field price`): the file is named once, by the error that lists the issues.
   */
  atLine(line: number, field: string | null, problem: string, date: string | undefined = this.currentDate): void {
    const where = field === null ? `line ${line}` : `line ${line}, field ${field}`;
    this.add(field === null ? `${this.source}:${line}` : `${this.source}:${line}:${field}`, `${where}: ${problem}`, line, date);
  }

  /** An issue on the whole input. */
  atInput(problem: string): void {
    this.add(this.source, problem, 0, undefined);
  }

  /**
   * An issue at a place that is not a line: a JSON location given as keys and indexes
   * (`["15.07.2025", 3, "priceUahMwh"]`), rendered `["15.07.2025"][3].priceUahMwh` so that a
   * date key never reads as a dotted path.
   */
  atPath(location: string | ReadonlyArray<string | number>, problem: string, date: string | undefined = this.currentDate): void {
    const where = typeof location === 'string' ? jsonPath([location]) : jsonPath(location);
    this.add(`${this.source}:${where}`, `${where}: ${problem}`, 0, date);
  }

  add(path: string, message: string, line = 0, date: string | undefined = undefined): void {
    if (this.list.length < MAX_ISSUES) this.list.push({ path, message, line, date });
    else this.dropped += 1;
    if (date === undefined) this.undated += 1;
    else {
      const day = this.byDate.get(date) ?? [];
      if (day.length === 0) this.byDate.set(date, day);
      day.push({ line, message });
    }
  }

  /** Throws one validation error listing every issue, if any was found. */
  throwIfAny(): void {
    if (this.count === 0) return;
    throw issuesError(this.source, this.list, this.count);
  }

  /** Records one issue and throws at once (for problems that stop reading). */
  fail(problem: string, line?: number): never {
    if (line === undefined) this.atInput(problem);
    else this.atLine(line, null, problem, undefined);
    throw issuesError(this.source, this.list, this.count);
  }
}

/** `["15.07.2025"][3].priceUahMwh`: keys that are not identifiers are quoted, indexes bracketed. */
export function jsonPath(parts: ReadonlyArray<string | number>): string {
  return parts
    .map((p, i) => (typeof p === 'number' || /^\d+$/.test(p) ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? (i === 0 ? p : `.${p}`) : `[${JSON.stringify(p)}]`))
    .join('');
}

/** One error naming the file once, its issues in line order (inputs without lines keep reading order). */
function issuesError(source: string, issues: Array<FailingPath & { line: number }>, total: number): SvcError {
  const sorted = [...issues].sort((a, b) => a.line - b.line);
  const first = sorted[0];
  const more = total - 1;
  const message = `${source}: ${first?.message ?? 'invalid input'}${more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : ''}`;
  return SvcError.validation(
    message,
    sorted.map(({ path, message: m }) => ({ path, message: m })),
  );
}

/** Quotes a found value for a message, shortened so one bad line cannot flood the terminal. */
export function quote(value: string): string {
  const shown = value.length > 40 ? `${value.slice(0, 37)}...` : value;
  return JSON.stringify(shown);
}
