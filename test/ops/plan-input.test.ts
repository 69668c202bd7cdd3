/**
 * strategy.plan and bess.plan have two validators: the lean one the CLI runs (plan-input.ts, no zod
 * on a cold `svc plan`) and the zod contract the HTTP and MCP doors derive from (plan-contract.ts).
 * The lean one passes an input on its own only when zod would, with zod's very value (keys in the
 * same order, defaults filled in); anything else is zod's verdict, issues and all.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BessPlanLeanInput, StrategyPlanLeanInput } from '../../src/ops/strategy/plan-input.js';
import { BessPlanRequest, StrategyPlanRequest } from '../../src/ops/strategy/plan-contract.js';
import { BessSettings, TradingSettings } from '../../src/domain/settings.js';
import { strategyPlan, bessPlan } from '../../src/ops/strategy/plan.js';
import { strategyPlanLean } from '../../src/ops/strategy/strategy-plan.js';
import { bessPlanLean } from '../../src/ops/strategy/bess-plan.js';
import type { StandardSchema } from '../../src/ops/types.js';
import type { z } from 'zod';

const num = (min: number, max: number) =>
  fc.oneof(
    { weight: 30, arbitrary: fc.double({ min, max, noNaN: true }) },
    { weight: 10, arbitrary: fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max, -0, min - 1, max + 1, 0.5, Number.NaN, Infinity, '1', null) },
  );
const hours = fc.shuffledSubarray([...Array(24).keys()], { minLength: 24, maxLength: 24 });
const point = (hour: number) =>
  fc.oneof(
    { weight: 200, arbitrary: fc.record({ hour: fc.constant(hour), priceUahMwh: num(0, 1_000_000) }) },
    { weight: 1, arbitrary: fc.record({ priceUahMwh: fc.constant(5), hour: fc.constantFrom(hour, 1.5, 24, -1, '3') }) },
    { weight: 1, arbitrary: fc.record({ hour: fc.constant(hour), priceUahMwh: fc.constant(5), extra: fc.constant(1) }) },
  );
const priceDay = fc.oneof(
  { weight: 8, arbitrary: hours.chain((hs) => fc.tuple(...hs.map(point))) },
  { weight: 1, arbitrary: fc.array(fc.record({ hour: fc.integer({ min: 0, max: 23 }), priceUahMwh: fc.constant(1) }), { minLength: 23, maxLength: 25 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, {}, 'x') },
);
const tradingSettings = fc.oneof(
  { weight: 8, arbitrary: fc.record({ volumeMwh: num(0.001, 10_000), minSpreadUah: num(0, 1_000_000), maxTradesPerDay: num(1, 24), feeUahPerMwh: num(0, 100_000), lotMwh: num(0, 10_000) }, { requiredKeys: ['volumeMwh', 'minSpreadUah', 'maxTradesPerDay'] }) },
  { weight: 1, arbitrary: fc.record({ volumeMwh: fc.constant(1), minSpreadUah: fc.constant(0), maxTradesPerDay: fc.constant(2), other: fc.constant(1) }) },
  { weight: 1, arbitrary: fc.record({ volumeMwh: fc.constant(1), minSpreadUah: fc.constant(0), maxTradesPerDay: fc.constant(2), lotMwh: fc.constant(undefined) }) },
  { weight: 1, arbitrary: fc.constantFrom(null, [], {}) },
);
const bessSettings = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      {
        capacityMwh: num(0.001, 100_000), powerMw: num(0.001, 10_000), roundTripEfficiency: num(0.01, 1), maxCyclesPerDay: num(0.01, 12), degradationCostUahMwh: num(0, 1_000_000),
        minSocPct: num(0, 100), maxSocPct: num(0, 100), chargeEfficiency: num(0.01, 1), dischargeEfficiency: num(0.01, 1), auxLossMwhPerHour: num(0, 10_000),
        lotMwh: num(0, 10_000), initialSocMwh: num(0, 100_000), endSocValueUahMwh: num(0, 1_000_000),
      },
      { requiredKeys: ['capacityMwh', 'powerMw', 'roundTripEfficiency', 'maxCyclesPerDay'] },
    ),
  },
  { weight: 1, arbitrary: fc.record({ capacityMwh: fc.constant(2), powerMw: fc.constant(1), roundTripEfficiency: fc.constant(0.9), maxCyclesPerDay: fc.constant(1), unavailableHours: fc.array(fc.integer({ min: -1, max: 24 }), { maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.constantFrom(null, {}, { capacityMwh: 1, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1, x: 1 }) },
);
const tradeDate = fc.oneof({ weight: 6, arbitrary: fc.constantFrom('15.12.2024', '2024-12-15', 'any text') }, { weight: 2, arbitrary: fc.string({ maxLength: 45 }) }, { weight: 1, arbitrary: fc.constantFrom(5, null) });
const request = (settings: fc.Arbitrary<unknown>, extra: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { weight: 10, arbitrary: fc.record({ tradeDate, prices: priceDay, settings, planOn: fc.oneof({ weight: 6, arbitrary: fc.constant('actual') }, { weight: 1, arbitrary: fc.constantFrom('forecast', 'other', undefined) }), ...extra }, { requiredKeys: ['tradeDate', 'prices', 'settings'] }) },
    { weight: 1, arbitrary: fc.record({ tradeDate, prices: priceDay, settings, unknownKey: fc.constant(1) }) },
    { weight: 1, arbitrary: fc.constantFrom(null, [], 'x', {}) },
  );

const passed = { fast: 0, all: 0 };
async function same<T extends z.ZodType>(lean: StandardSchema<unknown>, schema: T, value: unknown): Promise<boolean> {
  const maybe = lean['~standard'].validate(value);
  passed.all += 1;
  if (!(maybe instanceof Promise)) passed.fast += 1;
  const a = await maybe;
  const b = schema.safeParse(value);
  expect(a.issues === undefined).toBe(b.success);
  if (b.success) expect(JSON.stringify((a as { value: unknown }).value)).toBe(JSON.stringify(b.data));
  else expect(a.issues).toEqual(b.error.issues);
  return true;
}

describe('the plans\u2019 lean validators and their zod contract', () => {
  it('name the settings fields in the settings schemas\u2019 order', async () => {
    const full = { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 2, feeUahPerMwh: 0, lotMwh: 0 };
    const day = Array.from({ length: 24 }, (_, hour) => ({ hour, priceUahMwh: hour }));
    const r = (await StrategyPlanLeanInput['~standard'].validate({ tradeDate: 'x', prices: day, settings: { lotMwh: 0, maxTradesPerDay: 2, feeUahPerMwh: 0, minSpreadUah: 0, volumeMwh: 1 } })) as { value: { settings: object } };
    expect(Object.keys(r.value.settings)).toEqual(Object.keys(TradingSettings.shape));
    expect(Object.keys(full)).toEqual(Object.keys(TradingSettings.shape));
    const bessKeys = Object.keys(BessSettings.shape).filter((k) => k !== 'unavailableHours');
    const settings = Object.fromEntries(bessKeys.map((k) => [k, 0.5]).reverse());
    const b = (await BessPlanLeanInput['~standard'].validate({ tradeDate: 'x', prices: day, settings, schedule: true })) as { value: { settings: object } };
    expect(Object.keys(b.value.settings)).toEqual(bessKeys);
  });

  it('give one verdict and one value on every spread plan input', async () => {
    await fc.assert(fc.asyncProperty(request(tradingSettings, { history: fc.option(fc.constant({}), { freq: 4, nil: undefined }) }), (v) => same(StrategyPlanLeanInput, StrategyPlanRequest, v)), { numRuns: 600 });
  });

  it('give one verdict and one value on every battery plan input', async () => {
    await fc.assert(fc.asyncProperty(request(bessSettings, { schedule: fc.oneof({ weight: 6, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constantFrom('yes', undefined) }) }), (v) => same(BessPlanLeanInput, BessPlanRequest, v)), { numRuns: 600 });
    // The lean path itself was exercised, not only the hand-over to zod.
    expect(passed.fast).toBeGreaterThan(passed.all / 20);
  });

  it('are the registry\u2019s ops: the lean ones with the zod contract, the same id and bindings', () => {
    for (const [registered, lean] of [[strategyPlan, strategyPlanLean], [bessPlan, bessPlanLean]] as const) {
      expect(registered.id).toBe(lean.id);
      expect(registered.http).toBe(lean.http);
      expect(registered.cli).toBe(lean.cli);
      expect(registered.lean).toBeUndefined();
    }
    expect(strategyPlan.input).toBe(StrategyPlanRequest);
    expect(bessPlan.input).toBe(BessPlanRequest);
  });
});
