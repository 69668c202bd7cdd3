/**
 * The embedded `Stores`: one SQLite file `<dataDir>/svc.db` (WAL, synchronous=FULL), or a private
 * in-memory database for tests. better-sqlite3 is synchronous; the async interface exists so a
 * networked store (Postgres) can implement the same contract.
 */
import type { Statement } from 'better-sqlite3';
import type { Stores } from '../types.js';
import { SqliteApiKeyStore } from './api-keys.js';
import { SqliteAuditStore } from './audit.js';
import { type Db, migrate, openDatabase, prepareDataDir } from './db.js';
import { SqliteMarketDataStore } from './market-data.js';
import { SqliteProfileStore } from './profiles.js';
import { SqliteSubscriptionStore } from './subscriptions.js';
import { SqliteDepthStore, SqliteRegionalPriceStore, SqliteTsoCacheStore } from './tsoplatform.js';

export { DB_FILE_NAME, migrate, openDatabase, schemaVersion } from './db.js';
export { LATEST_SCHEMA_VERSION, migrations } from './migrations.js';

export interface SqliteStores extends Stores {
  /** The raw connection, for maintenance and tests (integrity checks); not for operations. */
  readonly db: Db;
}

function buildStores(db: Db, kind: Stores['kind'], location: string): SqliteStores {
  migrate(db);
  const pingStmt: Statement<[], { ok: number }> = db.prepare('SELECT 1 AS ok');
  return {
    kind,
    location,
    db,
    audit: new SqliteAuditStore(db),
    apiKeys: new SqliteApiKeyStore(db),
    profiles: new SqliteProfileStore(db),
    subscriptions: new SqliteSubscriptionStore(db),
    tsoCache: new SqliteTsoCacheStore(db),
    regionalPrices: new SqliteRegionalPriceStore(db),
    depth: new SqliteDepthStore(db),
    marketData: new SqliteMarketDataStore(db),
    async ping() {
      pingStmt.get();
    },
    async close() {
      if (db.open) db.close();
    },
  };
}

/** Opens (creating and migrating as needed) `<dataDir>/svc.db`. */
export function openSqliteStores(dataDir: string): SqliteStores {
  const file = prepareDataDir(dataDir);
  const db = openDatabase(file);
  try {
    return buildStores(db, 'sqlite', file);
  } catch (error) {
    db.close();
    throw error;
  }
}

/** A fresh private in-memory database with the full schema; gone when closed. */
export function openMemoryStores(): SqliteStores {
  return buildStores(openDatabase(':memory:'), 'memory', ':memory:');
}
