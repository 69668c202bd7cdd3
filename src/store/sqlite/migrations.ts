/**
 * Schema history of the embedded store. Each entry is applied once, in order, inside its own
 * transaction together with the `PRAGMA user_version` bump, so a crash mid-migration leaves the
 * previous version intact. Never edit an entry that has shipped: append a new one.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'audit events',
    sql: `
      CREATE TABLE audit_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        tenant_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        type TEXT NOT NULL,
        actor TEXT NOT NULL,
        trade_date TEXT NOT NULL,
        source TEXT NOT NULL,
        metadata TEXT NOT NULL CHECK (json_valid(metadata) AND json_type(metadata) = 'object')
      );
      CREATE INDEX audit_events_tenant_seq ON audit_events (tenant_id, seq);
    `,
  },
  {
    version: 2,
    name: 'api keys',
    sql: `
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL,
        actor_id TEXT NOT NULL,
        name TEXT NOT NULL,
        prefix TEXT NOT NULL,
        hash TEXT NOT NULL UNIQUE,
        roles TEXT NOT NULL CHECK (json_valid(roles) AND json_type(roles) = 'array'),
        created_at TEXT NOT NULL,
        last_used_at TEXT,
        revoked_at TEXT,
        revoked_by TEXT,
        CHECK ((revoked_at IS NULL) = (revoked_by IS NULL))
      ) WITHOUT ROWID;
      CREATE INDEX api_keys_tenant ON api_keys (tenant_id, created_at);
      -- Revocation is permanent: the database itself refuses to clear or rewrite it.
      CREATE TRIGGER api_keys_revocation_is_permanent
      BEFORE UPDATE OF revoked_at, revoked_by ON api_keys
      WHEN OLD.revoked_at IS NOT NULL
      BEGIN
        SELECT RAISE(ABORT, 'a revoked api key cannot be restored');
      END;
    `,
  },
  {
    version: 3,
    name: 'strategy profiles',
    sql: `
      CREATE TABLE strategy_profiles (
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL,
        actor_id TEXT NOT NULL,
        profile_key TEXT NOT NULL,
        name TEXT NOT NULL,
        settings TEXT NOT NULL CHECK (json_valid(settings) AND json_type(settings) = 'object'),
        fingerprint TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (tenant_id, actor_id, profile_key)
      );
    `,
  },
  {
    version: 4,
    name: 'notification subscriptions',
    sql: `
      CREATE TABLE notification_subscriptions (
        subscription_id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        registration TEXT NOT NULL CHECK (json_valid(registration)),
        preferences TEXT NOT NULL CHECK (json_valid(preferences)),
        endpoint TEXT NOT NULL,
        expiration_time REAL,
        p256dh TEXT NOT NULL,
        auth TEXT NOT NULL
      );
      CREATE INDEX notification_subscriptions_tenant ON notification_subscriptions (tenant_id, created_at);
    `,
  },
  {
    version: 5,
    name: 'audit events record the authenticated principal',
    sql: `ALTER TABLE audit_events ADD COLUMN recorded_by TEXT;`,
  },
  {
    version: 6,
    name: 'transmission-platform cache, regional display prices by revision, order-book snapshots',
    sql: `
      CREATE TABLE tso_cache (
        key TEXT PRIMARY KEY,
        fetched_at TEXT NOT NULL,
        document TEXT NOT NULL CHECK (json_valid(document))
      ) WITHOUT ROWID;
      CREATE TABLE regional_fetch_attempts (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        attempted_at TEXT NOT NULL,
        trade_date TEXT NOT NULL,
        artifact_hash TEXT NOT NULL,
        revision INTEGER NOT NULL,
        rows INTEGER NOT NULL CHECK (rows >= 0),
        status TEXT NOT NULL CHECK (status IN ('completed', 'failed')),
        expected_zones TEXT NOT NULL CHECK (json_valid(expected_zones) AND json_type(expected_zones) = 'array')
      );
      CREATE INDEX regional_fetch_attempts_date ON regional_fetch_attempts (trade_date, seq);
      CREATE TABLE regional_prices (
        trade_date TEXT NOT NULL,
        revision INTEGER NOT NULL,
        zone TEXT NOT NULL,
        value_eur_mwh REAL,
        PRIMARY KEY (trade_date, revision, zone)
      ) WITHOUT ROWID;
      CREATE TABLE depth_snapshots (
        id TEXT PRIMARY KEY,
        trade_date TEXT NOT NULL,
        hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
        captured_at TEXT NOT NULL,
        clearing_price REAL,
        curves TEXT NOT NULL CHECK (json_valid(curves))
      );
      CREATE INDEX depth_snapshots_date ON depth_snapshots (trade_date, hour, captured_at);
    `,
  },
  {
    version: 7,
    name: 'market-data cache: parsed operator and exchange reads by source, dataset, market, zone and period',
    sql: `
      CREATE TABLE market_data (
        source TEXT NOT NULL,
        dataset TEXT NOT NULL,
        market TEXT NOT NULL,
        zone TEXT NOT NULL,
        period TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        complete INTEGER NOT NULL CHECK (complete IN (0, 1)),
        document TEXT NOT NULL CHECK (json_valid(document)),
        PRIMARY KEY (source, dataset, market, zone, period)
      ) WITHOUT ROWID;
      CREATE INDEX market_data_fetched ON market_data (dataset, fetched_at);
    `,
  },
];

export const LATEST_SCHEMA_VERSION = migrations.reduce((max, m) => Math.max(max, m.version), 0);
