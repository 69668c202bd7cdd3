/** What every door does with an operation: validate the input with its schema (400 naming the paths), run it, round its output (present.ts). */
import type { z } from 'zod';
import { SvcError } from '../domain/errors.js';
import type { Operation, OpContext } from './types.js';
import { presentOutput } from './present.js';

export async function invoke<I extends z.ZodType, O extends z.ZodType>(op: Operation<I, O>, ctx: OpContext, input: unknown): Promise<z.infer<O>> {
  const parsed = op.input.safeParse(input);
  if (!parsed.success) throw SvcError.fromZod(parsed.error);
  const output = await op.run(ctx, parsed.data);
  return op.exactOutput ? output : presentOutput(output);
}
