/**
 * The rounding compiled from an output schema (src/ops/present-schema.ts) gives exactly what the
 * walk by name (src/ops/present.ts) gives: on every kind of schema node, on objects and arrays not
 * of their schema's shape, and on arbitrary values of a schema with every kind (fast-check). Beside it,
 * test/ops/helpers.ts `call` compares the two on every output the op tests produce.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compilePresenter, presenterOf } from '../../src/ops/present-schema.js';
import { presentOutput, type OutputUnits } from '../../src/ops/present.js';

const Fact = z.strictObject({ value: z.number(), unit: z.string(), note: z.string().optional() });
const Hour = z.strictObject({ hour: z.number().int(), priceUahMwh: z.number(), volumeMwh: z.number().nullable(), action: z.enum(['buy', 'sell', 'idle']) });
const Schema = z.strictObject({
  totalUah: z.number(),
  count: z.number(),
  p50: z.array(z.number()),
  hours: z.array(Hour),
  nested: z.strictObject({ energyMwh: z.number().optional(), deeper: z.strictObject({ powerMw: z.number() }).nullable() }),
  pathsUahMwh: z.array(z.array(z.number())),
  loose: z.object({ marginUah: z.number() }),
  record: z.record(z.string(), z.number()),
  recordUah: z.record(z.string(), z.number()),
  union: z.union([z.strictObject({ kind: z.literal('a'), costUah: z.number() }), z.number()]),
  facts: z.array(Fact),
  lazy: z.lazy(() => z.strictObject({ feeUah: z.number() })),
  piped: z.string().pipe(z.coerce.number()),
  transformed: z.number().transform((x) => x),
  mae: z.number(),
  literalCycles: z.literal(1.5),
  equivalentCycles: z.number().default(0),
});
const UNITS: OutputUnits = { mae: 'uahPerMwh', count: 'mwh' };

const odd = 1234.56789;
function sample(): Record<string, unknown> {
  return {
    totalUah: 1.005,
    count: odd,
    p50: [odd, 2.345, 7],
    hours: [
      { hour: 1, priceUahMwh: odd, volumeMwh: 0.12345, action: 'buy' },
      { hour: 2, priceUahMwh: -0.005, volumeMwh: null, action: 'idle' },
    ],
    nested: { energyMwh: 0.00049, deeper: { powerMw: 5.55555 } },
    pathsUahMwh: [[odd, odd], [1.115]],
    loose: { marginUah: odd, extraMwh: odd },
    record: { aUah: odd, b: odd },
    recordUah: { x: odd },
    union: { kind: 'a', costUah: odd },
    facts: [
      { value: odd, unit: 'uah' },
      { value: odd, unit: 'cycles' },
      { value: odd, unit: 'toString' },
      { value: odd, unit: 'MWh', note: 'x' },
    ],
    lazy: { feeUah: odd },
    piped: odd,
    transformed: odd,
    mae: odd,
    literalCycles: 1.5,
    equivalentCycles: 0.123456789,
  };
}

const both = (schema: z.ZodType, value: unknown, units?: OutputUnits): [unknown, unknown] => [
  compilePresenter(schema, units)(structuredClone(value)),
  presentOutput(structuredClone(value), units),
];

describe('the rounding compiled from the output schema', () => {
  it('rounds every kind of node as the walk by name does', () => {
    const [compiled, byName] = both(Schema, sample(), UNITS);
    expect(compiled).toStrictEqual(byName);
    // and it did round: a check that could fail if both did nothing
    const c = compiled as Record<string, unknown>;
    expect(c.totalUah).toBe(1.01);
    expect(c.count).toBe(1234.568);
    expect((c.hours as Array<Record<string, unknown>>)[0]).toStrictEqual({ hour: 1, priceUahMwh: 1234.57, volumeMwh: 0.123, action: 'buy' });
    expect((c.loose as Record<string, unknown>).extraMwh).toBe(1234.568);
    expect((c.facts as Array<Record<string, unknown>>).map((f) => f.value)).toStrictEqual([1234.57, 1234.5679, odd, 1234.568]);
  });

  it("walks by name where an object or array is not of its schema's shape", () => {
    const broken = { ...sample(), hours: { 0: { priceUahMwh: odd } }, p50: { xUah: odd }, nested: [{ energyMwh: odd }], totalUah: { innerUah: odd }, count: [odd] };
    const [compiled, byName] = both(Schema, broken, UNITS);
    expect(compiled).toStrictEqual(byName);
  });

  it('leaves an output with nothing to round as it is, and a number or null output alone', () => {
    const S = z.strictObject({ name: z.string(), ok: z.boolean() });
    expect(both(S, { name: 'x', ok: true })).toStrictEqual([{ name: 'x', ok: true }, { name: 'x', ok: true }]);
    expect(compilePresenter(S)(null)).toBe(null);
    expect(compilePresenter(z.number())(odd)).toBe(odd);
  });

  it('walks by name for an operation without a zod output (a lean op)', () => {
    const lean = {};
    expect(presenterOf(lean)({ aUah: odd })).toStrictEqual({ aUah: 1234.57 });
    expect(presenterOf(lean)({ aUah: odd })).toStrictEqual({ aUah: 1234.57 });
    expect(presenterOf(lean)).toBe(presenterOf(lean));
  });

  it('walks an op\'s first output by name and compiles its schema for the second on', () => {
    const op = { output: Schema, outputUnits: UNITS };
    const first = presenterOf(op);
    const second = presenterOf(op);
    expect(second).not.toBe(first);
    expect(presenterOf(op)).toBe(second);
    expect(first(sample())).toStrictEqual(second(sample()));
  });

  // Every op output matches its schema (the op tests parse each one): values of the schema, with
  // the awkward numbers (ties, subnormals, NaN, infinities, -0).
  it('agrees with the walk by name on arbitrary values of the schema', () => {
    const num = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(1.005, -2.675, 0.0005, 1e-7, -0, 5e-324));
    const obj = <T>(shape: { [K in keyof T]: fc.Arbitrary<T[K]> }) => fc.record(shape);
    const hour = obj({ hour: fc.integer(), priceUahMwh: num, volumeMwh: fc.option(num, { nil: null }), action: fc.constantFrom('buy', 'sell', 'idle') });
    const fact = fc.record({ value: num, unit: fc.constantFrom('uah', 'UAH', 'cycles', 'MWh', 'MW', 'kg', 'constructor'), note: fc.string({ maxLength: 2 }) }, { requiredKeys: ['value', 'unit'] });
    const anyKeys = fc.dictionary(fc.constantFrom('aUah', 'bMwh', 'c', 'value', 'unit', 'p50'), fc.oneof(num, fc.array(num, { maxLength: 2 }), fc.constantFrom('uah', 'cycles')));
    const value = fc.record({
      totalUah: num,
      count: num,
      p50: fc.array(num, { maxLength: 4 }),
      hours: fc.array(hour, { maxLength: 3 }),
      nested: fc.record({ energyMwh: num, deeper: fc.option(fc.record({ powerMw: num }), { nil: null }) }, { requiredKeys: ['deeper'] }),
      pathsUahMwh: fc.array(fc.array(num, { maxLength: 3 }), { maxLength: 2 }),
      loose: fc.tuple(num, anyKeys).map(([marginUah, rest]) => ({ ...rest, marginUah })),
      record: anyKeys,
      recordUah: fc.dictionary(fc.string({ maxLength: 3 }), num),
      union: fc.oneof(num, fc.record({ kind: fc.constant('a'), costUah: num })),
      facts: fc.array(fact, { maxLength: 3 }),
      lazy: fc.record({ feeUah: num }),
      piped: num,
      transformed: num,
      mae: num,
      literalCycles: fc.constant(1.5),
      equivalentCycles: num,
    });
    fc.assert(
      fc.property(value, (v) => {
        const [compiled, byName] = both(Schema, v, UNITS);
        expect(compiled).toStrictEqual(byName);
      }),
      { numRuns: 400 },
    );
  });
});
