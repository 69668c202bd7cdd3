/**
 * The door validates with zod's compiled parser (src/http/input.ts). It must answer exactly as the
 * interpreted schema does: the same success, the same parsed value (defaults applied, keys in the
 * same order) and, on failure, the same issues. Checked on generated plan bodies, valid and broken
 * in many small ways, and on arbitrary JSON against every registered op.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inputParser, type InputParser } from '../../src/http/input.js';
import { operations } from '../../src/ops/index.js';
import type { Operation } from '../../src/ops/types.js';

type Json = unknown;

const parsers = new Map<Operation, InputParser>();
const parserOf = (op: Operation) => parsers.get(op) ?? (parsers.set(op, inputParser(op)).get(op) as InputParser);

/** Same result, compared by value and by serialized form (which also pins key order). */
function expectSameParse(op: Operation, raw: Json): boolean {
  const compiled = parserOf(op).parse(raw);
  const runtime = op.input.safeParse(raw);
  if (compiled instanceof Promise) throw new Error(`${op.id}: unexpected async parse`);
  expect(compiled.success).toBe(runtime.success);
  if (runtime.success) {
    expect(compiled.data).toStrictEqual(runtime.data);
    expect(JSON.stringify(compiled.data)).toBe(JSON.stringify(runtime.data));
  } else {
    expect(compiled.error?.issues).toStrictEqual(runtime.error.issues);
  }
  return runtime.success;
}

const byId = (id: string) => operations.find((o) => o.id === id) as Operation;
const strategy = byId('strategy.plan');
const bess = byId('bess.plan');

const price = fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.double({ min: 0, max: 20_000, noNaN: true }));
const day = fc.tuple(fc.array(price, { minLength: 24, maxLength: 24 }), fc.boolean()).map(([prices, shuffled]) => {
  const points = prices.map((priceUahMwh, hour) => ({ hour, priceUahMwh }));
  return shuffled ? points.reverse() : points;
});
const tradeDate = fc.constantFrom('02.03.2026', '29.02.2024', '31.12.2025');
const tradingSettings = fc.record(
  {
    volumeMwh: fc.double({ min: 0.01, max: 100, noNaN: true }),
    minSpreadUah: fc.integer({ min: 0, max: 2_000 }),
    maxTradesPerDay: fc.integer({ min: 1, max: 24 }),
    feeUahPerMwh: fc.integer({ min: 0, max: 100 }),
  },
  { requiredKeys: ['volumeMwh', 'minSpreadUah', 'maxTradesPerDay'] },
);
const bessSettings = fc.record(
  {
    capacityMwh: fc.double({ min: 0.1, max: 10, noNaN: true }),
    powerMw: fc.double({ min: 0.1, max: 10, noNaN: true }),
    roundTripEfficiency: fc.double({ min: 0.5, max: 1, noNaN: true }),
    maxCyclesPerDay: fc.integer({ min: 1, max: 12 }),
    degradationCostUahMwh: fc.integer({ min: 0, max: 500 }),
  },
  { requiredKeys: ['capacityMwh', 'powerMw', 'roundTripEfficiency', 'maxCyclesPerDay'] },
);

/** Values a broken field may take: wrong types, out-of-range and non-integer numbers, near misses. */
const junk = fc.oneof(
  fc.constantFrom(null, true, '', '5', -1, -0.5, 0, 0.5, 1.5, 23.5, 24, 25, 1e308, -1e308, 13, [], {}),
  fc.constantFrom('31.02.2026', '29.02.2025', '00.01.2026', '2026-03-02', '1.3.2026', '32.01.2026'),
  fc.jsonValue({ maxDepth: 1 }),
);

/** One small corruption somewhere in a valid body: a changed, removed or added key at any depth. */
function corrupt(body: Record<string, unknown>) {
  return fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('set', 'delete', 'add'), junk).map(([a, b, how, value]) => {
    const copy = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
    const prices = copy.prices as Record<string, unknown>[];
    const targets: Record<string, unknown>[] = [copy, copy.settings as Record<string, unknown>, prices[a % prices.length] as Record<string, unknown>];
    const target = targets[b % targets.length] as Record<string, unknown>;
    const keys = Object.keys(target);
    const key = keys[a % keys.length] as string;
    if (how === 'set') target[key] = value;
    else if (how === 'delete') delete target[key];
    else target.unexpected = value;
    // Now and then a duplicated hour or a short day instead.
    if (a % 7 === 0) (prices[b % prices.length] as Record<string, unknown>).hour = (prices[(b + 1) % prices.length] as Record<string, unknown>).hour;
    if (a % 11 === 0) prices.pop();
    return copy;
  });
}

describe('compiled input parsing answers exactly as the zod schema', () => {
  it('valid plan bodies: same value, defaults and key order', () => {
    fc.assert(
      fc.property(tradeDate, day, tradingSettings, (d, prices, settings) => {
        expect(expectSameParse(strategy, { tradeDate: d, prices, settings })).toBe(true);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(tradeDate, day, bessSettings, (d, prices, settings) => {
        expect(expectSameParse(bess, { tradeDate: d, prices, settings })).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('broken plan bodies: same failure, same issues', () => {
    let rejected = 0;
    const body = (settings: fc.Arbitrary<Record<string, unknown>>) =>
      fc.tuple(tradeDate, day, settings).chain(([d, prices, s]) => corrupt({ tradeDate: d, prices, settings: s }));
    fc.assert(
      fc.property(body(tradingSettings), (raw) => {
        if (!expectSameParse(strategy, raw)) rejected++;
      }),
      { numRuns: 1_000 },
    );
    fc.assert(
      fc.property(body(bessSettings), (raw) => {
        if (!expectSameParse(bess, raw)) rejected++;
      }),
      { numRuns: 500 },
    );
    // The generator really produces failures (most corruptions break the body).
    expect(rejected).toBeGreaterThan(800);
  });

  it('arbitrary JSON against every op', () => {
    const ops = operations.filter((o) => o.http);
    expect(ops.length).toBeGreaterThan(10);
    fc.assert(
      fc.property(fc.constantFrom(...ops), fc.jsonValue({ maxDepth: 3 }), (op, raw) => {
        expectSameParse(op, raw);
      }),
      { numRuns: 500 },
    );
  });
});
