/**
 * Tenant API keys, strategy profiles and notification subscriptions on PostgreSQL, with the
 * semantics of their SQLite twins (SQL and mapping shared: src/store/sql/accounts.ts). Every query
 * names the tenant.
 */
import type { NotificationSubscriptionRegistration } from '../../domain/notifications.js';
import type { StrategyProfile } from '../../domain/settings.js';
import {
  accountsSql, type ApiKeyRow, KEY_CONFLICT, keyInsertParams, profileConflict, profileParams, type ProfileRow, subscriptionConflict,
  subscriptionParams, toApiKey, toProfile, toRegistration,
} from '../sql/accounts.js';
import { numberedAll } from '../sql/placeholders.js';
import type { ApiKeyStore, ProfileStore, StoredApiKey, StoredSubscription, SubscriptionStore } from '../types.js';
import { type SqlClient, withConflict } from './sql.js';

const SQL = numberedAll(accountsSql('seq'));

export class PgApiKeyStore implements ApiKeyStore {
  constructor(private readonly db: SqlClient) {}

  async insert(key: StoredApiKey): Promise<void> {
    const params = keyInsertParams(key);
    await withConflict(KEY_CONFLICT, () => this.db.query(SQL.keyInsert, params));
  }

  async listActive(tenantId: string): Promise<StoredApiKey[]> {
    return (await this.db.query<ApiKeyRow>(SQL.keyListActive, [tenantId])).rows.map(toApiKey);
  }

  async findActiveByHash(hash: string): Promise<StoredApiKey | null> {
    const { rows } = await this.db.query<ApiKeyRow>(SQL.keyByHash, [hash]);
    return rows[0] ? toApiKey(rows[0]) : null;
  }

  async touch(id: string, at: string): Promise<void> {
    await this.db.query(SQL.keyTouch, [at, id]);
  }

  async revoke(tenantId: string, id: string, actorId: string, at: string): Promise<StoredApiKey | null> {
    const { rows } = await this.db.query<ApiKeyRow>(SQL.keyRevoke, [at, actorId, tenantId, id]);
    return rows[0] ? toApiKey(rows[0]) : null;
  }
}

export class PgProfileStore implements ProfileStore {
  constructor(private readonly db: SqlClient) {}

  async list(tenantId: string, actorId: string): Promise<StrategyProfile[]> {
    return (await this.db.query<ProfileRow>(SQL.profileList, [tenantId, actorId])).rows.map(toProfile);
  }

  async upsert(p: StrategyProfile): Promise<StrategyProfile> {
    const { rows } = await withConflict(profileConflict(p.id), () => this.db.query<ProfileRow>(SQL.profileUpsert, profileParams(p)));
    if (!rows[0]) throw new Error('upsert returned no row');
    return toProfile(rows[0]);
  }

  async delete(tenantId: string, actorId: string, id: string): Promise<boolean> {
    return (await this.db.query(SQL.profileDelete, [tenantId, actorId, id])).rowCount > 0;
  }
}

export class PgSubscriptionStore implements SubscriptionStore {
  constructor(private readonly db: SqlClient) {}

  async save(record: StoredSubscription): Promise<void> {
    await withConflict(subscriptionConflict(record.registration.subscriptionId), () => this.db.query(SQL.subscriptionInsert, subscriptionParams(record)));
  }

  async list(tenantId: string): Promise<NotificationSubscriptionRegistration[]> {
    return (await this.db.query<{ registration: string }>(SQL.subscriptionList, [tenantId])).rows.map(toRegistration);
  }
}
