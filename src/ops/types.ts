/**
 * One definition per operation: input and output schemas, access, permission, the optional HTTP
 * binding, run(). The HTTP route and its OpenAPI entry are derived from it; the CLI serves it with
 * `svc op run` (and a hand-written subcommand where a table is wanted); the MCP and narrator doors
 * offer the ops that have a `tool` binding (src/mcp/catalog.ts). Every door runs it through invoke().
 *
 * Two kinds: an `Operation` carries zod schemas, from which the HTTP contract (OpenAPI) and the
 * agent tools' JSON Schemas are derived, so only it may have an `http` or `tool` binding. A
 * `LeanOperation` loads no schema library at all, for the CLI's cold-start command (`svc prices
 * stats`): a schema-free Standard Schema validator for its input, no configuration in its context;
 * the CLI serves it (its subcommand and `svc op run`), no other door can be handed one.
 */
import type { z } from 'zod';
import type { SvcConfig } from '../config.js';
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
  /** The regulator's price caps table; absent: the shipped fixtures/ua-price-caps.csv (ops/forecast-caps.ts capsTableOf). */
  caps?(): CapsTable;
  /** Long runs (sweeps) report progress here; the CLI draws it, other doors leave it out. */
  progress?(done: number, total: number, label: string): void;
  /** Where the HTTP door counts rate limits and whether that place answers (absent outside a server). */
  rateLimitStatus?(): Promise<RateLimitStatus>;
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
   * The output is passed on exactly, not rounded to the output precision (src/ops/present.ts):
   * for results that echo signed or hashed inputs byte for byte (receipts), and for `prices.stats`,
   * whose figures are full precision by definition (and carry no unit, so nothing would round).
   */
  exactOutput?: boolean;
}

export interface Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> extends OperationInfo {
  lean?: undefined;
  input: I;
  output: O;
  http?: HttpBinding;
  /** Also an agent tool (read-only operations only). */
  tool?: ToolBinding;
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
 * only its TypeScript type: nothing derives a contract from it (no HTTP, no tool), and invoke()
 * never validates outputs. It is still access-checked, validated, run and rounded by invoke().
 */
export interface LeanOperation<In = unknown, Out = unknown> extends OperationInfo {
  lean: true;
  input: StandardSchema<In>;
  http?: never;
  tool?: never;
  run(ctx: LeanContext, input: In): Promise<Out>;
}

/** Either kind: what `svc op` lists and runs. */
export type AnyOperation = Operation | LeanOperation;

/** Identity helper that keeps input/output types linked. */
export function defineOperation<I extends z.ZodType, O extends z.ZodType>(op: Operation<I, O>): Operation<I, O> {
  return op;
}
