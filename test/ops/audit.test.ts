import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { AuditEventPage } from '../../src/domain/audit.js';
import { SvcError } from '../../src/domain/errors.js';
import { auditCreate, AuditCreateResponse, auditExport, AuditExportResponse, auditList } from '../../src/ops/account/audit.js';
import type { OpContext } from '../../src/ops/types.js';
import { call } from './helpers.js';
import { openMemoryStores, type SqliteStores } from '../../src/store/sqlite/index.js';
import { testDataDir } from '../temp-data-dir.js';

let stores: SqliteStores;
beforeEach(() => {
  stores = openMemoryStores();
});
afterEach(async () => {
  await stores.close();
});

// Ids are unique across tenants (the store refuses a duplicate), so every fake ctx shares one counter.
let n = 0;
beforeEach(() => {
  n = 0;
});

function fakeCtx(tenantId: string): OpContext {
  let t = Date.parse('2025-03-01T10:00:00.000Z');
  return {
    now: () => new Date((t += 1000)),
    newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    config: loadConfig({}, { dataDir: testDataDir() }),
    caller: { tenantId, actorId: 'user-1', roles: ['owner'], via: 'local' },
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    stores: async () => stores,
  };
}


const body = { type: 'prices_loaded', tradeDate: '01.03.2025', source: 'fixtures/prices.csv', metadata: { rows: 24 } };

describe('audit.create', () => {
  it('builds the event from ctx (id, clock, tenant) and persists it', async () => {
    const ctx = fakeCtx('tenant-a');
    const out = await call(auditCreate, ctx, body);
    expect(out).toEqual({
      persisted: true,
      event: {
        id: '00000000-0000-4000-8000-000000000001',
        createdAt: '2025-03-01T10:00:01.000Z',
        type: 'prices_loaded',
        actor: 'local-user',
        tradeDate: '01.03.2025',
        source: 'fixtures/prices.csv',
        metadata: { rows: 24 },
        recordedBy: 'local:user-1',
      },
    });
    expect(AuditCreateResponse.safeParse(out).success).toBe(true);
    expect(await stores.audit.all('tenant-a')).toEqual([out.event]);
    expect(await stores.audit.all('tenant-b')).toEqual([]);
  });

  it('declares the HTTP binding of the spec', () => {
    expect(auditCreate.http).toMatchObject({ method: 'POST', path: '/api/audit/events', successStatus: 201, errors: [400, 401, 429] });
    expect(auditCreate.access).toBe('key');
  });

  it('requires DecisionPackageMetadata for plan_exported, naming the failing path', async () => {
    const error = await call(auditCreate, fakeCtx('t'), { ...body, type: 'plan_exported', metadata: { decision_package_id: 'x' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'validation_error' });
    const paths = (error as SvcError).issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['metadata.decision_package_id', 'metadata.human_approval_required', 'metadata.no_auto_submit']));
    expect(await stores.audit.all('t')).toEqual([]);

    const ok = await call(auditCreate, fakeCtx('t'), {
      ...body,
      type: 'plan_exported',
      metadata: { decision_package_id: 'svc-bess-01.03.2025', human_approval_required: true, no_auto_submit: true, risk_score: 10 },
    });
    expect(ok.event.metadata).toMatchObject({ decision_package_id: 'svc-bess-01.03.2025' });
  });

  it('rejects unknown types, unlisted properties and nested metadata', async () => {
    for (const bad of [{ ...body, type: 'order_sent' }, { ...body, extra: 1 }, { ...body, metadata: { nested: { a: 1 } } }, { type: 'csv_imported', source: 'x' }]) {
      await expect(call(auditCreate, fakeCtx('t'), bad)).rejects.toMatchObject({ code: 'validation_error' });
    }
  });
});

describe('audit.list', () => {
  it('pages the caller’s tenant newest first with a stable cursor', async () => {
    const ctx = fakeCtx('tenant-a');
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await call(auditCreate, ctx, { ...body, source: `s${i}` })).event.id);
    await call(auditCreate, fakeCtx('tenant-b'), body);

    const first = await call(auditList, ctx, { limit: '3' });
    expect(AuditEventPage.safeParse(first).success).toBe(true);
    expect(first.events.map((e) => e.id)).toEqual([ids[6], ids[5], ids[4]]);
    await call(auditCreate, ctx, { ...body, source: 'late' });
    const second = await call(auditList, ctx, { limit: '3', before: first.nextBefore });
    expect(second.events.map((e) => e.id)).toEqual([ids[3], ids[2], ids[1]]);
    const third = await call(auditList, ctx, { limit: 3, before: second.nextBefore });
    expect(third.events.map((e) => e.id)).toEqual([ids[0]]);
    expect(third.nextBefore).toBeNull();
  });

  it('defaults the limit to 50 and bounds it to 1..500', async () => {
    const ctx = fakeCtx('t');
    for (let i = 0; i < 55; i++) await call(auditCreate, ctx, body);
    expect((await call(auditList, ctx, {})).events).toHaveLength(50);
    await expect(call(auditList, ctx, { limit: 0 })).rejects.toMatchObject({ code: 'validation_error' });
    await expect(call(auditList, ctx, { limit: 501 })).rejects.toMatchObject({ code: 'validation_error' });
  });

  it('answers a malformed cursor with 400 on path before', async () => {
    const error = await call(auditList, fakeCtx('t'), { before: 'not-a-cursor' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcError);
    expect((error as SvcError).code).toBe('validation_error');
    expect((error as SvcError).issues.map((i) => i.path)).toEqual(['before']);
  });

  it('is gated by audit.read and bound to GET /api/audit/events', () => {
    expect(auditList.permission).toBe('audit.read');
    expect(auditList.http).toMatchObject({ method: 'GET', path: '/api/audit/events', inputFrom: 'query', successStatus: 200, errors: [400, 401, 403, 429] });
  });
});

describe('audit.export', () => {
  it('returns every event of the tenant, oldest first, and has no HTTP binding', async () => {
    const ctx = fakeCtx('tenant-a');
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push((await call(auditCreate, ctx, body)).event.id);
    await call(auditCreate, fakeCtx('tenant-b'), body);
    const out = await call(auditExport, ctx, {});
    expect(AuditExportResponse.safeParse(out).success).toBe(true);
    expect(out.events.map((e) => e.id)).toEqual(ids);
    expect(auditExport.http).toBeUndefined();
    expect(auditExport.permission).toBe('audit.read');
  });
});
