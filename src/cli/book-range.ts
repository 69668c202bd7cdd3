/**
 * Two parts of a derived command's input the door fills (src/ops/cli-steps.ts, cli-binding.ts): a
 * range named by `--date` xor `--month`, and a price book read whole (the days before the range
 * are its history), or, for the operator's book, only named (`history: 'mktop'`).
 */
import { SvcError } from '../domain/errors.js';
import { MONTH_PATTERN, daysInMonth } from '../domain/dates.js';
import type { BookParts, RangeFlagsBinding } from '../ops/cli-steps.js';
import type { CliEnv } from './cli-env.js';
import type { CommandSpec } from './derive.js';
import { loadBook, parseDateFlag, type LoadedBook } from './book.js';
import { optionName, setField } from './input-path.js';

type Opts = Record<string, unknown>;

/** `--date D`: from = to = D; `--month MM.YYYY`: its first and last day; exactly one of them. */
export function rangeInput(spec: CommandSpec, range: RangeFlagsBinding, opts: Opts, input: Record<string, unknown>): void {
  const { date: d, month: m } = range;
  const date = opts[optionName(d.flag)] as string | undefined;
  const month = opts[optionName(m.flag)] as string | undefined;
  if (!!date === !!month) throw SvcError.validation(`${spec.command.join(' ')}: give exactly one of ${d.flag} or ${m.flag}`, [{ path: d.flag, message: `one of ${d.flag}, ${m.flag}` }]);
  let from: string;
  let to: string;
  if (date) {
    from = to = parseDateFlag(date, d.flag) as string;
  } else {
    const mm = Number((month as string).slice(0, 2));
    if (!MONTH_PATTERN.test(month as string) || mm < 1 || mm > 12) throw SvcError.validation(`${m.flag}: expected MM.YYYY with MM 01–12, got "${month}"`, [{ path: m.flag, message: 'expected MM.YYYY' }]);
    from = `01.${month}`;
    to = `${daysInMonth(Number((month as string).slice(3)), mm)}.${month}`;
  }
  setField(input, range.into[0], from);
  setField(input, range.into[1], to);
}

/**
 * The whole book into the book field (clock-change days skipped without a warning: the range's
 * remarks say them) and the facts the op takes from it (BookParts.facts), or `mktop` named, or not
 * read at all (`unreadMktop`). `parts`: the op's own binding (its functions: not in the manifest).
 */
export async function wholeBook(env: CliEnv, spec: CommandSpec, file: string, opts: Opts, input: Record<string, unknown>, parts: BookParts | undefined): Promise<LoadedBook | undefined> {
  const book = spec.book as NonNullable<CommandSpec['book']>;
  if (file === 'mktop' && (book.mktop?.history || book.unreadMktop)) {
    if (book.mktop?.history) setField(input, book.mktop.history, 'mktop');
    return undefined;
  }
  const loaded = await loadBook(env, file, opts, { warnDst: false });
  setField(input, book.into, loaded.book);
  const leftOut = [...loaded.skippedDstDays.map((date) => ({ date, reason: 'dst' as const })), ...loaded.invalidDays.map((d) => ({ date: d.date, reason: 'invalid' as const }))];
  if (parts?.facts) Object.assign(input, parts.facts({ source: loaded.source, leftOut }));
  return loaded;
}
