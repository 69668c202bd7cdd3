/**
 * issue 34 item 3: the battery's hourly schedule is one a desk can enter and it reproduces the
 * plan's profit: each hour carries its share (`profitUah`, net of the wear cost), and the hours
 * sum to netProfitUah as printed (each to 0.01 UAH) — also without lots, where the MW columns are
 * printed to the kW, and with a degradation cost, which is not in the MW columns at all.
 */
import { describe, expect, it } from 'vitest';
import { bessPlan } from '../../src/ops/strategy/plan.js';
import { realBook } from '../engines/backtest-fixture.js';
import { call, localCtx } from './helpers.js';

const ctx = localCtx();

describe('bess schedule: the hours sum to the profit', () => {
  const cases = [
    { name: 'the spec battery (no extension), 2 MWh / 1 MW', settings: { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.87, maxCyclesPerDay: 2, degradationCostUahMwh: 0 } },
    { name: 'with a wear cost of 150 UAH/MWh', settings: { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1.5, degradationCostUahMwh: 150 } },
    { name: 'an operating window (extended settings)', settings: { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 2, degradationCostUahMwh: 40, minSocPct: 10, maxSocPct: 90, initialSocMwh: 0.5 } },
  ];
  for (const { name, settings } of cases) {
    it(name, async () => {
      for (const date of ['15.12.2024', '03.07.2023', '20.03.2022']) {
        const prices = realBook().book[date];
        expect(prices, date).toBeDefined();
        const out = await call(bessPlan, ctx, { tradeDate: date, prices, settings, schedule: true });
        const hours = out.plan.schedule ?? [];
        expect(hours).toHaveLength(24);
        let sum = 0;
        for (const h of hours) {
          // The MW columns are printed to the kW: the hour's profit from them is within price × 0.5 kW twice.
          const fromMw = (h.priceUahMwh - settings.degradationCostUahMwh) * h.dischargeMw - h.priceUahMwh * h.chargeMw;
          expect(Math.abs(h.profitUah - fromMw), `${date} hour ${h.hour}`).toBeLessThanOrEqual(h.priceUahMwh * 0.001 + 0.01);
          sum += h.profitUah;
        }
        expect(out.plan.netProfitUah).toBeGreaterThan(0);
        expect(Math.abs(sum - out.plan.netProfitUah), `${date}: Σ ${sum} vs ${out.plan.netProfitUah}`).toBeLessThanOrEqual(0.005 * 24 + 1e-9);
      }
    });
  }
});
