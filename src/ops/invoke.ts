/**
 * The only way any door (CLI, HTTP, MCP, narrator) runs an operation:
 *   1. access: the caller's roles must grant the op's permission (403 otherwise);
 *   2. validation: the op's input schema, or the door's pre-compiled parser of the same schema
 *      (HTTP passes zod's compiled parser for speed), 400 naming each failing path;
 *   3. run;
 *   4. presentation: measured numbers rounded to their unit's precision (present.ts), unless the
 *      op passes its output on exactly (receipts).
 * Authentication (who the caller is) stays with the door, because each door learns it differently
 * (a local user, an HTTP credential, an MCP session); what a caller may do is decided here, once.
 */
import type { z } from 'zod';
import { SvcError } from '../domain/errors.js';
import { isPermitted } from './access.js';
import { presentOutput } from './present.js';
import type { Operation, OpContext } from './types.js';

type ParseResult = ReturnType<z.ZodType['safeParse']>;

export interface InvokeOptions {
  /** A parser of the op's own input schema (e.g. zod-compiled); the schema's safeParse otherwise. */
  parse?: (raw: unknown) => ParseResult | Promise<ParseResult>;
}

/** 403 unless the caller may run the op under the configured enforcement. */
export function checkAccess(op: Operation, ctx: OpContext): void {
  if (!isPermitted(ctx.caller, op.permission, ctx.config.enforceRbac)) {
    throw new SvcError(403, 'forbidden', `this operation needs the ${op.permission} permission, which none of the caller's roles grants`, {
      reason: 'missing_permission',
    });
  }
}

export async function invoke<I extends z.ZodType, O extends z.ZodType>(op: Operation<I, O>, ctx: OpContext, input: unknown, options: InvokeOptions = {}): Promise<z.infer<O>> {
  checkAccess(op as unknown as Operation, ctx);
  const result = options.parse ? options.parse(input) : op.input.safeParse(input);
  // Awaited only when async: awaiting a plain value still costs a microtask turn.
  const parsed = result instanceof Promise ? await result : result;
  if (!parsed.success) throw SvcError.fromZod(parsed.error);
  const output = await op.run(ctx, parsed.data as z.infer<I>);
  return op.exactOutput ? output : presentOutput(output);
}
