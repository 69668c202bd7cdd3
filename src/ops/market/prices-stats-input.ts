/**
 * The input of `prices.stats`, checked without a schema library (a Standard Schema validator, see
 * types.ts): the CLI runs this op at every cold `svc prices stats`, where loading zod would cost
 * about half the command. The input is kept small so that the check is cheap and complete:
 *
 *   { prices: { "DD.MM.YYYY": [24 prices, index = hour], … }, from?: "DD.MM.YYYY", to?: "DD.MM.YYYY" }
 *
 * hourly arrays rather than a PriceBook of {hour, priceUahMwh} points, so that nothing of the zod
 * PriceBook schema (24 distinct hours in any order) has to be restated here. A price obeys the
 * bounds every reader applies (domain/bounds.ts: 0..1,000,000 UAH/MWh).
 */
import { BOUNDS, rangeText } from '../../domain/bounds.js';
import { compareTradeDates, parseTradeDate, TRADE_DATE_PATTERN, withDateHint } from '../../domain/dates.js';
import { HOURS_PER_DAY } from '../../domain/hourly.js';
import { standardValidator, type StandardIssue } from '../types.js';

export interface PricesStatsInput {
  /** Hourly prices (UAH/MWh, index = hour 0..23) keyed by trade date DD.MM.YYYY. */
  prices: Record<string, number[]>;
  /** First day (inclusive); the book's first day when absent. */
  from?: string;
  /** Last day (inclusive); the book's last day when absent. */
  to?: string;
}

/** Enough to say what is wrong without building a report as long as a 3-year book. */
const MAX_ISSUES = 100;
const KEYS = new Set(['prices', 'from', 'to']);
const { min: PRICE_MIN, max: PRICE_MAX } = BOUNDS.priceUahMwh;

const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The first hour from `from` on whose price is not a number inside the bounds, or -1. A function
 * of its own: small and hot, V8 compiles it after a few days, where the same loop inlined in
 * check() stayed interpreted for most of a 3-year book (≈ 3 ms against ≈ 1 ms, cold).
 */
function firstBadHour(day: readonly unknown[], from: number): number {
  for (let h = from; h < HOURS_PER_DAY; h += 1) {
    const p = day[h];
    if (typeof p !== 'number' || !(p >= PRICE_MIN && p <= PRICE_MAX)) return h;
  }
  return -1;
}

function check(value: unknown, issues: StandardIssue[]): void {
  const add = (path: PropertyKey[], message: string) => {
    if (issues.length < MAX_ISSUES) issues.push({ path, message });
  };
  if (!isRecord(value)) return add([], `expected an object, received ${kindOf(value)}`);
  for (const key of Object.keys(value)) if (!KEYS.has(key)) add([], `unrecognized key "${key}"`);
  for (const key of ['from', 'to'] as const) {
    const date = value[key];
    if (date !== undefined && (typeof date !== 'string' || parseTradeDate(date) === null)) add([key], withDateHint('expected a real date DD.MM.YYYY', date));
  }
  const { from, to } = value;
  if (typeof from === 'string' && typeof to === 'string' && parseTradeDate(from) && parseTradeDate(to) && compareTradeDates(from, to) > 0) {
    add(['from'], `after to (${to})`);
  }
  checkHourlyPrices(value.prices, issues);
}

/**
 * The field `prices`: hourly prices keyed by real trade dates, 24 a day (index = hour), each inside
 * the bounds; at most MAX_ISSUES issues in all. Shared with prices.convert (prices-convert.ts).
 */
export function checkHourlyPrices(prices: unknown, issues: StandardIssue[]): void {
  const add = (path: PropertyKey[], message: string) => {
    if (issues.length < MAX_ISSUES) issues.push({ path, message });
  };
  if (!isRecord(prices)) return add(['prices'], `expected hourly prices keyed by trade date, received ${kindOf(prices)}`);
  for (const date of Object.keys(prices)) {
    if (parseTradeDate(date) === null) add(['prices', date], 'expected a real date DD.MM.YYYY as the key');
    const day = prices[date];
    if (!Array.isArray(day) || day.length !== HOURS_PER_DAY) {
      add(['prices', date], `expected ${HOURS_PER_DAY} hourly prices (index = hour), received ${Array.isArray(day) ? `${day.length}` : kindOf(day)}`);
      continue;
    }
    for (let h = firstBadHour(day, 0); h >= 0; h = firstBadHour(day, h + 1)) {
      const p: unknown = day[h];
      add(['prices', date, h], `must be ${rangeText('priceUahMwh')}, received ${typeof p === 'number' ? String(p) : kindOf(p)}`);
    }
    if (issues.length >= MAX_ISSUES) return;
  }
}

const DATE = { type: 'string', pattern: TRADE_DATE_PATTERN.source } as const;

/**
 * The input as JSON Schema (Standard JSON Schema's `input()`): what the CLI derives `--from` and
 * `--to` from. prices-stats-contract.ts states the same input in zod for the HTTP and MCP doors;
 * test/ops/prices-stats-contract.test.ts holds the validators and this schema to it.
 */
export const PRICES_STATS_INPUT_JSON_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    prices: {
      type: 'object',
      description: 'hourly prices (UAH/MWh, index = hour 0..23) keyed by trade date DD.MM.YYYY',
      propertyNames: DATE,
      additionalProperties: { type: 'array', items: { type: 'number', minimum: PRICE_MIN, maximum: PRICE_MAX }, minItems: HOURS_PER_DAY, maxItems: HOURS_PER_DAY },
    },
    from: { ...DATE, description: 'first day (inclusive)' },
    to: { ...DATE, description: 'last day (inclusive)' },
  },
  required: ['prices'],
  additionalProperties: false,
};

/** The validator invoke() runs (Standard Schema v1). The value passes on as it came: nothing is transformed. */
export const PricesStatsInput = standardValidator<PricesStatsInput>(check, { input: () => PRICES_STATS_INPUT_JSON_SCHEMA });
