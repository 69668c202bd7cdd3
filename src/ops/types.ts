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
import type { OutputUnits } from './present.js';
import type { CliBinding } from './cli-binding.js';
export type { Label, TableColumn, NoteText, ViewLine, TableView, TextView, RawView, DocText, Block, DocView, DoorFacts, Remark, BodyBinding, FailBinding, BookBinding, GateBinding, CliBinding } from './cli-binding.js';
export type { AlternateBinding, BookKind, BookKindReader, HistoryBinding, NotWithBinding, SideFile } from './cli-steps.js';

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
   * for results that echo signed or hashed inputs byte for byte (receipts, the price-cap context a
   * brief compares with its prices) and for the price rows `prices.show` / `prices.convert` pass on
   * as the book has them.
   */
  exactOutput?: boolean;
  /**
   * Output fields whose name carries no unit suffix but whose numbers are measured in a unit
   * (`prices.stats`' `base` … `max`, the forecast metrics `mae`, `rmse`, …): by field name, at any
   * depth, the unit present.ts rounds them to, as it rounds a `…UahMwh` field. Ignored with
   * `exactOutput`.
   */
  outputUnits?: OutputUnits;
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
/**
 * A lean operation's validator as a Standard Schema: `check` pushes an issue per problem found; no
 * issue, and the value passes on as it came (nothing is transformed).
 */
export function standardValidator<Output>(check: (value: unknown, issues: StandardIssue[]) => void, jsonSchema?: StandardSchema<Output>['~standard']['jsonSchema']): StandardSchema<Output> {
  return {
    '~standard': {
      version: 1,
      vendor: 'svc',
      ...(jsonSchema ? { jsonSchema } : {}),
      validate(value) {
        const issues: StandardIssue[] = [];
        check(value, issues);
        return issues.length ? { issues } : { value: value as Output };
      },
    },
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
