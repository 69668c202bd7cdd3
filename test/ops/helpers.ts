import type { z } from 'zod';
import { expect } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { invoke } from '../../src/ops/invoke.js';
import { presentOutput } from '../../src/ops/present.js';
import { compilePresenter } from '../../src/ops/present-schema.js';
import type { Operation, OpContext } from '../../src/ops/types.js';
import { fitCacheEnv, testDataDir } from '../temp-data-dir.js';

/** Each op's rounding compiled from its schema, once per test file. */
const COMPILED = new WeakMap<object, <T>(value: T) => T>();

/**
 * What a door does (validate, run, round), plus two checks on every output the op tests produce:
 * it matches the op's output schema, and the rounding compiled from that schema (present-schema.ts,
 * what invoke uses) gives exactly what the walk by name (present.ts) gives.
 */
export async function call<I extends z.ZodType, O extends z.ZodType>(op: Operation<I, O>, ctx: OpContext, input: unknown): Promise<z.infer<O>> {
  const exact = await invoke(op, ctx, input, { exact: true });
  let out = exact;
  if (!op.exactOutput) {
    const byName = presentOutput(structuredClone(exact), op.outputUnits);
    let compiled = COMPILED.get(op);
    if (!compiled) COMPILED.set(op, (compiled = compilePresenter(op.output, op.outputUnits)));
    out = compiled(exact);
    expect(out, `${op.id}: the compiled rounding differs from the walk by name`).toStrictEqual(byName);
  }
  op.output.parse(out);
  return out;
}

/** The CLI's caller (tenant `local`, user `local-user`, owner) at a fixed clock, with no store. */
export function localCtx(): OpContext {
  return {
    now: () => new Date('2025-03-01T10:00:00.000Z'),
    newId: () => '00000000-0000-4000-8000-000000000001',
    config: loadConfig({ SVC_MARKET_DATA: 'fixture', ...fitCacheEnv() }, { dataDir: testDataDir() }),
    caller: { tenantId: 'local', actorId: 'local-user', roles: ['owner'], via: 'local' },
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    stores: () => Promise.reject(new Error('no store needed')),
  };
}
