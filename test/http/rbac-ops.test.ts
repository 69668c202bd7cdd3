/** With SVC_ENFORCE_RBAC=true every permission the health body lists is enforced on its routes. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { harness, post, PLAN_BODY, type Harness } from './harness.js';
import { testIdp, type TestIdp } from './jwt.js';

let idp: TestIdp;
let h: Harness | undefined;
beforeAll(async () => {
  idp = await testIdp();
});
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const BESS = { capacityMwh: 1, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1 };
const EVENT = { type: 'prices_loaded', tradeDate: '02.03.2026', source: 'mktop', actor: 'somebody-else' };

describe('RBAC on decision, risk and audit-write routes', () => {
  it('an auditor (read-only) may read risk but not plan, backtest or write audit events; a trader may', async () => {
    h = await harness({ config: { auth: idp.auth, enforceRbac: true } });
    const auditor = { authorization: `Bearer ${await idp.sign({ sub: 'a', tenant_id: 'acme', roles: ['auditor'] })}` };
    const trader = { authorization: `Bearer ${await idp.sign({ sub: 't', tenant_id: 'acme', roles: ['trader'] })}` };
    const risk = { tradeDate: PLAN_BODY.tradeDate, prices: PLAN_BODY.prices, strategySettings: PLAN_BODY.settings, bessSettings: BESS };
    const backtest = { priceBook: { [PLAN_BODY.tradeDate]: PLAN_BODY.prices }, strategySettings: PLAN_BODY.settings, bessSettings: BESS };
    for (const [url, body] of [['/api/strategy/plan', PLAN_BODY], ['/api/backtest/summary', backtest], ['/api/audit/events', EVENT]] as const) {
      expect((await h.inject(post(url, body, auditor))).statusCode, url).toBe(403);
    }
    expect((await h.inject(post('/api/risk/report', risk, auditor))).statusCode).toBe(200);
    expect((await h.inject(post('/api/strategy/plan', PLAN_BODY, trader))).statusCode).toBe(200);
    expect((await h.inject(post('/api/backtest/summary', backtest, trader))).statusCode).toBe(200);
  });

  it('a signed-in user is recorded as themselves, whatever actor the body names', async () => {
    h = await harness({ config: { auth: idp.auth } });
    const trader = { authorization: `Bearer ${await idp.sign({ sub: 'trader-7', tenant_id: 'acme', roles: ['trader'] })}` };
    const res = await h.inject(post('/api/audit/events', EVENT, trader));
    expect(res.statusCode).toBe(201);
    expect(h.json<{ event: { actor: string } }>(res).event.actor).toBe('trader-7');
  });
});
