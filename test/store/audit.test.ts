import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SvcError } from '../../src/domain/errors.js';
import { decodeAuditCursor, encodeAuditCursor } from '../../src/store/cursor.js';
import { openMemoryStores, type SqliteStores } from '../../src/store/sqlite/index.js';
import { auditEvent } from './helpers.js';

let stores: SqliteStores;
beforeEach(() => {
  stores = openMemoryStores();
});
afterEach(async () => {
  await stores.close();
});

async function appendN(tenant: string, n: number, start = 0): Promise<string[]> {
  const ids: string[] = [];
  for (let i = start; i < start + n; i++) {
    const e = auditEvent({ source: `s${i}` });
    await stores.audit.append(tenant, e);
    ids.push(e.id);
  }
  return ids;
}

async function collectAll(tenant: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let before: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const page = await stores.audit.list(tenant, { limit, before });
    seen.push(...page.events.map((e) => e.id));
    if (page.nextBefore === null) return seen;
    before = page.nextBefore;
  }
  throw new Error('pagination did not terminate');
}

describe('sqlite audit store', () => {
  it('round-trips an event exactly, metadata included', async () => {
    const e = auditEvent({
      type: 'plan_exported',
      metadata: { decision_package_id: 'svc-rdn-01.03.2025', human_approval_required: true, no_auto_submit: true, risk_score: 12, note: 'x' },
    });
    await stores.audit.append('t1', e);
    const page = await stores.audit.list('t1', { limit: 10 });
    expect(page.events).toEqual([e]);
    expect(page.nextBefore).toBeNull();
    expect(await stores.audit.all('t1')).toEqual([e]);
  });

  it('lists newest first and honours the limit', async () => {
    const ids = await appendN('t1', 5);
    const page = await stores.audit.list('t1', { limit: 3 });
    expect(page.events.map((e) => e.id)).toEqual([ids[4], ids[3], ids[2]]);
    expect(page.nextBefore).not.toBeNull();
  });

  it('walks every event exactly once across pages, ending with nextBefore null', async () => {
    const ids = await appendN('t1', 23);
    expect(await collectAll('t1', 5)).toEqual([...ids].reverse());
    // An exact multiple of the limit must not yield an empty trailing page.
    const ids20 = await appendN('t2', 20);
    const first = await stores.audit.list('t2', { limit: 20 });
    expect(first.events).toHaveLength(20);
    expect(first.nextBefore).toBeNull();
    expect(first.events.map((e) => e.id)).toEqual([...ids20].reverse());
  });

  it('keeps later pages stable when events are appended after the first page', async () => {
    const ids = await appendN('t1', 10);
    const first = await stores.audit.list('t1', { limit: 4 });
    expect(first.events.map((e) => e.id)).toEqual([ids[9], ids[8], ids[7], ids[6]]);
    await appendN('t1', 7, 100);
    const second = await stores.audit.list('t1', { limit: 4, before: first.nextBefore ?? undefined });
    expect(second.events.map((e) => e.id)).toEqual([ids[5], ids[4], ids[3], ids[2]]);
    const third = await stores.audit.list('t1', { limit: 4, before: second.nextBefore ?? undefined });
    expect(third.events.map((e) => e.id)).toEqual([ids[1], ids[0]]);
    expect(third.nextBefore).toBeNull();
  });

  it('is tenant-scoped for list, all and cursors', async () => {
    const a = await appendN('tenant-a', 3);
    const b = await appendN('tenant-b', 3);
    expect((await stores.audit.list('tenant-a', { limit: 10 })).events.map((e) => e.id)).toEqual([...a].reverse());
    expect((await stores.audit.all('tenant-b')).map((e) => e.id)).toEqual(b);
    expect(await stores.audit.all('tenant-c')).toEqual([]);
    // A cursor from tenant-a's page only ever selects tenant-b's own older rows.
    const pageA = await stores.audit.list('tenant-a', { limit: 1 });
    const crossed = await stores.audit.list('tenant-b', { limit: 10, before: pageA.nextBefore ?? undefined });
    for (const e of crossed.events) expect(b).toContain(e.id);
  });

  it('returns all() oldest first', async () => {
    const ids = await appendN('t1', 6);
    expect((await stores.audit.all('t1')).map((e) => e.id)).toEqual(ids);
  });

  it('rejects a duplicate id with 409 and an invalid event with 400', async () => {
    const e = auditEvent();
    await stores.audit.append('t1', e);
    await expect(stores.audit.append('t2', e)).rejects.toMatchObject({ code: 'conflict' });
    await expect(stores.audit.append('t1', { ...auditEvent(), id: 'not-a-uuid' })).rejects.toMatchObject({ code: 'validation_error' });
    expect(await stores.audit.all('t2')).toEqual([]);
  });

  // v2:5 is a cursor since schema version 8 (it was "unknown version" before); v3 is not.
  it.each(['', 'abc', '!!!', encodeAuditCursor(5) + '=', Buffer.from('v3:5').toString('base64url'), Buffer.from('v2:0').toString('base64url'), Buffer.from('v1:0').toString('base64url'), Buffer.from('v1:05').toString('base64url'), Buffer.from('v2:-3').toString('base64url'), Buffer.from('v2:99999999999999999').toString('base64url')])(
    'rejects the malformed cursor %j with 400 on path before',
    async (cursor) => {
      const error = await stores.audit.list('t1', { limit: 5, before: cursor }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SvcError);
      expect(error).toMatchObject({ code: 'validation_error' });
      expect((error as SvcError).issues.map((i) => i.path)).toEqual(['before']);
    },
  );

  it("a cursor names a position in the caller's own journal, whatever other tenants write", async () => {
    await appendN('busy', 40);
    const mine = await appendN('quiet', 3);
    await appendN('busy', 40);
    const page = await stores.audit.list('quiet', { limit: 1 });
    expect(page.events.map((e) => e.id)).toEqual([mine[2]]);
    expect(decodeAuditCursor(page.nextBefore ?? '')).toEqual({ position: 3 });
    const busy = await stores.audit.list('busy', { limit: 1 });
    expect(decodeAuditCursor(busy.nextBefore ?? '')).toEqual({ position: 80 });
  });
});

describe('audit cursor', () => {
  it('round-trips and is base64url of v2:<tenant position>', () => {
    for (const n of [1, 2, 10, 12345, Number.MAX_SAFE_INTEGER]) {
      const c = encodeAuditCursor(n);
      expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(c, 'base64url').toString()).toBe(`v2:${n}`);
      expect(decodeAuditCursor(c)).toEqual({ position: n });
    }
  });

  it('reads a v1 cursor (issued before schema version 8) as a store-wide seq', () => {
    expect(decodeAuditCursor(Buffer.from('v1:123').toString('base64url'))).toEqual({ seq: 123 });
  });
});
