/** POST /api/bess/plan-ahead (svc extension): tomorrow's schedule on the forecast, settings only, through the HTTP door and its OpenAPI contract. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, post, type Harness } from './harness.js';

const BESS = { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.88, maxCyclesPerDay: 1, degradationCostUahMwh: 150 };

describe('POST /api/bess/plan-ahead', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
    h.clock.now = new Date('2024-12-31T08:00:00.000Z'); // 10:00 in Kyiv: tomorrow is 01.01.2025, the day after the shipped prices
  });
  afterAll(() => h.close());

  it('with settings only: tomorrow (Europe/Kyiv) on the forecast of the prices up to today, a bid sheet for a person to approve', async () => {
    const res = await h.inject(post('/api/bess/plan-ahead', { settings: BESS }));
    expect(res.statusCode).toBe(200);
    const body = h.json<{ tradeDate: string; lastDataDay: string; source: string; humanApprovalRequired: boolean; bids: { side: string; volumeMwh: number }[]; forecast: { plannedOn: string; hours: unknown[] }; pnl: { scenarios: number } }>(res);
    expect(body).toMatchObject({ tradeDate: '01.01.2025', lastDataDay: '31.12.2024', humanApprovalRequired: true, forecast: { plannedOn: 'mean' } });
    expect(body.source).toContain('mktop');
    expect(body.forecast.hours).toHaveLength(24);
    expect(body.pnl.scenarios).toBe(56);
    expect(body.bids.some((b) => b.side === 'buy') && body.bids.some((b) => b.side === 'sell')).toBe(true);
  }, 900_000);

  it('a day the history does not reach is a 400 naming why, in the one error body', async () => {
    const res = await h.inject(post('/api/bess/plan-ahead', { settings: BESS, tradeDate: '10.01.2025' }));
    expect(res.statusCode).toBe(400);
    expect(h.json<{ error: { code: string; reason: string; message: string } }>(res).error).toMatchObject({ code: 'validation_error', reason: 'insufficient_history' });
  });
});
