/**
 * One definition per operation: input and output schemas, access, permission, the optional HTTP,
 * tool and CLI bindings, run(). The HTTP route and its OpenAPI entry, the MCP and narrator tools
 * (src/mcp/catalog.ts) and the CLI command (src/cli/derive.ts: flags, defaults, bounds and help from
 * the input schema and the settings table; the table view drawn by src/cli/render.ts) are derived
 * from it. Every door runs it through invoke().
 *
 * Two kinds: an `Operation` carries zod schemas, from which the HTTP contract (OpenAPI) and the
 * agent tools' JSON Schemas are derived. A `LeanOperation` loads no schema library at all, for the
 * CLI's cold-start commands (`svc prices stats`): a schema-free Standard Schema validator for its
 * input (with its JSON Schema, which the CLI reads flags from), no configuration in its context.
 * A lean op may carry every binding: the registry hands the HTTP and MCP doors
 * `withContract(leanOp, zodContract)`, the same op with zod schemas for its contract, while the CLI
 * runs the lean module itself and never loads zod (a test holds the two validators to one verdict).
 */
import type { z } from 'zod';
import type { SvcConfig } from '../config/config.js';
import type { Stores } from '../store/types.js';
import type { RoleId } from '../domain/operational.js';
import type { CapsTable } from '../data/caps.js';

export type Permission = 'audit.read' | 'audit.write' | 'api.manage' | 'decision.plan' | 'risk.read' | 'profiles.write';

/** Who calls: resolved by the door (HTTP auth, or the local user of the CLI). */
export interface Caller {
  tenantId: string;
  actorId: string;
  roles: RoleId[];
  /** How the caller was identified. */
  via: 'local' | 'anonymous' | 'masterKey' | 'tenantKey' | 'jwt' | 'serviceToken';
  keyId?: string;
}

export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export interface OpContext {
  now(): Date;
  newId(): string;
  config: SvcConfig;
  caller: Caller;
  logger: Logger;
  /** Opened on first use, so pure operations never touch the disk. */
  stores(): Promise<Stores>;
  /** The regulator's price caps table; absent: the shipped fixtures/ua-price-caps.csv (ops/forecast/forecast-caps.ts capsTableOf). */
  caps?(): CapsTable;
  /** Long runs (sweeps) report progress here; the CLI draws it, other doors leave it out. */
  progress?(done: number, total: number, label: string): void;
  /** Where the HTTP door counts rate limits and whether that place answers (absent outside a server). */
  rateLimitStatus?(): Promise<RateLimitStatus>;
  /** Aborted when the caller no longer waits (the request's deadline, docs/security.md "Admission"): long loops and pool tasks stop. */
  signal?: AbortSignal;
  /**
   * Admission of heavy work (the HTTP door's, src/http/admission.ts): invoke() calls it with the
   * validated input before run(). undefined: run at once (light, or already admitted: an op invoked
   * by an admitted op); else a promise of the slot's release, rejected past the limits (429/503).
   */
  admit?(op: OperationInfo, input: unknown): Promise<() => void> | undefined;
}

/** The rate-limit backend as health reports it. */
export interface RateLimitStatus {
  backend: 'process' | 'redis';
  /** false: Redis is configured but not answering, and a per-process fallback is counting. */
  healthy: boolean;
  detail: string;
}

export type Access = 'public' | 'key' | 'tenant' | 'serviceToken';

export interface HttpBinding {
  method: 'GET' | 'POST' | 'DELETE';
  /** Fastify-style path, e.g. `/api/account/api-keys/:id`. */
  path: string;
  /** Where the input comes from: the JSON body, or query + path parameters merged. */
  inputFrom: 'body' | 'query';
  successStatus: number;
  /** Error statuses the spec lists for this route (rendered into OpenAPI). */
  errors: number[];
  /** Fixed response headers, e.g. `x-ai-generated: true`. */
  headers?: Record<string, string>;
  /** Response headers depending on the output (market data: `x-data-freshness`). */
  headersOf?: (output: unknown) => Record<string, string>;
  /** OpenAPI descriptions of the headers `headersOf` may send, by lower-case name. */
  headerDocs?: Record<string, string>;
  /** Status depending on the output (health: 503 when degraded). */
  statusOf?: (output: unknown) => number;
  /** Statuses other than successStatus that carry the op's normal output, not the error body (health's 503). */
  outputStatuses?: number[];
  /** The success body is not JSON: `bodyOf(output)` sent as `type` (the HTML reports). Errors stay the JSON error body. */
  media?: { type: string; bodyOf: (output: unknown) => string };
  /** A body limit of the route's own, below SVC_BODY_LIMIT_BYTES (413 before the body is parsed). */
  bodyLimitBytes?: number;
  /** A public route that does work: limited per client address (SVC_PUBLIC_RATE_LIMIT_PER_MINUTE, 429). */
  addressRateLimit?: boolean;
}

/**
 * Served to agents as a tool (MCP `tools/list`, the narrator registry; src/mcp/catalog.ts). Only on
 * operations that change nothing: a tool never writes, signs for the caller or submits anything.
 */
export interface ToolBinding {
  /** snake_case tool name, unique across the registry (e.g. `get_forecast`). */
  name: string;
  /** Human title shown by MCP clients; the op's summary when omitted. */
  title?: string;
}

/** One text in the CLI's two table languages (JSON output is language-neutral). */
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
}

/** An output a script must be able to notice (an invalid receipt): an exit code and an error line. */
export interface FailBinding<Out = never> {
  when(output: Out): boolean;
  says(output: Out): string;
  exitCode: number;
  errorCode: string;
}

/**
 * The positional price-book argument of a CLI command: a file, `-` or `mktop`, read with the
 * `--dst` and `--on-invalid` policies, its days handed to the op's input field `into`.
 */
export interface BookBinding {
  /** The input field the book fills. */
  into: string;
  /** hourly: `{ date: number[24] }` for the days inside the range fields; day: the rows of the one day the `date` field names. */
  shape: 'hourly' | 'day';
  /** Input fields (also flags) that bound the days read: warnings and `mktop` months follow them. */
  range?: readonly [from: string, to: string];
  /** shape day: the input field (flag `--date`) naming the day. */
  date?: string;
  /**
   * shape day: `--plan-on forecast` takes the day's prices from the forecast made from the days
   * before it (its expected path; a day the book lacks is fine) and describes that forecast in
   * this input field.
   */
  onForecast?: string;
  /** The output field holding the calendar days missing in the range (engines/gaps.ts): named on stderr. */
  gaps?: string;
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
export interface CliBinding<Out = never, In = never> {
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
   * (`--limit 0x10` is not 16), and its help is `flagHelp`'s alone.
   */
  flags?: Readonly<Record<string, false | { readonly flag?: string; readonly value?: string; readonly verbatim?: true }>>;
  /** An input field read from a JSON file named by its flag (`--risk-config <file.json>`). */
  jsonFiles?: readonly string[];
  /** A string field whose flag names a file holding the text, or is the text itself (`--public-key`). */
  textFiles?: readonly string[];
  /** What a bad value of a field's flag is said as (`--public-key: expected …`), instead of the op's own words. */
  flagErrors?: Readonly<Record<string, { readonly says: string; readonly issue: string }>>;
  body?: BodyBinding;
  /** The command group's own line and examples (`svc receipt`), where the command path has one. */
  parent?: { readonly description: string; readonly examples: readonly string[] };
  view?: TableView<Out, In> | TextView<Out>;
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
  /** `svc …` lines shown under `Examples:` in the command's help (at least one). */
  examples: readonly [string, ...string[]];
}

/** What every operation declares besides its schemas and run(). */
export interface OperationInfo {
  id: string;
  summary: string;
  description: string;
  tags: string[];
  access: Access;
  permission?: Permission;
  /**
   * True for an operation that records something (audit events, profiles, notification
   * registrations, keys). Public-demo is read-only for writes: an uncredentialed caller may write
   * only to a server that listens on loopback, the one machine's own user (docs/http.md).
   */
  writes?: boolean;
  /**
   * The output is passed on exactly, not rounded to the output precision (src/ops/present.ts):
   * for results that echo signed or hashed inputs byte for byte (receipts), and for `prices.stats`,
   * whose figures are full precision by definition (and carry no unit, so nothing would round).
   */
  exactOutput?: boolean;
  /**
   * The cost class (docs/security.md, "Admission control"): `heavy` work (forecast fits, plans on
   * forecasts, long backtests, large receipt inputs) is admitted by the HTTP door under a global and
   * a per-caller concurrency limit with a bounded queue; `light` (the default) is not. A function of
   * the raw input (before validation: it must accept anything) when the class depends on it.
   */
  cost?: CostClass | ((rawInput: unknown, bodyBytes: number) => CostClass);
}

export type CostClass = 'light' | 'heavy';

export interface Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> extends OperationInfo {
  lean?: undefined;
  input: I;
  output: O;
  http?: HttpBinding;
  /** Also an agent tool (read-only operations only). */
  tool?: ToolBinding;
  /** Also a CLI command (src/cli/derive.ts). */
  cli?: CliBinding<z.infer<O>, z.infer<I>>;
  run(ctx: OpContext, input: z.infer<I>): Promise<z.infer<O>>;
}

/**
 * What invoke() needs of an input schema: the Standard Schema interface (https://standardschema.dev,
 * v1), which zod v4 schemas implement and a hand-written validator can implement without a library.
 */
export interface StandardSchema<Output> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    validate(value: unknown): StandardResult<Output> | Promise<StandardResult<Output>>;
    /** Standard JSON Schema (standardschema.dev/json-schema): zod v4 schemas have it; the CLI reads flags from it. */
    readonly jsonSchema?: { input(options: { target: string }): Record<string, unknown> };
  };
}
export type StandardResult<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: readonly StandardIssue[] };
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** The context of a lean operation: everything but the configuration (whose schema is zod). */
export type LeanContext = Omit<OpContext, 'config'>;

/**
 * An operation that loads no schema library (see the top of this file). Its output has no schema,
 * only its TypeScript type; its HTTP and tool bindings are served through `withContract`, which
 * adds the zod schemas those doors derive their contracts from. It is access-checked, validated,
 * run and rounded by invoke() like every op.
 */
export interface LeanOperation<In = unknown, Out = unknown> extends OperationInfo {
  lean: true;
  input: StandardSchema<In>;
  http?: HttpBinding;
  tool?: ToolBinding;
  cli?: CliBinding<Out, In>;
  run(ctx: LeanContext, input: In): Promise<Out>;
}

/** Either kind: what `svc op` lists and runs. */
export type AnyOperation = Operation | LeanOperation;

/**
 * A lean op as an `Operation` for the doors that derive a contract from zod (HTTP, OpenAPI, MCP):
 * the same id, bindings and run(), with `contract`'s schemas. The registry does this; the CLI
 * runs the lean op itself.
 */
export function withContract<I extends z.ZodType, O extends z.ZodType>(op: LeanOperation<z.infer<I>, z.infer<O>>, contract: { input: I; output: O }): Operation<I, O> {
  const { lean: _lean, input: _input, run, ...info } = op;
  return { ...info, input: contract.input, output: contract.output, run: (ctx, input) => run(ctx, input) } as Operation<I, O>;
}

/** Identity helper that keeps input/output types linked. */
export function defineOperation<I extends z.ZodType, O extends z.ZodType>(op: Operation<I, O>): Operation<I, O> {
  return op;
}
