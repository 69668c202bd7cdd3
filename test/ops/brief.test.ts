import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { AI_USAGE, TradingBriefResponse } from '../../src/domain/brief.js';
import { SvcError } from '../../src/domain/errors.js';
import { tradingBrief } from '../../src/ops/ai/brief.js';
import type { OpContext } from '../../src/ops/types.js';
import { call } from './helpers.js';
import { fullRequest, realDay, toPoints } from '../engines/brief-fixtures.js';
import { testDataDir } from '../temp-data-dir.js';

function fakeCtx(): OpContext {
  let n = 0;
  return {
    now: () => new Date('2025-03-01T10:00:00.000Z'),
    newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    config: loadConfig({}, { dataDir: testDataDir() }),
    caller: { tenantId: 't1', actorId: 'trader-7', roles: ['trader'], via: 'local' },
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    stores: () => Promise.reject(new Error('the brief must not touch the store')),
  };
}


async function paths(promise: Promise<unknown>): Promise<string[]> {
  const e = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(SvcError);
  expect((e as SvcError).code).toBe('validation_error');
  return (e as SvcError).issues.map((i) => i.path);
}

const body = () => {
  const { locale: _l, ...rest } = fullRequest('15.12.2024');
  return rest;
};

describe('ai.tradingBrief', () => {
  it('is bound to POST /api/ai/trading-brief with the AI header, 200 and errors 400/401/429', () => {
    expect(tradingBrief.http).toMatchObject({ method: 'POST', path: '/api/ai/trading-brief', successStatus: 200, errors: [400, 401, 429], headers: { 'x-ai-generated': 'true' } });
    expect(tradingBrief.access).toBe('key');
  });

  it('returns the spec body: deterministic mode, brief, fixed usage, embedded audit event; touches no store', async () => {
    const out = await call(tradingBrief, fakeCtx(), body());
    expect(TradingBriefResponse.parse(out)).toEqual(out);
    expect(out.mode).toBe('deterministic');
    expect(out.generatedAt).toBe('2025-03-01T10:00:00.000Z');
    expect(out.usage).toEqual(AI_USAGE);
    expect(out.brief.summary).toMatch(/^РДН, 15\.12\.2024/);
    expect(out.auditEvent).toMatchObject({
      id: '00000000-0000-4000-8000-000000000001',
      createdAt: out.generatedAt,
      type: 'ai_brief_generated',
      actor: 'trader-7',
      tradeDate: '15.12.2024',
      source: 'svc-rules-v1',
    });
    expect(out.auditEvent.metadata).toMatchObject({
      rationale_id: out.brief.auditTrail.rationaleId,
      action_gate: out.brief.actionGate.status,
      locale: 'uk',
      model: 'svc-rules-v1',
      human_approval_required: true,
      no_auto_submit: true,
    });
    for (const v of Object.values(out.auditEvent.metadata)) expect(['string', 'number', 'boolean']).toContain(typeof v);
  });

  it('gives the same brief for the same body (only generatedAt and the event id come from ctx)', async () => {
    const a = await call(tradingBrief, fakeCtx(), body());
    const b = await call(tradingBrief, fakeCtx(), { ...body(), prices: [...body().prices].reverse() });
    expect(b.brief).toEqual(a.brief);
  });

  it('tells an omitted fee from a fee of 0', async () => {
    const b = body();
    const { feeUahPerMwh: _f, ...noFee } = b.settings;
    const sent = await call(tradingBrief, fakeCtx(), { ...b, settings: { ...b.settings, feeUahPerMwh: 0 }, locale: 'en' });
    const omitted = await call(tradingBrief, fakeCtx(), { ...b, settings: noFee, locale: 'en' });
    expect(sent.brief.dataCoverage.missing).toEqual([]);
    expect(omitted.brief.dataCoverage.missing).toEqual(['Fee not stated (computed as zero)']);
    expect(omitted.brief.auditTrail.rationaleId).not.toBe(sent.brief.auditTrail.rationaleId);
  });

  it('tradeDate is a plain string (spec): only an empty one is refused; a day that is not real is answered without the caps', async () => {
    expect(await paths(call(tradingBrief, fakeCtx(), { ...body(), tradeDate: '' }))).toEqual(['tradeDate']);
    const b = body();
    delete b.context;
    const out = (await call(tradingBrief, fakeCtx(), { ...b, tradeDate: '30.02.2024' })) as { tradeDay: unknown; auditEvent: { tradeDate: string } };
    expect(out.tradeDay).toEqual({ day: null, leftOut: ['regulatorCaps'] });
    expect(out.auditEvent.tradeDate).toBe('30.02.2024');
  });

  it('rejects an inconsistent price-cap context with the failing path', async () => {
    const b = body();
    const cap = b.context!.regulatory!.priceCap!;
    const bad = { ...b, context: { ...b.context, regulatory: { priceCap: { ...cap, maxObservedUahMwh: cap.maxObservedUahMwh + 1 } } } };
    expect(await paths(call(tradingBrief, fakeCtx(), bad))).toEqual(['context.regulatory.priceCap.maxObservedUahMwh']);
  });

  it('keeps extra context keys, rejects unknown top-level keys and a wrong unit', async () => {
    const b = body();
    const out = await call(tradingBrief, fakeCtx(), { ...b, context: { ...b.context, desk: 'east', regulatory: { ...b.context!.regulatory, note: 'x' } } });
    expect(out.brief.actionGate.status).toBeDefined();
    expect(await paths(call(tradingBrief, fakeCtx(), { ...b, extra: 1 }))).toEqual(['']);
    const cap = b.context!.regulatory!.priceCap!;
    expect(await paths(call(tradingBrief, fakeCtx(), { ...b, context: { regulatory: { priceCap: { ...cap, unit: 'EUR/MWh' } } } }))).toEqual(['context.regulatory.priceCap.unit']);
  });

  it('accepts a null price cap and an IDM market', async () => {
    const prices = toPoints(realDay('15.12.2024'));
    const out = await call(tradingBrief, fakeCtx(), { tradeDate: '15.12.2024', prices, settings: { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 2 }, locale: 'en', context: { market: 'IDM', regulatory: { priceCap: null } } });
    expect(out.brief.summary).toMatch(/^IDM 15\.12\.2024/);
    expect(out.brief.dataCoverage.missing).toContain('Regulator price caps not provided');
  });
});
