/**
 * The schema history, written once for both engines. Each migration is a function of a `Dialect`
 * that spells what SQLite and PostgreSQL write differently (keys, JSON checks, collation, booleans,
 * the revocation trigger), so the two stores have the same versions, tables, columns, keys and
 * checks by construction. Timestamps stay ISO text and documents JSON text, so both return
 * byte-identical records. Never change what a shipped entry creates: append a new one.
 */
export interface Dialect {
  /** An append-only table's ordering key, never reused. */
  serialKey: string;
  /** A column line giving insertion order where SQLite has its rowid (empty on SQLite). */
  insertionOrder: string;
  /** Text that sorts as SQLite sorts it (byte order). */
  sortedText: string;
  real: string;
  /** A 64-bit integer column type. */
  bigint: string;
  /** A NOT NULL boolean column named `column`. */
  flag(column: string): string;
  /** A check that `column` holds JSON (of the given type). */
  json(column: string, type?: 'object' | 'array'): string;
  /** Appended to a keyed table that needs no rowid (SQLite only). */
  withoutRowid: string;
  /** Makes a column just filled by an UPDATE NOT NULL (empty where the engine cannot alter a column). */
  requireColumn(table: string, column: string): string;
  /** Statements that make api_keys revocation permanent. */
  revocationIsPermanent: string;
}

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const history: readonly { version: number; name: string; sql: (d: Dialect) => string }[] = [
  {
    version: 1,
    name: 'audit events',
    sql: (d) => `
      CREATE TABLE audit_events (
        seq ${d.serialKey},
        id TEXT NOT NULL UNIQUE,
        tenant_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        type TEXT NOT NULL,
        actor TEXT NOT NULL,
        trade_date TEXT NOT NULL,
        source TEXT NOT NULL,
        metadata TEXT NOT NULL CHECK (${d.json('metadata', 'object')})
      );
      CREATE INDEX audit_events_tenant_seq ON audit_events (tenant_id, seq);`,
  },
  {
    version: 2,
    name: 'api keys',
    sql: (d) => `
      CREATE TABLE api_keys (
        id ${d.sortedText} PRIMARY KEY,
        tenant_id TEXT NOT NULL,
        actor_id TEXT NOT NULL,
        name TEXT NOT NULL,
        prefix TEXT NOT NULL,
        hash TEXT NOT NULL UNIQUE,
        roles TEXT NOT NULL CHECK (${d.json('roles', 'array')}),
        created_at ${d.sortedText} NOT NULL,
        last_used_at TEXT,
        revoked_at TEXT,
        revoked_by TEXT,
        CHECK ((revoked_at IS NULL) = (revoked_by IS NULL))
      )${d.withoutRowid};
      CREATE INDEX api_keys_tenant ON api_keys (tenant_id, created_at);
      -- Revocation is permanent: the database itself refuses to clear or rewrite it.
      ${d.revocationIsPermanent}`,
  },
  {
    version: 3,
    name: 'strategy profiles',
    sql: (d) => `
      CREATE TABLE strategy_profiles (${d.insertionOrder}
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL,
        actor_id TEXT NOT NULL,
        profile_key TEXT NOT NULL,
        name TEXT NOT NULL,
        settings TEXT NOT NULL CHECK (${d.json('settings', 'object')}),
        fingerprint TEXT NOT NULL,
        created_at ${d.sortedText} NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (tenant_id, actor_id, profile_key)
      );`,
  },
  {
    version: 4,
    name: 'notification subscriptions',
    sql: (d) => `
      CREATE TABLE notification_subscriptions (${d.insertionOrder}
        subscription_id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL,
        created_at ${d.sortedText} NOT NULL,
        registration TEXT NOT NULL CHECK (${d.json('registration')}),
        preferences TEXT NOT NULL CHECK (${d.json('preferences')}),
        endpoint TEXT NOT NULL,
        expiration_time ${d.real},
        p256dh TEXT NOT NULL,
        auth TEXT NOT NULL
      );
      CREATE INDEX notification_subscriptions_tenant ON notification_subscriptions (tenant_id, created_at);`,
  },
  {
    version: 5,
    name: 'audit events record the authenticated principal',
    sql: () => 'ALTER TABLE audit_events ADD COLUMN recorded_by TEXT;',
  },
  {
    version: 6,
    name: 'transmission-platform cache, regional display prices by revision, order-book snapshots',
    sql: (d) => `
      CREATE TABLE tso_cache (
        key TEXT PRIMARY KEY,
        fetched_at ${d.sortedText} NOT NULL,
        document TEXT NOT NULL CHECK (${d.json('document')})
      )${d.withoutRowid};
      CREATE TABLE regional_fetch_attempts (
        seq ${d.serialKey},
        attempted_at TEXT NOT NULL,
        trade_date TEXT NOT NULL,
        artifact_hash TEXT NOT NULL,
        revision INTEGER NOT NULL,
        rows INTEGER NOT NULL CHECK (rows >= 0),
        status TEXT NOT NULL CHECK (status IN ('completed', 'failed')),
        expected_zones TEXT NOT NULL CHECK (${d.json('expected_zones', 'array')})
      );
      CREATE INDEX regional_fetch_attempts_date ON regional_fetch_attempts (trade_date, seq);
      CREATE TABLE regional_prices (
        trade_date TEXT NOT NULL,
        revision INTEGER NOT NULL,
        zone ${d.sortedText} NOT NULL,
        value_eur_mwh ${d.real},
        PRIMARY KEY (trade_date, revision, zone)
      )${d.withoutRowid};
      CREATE TABLE depth_snapshots (
        id ${d.sortedText} PRIMARY KEY,
        trade_date TEXT NOT NULL,
        hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
        captured_at ${d.sortedText} NOT NULL,
        clearing_price ${d.real},
        curves TEXT NOT NULL CHECK (${d.json('curves')})
      );
      CREATE INDEX depth_snapshots_date ON depth_snapshots (trade_date, hour, captured_at);`,
  },
  {
    version: 7,
    name: 'market-data cache: parsed operator and exchange reads by source, dataset, market, zone and period',
    sql: (d) => `
      CREATE TABLE market_data (
        source TEXT NOT NULL,
        dataset TEXT NOT NULL,
        market TEXT NOT NULL,
        zone TEXT NOT NULL,
        period ${d.sortedText} NOT NULL,
        fetched_at ${d.sortedText} NOT NULL,
        content_hash TEXT NOT NULL,
        complete ${d.flag('complete')},
        document TEXT NOT NULL CHECK (${d.json('document')}),
        PRIMARY KEY (source, dataset, market, zone, period)
      )${d.withoutRowid};
      CREATE INDEX market_data_fetched ON market_data (dataset, fetched_at);`,
  },
  {
    version: 8,
    name: "audit events numbered per tenant: the list cursor names a position in the tenant's own journal",
    sql: (d) => `
      ALTER TABLE audit_events ADD COLUMN tenant_seq ${d.bigint};
      UPDATE audit_events SET tenant_seq = numbered.position
        FROM (SELECT seq, row_number() OVER (PARTITION BY tenant_id ORDER BY seq) AS position FROM audit_events) AS numbered
        WHERE audit_events.seq = numbered.seq;
      ${d.requireColumn('audit_events', 'tenant_seq')}
      CREATE UNIQUE INDEX audit_events_tenant_position ON audit_events (tenant_id, tenant_seq);`,
  },
];

/** The migrations in one engine's dialect, in version order. */
export function migrationsFor(dialect: Dialect): Migration[] {
  return history.map((m) => ({ version: m.version, name: m.name, sql: m.sql(dialect) }));
}
