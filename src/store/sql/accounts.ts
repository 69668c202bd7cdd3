/**
 * API keys, strategy profiles and notification subscriptions: the SQL, row shapes and mapping shared
 * by the SQLite and PostgreSQL stores. Only key hashes are stored, and a key is born active
 * (revoked_at/revoked_by are not insertable; the schema's trigger refuses to clear a revocation).
 * Profiles are unique per (tenant, actor, profileKey) and keep id and createdAt on update. Push
 * secrets live in columns no read selects: a read cannot leak what it never loads.
 */
import type { NotificationSubscriptionRegistration } from '../../domain/notifications.js';
import type { StrategyProfile, TradingSettings } from '../../domain/settings.js';
import type { StoredApiKey, StoredSubscription } from '../types.js';

export interface ApiKeyRow {
  id: string;
  tenant_id: string;
  actor_id: string;
  name: string;
  prefix: string;
  hash: string;
  roles: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

export interface ProfileRow {
  id: string;
  tenant_id: string;
  actor_id: string;
  profile_key: string;
  name: string;
  settings: string;
  fingerprint: string;
  created_at: string;
  updated_at: string;
}

const KEY_COLUMNS = 'id, tenant_id, actor_id, name, prefix, hash, roles, created_at, last_used_at, revoked_at, revoked_by';
const PROFILE_COLUMNS = 'id, tenant_id, actor_id, profile_key, name, settings, fingerprint, created_at, updated_at';

/**
 * The statements, `?` placeholders. `insertionOrder` is the column that breaks ties in creation
 * order: SQLite's `rowid`, PostgreSQL's identity `seq`.
 */
export function accountsSql(insertionOrder: 'rowid' | 'seq') {
  return {
    keyInsert: 'INSERT INTO api_keys (id, tenant_id, actor_id, name, prefix, hash, roles, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    keyListActive: `SELECT ${KEY_COLUMNS} FROM api_keys WHERE tenant_id = ? AND revoked_at IS NULL ORDER BY created_at, id`,
    keyByHash: `SELECT ${KEY_COLUMNS} FROM api_keys WHERE hash = ? AND revoked_at IS NULL`,
    keyTouch: 'UPDATE api_keys SET last_used_at = ? WHERE id = ? AND revoked_at IS NULL',
    keyRevoke: `UPDATE api_keys SET revoked_at = ?, revoked_by = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL RETURNING ${KEY_COLUMNS}`,
    profileList: `SELECT ${PROFILE_COLUMNS} FROM strategy_profiles WHERE tenant_id = ? AND actor_id = ? ORDER BY created_at, ${insertionOrder}`,
    profileUpsert: `INSERT INTO strategy_profiles (${PROFILE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (tenant_id, actor_id, profile_key) DO UPDATE SET
         name = excluded.name, settings = excluded.settings, fingerprint = excluded.fingerprint, updated_at = excluded.updated_at
       RETURNING ${PROFILE_COLUMNS}`,
    profileDelete: 'DELETE FROM strategy_profiles WHERE tenant_id = ? AND actor_id = ? AND id = ?',
    subscriptionInsert: `INSERT INTO notification_subscriptions
         (subscription_id, tenant_id, created_at, registration, preferences, endpoint, expiration_time, p256dh, auth)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    subscriptionList: `SELECT registration FROM notification_subscriptions WHERE tenant_id = ? ORDER BY created_at, ${insertionOrder}`,
  };
}

export const KEY_CONFLICT = 'an api key with this id or hash already exists';
export const profileConflict = (id: string): string => `a strategy profile with id ${id} already exists under another key`;
export const subscriptionConflict = (id: string): string => `a subscription with id ${id} already exists`;

export type KeyInsertParams = [string, string, string, string, string, string, string, string, string | null];

/** Insert parameters of a new key; a key must be born active. */
export function keyInsertParams(key: StoredApiKey): KeyInsertParams {
  if (key.revokedAt !== null || key.revokedBy !== null) throw new RangeError('a new api key must be active (revokedAt/revokedBy null)');
  return [key.id, key.tenantId, key.actorId, key.name, key.prefix, key.hash, JSON.stringify(key.roles), key.createdAt, key.lastUsedAt];
}

export function toApiKey(row: ApiKeyRow): StoredApiKey {
  return {
    id: row.id, tenantId: row.tenant_id, actorId: row.actor_id, name: row.name, prefix: row.prefix, hash: row.hash,
    roles: JSON.parse(row.roles) as string[], createdAt: row.created_at, lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at, revokedBy: row.revoked_by,
  };
}

export type ProfileParams = [string, string, string, string, string, string, string, string, string];

export function profileParams(p: StrategyProfile): ProfileParams {
  return [p.id, p.tenantId, p.actorId, p.profileKey, p.name, JSON.stringify(p.settings), p.fingerprint, p.createdAt, p.updatedAt];
}

export function toProfile(row: ProfileRow): StrategyProfile {
  return {
    id: row.id, tenantId: row.tenant_id, actorId: row.actor_id, profileKey: row.profile_key, name: row.name,
    settings: JSON.parse(row.settings) as TradingSettings, fingerprint: row.fingerprint, createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

/** Copies exactly the registration's fields, so nothing extra riding on the object is persisted. */
function registrationFields(r: NotificationSubscriptionRegistration): NotificationSubscriptionRegistration {
  return {
    actor: r.actor, channels: [...r.channels], createdAt: r.createdAt, delivery: r.delivery, locale: r.locale, mode: r.mode,
    policy: { humanApprovalRequired: r.policy.humanApprovalRequired, noTradingAction: r.policy.noTradingAction },
    source: r.source, status: r.status, subscriptionId: r.subscriptionId, workspaceId: r.workspaceId,
  };
}

export type SubscriptionParams = [string, string, string, string, string, string, number | null, string, string];

export function subscriptionParams(record: StoredSubscription): SubscriptionParams {
  const { registration: r, subscription: s } = record;
  return [r.subscriptionId, record.tenantId, r.createdAt, JSON.stringify(registrationFields(r)), JSON.stringify(record.preferences),
    s.endpoint, s.expirationTime ?? null, s.keys.p256dh, s.keys.auth];
}

export function toRegistration(row: { registration: string }): NotificationSubscriptionRegistration {
  return JSON.parse(row.registration) as NotificationSubscriptionRegistration;
}
