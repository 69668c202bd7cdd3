/**
 * The inputs of `strategy.plan` and `bess.plan` checked without a schema library (Standard Schema
 * validators, types.ts): every cold `svc plan` and `svc bess` runs them, where loading zod and its
 * schemas cost about a third of the command. Each validator passes, on its own, only an input it can
 * vouch for completely, and builds the very value the zod contract (plan-contract.ts) would (keys in
 * the schema's order, defaults filled in). Anything else — any problem, `planOn: "forecast"`,
 * `history`, a battery's `unavailableHours`, a key present as undefined — is handed to the zod
 * contract, loaded then, so every error message and path is zod's own.
 * test/ops/plan-input.test.ts holds the two to one verdict and one value.
 *
 * What is checked here: the keys (strict objects), `tradeDate` a string of 1..40 characters,
 * `prices` 24 points `{ hour, priceUahMwh }` with every hour 0..23 once and prices within
 * domain/bounds.ts, each setting a finite number within its bound (an integer where the bound says so).
 */
import { BOUNDS, type BoundedKey } from '../../domain/bounds.js';
import { HOURS_PER_DAY } from '../../domain/hourly.js';
import type { StandardResult, StandardSchema } from '../types.js';
import type { BessPlanInput, StrategyPlanInput } from './plan-contract.js';

type Json = Record<string, unknown>;

/** A setting: its key, and its default when it has one (absent, an optional setting stays absent). */
type Field = readonly [BoundedKey, number?];

/** TradingSettings and BessSettings (domain/settings.ts), in their schemas' key order. */
const TRADING: readonly Field[] = [['volumeMwh'], ['minSpreadUah'], ['maxTradesPerDay'], ['feeUahPerMwh', 0], ['lotMwh']];
const TRADING_REQUIRED = 3;
const BESS: readonly Field[] = [
  ['capacityMwh'], ['powerMw'], ['roundTripEfficiency'], ['maxCyclesPerDay'], ['degradationCostUahMwh', 0],
  ['minSocPct'], ['maxSocPct'], ['chargeEfficiency'], ['dischargeEfficiency'], ['auxLossMwhPerHour'], ['lotMwh'], ['initialSocMwh'], ['endSocValueUahMwh'],
];
const BESS_REQUIRED = 4;

const isPlain = (v: unknown): v is Json => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/** Own keys all among `known` (a strict object), none of them undefined. */
function keysWithin(v: Json, known: ReadonlySet<string>): boolean {
  for (const key in v) if (!known.has(key) || v[key] === undefined) return false;
  return Object.getOwnPropertySymbols(v).length === 0;
}

function bounded(key: BoundedKey, v: unknown): v is number {
  const b: { min: number; max: number; integer?: boolean } = BOUNDS[key];
  return typeof v === 'number' && v >= b.min && v <= b.max && (b.integer !== true || Number.isInteger(v));
}

const POINT_KEYS = new Set(['hour', 'priceUahMwh']);
const { max: PRICE_MAX } = BOUNDS.priceUahMwh;

/** 24 points, each hour 0..23 once, each price within its bound: a copy of the points, or undefined. */
function priceDay(v: unknown): { hour: number; priceUahMwh: number }[] | undefined {
  if (!Array.isArray(v) || v.length !== HOURS_PER_DAY) return undefined;
  const out: { hour: number; priceUahMwh: number }[] = new Array(HOURS_PER_DAY);
  let seen = 0;
  for (let i = 0; i < HOURS_PER_DAY; i += 1) {
    const p: unknown = v[i];
    if (!isPlain(p) || !keysWithin(p, POINT_KEYS)) return undefined;
    const { hour, priceUahMwh } = p;
    if (typeof hour !== 'number' || !Number.isInteger(hour) || hour < 0 || hour >= HOURS_PER_DAY || (seen & (1 << hour)) !== 0) return undefined;
    if (typeof priceUahMwh !== 'number' || !(priceUahMwh >= 0 && priceUahMwh <= PRICE_MAX)) return undefined;
    seen |= 1 << hour;
    out[i] = { hour, priceUahMwh };
  }
  return out;
}

function settings(v: unknown, fields: readonly Field[], required: number, known: ReadonlySet<string>): Record<string, number> | undefined {
  if (!isPlain(v) || !keysWithin(v, known)) return undefined;
  const out: Record<string, number> = {};
  for (let i = 0; i < fields.length; i += 1) {
    const [key, fallback] = fields[i] as Field;
    const value = v[key];
    if (value === undefined) {
      if (i < required) return undefined;
      if (fallback !== undefined) out[key] = fallback;
      continue;
    }
    if (!bounded(key, value)) return undefined;
    out[key] = value;
  }
  return out;
}

const TRADING_KEYS = new Set(TRADING.map(([k]) => k as string));
const BESS_KEYS = new Set(BESS.map(([k]) => k as string));
const SPREAD_REQUEST_KEYS = new Set(['tradeDate', 'prices', 'settings', 'planOn']);
const BESS_REQUEST_KEYS = new Set(['tradeDate', 'prices', 'settings', 'planOn', 'schedule']);

/** The common part of both requests, in their order: tradeDate, prices, settings, planOn ("actual" only). */
function day(v: unknown, keys: ReadonlySet<string>, fields: readonly Field[], required: number, known: ReadonlySet<string>): Json | undefined {
  if (!isPlain(v) || !keysWithin(v, keys)) return undefined;
  const { tradeDate, planOn } = v;
  if (typeof tradeDate !== 'string' || tradeDate.length < 1 || tradeDate.length > 40) return undefined;
  if (planOn !== undefined && planOn !== 'actual') return undefined;
  const prices = priceDay(v.prices);
  const s = prices && settings(v.settings, fields, required, known);
  if (!s) return undefined;
  return { tradeDate, prices, settings: s, ...(planOn !== undefined ? { planOn } : {}) };
}

function spreadValue(v: unknown): StrategyPlanInput | undefined {
  return day(v, SPREAD_REQUEST_KEYS, TRADING, TRADING_REQUIRED, TRADING_KEYS) as StrategyPlanInput | undefined;
}

function bessValue(v: unknown): BessPlanInput | undefined {
  const out = day(v, BESS_REQUEST_KEYS, BESS, BESS_REQUIRED, BESS_KEYS);
  if (!out) return undefined;
  const schedule = (v as Json).schedule;
  if (schedule !== undefined && typeof schedule !== 'boolean') return undefined;
  return (schedule === undefined ? out : { ...out, schedule }) as BessPlanInput;
}

/** A validator: the lean check, else the zod contract's verdict (loaded on first need). */
function validator<T>(fast: (v: unknown) => T | undefined, contract: 'spread' | 'bess'): StandardSchema<T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'svc',
      validate(value): StandardResult<T> | Promise<StandardResult<T>> {
        const checked = fast(value);
        if (checked !== undefined) return { value: checked };
        return import('./plan-contract.js').then(async (m) => {
          const schema = contract === 'spread' ? m.StrategyPlanRequest : m.BessPlanRequest;
          return (await schema['~standard'].validate(value)) as StandardResult<T>;
        });
      },
    },
  };
}

export const StrategyPlanLeanInput: StandardSchema<StrategyPlanInput> = validator(spreadValue, 'spread');
export const BessPlanLeanInput: StandardSchema<BessPlanInput> = validator(bessValue, 'bess');
