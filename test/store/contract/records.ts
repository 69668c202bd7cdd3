/** Record builders for the store contract. */
import { randomUUID } from 'node:crypto';
import type { StrategyProfile } from '../../../src/domain/settings.js';
import type { DepthSnapshot, MarketDataEntry, StoredApiKey, StoredSubscription } from '../../../src/store/types.js';

export function apiKey(overrides: Partial<StoredApiKey> = {}): StoredApiKey {
  const id = randomUUID();
  return {
    id, tenantId: 'tenant-a', actorId: 'user-1', name: 'ci', prefix: 'svc_abcd', hash: `hash-${id}`, roles: ['apiClient'],
    createdAt: '2025-03-01T10:00:00.000Z', lastUsedAt: null, revokedAt: null, revokedBy: null, ...overrides,
  };
}

export function profile(overrides: Partial<StrategyProfile> = {}): StrategyProfile {
  return {
    id: randomUUID(), tenantId: 'tenant-a', actorId: 'user-1', profileKey: 'default', name: 'Default',
    settings: { volumeMwh: 1, minSpreadUah: 500, maxTradesPerDay: 3, feeUahPerMwh: 0 }, fingerprint: 'fp-1',
    createdAt: '2025-03-01T10:00:00.000Z', updatedAt: '2025-03-01T10:00:00.000Z', ...overrides,
  };
}

export const P256DH = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
export const AUTH = 'tBHItJI5svbpez7KI4CCXg';

export function subscription(tenantId: string, createdAt = '2025-03-01T10:00:00.000Z'): StoredSubscription {
  return {
    tenantId,
    registration: {
      actor: 'local-user', channels: ['priceUpdate', 'riskAlert'], createdAt, delivery: 'webPush', locale: 'uk', mode: 'contract',
      policy: { humanApprovalRequired: true, noTradingAction: true }, source: 'workspace', status: 'accepted',
      subscriptionId: randomUUID(), workspaceId: 'demo',
    },
    subscription: { endpoint: 'https://push.example.test/send/abc', expirationTime: 1767225600000.5, keys: { p256dh: P256DH, auth: AUTH } },
    preferences: { priceUpdate: true, riskAlert: true, bessWindow: false, exportReady: true },
  };
}

export function depth(hour: number, capturedAt: string, overrides: Partial<DepthSnapshot> = {}): DepthSnapshot {
  return {
    id: randomUUID(), tradeDate: '01.03.2025', hour, capturedAt, clearingPrice: 4123.45,
    sell: [{ price: 4000, volume: 12.5 }], buy: [{ price: 4200.1, volume: 3 }], ...overrides,
  };
}

export function marketEntry(overrides: Partial<MarketDataEntry> = {}): MarketDataEntry {
  return {
    source: 'mktop-public', dataset: 'prices', market: 'DAM', zone: 'IPS', period: '03.2025', fetchedAt: '2025-03-02T08:00:00.000Z',
    contentHash: 'a'.repeat(64), complete: false, document: '{"days":[{"d":"01.03.2025","p":[1.5,2]}]}', ...overrides,
  };
}
