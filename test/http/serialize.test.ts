/**
 * Response bodies written by src/http/serialize.ts (fast-json-stringify from the output schema):
 * exactly JSON.stringify(output) on the real plan outputs; JSON that reads back as JSON.stringify's
 * whenever the value has the schema's shape, and never a throw, on outputs broken in the ways a
 * schema can be wrong about a value (extra, missing, reordered or undefined keys, non-finite
 * numbers, odd strings, toJSON, class instances) and on arbitrary values for every registered op.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerFor } from '../../src/http/serialize.js';
import { operations } from '../../src/ops/index.js';
import { bessPlan, strategyPlan } from '../../src/ops/strategy/plan.js';
import type { OpContext } from '../../src/ops/types.js';

/** [1, <hole>, 3]: JSON writes the hole as null. */
function holey(): number[] {
  const a = [1, 2, 3];
  delete a[1];
  return a;
}

const ctx = { now: () => new Date('2026-03-02T10:00:00.000Z') } as unknown as OpContext;
const price = fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.double({ min: 0, max: 20_000, noNaN: true }));
const prices = fc.array(price, { minLength: 24, maxLength: 24 }).map((ps) => ps.map((priceUahMwh, hour) => ({ hour, priceUahMwh })));
const odd = fc.oneof(
  fc.constantFrom(undefined, null, NaN, Infinity, -Infinity, -0, 1e21, 5e-7, 0.1, '', 'é "q" \\ \n \u0000 \u2028', '\ud800', '😀', true, [], {}),
  fc.constantFrom(new Date(0), { toJSON: () => 'x' }, new Number(3), Object.create(null) as object, holey(), new Map()),
  fc.anything({ maxDepth: 2 }),
);

function same(schema: z.core.$ZodType, value: unknown): void {
  expect(serializerFor(schema)(value)).toBe(JSON.stringify(value));
}

/**
 * Any value: the body is JSON (never a throw); a value of the schema's shape reads back as
 * JSON.stringify's would. A value of another shape reads back as the schema's projection of it
 * (keys it does not name are not written), or is written by JSON.stringify.
 */
function sound(schema: z.core.$ZodType, value: unknown): void {
  const text = serializerFor(schema)(value);
  if (value === undefined) return;
  const back: unknown = JSON.parse(text);
  if ((schema as z.ZodType).safeParse(value).success) expect(back).toEqual(JSON.parse(JSON.stringify(value)));
}

/** Picks an object or array inside `value` (deterministically from `n`) to break. */
function nodes(value: unknown, out: object[] = []): object[] {
  if (typeof value === 'object' && value !== null) {
    out.push(value);
    for (const child of Object.values(value)) nodes(child, out);
  }
  return out;
}

describe('serializerFor', () => {
  it('writes real spread and battery plans byte for byte as JSON.stringify', async () => {
    await fc.assert(
      fc.asyncProperty(prices, fc.integer({ min: 1, max: 24 }), fc.double({ min: 0.1, max: 5, noNaN: true }), async (p, k, volume) => {
        const plan = await strategyPlan.run(ctx, { tradeDate: '02.03.2026', prices: p, settings: { volumeMwh: volume, minSpreadUah: 0, maxTradesPerDay: k, feeUahPerMwh: 3 } });
        same(strategyPlan.output, plan);
        const bess = await bessPlan.run(ctx, {
          tradeDate: '02.03.2026',
          prices: p,
          settings: { capacityMwh: volume, powerMw: 1, roundTripEfficiency: 0.87, maxCyclesPerDay: 2, degradationCostUahMwh: 10 },
        });
        same(bessPlan.output, bess);
      }),
      { numRuns: 150 },
    );
  });

  it('plans broken anywhere: changed, removed, added or reordered keys', async () => {
    const plan = await strategyPlan.run(ctx, {
      tradeDate: '02.03.2026',
      prices: [1500, 1400, 1300, 1250, 1300, 1600, 2400, 3800, 4200, 4000, 3600, 3300, 3100, 3000, 3200, 3600, 4300, 5200, 5600, 5400, 4800, 3900, 2900, 2100].map((priceUahMwh, hour) => ({ hour, priceUahMwh })),
      settings: { volumeMwh: 2, minSpreadUah: 100, maxTradesPerDay: 6, feeUahPerMwh: 10 },
    });
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.constantFrom('set', 'delete', 'add', 'reorder', 'push'), odd, (a, b, how, value) => {
        const copy = structuredClone(plan) as unknown;
        const all = nodes(copy);
        const target = all[a % all.length] as Record<string, unknown>;
        const keys = Object.keys(target);
        const key = keys[b % Math.max(1, keys.length)] ?? '0';
        if (how === 'set') target[key] = value;
        else if (how === 'delete') delete target[key];
        else if (how === 'add') target[b % 2 ? 'extra' : '7'] = value;
        else if (how === 'push' && Array.isArray(target)) target.push(value);
        else {
          const v = target[key];
          delete target[key];
          target[key] = v;
        }
        sound(strategyPlan.output, copy);
      }),
      { numRuns: 2_000 },
    );
  });

  it('never truncates a non-integer in an integer field, and writes non-finite numbers as null', () => {
    const schema = z.strictObject({ n: z.number().int(), x: z.number() });
    expect(JSON.parse(serializerFor(schema)({ n: 2.5, x: 1 }))).toEqual({ n: 2.5, x: 1 });
    expect(serializerFor(schema)({ n: 1, x: Number.NaN })).toBe(JSON.stringify({ n: 1, x: Number.NaN }));
  });

  it('a schema with a union is written by JSON.stringify (every key, in the value\'s order)', () => {
    const schema = z.strictObject({ a: z.union([z.strictObject({ x: z.number() }), z.strictObject({ y: z.string() })]), b: z.number() });
    expect(serializerFor(schema)({ b: 1, a: { y: 'q' }, extra: 2 })).toBe('{"b":1,"a":{"y":"q"},"extra":2}');
  });

  it('a value it cannot write (a required key missing) is written by JSON.stringify, never an error', () => {
    const schema = z.strictObject({ a: z.number(), b: z.string() });
    expect(serializerFor(schema)({ a: 1 })).toBe('{"a":1}');
  });

  it('arbitrary values against every op, and schemas it cannot model', () => {
    const schemas: z.core.$ZodType[] = [...operations.map((o) => o.output), z.union([z.string(), z.number()]), z.record(z.string(), z.number())];
    fc.assert(
      fc.property(fc.constantFrom(...schemas), fc.oneof(odd, fc.jsonValue({ maxDepth: 3 })), (schema, value) => {
        sound(schema, value);
      }),
      { numRuns: 1_000 },
    );
  });

  it('recursive schemas are written without recursing forever', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const Tree: z.ZodType<Node> = z.object({ name: z.string(), get children() { return z.array(Tree); } });
    sound(Tree, { name: 'a', children: [{ name: 'b', children: [] }] });
  });
});
