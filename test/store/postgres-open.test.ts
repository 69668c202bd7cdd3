/** Opening the PostgreSQL store: redaction, bounded failure, migrations (idempotent, versioned, locked). */
import { describe, expect, it } from 'vitest';
import { SvcError } from '../../src/domain/errors.js';
import { openPostgresStores, PG_LATEST_SCHEMA_VERSION, pgMigrate, pgMigrations, pgSchemaVersion, redactDatabaseUrl } from '../../src/store/postgres/index.js';
import { TEST_DATABASE_URL, uniqueSchema } from './contract/engines.js';

describe('PostgreSQL store: opening', () => {
  it('redacts the password (and credential-like query values) of a database URL', () => {
    expect(redactDatabaseUrl('postgres://svc:s3cr%40t@db:5432/svc?sslmode=require&password=x')).toBe('postgres://svc:***@db:5432/svc?sslmode=require&password=***');
    expect(redactDatabaseUrl('postgres://db/svc')).toBe('postgres://db/svc');
    expect(redactDatabaseUrl('not a url :pw@')).not.toContain('pw');
  });

  it('fails fast with 503 and a redacted location when the server is unreachable', async () => {
    const started = Date.now();
    const error = await openPostgresStores({ url: 'postgres://svc:TOPSECRET@127.0.0.1:1/svc', connectTimeoutMs: 1_000 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(SvcError);
    expect((error as SvcError).code).toBe('unavailable');
    expect((error as SvcError).message).toContain('postgres://svc:***@127.0.0.1:1/svc');
    expect(JSON.stringify(error)).not.toContain('TOPSECRET');
    expect((error as SvcError).message).not.toContain('TOPSECRET');
  });

  it('refuses a schema name that is not a plain identifier', async () => {
    await expect(openPostgresStores({ url: 'postgres://127.0.0.1:1/x', schema: 'x"; DROP TABLE y; --' })).rejects.toMatchObject({ code: 'validation_error' });
  });
});

describe('PostgreSQL migrations (PGlite)', () => {
  it('apply once, in order, recorded in schema_migrations; again is a no-op; a newer schema is refused', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pgliteClient } = await import('../../src/store/postgres/pglite.js');
    const db = new PGlite();
    const sql = pgliteClient(db);
    try {
      const schema = uniqueSchema();
      expect(await pgMigrate(sql, schema, pgMigrations.slice(0, 3))).toEqual({ version: 3, applied: [1, 2, 3] });
      expect(await pgMigrate(sql, schema)).toEqual({ version: PG_LATEST_SCHEMA_VERSION, applied: pgMigrations.slice(3).map((m) => m.version) });
      expect(await pgMigrate(sql, schema)).toEqual({ version: PG_LATEST_SCHEMA_VERSION, applied: [] });
      await db.exec(`SET search_path TO ${schema}`);
      expect(await pgSchemaVersion(sql)).toBe(PG_LATEST_SCHEMA_VERSION);
      const names = await sql.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY version');
      expect(names.rows.map((r) => r.name)).toEqual(pgMigrations.map((m) => m.name));
      // The database itself refuses to restore a revoked key.
      await sql.query("INSERT INTO api_keys (id, tenant_id, actor_id, name, prefix, hash, roles, created_at, revoked_at, revoked_by) VALUES ('k', 't', 'a', 'n', 'p', 'h', '[]', 'c', 'r', 'b')");
      await expect(sql.query("UPDATE api_keys SET revoked_at = NULL, revoked_by = NULL WHERE id = 'k'")).rejects.toThrow(/cannot be restored/);
      await sql.query("INSERT INTO schema_migrations (version, name) VALUES (999, 'from the future')");
      await expect(pgMigrate(sql, schema)).rejects.toMatchObject({ code: 'unavailable', reason: 'store_schema_newer' });
    } finally {
      await sql.close();
    }
  }, 120_000);
});

describe.skipIf(TEST_DATABASE_URL === undefined)('PostgreSQL migrations on a server (SVC_TEST_DATABASE_URL)', () => {
  it('two openers migrating a fresh schema at once both succeed, the schema migrated exactly once', async () => {
    const schema = uniqueSchema();
    const url = TEST_DATABASE_URL ?? '';
    const [a, b] = await Promise.all([openPostgresStores({ url, schema, poolMax: 2 }), openPostgresStores({ url, schema, poolMax: 2 })]);
    try {
      const rows = await a.sql.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.rows.map((r) => r.version)).toEqual(pgMigrations.map((m) => m.version));
      expect(await pgSchemaVersion(b.sql)).toBe(PG_LATEST_SCHEMA_VERSION);
      const outdated = await openPostgresStores({ url, schema, migrate: false });
      await outdated.close();
    } finally {
      await a.sql.query(`DROP SCHEMA "${schema}" CASCADE`);
      await a.close();
      await b.close();
    }
  });
});
