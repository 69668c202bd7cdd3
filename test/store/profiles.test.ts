import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StrategyProfile } from '../../src/domain/settings.js';
import { openMemoryStores, type SqliteStores } from '../../src/store/sqlite/index.js';

let stores: SqliteStores;
beforeEach(() => {
  stores = openMemoryStores();
});
afterEach(async () => {
  await stores.close();
});

function profile(overrides: Partial<StrategyProfile> = {}): StrategyProfile {
  return {
    id: randomUUID(),
    tenantId: 'tenant-a',
    actorId: 'user-1',
    profileKey: 'default',
    name: 'Default',
    settings: { volumeMwh: 1, minSpreadUah: 500, maxTradesPerDay: 3, feeUahPerMwh: 0 },
    fingerprint: 'fp-1',
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('sqlite profile store', () => {
  it('inserts a new profile and returns it', async () => {
    const p = profile();
    expect(await stores.profiles.upsert(p)).toEqual(p);
    expect(await stores.profiles.list('tenant-a', 'user-1')).toEqual([p]);
  });

  it('upsert by (tenant, actor, key) keeps id and createdAt and changes the rest', async () => {
    const first = await stores.profiles.upsert(profile());
    const second = await stores.profiles.upsert(
      profile({
        id: randomUUID(),
        name: 'Aggressive',
        settings: { volumeMwh: 5, minSpreadUah: 100, maxTradesPerDay: 6, feeUahPerMwh: 12 },
        fingerprint: 'fp-2',
        createdAt: '2025-04-01T00:00:00.000Z',
        updatedAt: '2025-04-01T00:00:00.000Z',
      }),
    );
    expect(second).toEqual({
      ...first,
      name: 'Aggressive',
      settings: { volumeMwh: 5, minSpreadUah: 100, maxTradesPerDay: 6, feeUahPerMwh: 12 },
      fingerprint: 'fp-2',
      updatedAt: '2025-04-01T00:00:00.000Z',
    });
    expect(await stores.profiles.list('tenant-a', 'user-1')).toEqual([second]);
  });

  it('scopes keys per tenant and actor', async () => {
    const a = await stores.profiles.upsert(profile());
    const b = await stores.profiles.upsert(profile({ actorId: 'user-2' }));
    const c = await stores.profiles.upsert(profile({ tenantId: 'tenant-b' }));
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    expect(await stores.profiles.list('tenant-a', 'user-1')).toEqual([a]);
    expect(await stores.profiles.list('tenant-a', 'user-2')).toEqual([b]);
    expect(await stores.profiles.list('tenant-b', 'user-1')).toEqual([c]);
  });

  it('delete removes only the caller’s own profile', async () => {
    const p = await stores.profiles.upsert(profile());
    expect(await stores.profiles.delete('tenant-b', 'user-1', p.id)).toBe(false);
    expect(await stores.profiles.delete('tenant-a', 'user-2', p.id)).toBe(false);
    expect(await stores.profiles.list('tenant-a', 'user-1')).toHaveLength(1);
    expect(await stores.profiles.delete('tenant-a', 'user-1', p.id)).toBe(true);
    expect(await stores.profiles.delete('tenant-a', 'user-1', p.id)).toBe(false);
    expect(await stores.profiles.list('tenant-a', 'user-1')).toEqual([]);
  });

  it('refuses an id already used under another key with 409', async () => {
    const p = await stores.profiles.upsert(profile());
    await expect(stores.profiles.upsert(profile({ id: p.id, profileKey: 'other' }))).rejects.toMatchObject({ code: 'conflict' });
  });
});
