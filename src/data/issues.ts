/**
 * Collects the problems found while reading one input, then throws them as one SvcError.
 *
 * Readers keep going after a bad row so that a user fixes a file in one pass, not one error per
 * run. Every issue carries a path `<source>:<line>[:<field>]` (or `<source>:<json path>`) and a
 * message that repeats the file, the place, what was expected and what was found, because the CLI
 * prints only the message.
 */
import { SvcError, type FailingPath } from '../domain/errors.js';

/** Keep at most this many issues; the rest are counted. */
const MAX_ISSUES = 50;

export class IssueCollector {
  readonly source: string;
  private readonly list: FailingPath[] = [];
  private dropped = 0;

  constructor(source: string) {
    this.source = source;
  }

  get count(): number {
    return this.list.length + this.dropped;
  }

  /** An issue on a CSV line, optionally in one named field. */
  atLine(line: number, field: string | null, problem: string): void {
    const where = field === null ? `line ${line}` : `line ${line}, field ${field}`;
    this.add(field === null ? `${this.source}:${line}` : `${this.source}:${line}:${field}`, `${this.source} ${where}: ${problem}`);
  }

  /** An issue on the whole input. */
  atInput(problem: string): void {
    this.add(this.source, `${this.source}: ${problem}`);
  }

  /** An issue at a location that is not a line (a JSON path such as `01.01.2024.3.priceUahMwh`). */
  atPath(location: string, problem: string): void {
    this.add(`${this.source}:${location}`, `${this.source} ${location}: ${problem}`);
  }

  add(path: string, message: string): void {
    if (this.list.length < MAX_ISSUES) this.list.push({ path, message });
    else this.dropped += 1;
  }

  /** Throws one validation error listing every issue, if any was found. */
  throwIfAny(): void {
    if (this.count === 0) return;
    throw issuesError(this.list, this.count);
  }

  /** Records one issue and throws at once (for problems that stop reading). */
  fail(problem: string, line?: number): never {
    if (line === undefined) this.atInput(problem);
    else this.atLine(line, null, problem);
    throw issuesError(this.list, this.count);
  }
}

function issuesError(issues: FailingPath[], total: number): SvcError {
  const first = issues[0];
  const more = total - 1;
  const message = `${first?.message ?? 'invalid input'}${more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : ''}`;
  return SvcError.validation(message, [...issues]);
}

/** Quotes a found value for a message, shortened so one bad line cannot flood the terminal. */
export function quote(value: string): string {
  const shown = value.length > 40 ? `${value.slice(0, 37)}...` : value;
  return JSON.stringify(shown);
}
