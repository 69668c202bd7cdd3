/**
 * The operations the CLI's subcommands used to do by hand with an engine (issue 11): the sweep,
 * the price-cap context of `brief --caps`, the monthly table of a backtest. Each is an op run
 * through invoke(), so the same input gives the same output from any door.
 */
import { describe, expect, it } from 'vitest';
import { backtestSummary } from '../../src/ops/strategy/backtest.js';
import { backtestSweep } from '../../src/ops/strategy/backtest-sweep.js';
import { briefPriceCapContext } from '../../src/ops/ai/brief-price-cap.js';
import { runBacktest } from '../../src/engines/backtest.js';
import { call, localCtx } from './helpers.js';

const hours = (base: number) => Array.from({ length: 24 }, (_, hour) => ({ hour, priceUahMwh: base + (hour >= 17 && hour < 21 ? 3000 : hour < 6 ? -500 : 0) }));
const book = { '30.01.2025': hours(2000), '31.01.2025': hours(2500), '01.02.2025': hours(1800), '03.02.2025': hours(2200) };
const strategySettings = { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 4, feeUahPerMwh: 5 };
const bessSettings = { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1, degradationCostUahMwh: 0 };

describe('backtest.sweep', () => {
  it('one row per combination, equal to separate backtests, best first, with the missing days', async () => {
    const out = await call(backtestSweep, localCtx(), { priceBook: book, strategySettings, bessSettings, sweep: [{ name: 'capacityMwh', values: [1, 4] }, { name: 'feeUahPerMwh', values: [0, 50] }] });
    expect(out.combinations).toHaveLength(4);
    const pnl = out.combinations.map((r) => r.combinedNetPnlUah);
    expect([...pnl].sort((a, b) => b - a)).toEqual(pnl);
    for (const row of out.combinations) {
      const alone = runBacktest(book, { ...strategySettings, feeUahPerMwh: row.params.feeUahPerMwh as number }, { ...bessSettings, capacityMwh: row.params.capacityMwh as number });
      expect(row.combinedNetPnlUah).toBeCloseTo(alone.combinedNetPnlUah, 2);
    }
    expect(out.gaps).toMatchObject({ from: '30.01.2025', to: '03.02.2025', missingDays: 1, missing: ['02.02.2025'] });
  });

  it('a combination outside the bounds is a 400 naming it', async () => {
    await expect(call(backtestSweep, localCtx(), { priceBook: book, strategySettings, bessSettings, sweep: [{ name: 'maxCyclesPerDay', values: [1, 13] }] })).rejects.toMatchObject({
      code: 'validation_error',
      message: expect.stringMatching(/^sweep \{"maxCyclesPerDay":13\}: /),
    });
    await expect(call(backtestSweep, localCtx(), { priceBook: book, strategySettings, bessSettings, sweep: [{ name: 'colour', values: [1] }] })).rejects.toMatchObject({ code: 'validation_error' });
  });
});

describe('backtest.summary monthly', () => {
  it('adds analytics.months only when asked, one row per calendar month', async () => {
    const plain = await call(backtestSummary, localCtx(), { priceBook: book, strategySettings, bessSettings });
    expect(plain.analytics.months).toBeUndefined();
    const monthly = await call(backtestSummary, localCtx(), { priceBook: book, strategySettings, bessSettings, monthly: true });
    expect(monthly.analytics.months?.map((m) => [m.month, m.days])).toEqual([
      ['01.2025', 2],
      ['02.2025', 2],
    ]);
    const sum = (monthly.analytics.months ?? []).reduce((s, m) => s + m.combinedPnlUah, 0);
    expect(sum).toBeCloseTo(monthly.summary.combinedNetPnlUah, 1);
  });
});

describe('brief.priceCapContext', () => {
  const caps = { decision: 'NEURC 1', validFrom: '01.01.2025', sourceUrl: null, market: 'DAM' as const, minByHour: Array(24).fill(10), maxByHour: Array.from({ length: 24 }, (_, h) => (h < 12 ? 4000 : 5000)) };

  it('the widest corridor of the day, with the cap hits inside the tolerance, passed on exactly', async () => {
    const prices = hours(1500).map((p) => (p.hour === 18 ? { ...p, priceUahMwh: 4999.995 } : p));
    const { priceCap } = await call(briefPriceCapContext, localCtx(), { prices, caps, toleranceUahMwh: 0.01 });
    expect(priceCap).toMatchObject({ minUahMwh: 10, maxUahMwh: 5000, maxObservedUahMwh: 4999.995, maxCapHitHours: [18] });
  });

  it('null when the entry has no cap for a bound', async () => {
    const { priceCap } = await call(briefPriceCapContext, localCtx(), { prices: hours(2000), caps: { ...caps, maxByHour: Array(24).fill(null) }, toleranceUahMwh: 0 });
    expect(priceCap).toBeNull();
  });
});
