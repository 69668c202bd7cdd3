/** POST /api/bess/plan and /api/backtest/summary with the battery extensions (issue 31): the optional keys in the body and in OpenAPI. */
import { afterEach, describe, expect, it } from 'vitest';
import { PRICES, harness, post, type Harness } from './harness.js';

const BESS = { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.88, maxCyclesPerDay: 1.5, degradationCostUahMwh: 0 };
let h: Harness;
afterEach(async () => h?.close());

describe('battery extensions over HTTP', () => {
  it('OpenAPI lists the optional keys; a body with them plans in lots with a schedule; a plain body is unchanged', async () => {
    h = await harness();
    const doc = h.json<{ components?: unknown; paths: Record<string, unknown> }>(await h.inject('/api/openapi.json'));
    const text = JSON.stringify(doc);
    for (const key of ['minSocPct', 'maxSocPct', 'chargeEfficiency', 'dischargeEfficiency', 'auxLossMwhPerHour', 'unavailableHours', 'lotMwh', 'initialSocMwh', 'endSocValueUahMwh', 'bessCarryOver']) expect(text, key).toContain(key);
    const extended = { ...BESS, minSocPct: 10, maxSocPct: 90, lotMwh: 0.1, initialSocMwh: 0.2, unavailableHours: [18] };
    const res = await h.inject(post('/api/bess/plan', { tradeDate: '02.03.2026', prices: PRICES, settings: extended }));
    expect(res.statusCode, res.body).toBe(200);
    const plan = h.json<{ plan: { schedule: { hour: number; chargeMw: number; dischargeMw: number; socMwh: number }[]; netProfitUah: number } }>(res).plan;
    expect(plan.schedule).toHaveLength(24);
    expect(plan.schedule[18]?.dischargeMw).toBe(0);
    for (const row of plan.schedule) {
      expect(Math.abs(row.chargeMw * 10 - Math.round(row.chargeMw * 10))).toBeLessThan(1e-9);
      expect(row.socMwh).toBeGreaterThanOrEqual(0.2);
      expect(row.socMwh).toBeLessThanOrEqual(1.8);
    }
    const plain = await h.inject(post('/api/bess/plan', { tradeDate: '02.03.2026', prices: PRICES, settings: { ...BESS, maxCyclesPerDay: 1 } }));
    expect(plain.statusCode).toBe(200);
    expect(Object.keys(h.json<{ plan: object }>(plain).plan).sort()).toEqual(['chargedMwh', 'cycles', 'dischargedMwh', 'equivalentCycles', 'netProfitUah']);
  });

  it('the spread plan lotMwh: in the body and OpenAPI; a volume off the lot is a 400 naming both keys; whole lots plan as without', async () => {
    h = await harness();
    const doc = h.json<{ paths: Record<string, unknown> }>(await h.inject('/api/openapi.json'));
    expect(JSON.stringify(doc.paths['/api/strategy/plan'] ?? doc)).toContain('lotMwh');
    const settings = { volumeMwh: 1.2, minSpreadUah: 0, maxTradesPerDay: 3 };
    const bad = await h.inject(post('/api/strategy/plan', { tradeDate: '02.03.2026', prices: PRICES, settings: { ...settings, volumeMwh: 1.05, lotMwh: 0.1 } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('settings.volumeMwh');
    expect(bad.body).toContain('settings.lotMwh');
    const lots = await h.inject(post('/api/strategy/plan', { tradeDate: '02.03.2026', prices: PRICES, settings: { ...settings, lotMwh: 0.1 } }));
    const plain = await h.inject(post('/api/strategy/plan', { tradeDate: '02.03.2026', prices: PRICES, settings }));
    expect(lots.statusCode, lots.body).toBe(200);
    expect(h.json<{ plan: unknown }>(lots).plan).toEqual(h.json<{ plan: unknown }>(plain).plan);
  });

  it('an inconsistent window is a 400 naming the keys; the backtest reports the carry-over by month', async () => {
    h = await harness();
    const bad = await h.inject(post('/api/bess/plan', { tradeDate: '02.03.2026', prices: PRICES, settings: { ...BESS, minSocPct: 80, maxSocPct: 20 } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('minSocPct 80 must be below maxSocPct 20');
    const book = { '01.03.2026': PRICES, '02.03.2026': PRICES, '03.03.2026': PRICES };
    const res = await h.inject(post('/api/backtest/summary', { priceBook: book, strategySettings: { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 2 }, bessSettings: BESS, carryOver: true }));
    expect(res.statusCode, res.body).toBe(200);
    const rows = h.json<{ analytics: { bessCarryOver: { month: string; days: number; carryOverGainUah: number; carriedUah: number; dayByDayUah: number }[] } }>(res).analytics.bessCarryOver;
    expect(rows.map((r) => r.month)).toEqual(['03.2026', 'all']);
    expect(rows[1]?.days).toBe(3);
    expect(Math.abs((rows[1]?.carriedUah ?? 0) - (rows[1]?.dayByDayUah ?? 0) - (rows[1]?.carryOverGainUah ?? 0))).toBeLessThanOrEqual(0.02);
  });
});
