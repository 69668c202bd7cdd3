/**
 * One test per row of the spec's Limits table and per bound of the settings records: accepted at
 * the bound, rejected one step past it, with the failing path named.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BessSettings,
  ForecastDay,
  NotificationSubscriptionRequest,
  OreeTradingResultsDay,
  PriceDay,
  StrategyProfileSaveRequest,
  TradingSettings,
  ForecastMetrics,
  DecisionPackageMetadata,
  RiskGuardrailReport,
  SvcError,
} from '../../src/domain/index.js';
import { BOUNDS } from '../../src/domain/bounds.js';

function paths(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  if (r.success) return [];
  return SvcError.fromZod(r.error).issues.map((i) => i.path);
}
function accepts(schema: z.ZodType, value: unknown): void {
  const r = schema.safeParse(value);
  expect(r.success, r.success ? '' : JSON.stringify(r.error.issues)).toBe(true);
}
function rejectsAt(schema: z.ZodType, value: unknown, path: string): void {
  expect(paths(schema, value)).toContain(path);
}

const day = (n = 24) => Array.from({ length: n }, (_, hour) => ({ hour, priceUahMwh: 1000 + hour }));
const trading = { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 24, feeUahPerMwh: 0 };
const bess = { capacityMwh: 1, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1, degradationCostUahMwh: 0 };
const step = 1e-9;

describe('Limits table', () => {
  it('prices per day: exactly 24 points, hours 0..23', () => {
    accepts(PriceDay, day());
    rejectsAt(PriceDay, day(23), '');
    rejectsAt(PriceDay, [...day(), { hour: 0, priceUahMwh: 1 }], '');
    rejectsAt(PriceDay, day().map((p) => (p.hour === 23 ? { ...p, hour: 24 } : p)), '23.hour');
    rejectsAt(PriceDay, day().map((p) => (p.hour === 5 ? { ...p, hour: 4 } : p)), '5.hour');
  });

  it('forecast points per day: exactly 24', () => {
    const f = (n: number) => Array.from({ length: n }, (_, hour) => ({ hour, p10: 1, p50: 2, p90: 3 }));
    accepts(ForecastDay, f(24));
    rejectsAt(ForecastDay, f(23), '');
    rejectsAt(ForecastDay, f(25), '');
  });

  it('maxTradesPerDay: integer 1..24', () => {
    accepts(TradingSettings, { ...trading, maxTradesPerDay: 1 });
    accepts(TradingSettings, { ...trading, maxTradesPerDay: 24 });
    rejectsAt(TradingSettings, { ...trading, maxTradesPerDay: 0 }, 'maxTradesPerDay');
    rejectsAt(TradingSettings, { ...trading, maxTradesPerDay: 25 }, 'maxTradesPerDay');
    rejectsAt(TradingSettings, { ...trading, maxTradesPerDay: 2.5 }, 'maxTradesPerDay');
  });

  it('maxCyclesPerDay: 0.01..12, fractional (the spec says 1..12; svc extension, issue 31)', () => {
    accepts(BessSettings, { ...bess, maxCyclesPerDay: 1 });
    accepts(BessSettings, { ...bess, maxCyclesPerDay: 12 });
    accepts(BessSettings, { ...bess, maxCyclesPerDay: 1.5 });
    accepts(BessSettings, { ...bess, maxCyclesPerDay: 0.01 });
    rejectsAt(BessSettings, { ...bess, maxCyclesPerDay: 0 }, 'maxCyclesPerDay');
    rejectsAt(BessSettings, { ...bess, maxCyclesPerDay: 13 }, 'maxCyclesPerDay');
  });

  it('roundTripEfficiency: the spec says > 0 and <= 1; svc documents 0.01..1 (src/domain/bounds.ts)', () => {
    accepts(BessSettings, { ...bess, roundTripEfficiency: 1 });
    accepts(BessSettings, { ...bess, roundTripEfficiency: BOUNDS.roundTripEfficiency.min });
    rejectsAt(BessSettings, { ...bess, roundTripEfficiency: BOUNDS.roundTripEfficiency.min - step }, 'roundTripEfficiency');
    rejectsAt(BessSettings, { ...bess, roundTripEfficiency: 0 }, 'roundTripEfficiency');
    rejectsAt(BessSettings, { ...bess, roundTripEfficiency: 1 + step }, 'roundTripEfficiency');
  });

  it('profile name: 1..80 characters; profileKey: max 120', () => {
    accepts(StrategyProfileSaveRequest, { name: 'x', settings: trading });
    accepts(StrategyProfileSaveRequest, { name: 'x'.repeat(80), profileKey: 'k'.repeat(120), settings: trading });
    rejectsAt(StrategyProfileSaveRequest, { name: '', settings: trading }, 'name');
    rejectsAt(StrategyProfileSaveRequest, { name: 'x'.repeat(81), settings: trading }, 'name');
    rejectsAt(StrategyProfileSaveRequest, { name: 'x', profileKey: 'k'.repeat(121), settings: trading }, 'profileKey');
  });

  it('notification channels: 1..4 items', () => {
    const base = { subscription: { endpoint: 'https://push.example/abc', keys: { p256dh: 'p', auth: 'a' } } };
    accepts(NotificationSubscriptionRequest, { ...base, channels: ['priceUpdate'] });
    accepts(NotificationSubscriptionRequest, { ...base, channels: ['priceUpdate', 'riskAlert', 'bessWindow', 'exportReady'] });
    rejectsAt(NotificationSubscriptionRequest, { ...base, channels: [] }, 'channels');
    rejectsAt(NotificationSubscriptionRequest, { ...base, channels: ['priceUpdate', 'riskAlert', 'bessWindow', 'exportReady', 'priceUpdate'] }, 'channels');
  });

  it('trading result hours: 1..24 items', () => {
    const h = (n: number) => Array.from({ length: n }, (_, hour) => ({ hour, priceUahMwh: 1, sellVolumeMwh: 1, buyVolumeMwh: 1, declaredSellVolumeMwh: 1, declaredBuyVolumeMwh: 1 }));
    const d = (n: number) => ({ tradeDate: '01.12.2024', market: 'DAM', resultId: 'r', totalSellVolumeMwh: 1, totalBuyVolumeMwh: 1, declaredSellVolumeMwh: 1, declaredBuyVolumeMwh: 1, weightedAveragePriceUahMwh: 1, hours: h(n) });
    accepts(OreeTradingResultsDay, d(1));
    accepts(OreeTradingResultsDay, d(24));
    rejectsAt(OreeTradingResultsDay, d(0), 'hours');
    rejectsAt(OreeTradingResultsDay, { ...d(24), hours: [...h(24), { ...h(1)[0], hour: 0 }] }, 'hours');
  });
});

describe('settings bounds: every number has its documented physical bound (src/domain/bounds.ts)', () => {
  it.each(['volumeMwh', 'minSpreadUah', 'feeUahPerMwh'] as const)('TradingSettings.%s: accepted at both bounds, rejected one step past each', (key) => {
    const b = BOUNDS[key];
    accepts(TradingSettings, { ...trading, [key]: b.min });
    accepts(TradingSettings, { ...trading, [key]: b.max });
    rejectsAt(TradingSettings, { ...trading, [key]: b.min - step }, key);
    rejectsAt(TradingSettings, { ...trading, [key]: b.max + 1 }, key);
    rejectsAt(TradingSettings, { ...trading, [key]: 1e308 }, key);
  });

  it.each(['capacityMwh', 'powerMw', 'degradationCostUahMwh'] as const)('BessSettings.%s: accepted at both bounds, rejected one step past each', (key) => {
    const b = BOUNDS[key];
    accepts(BessSettings, { ...bess, [key]: b.min });
    accepts(BessSettings, { ...bess, [key]: b.max });
    rejectsAt(BessSettings, { ...bess, [key]: b.min - step }, key);
    rejectsAt(BessSettings, { ...bess, [key]: b.max + 1 }, key);
    rejectsAt(BessSettings, { ...bess, [key]: 1e308 }, key);
  });

  it('prices: 0..1,000,000 UAH/MWh in every PriceDay', () => {
    const day = (p: number) => Array.from({ length: 24 }, (_, hour) => ({ hour, priceUahMwh: hour === 5 ? p : 100 }));
    accepts(PriceDay, day(BOUNDS.priceUahMwh.max));
    rejectsAt(PriceDay, day(BOUNDS.priceUahMwh.max + 1), '5.priceUahMwh');
    rejectsAt(PriceDay, day(1e308), '5.priceUahMwh');
  });

  it('defaults: fee 0 and degradation 0 when omitted', () => {
    expect(TradingSettings.parse({ volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 1 }).feeUahPerMwh).toBe(0);
    expect(BessSettings.parse({ capacityMwh: 1, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1 }).degradationCostUahMwh).toBe(0);
  });

  it('required keys are named when missing', () => {
    expect(paths(TradingSettings, {})).toEqual(expect.arrayContaining(['volumeMwh', 'minSpreadUah', 'maxTradesPerDay']));
    expect(paths(BessSettings, {})).toEqual(expect.arrayContaining(['capacityMwh', 'powerMw', 'roundTripEfficiency', 'maxCyclesPerDay']));
  });

  it('price >= 0 at the bound, rejected just below', () => {
    accepts(PriceDay, day().map((p) => ({ ...p, priceUahMwh: 0 })));
    rejectsAt(PriceDay, day().map((p) => (p.hour === 7 ? { ...p, priceUahMwh: -step } : p)), '7.priceUahMwh');
  });

  it('other bounded records: forecast coverage 0..1, scores 0..100', () => {
    const m = { rmaeVsNaive: 0, mae: 0, rmse: 0, sampleDays: 0 };
    accepts(ForecastMetrics, { ...m, coverage: 1 });
    rejectsAt(ForecastMetrics, { ...m, coverage: 1 + step }, 'coverage');
    const dp = { decision_package_id: 'svc-rdn-1', human_approval_required: true, no_auto_submit: true };
    accepts(DecisionPackageMetadata, { ...dp, risk_score: 100, data_confidence_score: 0 });
    rejectsAt(DecisionPackageMetadata, { ...dp, risk_score: 101 }, 'risk_score');
    rejectsAt(DecisionPackageMetadata, { ...dp, data_confidence_score: -1 }, 'data_confidence_score');
    const r = { overallStatus: 'ready', checks: [], reviewCount: 0, blockCount: 0 };
    accepts(RiskGuardrailReport, { ...r, score: 100 });
    rejectsAt(RiskGuardrailReport, { ...r, score: 100 + step }, 'score');
  });
});

describe('request bodies reject unlisted properties', () => {
  it('settings records are strict', () => {
    rejectsAt(TradingSettings, { ...trading, leverage: 2 }, '');
    rejectsAt(BessSettings, { ...bess, soc0: 0.5 }, '');
    rejectsAt(PriceDay, day().map((p, i) => (i === 0 ? { ...p, volume: 1 } : p)), '0');
  });

  it('DecisionPackageMetadata allows extra flat keys but fixes the flags', () => {
    accepts(DecisionPackageMetadata, { decision_package_id: 'svc-bess-42', human_approval_required: true, no_auto_submit: true, desk: 'east', n: 3 });
    rejectsAt(DecisionPackageMetadata, { decision_package_id: 'svc-bess-42', human_approval_required: false, no_auto_submit: true }, 'human_approval_required');
    rejectsAt(DecisionPackageMetadata, { decision_package_id: 'rdn-42', human_approval_required: true, no_auto_submit: true }, 'decision_package_id');
  });
});
