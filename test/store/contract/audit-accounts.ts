/** Contract of the tenant stores: audit journal, API keys, profiles, subscriptions. */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { ERROR_TABLE, SvcError } from '../../../src/domain/errors.js';
import { decodeAuditCursor } from '../../../src/store/cursor.js';
import type { Stores } from '../../../src/store/types.js';
import { auditEvent } from '../helpers.js';
import { apiKey, AUTH, P256DH, profile, subscription } from './records.js';

async function statusOf(p: Promise<unknown>): Promise<number | string> {
  try {
    await p;
    return 'resolved';
  } catch (error) {
    return error instanceof SvcError ? ERROR_TABLE[error.code].status : 'other';
  }
}

export function auditContract(stores: () => Stores): void {
  const appendN = async (tenant: string, n: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const e = auditEvent({ source: `s${i}` });
      await stores().audit.append(tenant, e);
      ids.push(e.id);
    }
    return ids;
  };
  const walk = async (tenant: string, limit: number): Promise<string[]> => {
    const seen: string[] = [];
    let before: string | undefined;
    for (let guard = 0; guard < 100; guard++) {
      const page = await stores().audit.list(tenant, { limit, before });
      seen.push(...page.events.map((e) => e.id));
      if (page.nextBefore === null) return seen;
      before = page.nextBefore;
    }
    throw new Error('pagination did not terminate');
  };

  it('audit: round-trips an event exactly, recordedBy and nested metadata included', async () => {
    const e = auditEvent({ recordedBy: 'key:abc', metadata: { b: 1, a: 'x', z: 2.5, y: true, 'ключ': 'значення "лапки"' } });
    await stores().audit.append('t1', e);
    const page = await stores().audit.list('t1', { limit: 5 });
    expect(page).toEqual({ events: [e], nextBefore: null });
    expect(JSON.stringify(page.events[0]?.metadata)).toBe(JSON.stringify(e.metadata));
    expect(await stores().audit.all('t1')).toEqual([e]);
  });

  it('audit: newest first across pages, every event once, stable while events arrive, tenant-scoped', async () => {
    const ids = await appendN('t1', 11);
    const other = await appendN('t2', 3);
    const first = await stores().audit.list('t1', { limit: 4 });
    expect(first.events.map((e) => e.id)).toEqual(ids.slice(7).reverse());
    // The cursor names a position in t1's own journal (events 11..8 shown), not a store-wide counter.
    expect(decodeAuditCursor(first.nextBefore ?? '')).toEqual({ position: 8 });
    await appendN('t1', 5);
    const second = await stores().audit.list('t1', { limit: 4, before: first.nextBefore ?? undefined });
    expect(second.events.map((e) => e.id)).toEqual(ids.slice(3, 7).reverse());
    expect((await walk('t2', 2))).toEqual([...other].reverse());
    expect((await stores().audit.all('t2')).map((e) => e.id)).toEqual(other);
    expect(await walk('t1', 5)).toHaveLength(16);
    // A cursor of t1 never reveals t2's events.
    const cross = await stores().audit.list('t2', { limit: 10, before: first.nextBefore ?? undefined });
    expect(cross.events.every((e) => other.includes(e.id))).toBe(true);
  });

  it('audit: a duplicate id is 409, a bad cursor or limit 400, an invalid event 400', async () => {
    const e = auditEvent();
    await stores().audit.append('t1', e);
    expect(await statusOf(stores().audit.append('t1', e))).toBe(409);
    expect(await statusOf(stores().audit.list('t1', { limit: 5, before: 'nope!' }))).toBe(400);
    expect(await statusOf(stores().audit.list('t1', { limit: 0 }))).toBe(400);
    expect(await statusOf(stores().audit.append('t1', { ...auditEvent(), id: 'not-a-uuid' }))).toBe(400);
    expect(await stores().audit.all('t1')).toEqual([e]);
  });

  it('api keys: active lookups, tenant-scoped one-way revocation, unique hash', async () => {
    const a = apiKey({ createdAt: '2025-03-01T10:00:01.000Z' });
    const b = apiKey({ createdAt: '2025-03-01T10:00:00.000Z' });
    const c = apiKey({ tenantId: 'tenant-b' });
    for (const k of [a, b, c]) await stores().apiKeys.insert(k);
    expect(await stores().apiKeys.listActive('tenant-a')).toEqual([b, a]);
    expect(await stores().apiKeys.findActiveByHash(a.hash)).toEqual(a);
    expect(await statusOf(stores().apiKeys.insert(apiKey({ hash: a.hash })))).toBe(409);
    expect(await stores().apiKeys.revoke('tenant-b', a.id, 'intruder', '2025-03-02T00:00:00.000Z')).toBeNull();
    const revoked = await stores().apiKeys.revoke('tenant-a', a.id, 'owner-1', '2025-03-02T00:00:00.000Z');
    expect(revoked).toEqual({ ...a, revokedAt: '2025-03-02T00:00:00.000Z', revokedBy: 'owner-1' });
    expect(await stores().apiKeys.revoke('tenant-a', a.id, 'owner-2', '2025-03-03T00:00:00.000Z')).toBeNull();
    expect(await stores().apiKeys.findActiveByHash(a.hash)).toBeNull();
    expect(await stores().apiKeys.listActive('tenant-a')).toEqual([b]);
    await stores().apiKeys.touch(b.id, '2025-03-04T00:00:00.000Z');
    await stores().apiKeys.touch(a.id, '2025-03-04T00:00:00.000Z');
    expect((await stores().apiKeys.findActiveByHash(b.hash))?.lastUsedAt).toBe('2025-03-04T00:00:00.000Z');
    await expect(stores().apiKeys.insert({ ...apiKey(), revokedAt: 'x', revokedBy: 'y' })).rejects.toThrow(RangeError);
  });

  it('profiles: upsert by (tenant, actor, key) keeps id and createdAt; list and delete are scoped', async () => {
    const first = await stores().profiles.upsert(profile());
    const other = await stores().profiles.upsert(profile({ actorId: 'user-2' }));
    const second = await stores().profiles.upsert(profile({ id: randomUUID(), name: 'Renamed', fingerprint: 'fp-2', createdAt: '2025-03-05T00:00:00.000Z', updatedAt: '2025-03-05T00:00:00.000Z' }));
    expect(second).toEqual({ ...first, name: 'Renamed', fingerprint: 'fp-2', updatedAt: '2025-03-05T00:00:00.000Z' });
    const extra = await stores().profiles.upsert(profile({ profileKey: 'second', createdAt: '2025-03-01T10:00:00.000Z' }));
    expect((await stores().profiles.list('tenant-a', 'user-1')).map((p) => p.id)).toEqual([first.id, extra.id]);
    expect(await stores().profiles.delete('tenant-a', 'user-1', other.id)).toBe(false);
    expect(await stores().profiles.delete('tenant-b', 'user-2', other.id)).toBe(false);
    expect(await stores().profiles.delete('tenant-a', 'user-2', other.id)).toBe(true);
    expect(await stores().profiles.list('tenant-a', 'user-2')).toEqual([]);
    expect(await statusOf(stores().profiles.upsert(profile({ id: first.id, profileKey: 'third' })))).toBe(409);
  });

  it('subscriptions: saved per tenant in order, push keys never returned, duplicate id 409', async () => {
    const a1 = subscription('tenant-a', '2025-03-01T10:00:00.000Z');
    const a2 = subscription('tenant-a', '2025-03-01T09:00:00.000Z');
    const b = subscription('tenant-b');
    for (const r of [a1, a2, b]) await stores().subscriptions.save(r);
    const listed = await stores().subscriptions.list('tenant-a');
    expect(listed).toEqual([a2.registration, a1.registration]);
    const text = JSON.stringify(listed);
    expect(text).not.toContain(P256DH);
    expect(text).not.toContain(AUTH);
    expect(await statusOf(stores().subscriptions.save(a1))).toBe(409);
  });
}
