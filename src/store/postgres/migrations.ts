/**
 * Schema history of the PostgreSQL store: the shared history (src/store/sql/schema.ts) in
 * PostgreSQL's dialect; ordered text columns use the "C" collation so they sort as SQLite sorts them.
 *
 * migrate() applies what is missing in ONE transaction that first takes an advisory lock, so two
 * instances starting at once do not race: the second waits, then finds nothing left to do.
 */
import { SvcError } from '../../domain/errors.js';
import { type Dialect, type Migration, migrationsFor } from '../sql/schema.js';
import { quoteIdent, type SqlClient } from './sql.js';

export type PgMigration = Migration;

const POSTGRES: Dialect = {
  serialKey: 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
  insertionOrder: '\n        seq BIGINT GENERATED ALWAYS AS IDENTITY,',
  // "C": ordered text sorts byte-wise, as SQLite sorts it.
  sortedText: 'TEXT COLLATE "C"',
  real: 'DOUBLE PRECISION',
  bigint: 'BIGINT',
  flag: () => 'BOOLEAN NOT NULL',
  json: (column, type) => (type ? `json_typeof(${column}::json) = '${type}'` : `${column}::json IS NOT NULL`),
  withoutRowid: '',
  requireColumn: (table, column) => `ALTER TABLE ${table} ALTER COLUMN ${column} SET NOT NULL;`,
  revocationIsPermanent: `CREATE FUNCTION api_keys_revocation_is_permanent() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'a revoked api key cannot be restored';
      END $$;
      CREATE TRIGGER api_keys_revocation_is_permanent
        BEFORE UPDATE OF revoked_at, revoked_by ON api_keys
        FOR EACH ROW WHEN (OLD.revoked_at IS NOT NULL)
        EXECUTE FUNCTION api_keys_revocation_is_permanent();`,
};

export const pgMigrations: readonly PgMigration[] = migrationsFor(POSTGRES);

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
