/**
 * The CLI binding of an operation (src/cli/derive.ts reads it; src/cli/render.ts draws its views):
 * command path, positional price book or JSON body, flags of its own, its views (cli-views.ts),
 * exit codes set by the output. Types only; kept beside types.ts so the operation contract stays short.
 */
import type { AlternateBinding, BookParts, CommandParts, HistoryBinding, PreStepBinding, RangeFlagsBinding, SideFile } from './cli-steps.js';
import type { DocView, DoorFacts, RawView, Remark, TableView, TextView } from './cli-views.js';

export type * from './cli-views.js';

/**
 * A positional JSON file (`-`: stdin) holding input fields, as an API body holds them: the fields
 * named here are taken from it (a file that is not an object is the first field), the rest come
 * from flags. An invalid field is said as `<file>: …`.
 */
export interface BodyBinding {
  /** `file.json`: the argument's name in the usage line. */
  arg: string;
  help: string;
  fields: readonly [string, ...string[]];
  /** How read errors name the argument (`receipt: x.json is not valid JSON`). */
  what: string;
  /** The file is text, not JSON: its text fills the first field (`depth import <file>`). */
  text?: true;
  /** An input field given the argument as typed (the file's name). */
  named?: string;
}

/**
 * An output a script must be able to notice (an invalid receipt): an error line and an exit code,
 * either the command's own (`exitCode`, `errorCode` the line's machine code) or, with `reason`, the
 * error table's `errorCode` with that reason (its exit code the table's).
 */
export type FailBinding<Out = never> = FailParts<Out> & ({ exitCode: number; reason?: undefined } | { reason: string; exitCode?: undefined });

interface FailParts<Out> {
  when(output: Out): boolean;
  says(output: Out): string;
  errorCode: string;
  /** A flag's value that lets the output pass (`--on-invalid skip`: the days named, exit 0). */
  unless?: { readonly flag: string; readonly value: string };
  /** A failure that running again cannot mend, said instead: another code of the error table with its reason (its exit code the table's). */
  final?(output: Out): { readonly errorCode: string; readonly reason: string; readonly says: string } | undefined;
}

/**
 * The positional price-book argument of a CLI command: a file, `-` or `mktop`, read with the
 * `--dst` and `--on-invalid` policies, its days handed to the op's input field `into`.
 */
export interface BookBinding extends BookParts {
  /** The input field the book fills. */
  into: string;
  /** hourly: `{ date: number[24] }` for the days inside the range fields; day: the rows of the one day the `date` field names; days: the book's days (their rows) inside the range; book: every day (a PriceBook: the range's history too). */
  shape: 'hourly' | 'day' | 'days' | 'book';
  /** The argument may be left out (a subcommand under the same word): `[name]`, and this error when it is. */
  optional?: { readonly name: string; readonly help: string; readonly says: string };
  /** Input fields (also flags; `range.from`: a field inside one) that bound the days read: warnings and `mktop` months follow them. */
  range?: readonly [from: string, to: string];
  /** shape day: the input field (flag `--date`) naming the day. */
  date?: string;
  /**
   * shape day: `--plan-on forecast` takes the day's prices from the forecast made from the days
   * before it (its expected path; a day the book lacks is fine) and describes that forecast in
   * this input field.
   */
  onForecast?: string;
  /**
   * shape day: a clock-change day is handed over too, as the settlement periods the book holds
   * (`hour` = period − 1), its transition (spring | autumn) in this input field; the book is read
   * without the skipped-day warning.
   */
  periods?: string;
  /** The output field holding the calendar days missing in the range (engines/gaps.ts): named on stderr. */
  gaps?: string;
  /** always: the missing days said on stderr before the output in every format (a result with no day of its own). */
  gapsSaid?: 'always';
  /** shape days: the book's days before the range, for another input field. */
  history?: HistoryBinding;
  /**
   * The book is the operator's (`mktop`): input fields (dotted paths) it states unless a flag did
   * (`defaults`), one set true when the day's prices are its published results (`published`), and
   * `history`: the book is not read, this field is set to `mktop` (the op reads the operator's months).
   * When a day used came from svc's fallback (its shipped copy: SVC_MARKET_DATA=fixture, or auto
   * after the operator failed), `fallback.field` is set true and `fallback.reason` to why, whatever
   * the flags said; `provenance` is set to `{ source: 'mktop', fallback, reason? }` on every read.
   */
  mktop?: {
    readonly defaults?: Readonly<Record<string, unknown>>;
    readonly published?: string;
    readonly history?: string;
    readonly fallback?: { readonly field: string; readonly reason?: string };
    readonly provenance?: string;
  };
}

/** A flag of the command's own, not an input field: an exit code set by the output (`--fail-on`). */
export interface GateBinding<Out = never> {
  /** `--fail-on`. */
  flag: string;
  help: string;
  /** The levels a user may name, with their rank. */
  levels: Readonly<Record<string, number>>;
  /** The output's rank on the same scale. */
  level(output: Out): number;
  /** Why the gate tripped, e.g. `risk status blocked`. */
  says(output: Out): string;
  /** The exit code (3: a guard tripped) and the machine code of the error line. */
  exitCode: number;
  errorCode: string;
}

/**
 * The CLI door's binding: `svc <command...>`. Flags are the input's other top-level fields
 * (kebab-case), with help, defaults, choices and bounds from its JSON Schema; a settings record is
 * one flag per field of the settings table plus `--settings <file.json>`; the book argument fills
 * `book.into`. Typed loosely in the output so that an `Operation<I, O>` can carry a view of its
 * own output (`TableView<z.infer<O>>` narrows to this).
 */
export interface CliBinding<Out = never, In = never> extends CommandParts {
  /** The command path under `svc`, e.g. `['prices', 'stats']`. */
  command: readonly [string, ...string[]];
  /** One line for `svc --help`; the op's summary when omitted. */
  description?: string;
  book?: BookBinding;
  /** Help text of individual flags, when the schema's description is not what a terminal user needs. */
  flagHelp?: Readonly<Record<string, string>>;
  /**
   * A field's flag other than its kebab-case name (`tradeDate` → `--date`), or false: no flag (filled
   * by the door, or API-only); `verbatim`: the flag's text goes to the op as it is, which reads it
   * (`--limit 0x10` is not 16), and its help is `flagHelp`'s alone; `upper`: the text upper-cased
   * (`--border hu`), `lower` lower-cased (`--to JSON`: choices taken in any case); `date`: checked
   * as a real DD.MM.YYYY date before anything runs; `pairs`: a
   * record field given as `key=value…` words (numbers and true/false typed, `--meta rows=24`);
   * `axes`: a list of `{ name, values }` given as repeatable `name=v1,v2,…` flags, names from the
   * schema, a name said to be an `axes` (`settings field`); `global`: unset, the global option's
   * value (`--locale` is `--lang`; its help is `flagHelp`'s), with `hidden` no flag of its own. A dotted key is a field inside an
   * object field, its flag named as any other (`'range.from': { flag: '--from', date: true }`,
   * `context.market`; a settings record there gives its own flags).
   */
  flags?: Readonly<Record<string, false | { readonly flag?: string; readonly value?: string; readonly verbatim?: true; readonly upper?: true; readonly lower?: true; readonly date?: true; readonly pairs?: true; readonly axes?: string; readonly global?: 'lang'; readonly hidden?: true }>>;
  /** Fields whose flags come first in the help, in this order (the rest follow in the schema's). */
  order?: readonly string[];
  /**
   * `op`: a bad flag value is said in the op's own words (`invalid input: border: …`, naming the
   * field as the API does) rather than the flag's; `flags`: each issue's field renamed to its flag
   * and the first said as `--trade-date: …` (`--meta key: …` inside a pairs record); `words`: the
   * op's own message, a field name it starts with said as its flag (`sweep {…}: …` → `--sweep {…}:
   * …`), after the settings fields are explained. For commands that always said it so.
   */
  errors?: 'op' | 'flags' | 'words';
  /** What `--format json` prints, when not the output itself. */
  json?(output: Out, input: In, door: DoorFacts): unknown;
  /** An input field read from a JSON file named by its flag (`--risk-config <file.json>`). */
  jsonFiles?: readonly string[];
  /** A string field whose flag names a file holding the text, or is the text itself (`--public-key`). */
  textFiles?: readonly string[];
  /** What a bad value of a field's flag is said as (`--public-key: expected …`), instead of the op's own words. */
  flagErrors?: Readonly<Record<string, { readonly says: string; readonly issue: string }>>;
  body?: BodyBinding;
  /** The command group's own line and examples (`svc receipt`), where the command path has one. */
  parent?: { readonly description: string; readonly examples: readonly string[]; readonly helpText?: string };
  view?: TableView<Out, In> | TextView<Out> | DocView<Out, In> | RawView<Out>;
  /** Lines on stderr before the output, in every format (`source: fixture — …`). */
  remarks?(output: Out, input: In): readonly Remark[];
  /** Other views, chosen with `--view <name>` (`view` is the one named `defaultView`); `input` is what the view adds to the op's input. */
  views?: Readonly<Record<string, TableView<Out, In> & { readonly input?: Readonly<Record<string, unknown>> }>>;
  defaultView?: string;
  viewHelp?: string;
  gate?: GateBinding<Out>;
  fails?: FailBinding<Out>;
  /**
   * A flow of the door's own the command hands over to when a flag has a value: `plan-on-forecast`
   * (the plan on a forecast: its history window, and a day not yet in the book planned ahead).
   */
  handOff?: { readonly field: string; readonly value: string; readonly flow: 'plan-on-forecast' };
  /** Not a command of its own: run by the command at the same path when its flag is given. */
  alternate?: AlternateBinding;
  /** A progress line on stderr while the op runs (a terminal only; its ctx.progress), its label from the input (`fitting`). */
  progress?(input: In): string;
  /** What the table format adds to the op's input: a figure only the table shows (`monthly`). */
  tableInput?: Readonly<Record<string, unknown>>;
  /** What the command always adds to the op's input: what only the door asks for (`prices fetch`: the rows of its CSV). */
  input?: Readonly<Record<string, unknown>>;
  /** `--date` xor `--month` filling two range fields (src/ops/cli-steps.ts). */
  range?: RangeFlagsBinding;
  /** An operation run first, its output filling an input field (`--caps`: src/ops/cli-steps.ts). */
  before?: PreStepBinding<In>;
  /** Files written beside the output, each when its own flag names one (`--daily out.csv`, `--receipt out.json`). */
  sideFiles?: readonly SideFile<Out>[];
  /** `svc …` lines shown under `Examples:` in the command's help (at least one). */
  examples: readonly [string, ...string[]];
  /** A paragraph of help above the examples. */
  helpText?: string;
  /** A paragraph of help under the examples. */
  helpFooter?: string;
}
