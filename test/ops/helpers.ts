import type { z } from 'zod';
import { invoke } from '../../src/ops/invoke.js';
import type { Operation, OpContext } from '../../src/ops/types.js';

/** What a door does (validate, run), plus a check that the output matches the op's output schema. */
export async function call<I extends z.ZodType, O extends z.ZodType>(op: Operation<I, O>, ctx: OpContext, input: unknown): Promise<z.infer<O>> {
  const out = await invoke(op, ctx, input);
  op.output.parse(out);
  return out;
}
