/**
 * Tenant API keys, strategy profiles and notification subscriptions on PostgreSQL, with the
 * semantics of their SQLite twins: only key hashes are stored and revocation is one-way (a trigger
 * refuses to clear it); profiles are unique per (tenant, actor, profileKey) and keep id and
 * createdAt on update; push secrets live in columns no read selects. Every query names the tenant.
 */
import type { NotificationSubscriptionRegistration } from '../../domain/notifications.js';
import type { StrategyProfile, TradingSettings } from '../../domain/settings.js';
import type { ApiKeyStore, ProfileStore, StoredApiKey, StoredSubscription, SubscriptionStore } from '../types.js';
import { type SqlClient, withConflict } from './sql.js';

interface ApiKeyRow {
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

const KEY_COLUMNS = 'id, tenant_id, actor_id, name, prefix, hash, roles, created_at, last_used_at, revoked_at, revoked_by';

function toKey(row: ApiKeyRow): StoredApiKey {
  return {
    id: row.id, tenantId: row.tenant_id, actorId: row.actor_id, name: row.name, prefix: row.prefix, hash: row.hash,
    roles: JSON.parse(row.roles) as string[], createdAt: row.created_at, lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at, revokedBy: row.revoked_by,
  };
}

export class PgApiKeyStore implements ApiKeyStore {
  constructor(private readonly db: SqlClient) {}

  async insert(key: StoredApiKey): Promise<void> {
    if (key.revokedAt !== null || key.revokedBy !== null) throw new RangeError('a new api key must be active (revokedAt/revokedBy null)');
    await withConflict('an api key with this id or hash already exists', () =>
      this.db.query(
        'INSERT INTO api_keys (id, tenant_id, actor_id, name, prefix, hash, roles, created_at, last_used_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
        [key.id, key.tenantId, key.actorId, key.name, key.prefix, key.hash, JSON.stringify(key.roles), key.createdAt, key.lastUsedAt],
      ),
    );
  }

  async listActive(tenantId: string): Promise<StoredApiKey[]> {
    const { rows } = await this.db.query<ApiKeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE tenant_id = $1 AND revoked_at IS NULL ORDER BY created_at, id`, [tenantId]);
    return rows.map(toKey);
  }

  async findActiveByHash(hash: string): Promise<StoredApiKey | null> {
    const { rows } = await this.db.query<ApiKeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE hash = $1 AND revoked_at IS NULL`, [hash]);
    return rows[0] ? toKey(rows[0]) : null;
  }

  async touch(id: string, at: string): Promise<void> {
    await this.db.query('UPDATE api_keys SET last_used_at = $1 WHERE id = $2 AND revoked_at IS NULL', [at, id]);
  }

  async revoke(tenantId: string, id: string, actorId: string, at: string): Promise<StoredApiKey | null> {
    const { rows } = await this.db.query<ApiKeyRow>(
      `UPDATE api_keys SET revoked_at = $1, revoked_by = $2 WHERE tenant_id = $3 AND id = $4 AND revoked_at IS NULL RETURNING ${KEY_COLUMNS}`,
      [at, actorId, tenantId, id],
    );
    return rows[0] ? toKey(rows[0]) : null;
  }
}

interface ProfileRow {
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

const PROFILE_COLUMNS = 'id, tenant_id, actor_id, profile_key, name, settings, fingerprint, created_at, updated_at';

function toProfile(row: ProfileRow): StrategyProfile {
  return {
    id: row.id, tenantId: row.tenant_id, actorId: row.actor_id, profileKey: row.profile_key, name: row.name,
    settings: JSON.parse(row.settings) as TradingSettings, fingerprint: row.fingerprint, createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

export class PgProfileStore implements ProfileStore {
  constructor(private readonly db: SqlClient) {}

  async list(tenantId: string, actorId: string): Promise<StrategyProfile[]> {
    const { rows } = await this.db.query<ProfileRow>(
      `SELECT ${PROFILE_COLUMNS} FROM strategy_profiles WHERE tenant_id = $1 AND actor_id = $2 ORDER BY created_at, seq`,
      [tenantId, actorId],
    );
    return rows.map(toProfile);
  }

  async upsert(p: StrategyProfile): Promise<StrategyProfile> {
    const { rows } = await withConflict(`a strategy profile with id ${p.id} already exists under another key`, () =>
      this.db.query<ProfileRow>(
        `INSERT INTO strategy_profiles (${PROFILE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (tenant_id, actor_id, profile_key) DO UPDATE SET
           name = excluded.name, settings = excluded.settings, fingerprint = excluded.fingerprint, updated_at = excluded.updated_at
         RETURNING ${PROFILE_COLUMNS}`,
        [p.id, p.tenantId, p.actorId, p.profileKey, p.name, JSON.stringify(p.settings), p.fingerprint, p.createdAt, p.updatedAt],
      ),
    );
    if (!rows[0]) throw new Error('upsert returned no row');
    return toProfile(rows[0]);
  }

  async delete(tenantId: string, actorId: string, id: string): Promise<boolean> {
    const r = await this.db.query('DELETE FROM strategy_profiles WHERE tenant_id = $1 AND actor_id = $2 AND id = $3', [tenantId, actorId, id]);
    return r.rowCount > 0;
  }
}

/** Copies exactly the registration's fields, so nothing extra riding on the object is persisted. */
function registrationFields(r: NotificationSubscriptionRegistration): NotificationSubscriptionRegistration {
  return {
    actor: r.actor, channels: [...r.channels], createdAt: r.createdAt, delivery: r.delivery, locale: r.locale, mode: r.mode,
    policy: { humanApprovalRequired: r.policy.humanApprovalRequired, noTradingAction: r.policy.noTradingAction },
    source: r.source, status: r.status, subscriptionId: r.subscriptionId, workspaceId: r.workspaceId,
  };
}

export class PgSubscriptionStore implements SubscriptionStore {
  constructor(private readonly db: SqlClient) {}

  async save(record: StoredSubscription): Promise<void> {
    const { registration: r, subscription: s } = record;
    await withConflict(`a subscription with id ${r.subscriptionId} already exists`, () =>
      this.db.query(
        `INSERT INTO notification_subscriptions
           (subscription_id, tenant_id, created_at, registration, preferences, endpoint, expiration_time, p256dh, auth)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [r.subscriptionId, record.tenantId, r.createdAt, JSON.stringify(registrationFields(r)), JSON.stringify(record.preferences),
          s.endpoint, s.expirationTime ?? null, s.keys.p256dh, s.keys.auth],
      ),
    );
  }

  async list(tenantId: string): Promise<NotificationSubscriptionRegistration[]> {
    const { rows } = await this.db.query<{ registration: string }>(
      'SELECT registration FROM notification_subscriptions WHERE tenant_id = $1 ORDER BY created_at, seq',
      [tenantId],
    );
    return rows.map((row) => JSON.parse(row.registration) as NotificationSubscriptionRegistration);
  }
}
