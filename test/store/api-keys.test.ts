import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMemoryStores, type SqliteStores } from '../../src/store/sqlite/index.js';
import type { StoredApiKey } from '../../src/store/types.js';

let stores: SqliteStores;
beforeEach(() => {
  stores = openMemoryStores();
});
afterEach(async () => {
  await stores.close();
});

function key(overrides: Partial<StoredApiKey> = {}): StoredApiKey {
  const id = randomUUID();
  return {
    id,
    tenantId: 'tenant-a',
    actorId: 'owner-1',
    name: 'ci',
    prefix: 'svc_ab12',
    hash: `sha256:${id}`,
    roles: ['apiClient'],
    createdAt: '2025-03-01T10:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    revokedBy: null,
    ...overrides,
  };
}

describe('sqlite api key store', () => {
  it('stores hash and prefix only, and finds an active key by hash in any tenant', async () => {
    const k = key();
    await stores.apiKeys.insert(k);
    expect(await stores.apiKeys.findActiveByHash(k.hash)).toEqual(k);
    expect(await stores.apiKeys.findActiveByHash('sha256:nope')).toBeNull();
    const columns = (stores.db.prepare('PRAGMA table_info(api_keys)').all() as { name: string }[]).map((c) => c.name);
    expect(columns).not.toContain('plaintext');
    expect(columns).toEqual(expect.arrayContaining(['hash', 'prefix']));
  });

  it('lists active keys of one tenant only', async () => {
    const a1 = key();
    const a2 = key({ createdAt: '2025-03-02T10:00:00.000Z' });
    const b1 = key({ tenantId: 'tenant-b' });
    for (const k of [a1, a2, b1]) await stores.apiKeys.insert(k);
    expect((await stores.apiKeys.listActive('tenant-a')).map((k) => k.id)).toEqual([a1.id, a2.id]);
    expect((await stores.apiKeys.listActive('tenant-b')).map((k) => k.id)).toEqual([b1.id]);
  });

  it('touch records lastUsedAt', async () => {
    const k = key();
    await stores.apiKeys.insert(k);
    await stores.apiKeys.touch(k.id, '2025-03-05T08:00:00.000Z');
    expect((await stores.apiKeys.findActiveByHash(k.hash))?.lastUsedAt).toBe('2025-03-05T08:00:00.000Z');
  });

  it('revoke is soft, tenant-scoped and permanent', async () => {
    const k = key();
    await stores.apiKeys.insert(k);
    // Another tenant cannot revoke it.
    expect(await stores.apiKeys.revoke('tenant-b', k.id, 'intruder', '2025-03-03T00:00:00.000Z')).toBeNull();
    expect(await stores.apiKeys.findActiveByHash(k.hash)).not.toBeNull();

    const revoked = await stores.apiKeys.revoke('tenant-a', k.id, 'owner-2', '2025-03-04T00:00:00.000Z');
    expect(revoked).toMatchObject({ id: k.id, revokedAt: '2025-03-04T00:00:00.000Z', revokedBy: 'owner-2' });
    expect(await stores.apiKeys.findActiveByHash(k.hash)).toBeNull();
    expect(await stores.apiKeys.listActive('tenant-a')).toEqual([]);

    // A second revoke finds no active key, and does not rewrite who revoked it or when.
    expect(await stores.apiKeys.revoke('tenant-a', k.id, 'owner-3', '2025-03-09T00:00:00.000Z')).toBeNull();
    const row = stores.db.prepare('SELECT revoked_at, revoked_by FROM api_keys WHERE id = ?').get(k.id);
    expect(row).toEqual({ revoked_at: '2025-03-04T00:00:00.000Z', revoked_by: 'owner-2' });

    // Touching a revoked key does nothing, and the row still exists (soft revoke).
    await stores.apiKeys.touch(k.id, '2025-03-10T00:00:00.000Z');
    expect(stores.db.prepare('SELECT last_used_at FROM api_keys WHERE id = ?').get(k.id)).toEqual({ last_used_at: null });
  });

  it('the schema itself refuses to restore a revoked key', async () => {
    const k = key();
    await stores.apiKeys.insert(k);
    await stores.apiKeys.revoke('tenant-a', k.id, 'owner-1', '2025-03-04T00:00:00.000Z');
    expect(() => stores.db.prepare('UPDATE api_keys SET revoked_at = NULL, revoked_by = NULL WHERE id = ?').run(k.id)).toThrow(/cannot be restored/);
    expect(await stores.apiKeys.findActiveByHash(k.hash)).toBeNull();
  });

  it('refuses to insert a pre-revoked key and a duplicate hash', async () => {
    await expect(stores.apiKeys.insert(key({ revokedAt: '2025-03-04T00:00:00.000Z', revokedBy: 'x' }))).rejects.toThrow(/must be active/);
    const k = key();
    await stores.apiKeys.insert(k);
    await expect(stores.apiKeys.insert(key({ hash: k.hash }))).rejects.toMatchObject({ code: 'conflict' });
  });
});
