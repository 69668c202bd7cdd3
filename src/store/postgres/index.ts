/**
 * `Stores` on PostgreSQL (SVC_DATABASE_URL): every store of the contract over one SqlClient, a
 * `pg.Pool` against a server or PGlite in tests. The schema is migrated at open unless told not to
 * (then an out-of-date schema is refused with a pointer to `svc db migrate`). `pg` is imported only
 * here, and this module only when a database URL is configured.
 */
import { SvcError } from '../../domain/errors.js';
import type { Stores } from '../types.js';
import { PgAuditStore } from './audit.js';
import { PgApiKeyStore, PgProfileStore, PgSubscriptionStore } from './accounts.js';
import { PG_LATEST_SCHEMA_VERSION, pgMigrate, pgSchemaVersion } from './migrations.js';
import { PgDepthStore, PgMarketDataStore, PgRegionalPriceStore, PgTsoCacheStore } from './platform-data.js';
import { poolClient, quoteIdent, redactDatabaseUrl, SCHEMA_NAME, type SqlClient, sqlState } from './sql.js';

export { PG_LATEST_SCHEMA_VERSION, pgMigrate, pgMigrations, pgSchemaVersion } from './migrations.js';
export { redactDatabaseUrl, type SqlClient } from './sql.js';

export interface PgStores extends Stores {
  /** The database client, for maintenance and tests; not for operations. */
  readonly sql: SqlClient;
}

export interface PgOpenOptions {
  /** Schema holding svc's tables (created if missing); the server's search_path when undefined. */
  schema?: string | undefined;
  /** Apply missing migrations now (default); otherwise refuse a schema that is not up to date. */
  migrate?: boolean;
  /** Without migrating, refuse a schema that is not current (default true; `svc db status` reads it as is). */
  requireCurrent?: boolean;
}

function checkSchema(schema: string | undefined): void {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new SvcError('validation_error', 'invalid configuration: SVC_DATABASE_SCHEMA: expected a lower-case SQL identifier (a-z, 0-9, _)', { reason: 'invalid_config' });
  }
}

/** Builds the stores over an open client, migrating first when allowed. */
export async function buildPgStores(sql: SqlClient, location: string, options: PgOpenOptions = {}): Promise<PgStores> {
  checkSchema(options.schema);
  if (options.migrate ?? true) {
    await pgMigrate(sql, options.schema);
  } else if (options.requireCurrent ?? true) {
    const version = await pgSchemaVersion(sql);
    if (version !== PG_LATEST_SCHEMA_VERSION) {
      throw new SvcError('unavailable', `the database schema is at version ${version}, this svc needs ${PG_LATEST_SCHEMA_VERSION}: run \`svc db migrate\` (SVC_DATABASE_MIGRATE=false)`, {
        reason: 'store_schema_outdated',
      });
    }
  }
  return {
    kind: 'postgres',
    location,
    sql,
    audit: new PgAuditStore(sql),
    apiKeys: new PgApiKeyStore(sql),
    profiles: new PgProfileStore(sql),
    subscriptions: new PgSubscriptionStore(sql),
    tsoCache: new PgTsoCacheStore(sql),
    regionalPrices: new PgRegionalPriceStore(sql),
    depth: new PgDepthStore(sql),
    marketData: new PgMarketDataStore(sql),
    async ping() {
      await sql.query('SELECT 1');
    },
    close: () => sql.close(),
  };
}

export interface PgConnectOptions extends PgOpenOptions {
  url: string;
  poolMax?: number;
  /** Bound on acquiring a connection (ms); a dead server fails fast instead of hanging. */
  connectTimeoutMs?: number;
}

/** Opens a pool to the server at `url` and the stores on it. Errors never carry the password. */
export async function openPostgresStores(options: PgConnectOptions): Promise<PgStores> {
  checkSchema(options.schema);
  const { default: pg } = await import('pg');
  const location = redactDatabaseUrl(options.url) + (options.schema ? ` (schema ${options.schema})` : '');
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    ...(options.schema !== undefined ? { options: `-c search_path=${quoteIdent(options.schema)}` } : {}),
  });
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const sql = poolClient(pool);
  try {
    await sql.query('SELECT 1');
    return await buildPgStores(sql, location, options);
  } catch (error) {
    await sql.close().catch(() => {});
    // A lost connection arrives as 503 store_unavailable already; at open, say where (redacted).
    const cause = error instanceof SvcError && error.reason === 'store_unavailable' ? error.cause : error;
    if (cause instanceof SvcError) throw cause;
    const code = sqlState(cause) ?? 'error';
    throw new SvcError('unavailable', `cannot open the PostgreSQL store at ${location} (${code})`, { reason: 'store_unavailable' });
  }
}
