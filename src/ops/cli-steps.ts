/**
 * Parts of a CLI binding for a command of several steps (cli-binding.ts holds the rest): steps
 * around its operation, each asked for by a flag of its own (src/cli/steps.ts runs them: an
 * operation run first whose output fills an input field, `svc brief --caps`; a side file written
 * beside the output, `svc brief --receipt out.json`, `svc backtest --daily out.csv`), a range given
 * as `--date` xor `--month`, a view's `--no-…` switch, a second op run by a flag (`--sweep`) and
 * the book's days before the range. Types only, as cli-binding.ts.
 */
/**
 * The operation a step runs, imported when the step runs: its module alone, not the registry (which
 * loads every operation). `unknown` because this file is types only below types.ts, which imports
 * it; src/cli/steps.ts runs what it gives as an operation.
 */
export type StepOperation = () => Promise<unknown>;

/** A flag of a step's own, not an input field: `--caps [caps.csv]` (`optional`: the value may be left out). */
export interface StepFlag {
  flag: string;
  /** A one-letter alias (`-o`) beside the long flag, which errors name. */
  short?: `-${string}`;
  value: string;
  optional?: true;
  help: string;
}

/** The values of a step's flags as given (`true`: an optional value left out), by their names in `flags`. */
export type StepValues = Readonly<Record<string, string | true | undefined>>;

/**
 * An operation run before the command's own when the flag `when` is given: `input` builds its
 * input from the command's input, and what `pick` takes from its output fills the input field `into`
 * (a dotted path). When there is nothing to fill (`input` gives `skip`, or `pick` gives null) the
 * step's warning is said on stderr and the command goes on without it.
 */
export interface PreStepBinding<In = never> {
  flags: Readonly<Record<string, StepFlag>>;
  /** The name (in `flags`) of the flag that runs the step. */
  when: string;
  /** Checks the step's flag values before anything runs, given or not (a flag is never ignored silently). */
  check?(values: StepValues): void;
  op: StepOperation;
  input(input: In, values: StepValues): Promise<{ readonly input: unknown; readonly otherwise: string } | { readonly skip: string }>;
  pick(output: unknown): unknown;
  into: string;
}

/**
 * A file written beside the output when its flag names one (`--daily out.csv`, `--receipt
 * out.json`): the output of the operation `op` (run on the command's input) or, without
 * `op`, the command's own, written as `text` or as CSV `rows` once the output is complete and
 * before it is printed (a failed run leaves no file), in every format; `says` is an informational
 * line on stderr (hidden with -q).
 */
export type SideFile<Data = unknown> = {
  flag: StepFlag;
  /** Check before anything runs that the path can be written (exit 2 naming the flag: a long run is not wasted on a typo). */
  early?: true;
  op?: StepOperation;
  says?(data: Data, path: string): string;
  /** What the op's input gains when the flag is given: a part of the output only the file holds (`daily: true`). */
  input?: Readonly<Record<string, unknown>>;
  /** The file is the output itself: without the flag, or with `-`, the view prints it; written, the view is not drawn (JSON still printed). */
  stdout?: true;
} & ({ text(data: Data): string } | { rows(data: Data): readonly object[]; readonly columns: readonly string[] });

/**
 * Two flags naming the days of a range that fills two input fields (dd.mm.yyyy), exactly one of
 * them given: `--date D` (from = to = D) or `--month MM.YYYY` (its first and last day).
 */
export interface RangeFlagsBinding {
  into: readonly [from: string, to: string];
  date: StepFlag;
  month: StepFlag;
}

/** A flag that turns a part of a view off (`--no-chart`): the view reads it as `door.switches[name]`, true unless given. */
export interface ViewSwitch {
  flag: `--no-${string}`;
  help: string;
}

/**
 * This op is not a command of its own: the command of the op at the same command path runs it
 * instead when this op's input field `field` is given as a flag (`--sweep` runs backtest.sweep).
 * The flag is added to that command, and the examples follow its own. A flag of that command this
 * op does not take, given with this one, is an error when listed in `conflicts` (`--daily`, or
 * `--plan-on forecast`: a flag and the value that conflicts), with the reason said; one not listed
 * is left unused.
 */
export interface AlternateBinding {
  field: string;
  conflicts?: readonly { readonly flag: string; readonly value?: string; readonly reason: string }[];
}

/**
 * The price book's days before the first day of the range, handed to the input field `into`
 * (the `days` before it at most: what the op reads), when the input field `when.field` holds
 * `when.value` (a backtest planned on the forecast: the forecast learns from them).
 */
export interface HistoryBinding {
  into: string;
  days: number;
  when?: { readonly field: string; readonly value: string };
}

/**
 * Another kind of file the book argument may be, told apart by its content: when `test` holds for
 * the file's first 4 KiB (a file, never `-` or `mktop`), the reader `read` gives (its module
 * imported then) fills input fields from it instead of the price-book reader, after the flags
 * (it sees the input they made), and the door names the file as the source. `flags`: door flags
 * of its own, their values handed to the reader (`--reference` of an EPF benchmark file).
 */
export interface BookKind {
  test(head: string): boolean;
  flags?: Readonly<Record<string, StepFlag>>;
  read: () => Promise<BookKindReader>;
}

export type BookKindReader = (file: string, values: StepValues, input: Readonly<Record<string, unknown>>) => Promise<Readonly<Record<string, unknown>>>;

/**
 * Flags of the command above that are an error when given with this subcommand (commander hands a
 * flag the command above takes to it, wherever it stands): `says` is the error, the flag its path.
 * A flag both take is read from the command above when given only there.
 */
export interface NotWithBinding {
  flags: readonly string[];
  says: string;
}

/** Parts of a book binding (cli-binding.ts BookBinding): the argument's name, other kinds of file. */
export interface BookParts {
  /** The argument's name and help other than `<file>` and a price book's. */
  arg?: { readonly name: string; readonly help: string };
  /** Other kinds of file the argument may be, told apart by their content. */
  kinds?: readonly BookKind[];
  /** A whole book: input fields the op takes from the book as read (where it came from, the days its reader left out and why). */
  facts?(book: { readonly source: string; readonly leftOut: readonly { date: string; reason: 'dst' | 'invalid' }[] }): Readonly<Record<string, unknown>>;
  /** A whole book: `mktop` is not read by the door and fills no field (the op reads the operator's prices itself). */
  unreadMktop?: true;
  /**
   * Clock-change days kept: `--dst keep|skip|reject` (default keep; `help` the flag's) instead of
   * skip|reject. keep hands them over as `{ date, periods }` (the periods the book holds) in the
   * input field `into` (with `range`, only the range's: src/cli/book.ts sliceBook), with no warning;
   * skip leaves them out, named on stderr; reject refuses the book.
   */
  keepDst?: { readonly into: string; readonly help: string };
}

/** Parts of a command's binding (cli-binding.ts CliBinding) for a subcommand and its stderr. */
export interface CommandParts {
  /** The remarks said after the view in the table format (under the tables, where the reader ends), before it in JSON and CSV. */
  remarksUnder?: true;
  notWith?: NotWithBinding;
}
