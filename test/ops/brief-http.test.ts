/**
 * The brief and receipt operations behind the real HTTP door (routes, headers, OpenAPI-checked
 * responses), added to the registry here until the lead lists them in src/ops/index.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SvcConfig } from '../../src/config/config.js';
import type { Operation } from '../../src/ops/types.js';
import { tradingBrief } from '../../src/ops/ai/brief.js';
import { receiptPublicKey, receiptVerify, tradingBriefReceipt } from '../../src/ops/ai/receipt.js';
import { allOperations, harness, post, type Harness } from '../http/harness.js';
import { fullRequest } from '../engines/brief-fixtures.js';

const mine = [tradingBrief, receiptVerify, receiptPublicKey, tradingBriefReceipt] as unknown as Operation[];
const ops = () => [...allOperations().filter((op) => !mine.some((m) => m.id === op.id)), ...mine];

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const open = async (config: Partial<SvcConfig> = {}) =>
  (h = await harness({ operations: ops(), config: { dataDir: mkdtempSync(join(tmpdir(), 'svc-http-')), ...config } }));

describe('POST /api/ai/trading-brief', () => {
  it('answers 200 with the AI header and a body matching the OpenAPI document', async () => {
    const s = await open();
    const { locale: _l, ...body } = fullRequest('15.12.2024');
    const res = await s.inject(post('/api/ai/trading-brief', body));
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ai-generated']).toBe('true');
    const out = s.json<{ mode: string; generatedAt: string; brief: { summary: string }; auditEvent: { createdAt: string } }>(res);
    expect(out.mode).toBe('deterministic');
    expect(out.generatedAt).toBe('2026-03-02T10:00:00.000Z');
    expect(out.auditEvent.createdAt).toBe(out.generatedAt);
    expect(out.brief.summary).toMatch(/^РДН, 15\.12\.2024/);
  });

  it('a 400 names the failing context path', async () => {
    const s = await open();
    const body = fullRequest('15.12.2024');
    const cap = body.context!.regulatory!.priceCap!;
    const res = await s.inject(post('/api/ai/trading-brief', { ...body, context: { regulatory: { priceCap: { ...cap, maxCapHitHours: [0] } } } }));
    expect(res.statusCode).toBe(400);
    const err = s.json<{ error: { issues: { path: string }[] } }>(res).error;
    expect(err.issues.map((i) => i.path)).toEqual(['context.regulatory.priceCap.maxCapHitHours']);
  });
});

describe('receipts over HTTP', () => {
  it('issue, verify (valid and tampered, both 200), public key; verify needs no key even in key mode', async () => {
    const s = await open({ requireApiKey: true, apiKey: 'k'.repeat(32) });
    const auth = { 'x-svc-api-key': 'k'.repeat(32) };
    const issued = await s.inject(post('/api/ai/trading-brief/receipt', fullRequest('15.12.2024'), auth));
    expect(issued.statusCode).toBe(200);
    const bundle = s.json<{ receipt: Record<string, unknown>; inputs: { settings: { volumeMwh: number } } }>(issued);
    const ok = await s.inject(post('/api/ai/receipt/verify', bundle));
    expect(ok.statusCode).toBe(200);
    expect(s.json<{ valid: boolean }>(ok).valid).toBe(true);
    const bad = await s.inject(post('/api/ai/receipt/verify', { ...bundle, inputs: { ...bundle.inputs, settings: { ...bundle.inputs.settings, volumeMwh: 9 } } }));
    expect(bad.statusCode).toBe(200);
    expect(s.json<{ valid: boolean; reason: string }>(bad)).toMatchObject({ valid: false, reason: 'inputs_hash_mismatch' });
    const malformed = await s.inject(post('/api/ai/receipt/verify', { receipt: [], inputs: {} }));
    expect(malformed.statusCode).toBe(400);
    const key = await s.inject('/api/ai/receipt/public-key');
    expect(key.statusCode).toBe(200);
    expect(s.json<{ keyId: string }>(key).keyId).toBe((bundle.receipt.signature as { keyId: string }).keyId);
    expect((await s.inject(post('/api/ai/trading-brief/receipt', fullRequest('15.12.2024')))).statusCode).toBe(401);
  });
});
