/**
 * The only way any door (CLI, HTTP, MCP, narrator) runs an operation:
 *   1. access: the caller's roles must grant the op's permission (403 otherwise);
 *   2. validation: the op's input schema through the Standard Schema interface (zod's schemas and a
 *      lean op's schema-free validator alike), or the door's pre-compiled parser of the same zod
 *      schema (HTTP passes zod's compiled parser for speed); 400 naming each failing path;
 *   3. run, once admitted where the door bounds heavy work (OpContext.admit);
 *   4. presentation: measured numbers rounded to their unit's precision (present.ts), unless the
 *      op passes its output on exactly (receipts).
 * Authentication (who the caller is) stays with the door, because each door learns it differently
 * (a local user, an HTTP credential, an MCP session); what a caller may do is decided here, once.
 * Nothing here loads zod: a lean operation (types.ts) runs without it.
 */
import type { z } from 'zod';
import type { SvcConfig } from '../config/config.js';
import { SvcError } from '../domain/errors.js';
import { anonymousWritesAllowed, isPermitted } from './account/access.js';
import { presenterOf } from './present-schema.js';
import type { AnyOperation, Caller, LeanContext, LeanOperation, Operation, OperationInfo, OpContext } from './types.js';

type ParseResult = ReturnType<z.ZodType['safeParse']>;

export interface InvokeOptions {
  /** A parser of the op's own zod input schema (e.g. zod-compiled); the schema's validate otherwise. */
  parse?: (raw: unknown) => ParseResult | Promise<ParseResult>;
  /**
   * The output unrounded, for an operation that computes its own figures from it and rounds them
   * once at its own boundary (report.forecast from forecast.evaluate's metrics and hours).
   */
  exact?: boolean;
}

/**
 * 403 unless the caller may run the op under the configured enforcement. A lean op's context has
 * no configuration: then the caller's roles alone decide, as with enforcement on (stricter, never
 * looser; the CLI's local user is owner and holds every permission).
 */
export function checkAccess(op: OperationInfo, ctx: { caller: Caller; config?: Pick<SvcConfig, 'enforceRbac' | 'host'> }): void {
  if (op.writes && ctx.caller.via === 'anonymous' && ctx.config && !anonymousWritesAllowed(ctx.config)) {
    throw new SvcError('unauthorized', 'this server is a public demo: writing needs a credential (an API key or a signed-in user)', {
      reason: 'credentials_required',
    });
  }
  if (!isPermitted(ctx.caller, op.permission, ctx.config ? ctx.config.enforceRbac : true)) {
    throw new SvcError('forbidden', `this operation needs the ${op.permission} permission, which none of the caller's roles grants`, {
      reason: 'missing_permission',
    });
  }
}

export function invoke<I extends z.ZodType, O extends z.ZodType>(op: Operation<I, O>, ctx: OpContext, input: unknown, options?: InvokeOptions): Promise<z.infer<O>>;
export function invoke<In, Out>(op: LeanOperation<In, Out>, ctx: LeanContext, input: unknown): Promise<Out>;
export function invoke(op: AnyOperation, ctx: OpContext, input: unknown, options?: InvokeOptions): Promise<unknown>;
export async function invoke(op: AnyOperation, ctx: LeanContext & { config?: SvcConfig }, input: unknown, options: InvokeOptions = {}): Promise<unknown> {
  checkAccess(op, ctx);
  let data: unknown;
  if (options.parse) {
    const result = options.parse(input);
    // Awaited only when async: awaiting a plain value still costs a microtask turn.
    const parsed = result instanceof Promise ? await result : result;
    if (!parsed.success) throw SvcError.fromZod(parsed.error, '', input);
    data = parsed.data;
  } else {
    const result = op.input['~standard'].validate(input);
    const checked = result instanceof Promise ? await result : result;
    if (checked.issues) throw SvcError.fromIssues(checked.issues, '', input);
    data = checked.value;
  }
  // Heavy work waits for a slot where the door admits it (OpContext.admit); light work runs at once.
  const admitted = (ctx as Partial<OpContext>).admit?.(op, data);
  let output: unknown;
  if (admitted === undefined) {
    // A zod op's run() is only ever reached with a full OpContext (the overloads above).
    output = await op.run(ctx as OpContext, data as never);
  } else {
    const release = await admitted;
    try {
      output = await op.run(ctx as OpContext, data as never);
    } finally {
      release();
    }
  }
  return op.exactOutput || options.exact ? output : presenterOf(op)(output);
}
