/**
 * The views of an operation's CLI binding (src/cli/render.ts draws them): table, text and
 * document views, their labels and lines, the facts only the door knows, and the remarks said on
 * stderr. Types only; cli-binding.ts holds the rest of the binding.
 */
/** One text in the CLI's two table languages (JSON output is language-neutral). */
import type { ViewSwitch } from './cli-steps.js';

export type Label = string | { readonly en: string; readonly uk: string };

/** A column of a CLI table view: the row field (also the CSV column) and how its cell reads. */
export interface TableColumn {
  /** Field of the row; the CSV column of the same name. */
  key: string;
  label: Label;
  /** money: grouped, 2 decimals (or `digits`), right-aligned; hour: `18–19`; status: coloured by its verdict (pass/ready green, review yellow, else red); text as given. */
  format?: 'money' | 'hour' | 'status' | 'text';
  digits?: number;
  /** Longest cell in the table; longer text wraps at spaces. */
  maxWidth?: number;
  /** false: a CSV column only (a raw figure the table shows otherwise); */
  table?: false;
  /** false: a table column only (a figure made for the eye). */
  csv?: false;
}

/** What a view's texts are written with: the table language, its plural nouns and its numbers. */
export interface NoteText {
  lang: 'en' | 'uk';
  count(n: number, noun: 'day' | 'hour' | 'trade' | 'cycle'): string;
  /** A number grouped and fixed to `digits` (2) decimals in the table language (or `lang`). */
  money(value: number, digits?: number, lang?: 'en' | 'uk'): string;
  /** Emphasis the door draws (bold, or a verdict's colour); plain text where there is no terminal. */
  bold(text: string): string;
  status(text: string): string;
}

/** A line of a view's text under its table: plain, or dimmed (`{ dim }`). */
export type ViewLine = string | { readonly dim: string };

/**
 * How the CLI draws an operation's output as a table and as CSV (src/cli/render.ts, the one
 * renderer); `--format json` prints the output itself. Plain data and small pure functions of the
 * output (and of the input, where the output does not repeat it): nothing here knows a terminal.
 * A table alone (`prices stats`), or a day's document: a title, a chart of the day's prices with
 * the plan's hours marked, the table with numbered rows, and lines under it (`svc plan`).
 */
export interface TableView<Out = never, In = never> {
  /** The rows: the table's body and the CSV's lines (a cell made for the eye may use `t`'s numbers). */
  rows(output: Out, t: NoteText): readonly object[];
  columns: readonly TableColumn[];
  /** A last, bold row labelled `Total (n rows)`, and a CSV line whose first column is `total`. */
  total?(output: Out): object | null;
  /** One informational line on stderr under the table (hidden with -q); `t.count(3, 'day')` is `3 days` / `3 дні`. */
  note?(output: Out, t: NoteText): string;
  /** A bold first line; the door adds ` · <where the prices came from>`. */
  title?(output: Out, t: NoteText): string;
  /** A column chart of the day's 24 prices over the title, the hours of each pair marked (`marks`: first hour, second hour), with a legend. */
  chart?: {
    values(output: Out, input: In): readonly number[];
    pairs(output: Out): readonly (readonly [number, number])[];
    marks: readonly [string, string];
    legend: Label;
  };
  /** Rows numbered from 1 in a first `#` column. */
  numbered?: boolean;
  /** Said instead of the table when there is no row. */
  empty?: Label;
  /** Lines under the table. */
  after?(output: Out, t: NoteText, input: In): readonly ViewLine[];
}

/**
 * A document rather than a table (`svc receipt verify`): lines on stdout, then lines for the eye
 * on stderr (hidden with -q). `--format csv` prints the CSV row when there is one, else the same
 * lines as the table format.
 */
export interface TextView<Out = never> {
  text(output: Out, t: NoteText): readonly ViewLine[];
  /** Informational lines on stderr under the text. */
  notes?(output: Out, t: NoteText): readonly string[];
  /** A key/value table on stderr under the text. */
  facts?(output: Out): readonly (readonly [string, string])[];
  /** The CSV: one row, these columns. */
  csv?: { row(output: Out): object; columns: readonly string[] };
}

/** What a document view's blocks are written with, beyond a table view's: colours and bars. */
export interface DocText extends NoteText {
  paint(colour: 'green' | 'yellow' | 'red', text: string): string;
  dim(text: string): string;
  /** A horizontal bar of `width` cells at most (`█▌`), `value` of `max`. */
  bar(value: number, max: number, width?: number): string;
}

/**
 * A block of a document: a line (plain, or `{ dim }`), a table of cells already written as text
 * (`right`: the columns aligned right), a key/value table, or a bold title to which the door adds
 * ` · <where the prices came from>`.
 */
export type Block =
  | ViewLine
  | { readonly title: string }
  | { readonly table: { readonly head: readonly string[]; readonly rows: readonly (readonly string[])[]; readonly right?: readonly number[]; readonly maxWidths?: readonly (number | undefined)[] } }
  | { readonly facts: readonly (readonly [string, string])[] }
  /** A line chart of a series (`width` columns at most, `height` rows; `xLabels`: the first and last point's, under the plot's ends). */
  | { readonly lineChart: { readonly values: readonly number[]; readonly width?: number; readonly height?: number; readonly xLabels?: readonly [string, string] } }
  /** A column chart of a day's prices (one column a value). */
  | { readonly columnChart: readonly number[]; /** A clock-change day's settlement periods (numbered from 1), not clock hours. */ readonly periods?: boolean }
  /** A line on stderr, said where the blocks are printed (not in CSV). */
  | { readonly warn: string }
  /** A chart of a forecast's hourly band (p10–p90, p50 marked, the caps where the band reaches them). */
  | { readonly band: readonly { hour: number; p10: number; p50: number; p90: number; cap?: number | null; floor?: number | null }[] };

/** What only the door knows, for a view and the JSON: where the prices came from, why a day is missing, and the view's switches. */
export interface DoorFacts {
  /** The price book's source (its file, `stdin`, `mktop`), when the door read one. */
  source?: string;
  /** The days among `missing` that were clock-change days, invalid (skipped) days, or absent from the file (a book read). */
  missing?(days: readonly string[]): { dst: string[]; invalid: string[]; absent: string[] };
  switches: Readonly<Record<string, boolean>>;
  /** The side files asked for, their paths by option name (`output`). */
  files?: Readonly<Record<string, string>>;
}

/**
 * A document made of blocks, all on stdout (`svc flows`: a title, the hours' table, a bar chart
 * and a line). `--format csv` prints `csv`'s rows (columns: the first row's keys where not given),
 * or the blocks where there are none.
 */
export interface DocView<Out = never, In = never> {
  blocks(output: Out, t: DocText, input: In, door: DoorFacts): readonly Block[];
  /** Flags that turn a part of the view off (`chart: --no-chart`). */
  switches?: Readonly<Record<string, ViewSwitch>>;
  /** `null`: no CSV for this output (the blocks are printed instead). */
  csv?: { rows(output: Out): readonly object[] | null; columns?: readonly string[] };
}

/**
 * The output is a text of its own, a file's content (`svc prices convert`): written as it is to
 * stdout in every format (`--format` does not apply: the op's input chose the text's format), or,
 * where a side file marked `stdout` is named (`-o`), to that file instead (its `says` then said).
 */
export interface RawView<Out = never> {
  raw(output: Out): string;
  /** An informational line on stderr after the text (hidden with -q). */
  says?(output: Out): string;
}

/**
 * A line on stderr said in every format before the output: a warning (shown with -q) or a note
 * (hidden); `json: false`: not with `--format json` (the output holds it); `table: false`: not with
 * `--format table` (the view's body says it).
 */
export type Remark = ({ readonly warn: string } | { readonly info: string }) & { readonly json?: false; readonly table?: false };
