/**
 * Output precision and output schemas at the extremes (issue 9 "exact at every accepted input",
 * issue 10 defect 2): every response validates against its own schema with finite numbers, money
 * has at most 2 decimals and energy at most 3, whatever accepted input produced it.
 */
import { describe, expect, it } from 'vitest';
import { BOUNDS } from '../../src/domain/bounds.js';
import { backtestSummary } from '../../src/ops/strategy/backtest.js';
import { roundTo } from '../../src/ops/present.js';
import { riskReport } from '../../src/ops/strategy/risk.js';
import { forecastDays } from '../../src/ops/forecast/forecast-days.js';
import { forecastEvaluate } from '../../src/ops/forecast/forecast-evaluate.js';
import { invoke } from '../../src/ops/invoke.js';
import { bessPlan, strategyPlan } from '../../src/ops/strategy/plan.js';
import { realBook } from '../engines/backtest-fixture.js';
import { call, localCtx } from './helpers.js';

const ctx = localCtx();

/** Every number of a value with the key it sits under. */
function numbers(value: unknown, key = '', out: Array<[string, number]> = []): Array<[string, number]> {
  if (typeof value === 'number') out.push([key, value]);
  else if (Array.isArray(value)) for (const v of value) numbers(v, key, out);
  else if (value && typeof value === 'object') {
    // A fact `{ value, unit }` (the risk checks) is rounded by its unit: read its value under that unit's suffix.
    const o = value as Record<string, unknown>;
    const unitKey = o.unit === 'uah' ? 'valueUah' : o.unit === 'cycles' ? 'equivalentCycles' : 'value';
    for (const [k, v] of Object.entries(o)) numbers(v, k === 'value' ? unitKey : k, out);
  }
  return out;
}
const decimals = (v: number) => (String(v).includes('e') ? 99 : (String(v).split('.')[1] ?? '').length);

function expectRounded(body: unknown): void {
  for (const [key, v] of numbers(body)) {
    expect(Number.isFinite(v), key).toBe(true);
    if (/Uah(Per)?Mwh$|Uah$|^p(10|50|90)$|^forecastP50$/.test(key)) expect({ key, v, d: decimals(v) <= 2 }).toEqual({ key, v, d: true });
    else if (/Mwh$|Mw$/.test(key)) expect({ key, v, d: decimals(v) <= 3 }).toEqual({ key, v, d: true });
    else if (key === 'equivalentCycles') expect({ key, v, d: decimals(v) <= 4 }).toEqual({ key, v, d: true });
  }
}

const day = (f: (h: number) => number) => Array.from({ length: 24 }, (_, hour) => ({ hour, priceUahMwh: f(hour) }));
const maxTrading = { volumeMwh: BOUNDS.volumeMwh.max, minSpreadUah: 0, maxTradesPerDay: 24, feeUahPerMwh: 0.01 };
const maxBess = { capacityMwh: BOUNDS.capacityMwh.max, powerMw: BOUNDS.powerMw.max, roundTripEfficiency: 0.87, maxCyclesPerDay: 12, degradationCostUahMwh: 0.03 };

describe('outputs at the extremes of accepted inputs', () => {
  it('plan, bess and risk at the largest volume, capacity and prices: finite, schema-valid, rounded', async () => {
    const prices = day((h) => (h % 2 === 0 ? 0.01 : BOUNDS.priceUahMwh.max - h * 0.37));
    const plan = await call(strategyPlan, ctx, { tradeDate: '03.12.2024', prices, settings: maxTrading });
    expect(plan.plan.netPnlUah).toBeGreaterThan(1e9);
    expectRounded(plan);
    const bess = await call(bessPlan, ctx, { tradeDate: '03.12.2024', prices, settings: maxBess });
    expect(bess.plan.netProfitUah).toBeGreaterThan(0);
    expectRounded(bess);
    expectRounded(await call(riskReport, ctx, { tradeDate: '03.12.2024', prices, strategySettings: maxTrading, bessSettings: maxBess }));
  });

  it('risk checks on a real day: money facts to 0.01 UAH, cycles to 0.0001 (no 6059.370000000001)', async () => {
    const prices = realBook().book['15.12.2024'];
    const settings = { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 24, feeUahPerMwh: 0 };
    const report = await call(riskReport, ctx, { tradeDate: '15.12.2024', prices, strategySettings: settings, bessSettings: { ...maxBess, capacityMwh: 2, powerMw: 1 } });
    expectRounded(report);
    expect(report.report.checks.some((c: { unit: string; value: unknown }) => c.unit === 'uah' && typeof c.value === 'number' && c.value > 0)).toBe(true);
  });

  it('1e308 and values past the bounds are a 400 naming the field, never a 200 with null', async () => {
    const prices = day(() => 100);
    for (const [settings, path] of [
      [{ ...maxTrading, volumeMwh: 1e308 }, 'settings.volumeMwh'],
      [{ ...maxTrading, feeUahPerMwh: BOUNDS.feeUahPerMwh.max + 1 }, 'settings.feeUahPerMwh'],
    ] as const) {
      const e = await call(strategyPlan, ctx, { tradeDate: '03.12.2024', prices, settings }).catch((x: { status: number; issues: Array<{ path: string }> }) => x);
      expect(e).toMatchObject({ code: 'validation_error' });
      expect((e as { issues: Array<{ path: string }> }).issues.map((i) => i.path)).toContain(path);
    }
    const e = await call(strategyPlan, ctx, { tradeDate: '03.12.2024', prices: day((h) => (h === 3 ? 1e308 : 1)), settings: maxTrading }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'validation_error' });
  });

  it('a three-year backtest has no float noise in any money or energy figure', async () => {
    const body = await call(backtestSummary, ctx, { priceBook: realBook().book, strategySettings: { volumeMwh: 1.3, minSpreadUah: 0, maxTradesPerDay: 4, feeUahPerMwh: 10.1 }, bessSettings: { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.87, maxCyclesPerDay: 2, degradationCostUahMwh: 150.3 } });
    expect(body.summary.totalDays).toBe(1090);
    expectRounded(body);
  });

  it('forecast prices (p10 / p50 / p90) come rounded to 0.01 UAH/MWh and never below 0, from every forecast operation', async () => {
    const body = await call(forecastDays, ctx, { priceBook: realBook().book, from: '15.12.2024', to: '16.12.2024' });
    const ps = body.days.flatMap((d) => d.points.flatMap((p) => [p.p10, p.p50, p.p90]));
    expect(ps).toHaveLength(2 * 24 * 3);
    expect(ps.some((v) => decimals(v) > 0)).toBe(true); // rounded, not truncated to whole hryvnias
    for (const v of ps) expect(v).toBeGreaterThanOrEqual(0);
    expectRounded(body);
  });

  it('forecast.evaluate: the scores in UAH/MWh (mae, rmse, pinball, crps), of the model, its months and a reference, to 0.01; the ratios as computed; exact on request', async () => {
    const { book } = realBook();
    const dates = Object.keys(book).filter((d) => d.endsWith('.2024') && Number(d.slice(3, 5)) >= 9);
    const series = { dates, prices: dates.map((d) => (book[d] ?? []).map((p) => p.priceUahMwh)) };
    const reference = [{ name: 'd-1 + 1/3', dates: ['10.12.2024'], values: [(series.prices[dates.indexOf('09.12.2024')] ?? []).map((p) => p + 1 / 3)] }];
    const input = { series, from: '10.12.2024', to: '10.12.2024', damCaps: true, exogenous: 'off', reference, daily: true };
    const body = await call(forecastEvaluate, ctx, input);
    const exact = await invoke(forecastEvaluate, ctx, input, { exact: true });
    const scores = ['mae', 'rmse', 'pinball', 'pinballQuantiles', 'crps'] as const;
    for (const [presented, unrounded] of [
      [body.metrics, exact.metrics],
      [body.monthly[0] as Record<string, number>, exact.monthly[0] as Record<string, number>],
      [body.reference[0]?.metrics ?? {}, exact.reference[0]?.metrics ?? {}],
    ] as const) {
      for (const k of scores.filter((x) => unrounded[x] !== undefined)) expect({ k, v: presented[k] }).toEqual({ k, v: roundTo(unrounded[k] as number, 2) });
      expect(presented.rmaeVsNaive).toBe(unrounded.rmaeVsNaive);
    }
    expect(scores.some((k) => exact.metrics[k] !== body.metrics[k])).toBe(true); // the unrounded differ: the test can fail
    expect(body.reference[0]?.metrics.mae).toBeDefined();
    expect(body.metrics.coverage).toBe(exact.metrics.coverage);
    expectRounded(body); // the hourly p10 / p50 / p90 of daily as well
  }, 300_000);

  it('roundTo rounds half away from zero on the decimal text', () => {
    expect(roundTo(958.0299999999997, 2)).toBe(958.03);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(-0.001, 2)).toBe(0);
    expect(Object.is(roundTo(-0.001, 2), -0)).toBe(false);
    // Found by the fuzzer: numbers that print with an exponent once became NaN (null in JSON).
    expect(roundTo(5e-324, 2)).toBe(0);
    expect(roundTo(1e-7, 3)).toBe(0);
    expect(roundTo(1e21, 2)).toBe(1e21);
  });
});
