/**
 * Schema history of the PostgreSQL store: the same versions, tables and columns as the SQLite
 * migrations (src/store/sqlite/migrations.ts), in PostgreSQL's dialect. Timestamps stay ISO text
 * and documents stay JSON text, so both stores return byte-identical records; ordered text columns
 * use the "C" collation so they sort as SQLite sorts them. Never edit an entry that has shipped.
 *
 * migrate() applies what is missing in ONE transaction that first takes an advisory lock, so two
 * instances starting at once do not race: the second waits, then finds nothing left to do.
 */
import { SvcError } from '../../domain/errors.js';
import { quoteIdent, type SqlClient } from './sql.js';

export interface PgMigration {
  version: number;
  name: string;
  sql: string;
}

const C = 'COLLATE "C"';

export const pgMigrations: readonly PgMigration[] = [
  {
    version: 1,
    name: 'audit events',
    sql: `
      CREATE TABLE audit_events (
        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        tenant_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        type TEXT NOT NULL,
        actor TEXT NOT NULL,
        trade_date TEXT NOT NULL,
        source TEXT NOT NULL,
        metadata TEXT NOT NULL CHECK (json_typeof(metadata::json) = 'object')
      );
      CREATE INDEX audit_events_tenant_seq ON audit_events (tenant_id, seq);`,
  },
  {
    version: 2,
    name: 'api keys',
    sql: `
      CREATE TABLE api_keys (
        id TEXT ${C} PRIMARY KEY,
        tenant_id TEXT NOT NULL,
        actor_id TEXT NOT NULL,
        name TEXT NOT NULL,
        prefix TEXT NOT NULL,
        hash TEXT NOT NULL UNIQUE,
        roles TEXT NOT NULL CHECK (json_typeof(roles::json) = 'array'),
        created_at TEXT ${C} NOT NULL,
        last_used_at TEXT,
        revoked_at TEXT,
        revoked_by TEXT,
        CHECK ((revoked_at IS NULL) = (revoked_by IS NULL))
      );
      CREATE INDEX api_keys_tenant ON api_keys (tenant_id, created_at);
      -- Revocation is permanent: the database itself refuses to clear or rewrite it.
      CREATE FUNCTION api_keys_revocation_is_permanent() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'a revoked api key cannot be restored';
      END $$;
      CREATE TRIGGER api_keys_revocation_is_permanent
        BEFORE UPDATE OF revoked_at, revoked_by ON api_keys
        FOR EACH ROW WHEN (OLD.revoked_at IS NOT NULL)
        EXECUTE FUNCTION api_keys_revocation_is_permanent();`,
  },
  {
    version: 3,
    name: 'strategy profiles',
    sql: `
      CREATE TABLE strategy_profiles (
        seq BIGINT GENERATED ALWAYS AS IDENTITY,
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL,
        actor_id TEXT NOT NULL,
        profile_key TEXT NOT NULL,
        name TEXT NOT NULL,
        settings TEXT NOT NULL CHECK (json_typeof(settings::json) = 'object'),
        fingerprint TEXT NOT NULL,
        created_at TEXT ${C} NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (tenant_id, actor_id, profile_key)
      );`,
  },
  {
    version: 4,
    name: 'notification subscriptions',
    sql: `
      CREATE TABLE notification_subscriptions (
        seq BIGINT GENERATED ALWAYS AS IDENTITY,
        subscription_id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL,
        created_at TEXT ${C} NOT NULL,
        registration TEXT NOT NULL CHECK (registration::json IS NOT NULL),
        preferences TEXT NOT NULL CHECK (preferences::json IS NOT NULL),
        endpoint TEXT NOT NULL,
        expiration_time DOUBLE PRECISION,
        p256dh TEXT NOT NULL,
        auth TEXT NOT NULL
      );
      CREATE INDEX notification_subscriptions_tenant ON notification_subscriptions (tenant_id, created_at);`,
  },
  {
    version: 5,
    name: 'audit events record the authenticated principal',
    sql: 'ALTER TABLE audit_events ADD COLUMN recorded_by TEXT;',
  },
  {
    version: 6,
    name: 'transmission-platform cache, regional display prices by revision, order-book snapshots',
    sql: `
      CREATE TABLE tso_cache (
        key TEXT PRIMARY KEY,
        fetched_at TEXT ${C} NOT NULL,
        document TEXT NOT NULL CHECK (document::json IS NOT NULL)
      );
      CREATE TABLE regional_fetch_attempts (
        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        attempted_at TEXT NOT NULL,
        trade_date TEXT NOT NULL,
        artifact_hash TEXT NOT NULL,
        revision INTEGER NOT NULL,
        rows INTEGER NOT NULL CHECK (rows >= 0),
        status TEXT NOT NULL CHECK (status IN ('completed', 'failed')),
        expected_zones TEXT NOT NULL CHECK (json_typeof(expected_zones::json) = 'array')
      );
      CREATE INDEX regional_fetch_attempts_date ON regional_fetch_attempts (trade_date, seq);
      CREATE TABLE regional_prices (
        trade_date TEXT NOT NULL,
        revision INTEGER NOT NULL,
        zone TEXT ${C} NOT NULL,
        value_eur_mwh DOUBLE PRECISION,
        PRIMARY KEY (trade_date, revision, zone)
      );
      CREATE TABLE depth_snapshots (
        id TEXT ${C} PRIMARY KEY,
        trade_date TEXT NOT NULL,
        hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
        captured_at TEXT ${C} NOT NULL,
        clearing_price DOUBLE PRECISION,
        curves TEXT NOT NULL CHECK (curves::json IS NOT NULL)
      );
      CREATE INDEX depth_snapshots_date ON depth_snapshots (trade_date, hour, captured_at);`,
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
        period TEXT ${C} NOT NULL,
        fetched_at TEXT ${C} NOT NULL,
        content_hash TEXT NOT NULL,
        complete BOOLEAN NOT NULL,
        document TEXT NOT NULL CHECK (document::json IS NOT NULL),
        PRIMARY KEY (source, dataset, market, zone, period)
      );
      CREATE INDEX market_data_fetched ON market_data (dataset, fetched_at);`,
  },
];

export const PG_LATEST_SCHEMA_VERSION = pgMigrations.reduce((max, m) => Math.max(max, m.version), 0);

/** The schema's applied version (0 when svc never migrated it). */
export async function pgSchemaVersion(db: SqlClient): Promise<number> {
  const exists = await db.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t");
  if (exists.rows[0]?.t == null) return 0;
  const r = await db.query<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations');
  return Number(r.rows[0]?.v ?? 0);
}

/**
 * Applies every migration newer than the schema's version under an advisory lock; returns the
 * resulting version and the versions applied now. `schema` (already validated) is created if missing.
 */
export async function pgMigrate(db: SqlClient, schema: string | undefined, list: readonly PgMigration[] = pgMigrations): Promise<{ version: number; applied: number[] }> {
  const ordered = [...list].sort((a, b) => a.version - b.version);
  const latest = ordered.at(-1)?.version ?? 0;
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('svc.schema_migrations'), hashtext($1))", [schema ?? '']);
    if (schema !== undefined) {
      await tx.exec(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
      await tx.exec(`SET LOCAL search_path TO ${quoteIdent(schema)}`);
    }
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const r = await tx.query<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations');
    const current = Number(r.rows[0]?.v ?? 0);
    if (current > latest) {
      throw new SvcError('unavailable', `the database has schema version ${current}, newer than this svc understands (${latest}); upgrade svc`, {
        reason: 'store_schema_newer',
      });
    }
    const applied: number[] = [];
    for (const m of ordered) {
      if (m.version <= current) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return { version: Math.max(current, ...applied), applied };
  });
}
