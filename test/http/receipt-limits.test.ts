/**
 * The public verify route is not a CPU sink (issue 26): `inputs` past the documented caps are a
 * 400 naming the cap, decided by a walk that stops at the cap — before anything is canonicalised
 * or hashed — a body over the route's own limit (128 KiB) is a 413 before it is parsed, while a
 * real receipt's inputs (~1 KB) verify as before. Its per-address rate limit: test/robustness.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, post, type Harness } from './harness.js';
import { RECEIPT_INPUTS_LIMITS, receiptInputsOverLimits } from '../../src/engines/receipt-verify.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  await h.close();
});

const RECEIPT = { receiptVersion: 'svc-no-egress-receipt-1' };

describe('receipt verification limits', () => {
  it('the walk: within the caps is null; past each cap names it', () => {
    const prices = Array.from({ length: 24 }, (_, hour) => ({ hour, priceUahMwh: 1000 + hour }));
    expect(receiptInputsOverLimits({ tradeDate: '15.12.2024', prices, settings: { volumeMwh: 1 } })).toBeNull();
    expect(receiptInputsOverLimits({ a: Array.from({ length: RECEIPT_INPUTS_LIMITS.maxValues }, () => 1) })).toMatch(/more than 5,000 JSON values/);
    expect(receiptInputsOverLimits({ s: 'x'.repeat(RECEIPT_INPUTS_LIMITS.maxChars) })).toMatch(/larger than 64 KiB/);
    let deep: unknown = 1;
    for (let i = 0; i < 20; i++) deep = { d: deep };
    expect(receiptInputsOverLimits(deep)).toMatch(/deeper than 16/);
  });

  it('6,000 values in inputs (within the route\'s body limit) are a 400 naming the cap, with the one error body', async () => {
    const inputs = { rows: Array.from({ length: 6_000 }, () => 1) };
    const res = await h.inject(post('/api/ai/receipt/verify', { receipt: RECEIPT, inputs }));
    expect(res.statusCode).toBe(400);
    const error = h.json<{ error: { code: string; message: string; issues: { path: string; message: string }[] } }>(res).error;
    expect(error.code).toBe('validation_error');
    expect(error.issues[0]?.path).toBe('inputs');
    expect(error.issues[0]?.message).toMatch(/too large to verify: more than 5,000 JSON values/);
  });

  it('40,000 objects (the issue 26 probe, ~0.5 MB) are a 413 before the body is parsed', async () => {
    const inputs = { rows: Array.from({ length: 40_000 }, (_, i) => ({ i })) };
    const res = await h.inject(post('/api/ai/receipt/verify', { receipt: RECEIPT, inputs }));
    expect(res.statusCode).toBe(413);
    expect(h.json<{ error: { code: string } }>(res).error.code).toBe('payload_too_large');
  });

  it('small inputs still reach the verifier (200, valid false for a made-up receipt)', async () => {
    const res = await h.inject(post('/api/ai/receipt/verify', { receipt: RECEIPT, inputs: { tradeDate: '15.12.2024' } }));
    expect(res.statusCode).toBe(200);
    expect(h.json<{ valid: boolean }>(res).valid).toBe(false);
  });
});
