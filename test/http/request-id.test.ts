/** request-id.ts: the id of each request, and the server using it by default. */
import { describe, expect, it } from 'vitest';
import { requestId } from '../../src/http/request-id.js';
import { harness, PLAN_BODY, post } from './harness.js';

const HEX_128 = /^[0-9a-f]{32}$/;

describe('request ids', () => {
  it('are 32 lower-case hex digits, all different across several refills of the random pool', () => {
    const ids = Array.from({ length: 1_200 }, () => requestId()); // 256 per refill: 5 refills
    for (const id of ids) expect(id).toMatch(HEX_128);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('every digit takes every hex value (random bytes, none written to the wrong place)', () => {
    const ids = Array.from({ length: 2_000 }, () => requestId());
    for (let at = 0; at < 32; at++) expect(new Set(ids.map((id) => id[at])).size, `digit ${at}`).toBe(16);
  });

  it('the server gives each request its own (the header, and the error body of a 400)', async () => {
    const h = await harness();
    const ok = await h.app.inject(post('/api/strategy/plan', PLAN_BODY));
    const bad = await h.app.inject(post('/api/strategy/plan', { ...PLAN_BODY, prices: [] }));
    expect(ok.statusCode).toBe(200);
    expect(bad.statusCode).toBe(400);
    const ids = [ok.headers['x-request-id'], bad.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(HEX_128);
    expect(ids[0]).not.toBe(ids[1]);
    expect((bad.json() as { error: { requestId: string } }).error.requestId).toBe(ids[1]);
    await h.app.close();
  });
});
