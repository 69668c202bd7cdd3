/**
 * The embedded `Stores`: one SQLite file `<dataDir>/svc.db` (WAL, synchronous=FULL), or a private
 * in-memory database for tests. Every store call waits a bounded time for another process's write
 * lock, off the event loop, then fails as 503 (busy.ts). better-sqlite3 is synchronous; the async interface exists so a
 * networked store (Postgres) can implement the same contract.
 */
import type { Statement } from 'better-sqlite3';
import type { Stores } from '../types.js';
import { SqliteApiKeyStore } from './api-keys.js';
import { SqliteAuditStore } from './audit.js';
import { boundedBusy, retryWhileBusy, SHORT_BUSY_MS } from './busy.js';
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

export interface SqliteOpenOptions {
  /** How long one store call waits in all for another process's write lock before 503 (ms). */
  busyWaitMs?: number;
}

function buildStores(db: Db, kind: Stores['kind'], location: string, options: SqliteOpenOptions = {}): SqliteStores {
  // Migrating may wait the long busy_timeout for another process doing the same; afterwards a
  // locked database is waited for between attempts, off the event loop (busy.ts).
  migrate(db);
  db.pragma(`busy_timeout = ${SHORT_BUSY_MS}`);
  const pingStmt: Statement<[], { ok: number }> = db.prepare('SELECT 1 AS ok');
  const bounded = <T extends object>(store: T): T => boundedBusy(store, options.busyWaitMs);
  return {
    kind,
    location,
    db,
    audit: bounded(new SqliteAuditStore(db)),
    apiKeys: bounded(new SqliteApiKeyStore(db)),
    profiles: bounded(new SqliteProfileStore(db)),
    subscriptions: bounded(new SqliteSubscriptionStore(db)),
    tsoCache: bounded(new SqliteTsoCacheStore(db)),
    regionalPrices: bounded(new SqliteRegionalPriceStore(db)),
    depth: bounded(new SqliteDepthStore(db)),
    marketData: bounded(new SqliteMarketDataStore(db)),
    ping: () => retryWhileBusy(async () => void pingStmt.get(), options.busyWaitMs),
    async close() {
      if (db.open) db.close();
    },
  };
}

/** Opens (creating and migrating as needed) `<dataDir>/svc.db`. */
export function openSqliteStores(dataDir: string, options: SqliteOpenOptions = {}): SqliteStores {
  const file = prepareDataDir(dataDir);
  const db = openDatabase(file);
  try {
    return buildStores(db, 'sqlite', file, options);
  } catch (error) {
    db.close();
    throw error;
  }
}

/** A fresh private in-memory database with the full schema; gone when closed. */
export function openMemoryStores(): SqliteStores {
  return buildStores(openDatabase(':memory:'), 'memory', ':memory:');
}
