/**
 * `tradeDate` in request bodies is a plain string (spec, Conventions): every POST that takes one
 * accepts ISO `YYYY-MM-DD` and any other string, echoes it as sent, and — where the operation needs
 * the calendar day (the caps of risk and brief) — says in `tradeDay` how it read it and what it
 * left out. Every answer is checked against the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, post, PRICES, SETTINGS, type Harness } from './harness.js';
import { OpenApiChecker } from './openapi-check.js';

const BESS = { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.88, maxCyclesPerDay: 1, degradationCostUahMwh: 150 };
let h: Harness;
let checker: OpenApiChecker;
beforeAll(async () => {
  h = await harness();
  checker = new OpenApiChecker(h.json(await h.inject('/api/openapi.json')));
});
afterAll(async () => {
  await h.close();
});

const bodies = (tradeDate: string) => ({
  '/api/strategy/plan': { tradeDate, prices: PRICES, settings: SETTINGS },
  '/api/bess/plan': { tradeDate, prices: PRICES, settings: BESS },
  '/api/risk/report': { tradeDate, prices: PRICES, strategySettings: SETTINGS, bessSettings: BESS },
  '/api/ai/trading-brief': { tradeDate, prices: PRICES, settings: SETTINGS, locale: 'en' },
});

async function send(url: string, body: unknown) {
  const res = await h.inject(post(url, body));
  checker.check('POST', url, res.statusCode, res.headers['content-type'] as string | undefined, res.body);
  return res;
}

describe('tradeDate in request bodies', () => {
  it.each(['15.12.2024', '2024-12-15', 'tomorrow', 'Q4 desk run'])('%s is accepted by the four POST routes and echoed as sent', async (tradeDate) => {
    for (const [url, body] of Object.entries(bodies(tradeDate))) {
      const res = await send(url, body);
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
      const out = h.json<{ tradeDate?: string; auditEvent?: { tradeDate: string } }>(res);
      expect(out.tradeDate ?? out.auditEvent?.tradeDate, url).toBe(tradeDate);
    }
  });

  it('risk and brief read DD.MM.YYYY and ISO alike: the same caps, the same checks', async () => {
    for (const url of ['/api/risk/report', '/api/ai/trading-brief'] as const) {
      const a = h.json<{ tradeDay: unknown; report?: unknown; brief?: { auditTrail: { facts: unknown } } }>(await send(url, bodies('15.12.2024')[url]));
      const b = h.json<{ tradeDay: unknown; report?: unknown; brief?: { auditTrail: { facts: unknown } } }>(await send(url, bodies('2024-12-15')[url]));
      expect(a.tradeDay).toEqual({ day: '15.12.2024', leftOut: [] });
      expect(b.tradeDay).toEqual({ day: '15.12.2024', leftOut: [] });
      if (url === '/api/risk/report') expect(b.report).toEqual(a.report);
    }
  });

  it('a string that is no recognisable day is answered, saying the regulator caps were left out', async () => {
    for (const url of ['/api/risk/report', '/api/ai/trading-brief'] as const) {
      for (const tradeDate of ['tomorrow', '31.02.2024', '2024-13-01']) {
        const out = h.json<{ tradeDay: unknown }>(await send(url, bodies(tradeDate)[url]));
        expect(out.tradeDay, `${url} ${tradeDate}`).toEqual({ day: null, leftOut: ['regulatorCaps'] });
      }
    }
  });

  it('an empty tradeDate or one over 40 characters is still 400 naming it', async () => {
    for (const tradeDate of ['', 'x'.repeat(41)]) {
      const res = await send('/api/strategy/plan', bodies(tradeDate)['/api/strategy/plan']);
      expect(res.statusCode).toBe(400);
      expect(h.json<{ error: { issues: { path: string }[] } }>(res).error.issues[0]?.path).toBe('tradeDate');
    }
  });

  it('planOn forecast needs a calendar day: a string that names none is 400 on tradeDate', async () => {
    const res = await send('/api/bess/plan', { ...bodies('tomorrow')['/api/bess/plan'], planOn: 'forecast', history: {} });
    expect(res.statusCode).toBe(400);
    expect(h.json<{ error: { issues: { path: string }[] } }>(res).error.issues[0]?.path).toBe('tradeDate');
  });
});
