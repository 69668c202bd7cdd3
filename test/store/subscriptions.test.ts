import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationSubscriptionRegistration } from '../../src/domain/notifications.js';
import { openMemoryStores, type SqliteStores } from '../../src/store/sqlite/index.js';
import type { StoredSubscription } from '../../src/store/types.js';

let stores: SqliteStores;
beforeEach(() => {
  stores = openMemoryStores();
});
afterEach(async () => {
  await stores.close();
});

const P256DH = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const AUTH = 'tBHItJI5svbpez7KI4CCXg';

function record(tenantId: string, overrides: Partial<NotificationSubscriptionRegistration> = {}): StoredSubscription {
  return {
    tenantId,
    registration: {
      actor: 'local-user',
      channels: ['priceUpdate', 'riskAlert'],
      createdAt: '2025-03-01T10:00:00.000Z',
      delivery: 'webPush',
      locale: 'uk',
      mode: 'contract',
      policy: { humanApprovalRequired: true, noTradingAction: true },
      source: 'workspace',
      status: 'accepted',
      subscriptionId: randomUUID(),
      workspaceId: 'demo',
      ...overrides,
    },
    subscription: { endpoint: 'https://push.example.test/send/abc', expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } },
    preferences: { priceUpdate: true, riskAlert: true, bessWindow: false, exportReady: true },
  };
}

describe('sqlite subscription store', () => {
  it('saves and lists registrations per tenant', async () => {
    const a = record('tenant-a');
    const b = record('tenant-b', { actor: 'x' });
    await stores.subscriptions.save(a);
    await stores.subscriptions.save(b);
    expect(await stores.subscriptions.list('tenant-a')).toEqual([a.registration]);
    expect(await stores.subscriptions.list('tenant-b')).toEqual([b.registration]);
    expect(await stores.subscriptions.list('tenant-c')).toEqual([]);
  });

  it('keeps the push keys in their own columns and never returns them from list()', async () => {
    const r = record('tenant-a');
    // Extra properties riding on the registration object must not be persisted either.
    const sneaky = { ...r, registration: { ...r.registration, keys: { p256dh: P256DH, auth: AUTH } } as NotificationSubscriptionRegistration };
    await stores.subscriptions.save(sneaky);
    await stores.subscriptions.save(record('tenant-a'));
    const listed = JSON.stringify(await stores.subscriptions.list('tenant-a'));
    expect(listed).not.toContain(P256DH);
    expect(listed).not.toContain(AUTH);
    expect(listed).not.toContain('push.example.test');
    expect(JSON.parse(listed)).toHaveLength(2);
    // ...while the server side still has them, in dedicated columns.
    const row = stores.db.prepare('SELECT p256dh, auth, registration FROM notification_subscriptions WHERE subscription_id = ?').get(r.registration.subscriptionId);
    expect(row).toMatchObject({ p256dh: P256DH, auth: AUTH });
    expect((row as { registration: string }).registration).not.toContain(AUTH);
  });

  it('refuses a duplicate subscription id with 409', async () => {
    const r = record('tenant-a');
    await stores.subscriptions.save(r);
    await expect(stores.subscriptions.save({ ...r, tenantId: 'tenant-b' })).rejects.toMatchObject({ code: 'conflict' });
    expect(await stores.subscriptions.list('tenant-b')).toEqual([]);
  });
});
