/** Arguments for every tool (valid and invalid), and a validator for declared output schemas. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as addFormatsModule from 'ajv-formats';
import { PRICES, SETTINGS } from '../http/harness.js';
import { realBook } from '../engines/backtest-fixture.js';

/** 70 days before 15.12.2024: the shortest history a forecast takes, so a plan-ahead call fits only a few days. */
const HISTORY = Object.fromEntries(Object.entries(realBook().book).filter(([d]) => /^(0[6-9]|[1-3]\d)\.10\.2024$|\.11\.2024$|^(0\d|1[0-4])\.12\.2024$/.test(d)));

const HOURLY = Array.from({ length: 24 }, (_, h) => 3000 + h * 100);
const BESS = { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1, degradationCostUahMwh: 50 };

/** One valid call per tool; a tool added to the registry without an entry here fails the tests. */
export const VALID_ARGS: Record<string, Record<string, unknown>> = {
  // The spec's data tools (their operations come from other issues): arguments per the spec.
  get_day_ahead_prices: { month: '12.2024', market: 'DAM' },
  get_forecast: { month: '12.2024', market: 'DAM' },
  get_regime_snapshot: {},
  cite_methodology: { topic: 'forecastValidation' },
  plan_spread_trades: { tradeDate: '02.03.2026', prices: PRICES, settings: SETTINGS },
  plan_bess_schedule: { tradeDate: '02.03.2026', prices: PRICES, settings: BESS },
  plan_bess_ahead: { tradeDate: '15.12.2024', settings: BESS, history: HISTORY },
  plan_spread_ahead: { tradeDate: '15.12.2024', settings: SETTINGS, history: HISTORY },
  run_backtest: { priceBook: { '01.03.2026': PRICES, '02.03.2026': PRICES }, strategySettings: SETTINGS, bessSettings: BESS },
  get_risk_report: { tradeDate: '02.03.2026', prices: PRICES, strategySettings: SETTINGS, bessSettings: BESS },
  get_trading_brief: { tradeDate: '02.03.2026', prices: PRICES, settings: SETTINGS, locale: 'en' },
  get_price_statistics: { prices: { '01.03.2026': HOURLY, '03.03.2026': HOURLY } },
  get_hourly_price_profile: { prices: { '01.03.2026': HOURLY, '02.03.2026': HOURLY }, from: '01.03.2026' },
};

/** One invalid call per tool, with a path the error must name. */
export const INVALID_ARGS: Record<string, { args: Record<string, unknown>; path: string }> = {
  get_day_ahead_prices: { args: { month: '13.2024', market: 'DAM' }, path: 'month' },
  get_forecast: { args: { month: '2024-12', market: 'DAM' }, path: 'month' },
  get_regime_snapshot: { args: { date: '31.02.2024' }, path: 'date' },
  cite_methodology: { args: { topic: 'astrology' }, path: 'topic' },
  plan_spread_trades: { args: { tradeDate: '02.03.2026', prices: PRICES.slice(0, 23), settings: SETTINGS }, path: 'prices' },
  plan_bess_schedule: { args: { tradeDate: '02.03.2026', prices: PRICES, settings: { ...BESS, roundTripEfficiency: 1.5 } }, path: 'settings.roundTripEfficiency' },
  plan_bess_ahead: { args: { tradeDate: '15.12.2024', settings: { ...BESS, powerMw: -1 }, history: HISTORY }, path: 'settings.powerMw' },
  plan_spread_ahead: { args: { tradeDate: '32.12.2024', settings: SETTINGS }, path: 'tradeDate' },
  run_backtest: { args: { priceBook: {}, strategySettings: { ...SETTINGS, maxTradesPerDay: 0 }, bessSettings: BESS }, path: 'strategySettings.maxTradesPerDay' },
  // tradeDate is any string in bodies (spec); an empty one is still invalid.
  get_risk_report: { args: { tradeDate: '', prices: PRICES, strategySettings: SETTINGS, bessSettings: BESS }, path: 'tradeDate' },
  get_trading_brief: { args: { tradeDate: '02.03.2026', prices: PRICES, settings: SETTINGS, locale: 'de' }, path: 'locale' },
  get_price_statistics: { args: { prices: { '01.03.2026': HOURLY.slice(1) } }, path: 'prices' },
  get_hourly_price_profile: { args: { prices: {}, to: '31.02.2026' }, path: 'to' },
};

type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
// ajv-formats is CommonJS (see test/http/openapi-check.ts).
const formatsExport = (addFormatsModule as unknown as { default: FormatsPlugin & { default?: FormatsPlugin } }).default;
/**
 * Tools over market data, which may have no value for a sample's period or no reachable feed in a
 * test run: a tool error with one of these codes is a correct answer too (never a crash).
 */
export const DATA_TOOLS = new Set(['get_day_ahead_prices', 'get_forecast', 'get_regime_snapshot']);
export const DATA_UNAVAILABLE_CODES = ['not_found', 'upstream_error', 'unavailable'];

const ajv = new Ajv2020({ strict: false, allErrors: true });
(formatsExport.default ?? formatsExport)(ajv);

/** Errors of `value` against a JSON Schema (empty when valid). */
export function schemaErrors(schema: Record<string, unknown>, value: unknown): string[] {
  const validate = ajv.compile(schema);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
